#!/usr/bin/env python3
"""List the checker's report sites that no test executes.

Usage:  python3 Scripts/report_site_coverage.py [--skip-build]

A rule can report one requirement from several branches (a wrong code, a wrong body, a missing
answer). A branch that no test reaches has no bad example: a wrong app or backend that breaks the
requirement exactly that way passes every shipped trace, scenario and mutant. This script builds
the kit with code coverage (its own scratch path, .build-coverage), runs the Swift suites but the
live Socket.IO ones (which judge nothing), and prints every report site of Sources/JobWire/Checker
that ran zero times, as FILE:LINE: source. A report site is a line that calls a `report` function,
or that states what a violation says: a string literal returned, appended to a list of problems,
or assigned to `expected`, `observed`, `why`, `problem` or `reason`. Each such line wants a bad
trace (Docs/CONTRIBUTING.md, step 3) or, when nothing can reach it, to be removed.

It takes about ten minutes on two cores (a build of its own, then the suites), so the test command
does not run it. Exit status: 0 every report site ran; 1 some did not (listed); 2 the build or a
test failed, so the coverage would be of a partial run.

Python 3.11, standard library only; needs the Swift toolchain's llvm-profdata and llvm-cov.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build-coverage"
CHECKER = "Sources/JobWire/Checker"
# The live suites talk to real sockets and Python peers; no rule of the checker runs in them.
SKIP = "SocketIONIOTests|JobWireBenchTests"
# A call of `report(`, `context.report(`, `reportSecondEnd(`... (not its declaration), or a
# violation's text: `return "...`, `problems.append("...`, `expected = "...`.
REPORT_SITE = re.compile(r'\breport[A-Za-z]*\(|\breturn\s+"|\.append\(\s*"|\b(expected|observed|why|problem|reason)\s*=\s*"')
# `llvm-cov show` prints each source line as `  LINE|  COUNT|text`; COUNT is blank off code.
SHOWN_LINE = re.compile(r"\s*(\d+)\|\s*([0-9.]+[kMG]?|)\|(.*)")


def is_report_site(text: str) -> bool:
    return REPORT_SITE.search(text) is not None and "func " not in text


def toolchain_tool(name: str) -> str:
    swift = shutil.which("swift")
    if swift is None:
        sys.exit("report_site_coverage.py: swift is not on PATH")
    tool = Path(os.path.realpath(swift)).parent / name
    return str(tool) if tool.exists() else (shutil.which(name) or sys.exit(f"report_site_coverage.py: {name} not found beside swift or on PATH"))


def run(command: list[str], shown: str | None = None, log: Path | None = None) -> None:
    """Runs `command` in the package (printed as `shown`, when given); with `log`, its output goes
    there and only its last lines are printed, when it fails. Exits 2 when it fails."""
    print("+", shown or " ".join(command), flush=True)
    if log is None:
        failed = subprocess.run(command, cwd=ROOT).returncode != 0
    else:
        with log.open("w") as output:
            failed = subprocess.run(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT).returncode != 0
        if failed:
            print("".join(log.read_text(errors="replace").splitlines(keepends=True)[-40:]), end="", file=sys.stderr)
    if failed:
        print(f"report_site_coverage.py: `{shown or ' '.join(command)}` failed{f' (whole output in {log})' if log else ''}, "
              "so coverage would be of a partial run", file=sys.stderr)
        sys.exit(2)


def unexecuted_sites(shown: str) -> list[str]:
    """The report calls of `llvm-cov show`'s text that ran zero times, as FILE:LINE: source."""
    sites, current = [], None
    for line in shown.splitlines():
        if line.startswith(str(ROOT)) and line.endswith(":"):
            current = line[len(str(ROOT)) + 1:-1]
            continue
        match = SHOWN_LINE.match(line)
        if not match or current is None:
            continue
        number, count, text = match.groups()
        if count == "0" and is_report_site(text):
            sites.append(f"{current}:{number}: {text.strip()}")
    return sites


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-build", action="store_true", help="reuse the coverage build of an earlier run")
    args = parser.parse_args()
    scratch = ["--scratch-path", str(SCRATCH)]
    if not args.skip_build:
        run(["swift", "build", "--build-tests", "--enable-code-coverage", *scratch])
    codecov = SCRATCH / "debug" / "codecov"
    for old in codecov.glob("*.profraw"):
        old.unlink()
    # Child processes (the `jobwire` the CLI tests start) write their own profiles beside the tests'.
    test_log = SCRATCH / "report-site-tests.log"
    run(["swift", "test", "--skip-build", "--enable-code-coverage", *scratch, "--skip", SKIP], log=test_log)
    profiles = sorted(str(p) for p in codecov.glob("*.profraw"))
    merged = SCRATCH / "report-sites.profdata"
    run([toolchain_tool("llvm-profdata"), "merge", "-sparse", "-o", str(merged), *profiles],
        shown=f"llvm-profdata merge -sparse -o {merged.relative_to(ROOT)} ({len(profiles)} profiles of the tests and their children)")
    binaries = SCRATCH / "debug"
    shown = subprocess.run(
        [toolchain_tool("llvm-cov"), "show", "-instr-profile", str(merged), str(binaries / "JobWirePackageTests.xctest"),
         "-object", str(binaries / "jobwire"), str(ROOT / CHECKER)],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    sites = unexecuted_sites(shown)
    total = sum(1 for line in shown.splitlines() if (m := SHOWN_LINE.match(line)) and m.group(2) and is_report_site(m.group(3)))
    for site in sites:
        print(site)
    print(f"{len(sites)} of {total} report sites in {CHECKER} ran in no test")
    return 1 if sites else 0


if __name__ == "__main__":
    sys.exit(main())
