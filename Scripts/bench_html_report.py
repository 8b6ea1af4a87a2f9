#!/usr/bin/env python3
"""Figures for the HTML report of a large trace: its size, and how long headless Chromium takes
to show it (issue 20).

Generates a conformant trace of --events events with `jobwire bench check --keep`, adds one
backend `apply` for a request nobody posted just before its end (so the checker finds a
violation and the report opens that trace's part, as it would for a failing capture), writes
`jobwire check TRACE --html PAGE`, then opens the page --runs times in headless Chromium
(Tests/Browser/browser.py) and prints the medians, from navigation start, of:

  first lanes drawn  the performance mark jw-first-lanes: the first rows of the diagram on screen
  fully usable       the performance mark jw-usable: every step indexed, the violation scrolled into view

    swift build --product jobwire
    .venv-test/bin/python Scripts/bench_html_report.py --events 100000 --runs 3
"""

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Browser"))
import browser  # noqa: E402


def generate(jobwire, events):
    """The path of a generated conformant trace of about `events` events."""
    result = subprocess.run([jobwire, "bench", "check", "--events", str(events), "--runs", "1", "--keep"], capture_output=True, text=True, check=True)
    found = re.search(r"trace: (\d+) events, .* at (\S+\.jsonl)", result.stdout + result.stderr)
    if not found:
        raise SystemExit(f"jobwire bench check did not say where it kept the trace:\n{result.stdout}{result.stderr}")
    return int(found.group(1)), pathlib.Path(found.group(2))


def break_near_the_end(trace):
    """Inserts, before the last line, an `apply` for a request nobody posted (FLOW-1 and others)."""
    lines = trace.read_text().splitlines(keepends=True)
    ts = re.search(r'"ts":(\d+)', lines[-2]).group(1)
    bogus = '{"ts":%s,"actor":"backend","kind":"io.out","event":"apply","payload":{"ReqID":"R-bench-unposted","workerId":"w-0-1"},"to":"c-0"}\n' % ts
    lines.insert(len(lines) - 1, bogus)
    trace.write_text("".join(lines))


def measure(page, runs):
    """(first lanes drawn, fully usable) in ms from navigation start, per run."""
    timings = []
    url = browser.file_url(page)
    for _ in range(runs):
        with browser.start() as driver:
            driver.set_page_load_timeout(120)
            driver.get(url)
            browser.wait_for(driver, ".jw-swim[data-ready='true']", timeout=120, visible=False)
            marks = driver.execute_script(
                "return ['jw-first-lanes', 'jw-usable'].map(function (name) {"
                "  var marks = performance.getEntriesByName(name); return marks.length ? marks[marks.length - 1].startTime : null; });")
            timings.append(tuple(marks))
    return timings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobwire", default=os.environ.get("JOBWIRE_BIN", str(ROOT / ".build/debug/jobwire")))
    arguments = parser.parse_args()
    reason = browser.unavailable_reason()
    if reason:
        raise SystemExit(f"no browser: {reason}")
    count, trace = generate(arguments.jobwire, arguments.events)
    try:
        break_near_the_end(trace)
        with tempfile.TemporaryDirectory(prefix="jobwire-html-bench-") as directory:
            page = pathlib.Path(directory) / "report.html"
            start = time.monotonic()
            subprocess.run([arguments.jobwire, "check", str(trace), "--html", str(page)], capture_output=True, check=False)
            written = time.monotonic() - start
            size = page.stat().st_size
            timings = measure(page, arguments.runs)
    finally:
        trace.unlink(missing_ok=True)
    print(f"trace: {count + 1} events ({trace.name}), one violation near its end")
    print(f"jobwire check --html: {written:.1f} s (trace checked and page written), page {size / 1e6:.1f} MB ({size} bytes)")
    for run, (first, usable) in enumerate(timings, 1):
        print(f"run {run}: first lanes drawn {first:.0f} ms, fully usable {usable:.0f} ms")
    print(f"median of {len(timings)}: first lanes drawn {statistics.median(t[0] for t in timings):.0f} ms, "
          f"fully usable {statistics.median(t[1] for t in timings):.0f} ms (from navigation start, headless Chromium)")


if __name__ == "__main__":
    main()
