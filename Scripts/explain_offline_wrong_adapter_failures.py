#!/usr/bin/env python3
"""Write the known-failures list of the wrong offline example adapter, naming the bug behind each line.

Usage:  python3 Scripts/explain_offline_wrong_adapter_failures.py [--check]

The wrong adapter (Examples/offline-adapter-python-wrong/adapter.py) imports the correct one
and overrides five methods of its `App`, one per bug, each marked `# BUG(...)`.  This script
imports it, runs every offline vector through its `WrongApp`, and, to say which bug trips each
failure, also through the correct `App` with one of the wrong methods put on it at a time.  It
checks that `WrongApp` overrides exactly the methods of the table below (so the table is
complete) and that every failure is explained by at least one bug, then writes
known-failures.txt beside the wrong adapter (with --check: compares and exits 1 when it differs).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from jobwirelib import ROOT, VECTORS, explain_known_failures, load_module, write_or_check

WRONG = ROOT / "Examples" / "offline-adapter-python-wrong" / "adapter.py"
LIST = WRONG.parent / "known-failures.txt"

# (marker, what the bug does, the method of App that WrongApp overrides to hold it)
BUGS = [
    ("BUG(OFFL-2)", "sends the list GET while offline", "refresh"),
    ("BUG(OFFL-8)", "drops the create when de-duplicating", "drop_superseded_edits"),
    ("BUG(OFFL-11)", "replays the queue newest first", "replay_next"),
    ("BUG(AUTH-1)", "counts a JWT expiring now as active", "jwt_is_active"),
    ("BUG(OFFL-15)", "takes a login off the login screen", "login"),
]


def with_methods(correct, wrong_app, methods: list[str]):
    """The correct App with `methods` taken from the wrong one."""
    return type("Swapped", (correct.App,), {method: vars(wrong_app)[method] for method in methods})


def output(correct, app_class, case_input):
    try:
        return correct.run(json.loads(json.dumps(case_input)), app_class)
    except correct.Invalid as bad:
        return {"invalid": {"field": bad.field}}


def passes(correct, app_class, case) -> bool:
    got, want = output(correct, app_class, case["input"]), case["expect"]
    if "invalid" in want:
        return got.get("invalid", {}).get("field") == want["invalid"]["field"]
    return got == want  # dicts compare as sets of members, and 1 == 1.0, as the runner compares


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with known-failures.txt instead of writing it")
    args = parser.parse_args()

    text = WRONG.read_text(encoding="utf-8")
    for marker, _, _ in BUGS:
        if text.count(f"# {marker}:") != 1:
            sys.exit(f"{WRONG}: expected exactly one '# {marker}:' marker")
    cases = [case for path in sorted((VECTORS / "offline").glob("*.json"))
             for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    wrong = load_module(WRONG, "wrong_adapter")
    correct, wrong_app = wrong.offline, wrong.WrongApp  # the correct adapter as the wrong one loaded it
    overridden = sorted(name for name, value in vars(wrong_app).items() if callable(value))
    if overridden != sorted(method for _, _, method in BUGS):
        sys.exit(f"{WRONG}: WrongApp overrides {overridden}; the table here names {[m for _, _, m in BUGS]}")
    per_bug = [(marker, what, with_methods(correct, wrong_app, [method])) for marker, what, method in BUGS]

    header = [
        "# Vectors the deliberately wrong offline example adapter fails, and which of its bugs trips each.",
        "# The tests run it with this list: exit 0 proves exactly these fail (an extra failure fails",
        "# the run; a listed vector that passes, or that no longer exists, fails it too).",
        "# Written by Scripts/explain_offline_wrong_adapter_failures.py; regenerate after changing the",
        "# vectors and read the diff: every line names a BUG marker of adapter.py.",
    ]
    lines = explain_known_failures(cases, lambda app_class, case: passes(correct, app_class, case), correct.App, wrong_app,
                                   per_bug, header, 48)
    return write_or_check(LIST, lines, len(header), args.check, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
