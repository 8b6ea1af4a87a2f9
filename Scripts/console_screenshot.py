#!/usr/bin/env python3
"""Writes Docs/screenshots/console.png: the broker console in headless Chromium after one step and
one injected fault (the session of Tests/Browser/test_console.py), for BROKER.md and the README.

Run from the package root after `swift build`, with the test venv's python (selenium,
python-socketio, aiohttp) and Debian's chromium and chromium-driver:
    .venv-test/bin/python Scripts/console_screenshot.py [OUT.png]
"""

import os
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))

import browser  # noqa: E402
from console_session import ConsoleSession, drive  # noqa: E402


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Docs", "screenshots", "console.png")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        session = ConsoleSession(workdir, sys.executable)
        try:
            with browser.start(width=1400, height=860) as driver:
                drive(driver, session)
                driver.save_screenshot(out)
        finally:
            session.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
