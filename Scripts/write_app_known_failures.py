#!/usr/bin/env python3
"""Write the known-failures lists of the wrong example app adapters from what the kit catches.

Usage:  python3 Scripts/write_app_known_failures.py [--check] [--jobwire .build/debug/jobwire]

For every `--bug` of Examples/client-app-adapter-python-wrong and
Examples/worker-app-adapter-python-wrong (one `known-failures/BUG.txt` each), this runs
`jobwire scenario run --adapter "<python> adapter.py --bug BUG" --format json` over every
scenario of the adapter's side and writes the failed cases (`SCENARIO:ID`, and `SCENARIO:steps[N]`
for a step that never ran), sorted, under the file's comment lines. With --check it only compares
and exits 1 when a list differs. It needs a built `jobwire`, so `Scripts/test` does not run it:
`ScenarioCommandTests` compares the lists with the runs exactly. Run it after adding a scenario
or a rule, and read the diff: every new line must be a mistake the bug really makes.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from jobwirelib import ROOT


def failed_cases(jobwire: Path, adapter: Path, bug: str) -> list[str]:
    """The ids of the cases the adapter with `bug` fails or errs on, sorted."""
    command = [str(jobwire), "scenario", "run", "--adapter", f"{sys.executable} {adapter} --bug {bug}", "--format", "json"]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    report = json.loads(run.stdout)
    return sorted(case["id"] for case in report["cases"] if case["outcome"] in ("failed", "error"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--jobwire", type=Path, default=ROOT / ".build" / "debug" / "jobwire", help="the jobwire binary to run")
    args = parser.parse_args()
    stale = 0
    for side in ("client", "worker"):
        folder = ROOT / "Examples" / f"{side}-app-adapter-python-wrong"
        for known in sorted((folder / "known-failures").glob("*.txt")):
            lines = known.read_text(encoding="utf-8").splitlines()
            comments = [line for line in lines if line.startswith("#")]
            listed = sorted(line for line in lines if line and not line.startswith("#"))
            failed = failed_cases(args.jobwire, folder / "adapter.py", known.stem)
            if failed == listed:
                print(f"{side} --bug {known.stem}: {len(failed)} known failures, as listed")
                continue
            stale += 1
            print(f"{side} --bug {known.stem}: now also {sorted(set(failed) - set(listed))}, no longer {sorted(set(listed) - set(failed))}")
            if not args.check:
                known.write_text("\n".join(comments + failed) + "\n", encoding="utf-8")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
