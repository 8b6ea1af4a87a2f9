#!/usr/bin/env python3
"""Takes the screenshots of the HTML report shown in README.md (Docs/screenshots/).

Runs `jobwire verify` against the embedded backend with a deliberate fault and --html, opens
the page in headless Chromium (Tests/Browser/browser.py) and saves the first failing case, open
on its violation, and the top of the page with the summary table.

    swift build --product jobwire
    .venv-test/bin/python Scripts/screenshot_html_report.py
"""

import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Browser"))
import browser  # noqa: E402

JOBWIRE = os.environ.get("JOBWIRE_BIN", str(ROOT / ".build/debug/jobwire"))
OUT = ROOT / "Docs/screenshots"
MUTANT, AREA = "delayDropped", "MSG"


def main():
    reason = browser.unavailable_reason()
    if reason:
        raise SystemExit(f"no browser: {reason}")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="jobwire-shots-") as directory:
        page = pathlib.Path(directory) / "report.html"
        subprocess.run([JOBWIRE, "verify", "--mutant", MUTANT, "--only", AREA, "--html", str(page)], cwd=ROOT, capture_output=True, check=False)
        with browser.start(width=1280, height=1000) as driver:
            driver.get(browser.file_url(page))
            part = browser.wait_for(driver, "details.jw-case[data-outcome='failed']")
            browser.wait_for(part, ".jw-swim[data-ready='true']")
            cited = browser.wait_for(part, ".jw-step.jw-cited")
            cited.click()
            browser.wait_for(part, ".jw-detail")
            driver.execute_script("arguments[0].scrollIntoView(true);", part)
            part.screenshot(str(OUT / "report-failing-case.png"))
            driver.execute_script("window.scrollTo(0, 0);")
            driver.save_screenshot(str(OUT / "report-summary.png"))
    for name in ("report-failing-case.png", "report-summary.png"):
        print(OUT / name)


if __name__ == "__main__":
    main()
