#!/usr/bin/env python3
"""Write the known-failures list of the wrong offline example adapter, naming the bug behind each line.

Usage:  python3 Scripts/explain_offline_wrong_adapter_failures.py [--check]

The wrong adapter (Examples/offline-adapter-python-wrong/adapter.py) is the correct one with
four bugs, each confined to one function and marked `# BUG(...)`.  This script imports both,
runs every offline vector through the wrong one, and, to say which bug trips each failure,
also through the correct adapter with one wrong function swapped in at a time.  It checks that
swapping all four in reproduces the wrong adapter exactly (so the table below is complete) and
that every failure is explained by at least one bug, then writes known-failures.txt
beside the wrong adapter (with --check: compares and exits 1 when it differs).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORRECT = ROOT / "Examples" / "offline-adapter-python" / "adapter.py"
WRONG = ROOT / "Examples" / "offline-adapter-python-wrong" / "adapter.py"
LIST = WRONG.parent / "known-failures.txt"
VECTORS = ROOT / "Vectors" / "offline"

# (marker, what the bug does, the function that holds it: "App.method" or a module function)
BUGS = [
    ("BUG(OFFL-2)", "sends the list GET while offline", "App.refresh"),
    ("BUG(OFFL-8)", "drops the create when de-duplicating", "App.drop_superseded_edits"),
    ("BUG(OFFL-11)", "replays the queue newest first", "App.replay_next"),
    ("BUG(AUTH-1)", "counts a JWT expiring now as active", "jwt_is_active"),
]


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def with_functions(wrong, functions: list[str], name: str):
    """A fresh copy of the correct adapter with `functions` taken from the wrong one."""
    module = load(CORRECT, name)
    for function in functions:
        owner, _, attribute = function.rpartition(".")
        target = getattr(module, owner) if owner else module
        source = getattr(wrong, owner) if owner else wrong
        setattr(target, attribute, getattr(source, attribute))
    return module


def output(module, case_input):
    try:
        return module.run(json.loads(json.dumps(case_input)))
    except module.Invalid as bad:
        return {"invalid": {"field": bad.field}}


def passes(module, case) -> bool:
    got, want = output(module, case["input"]), case["expect"]
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
    cases = [case for path in sorted(VECTORS.glob("*.json"))
             for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    wrong = load(WRONG, "wrong_adapter")
    correct = load(CORRECT, "correct_adapter")
    all_swapped = with_functions(wrong, [function for _, _, function in BUGS], "all_swapped")
    per_bug = [(marker, what, with_functions(wrong, [function], f"swapped_{index}"))
               for index, (marker, what, function) in enumerate(BUGS)]

    lines = [
        "# Vectors the deliberately wrong offline example adapter fails, and which of its bugs trips each.",
        "# The tests run it with this list: exit 0 proves exactly these fail (an extra failure fails",
        "# the run; a listed vector that passes, or that no longer exists, fails it too).",
        "# Written by Scripts/explain_offline_wrong_adapter_failures.py; regenerate after changing the",
        "# vectors and read the diff: every line names a BUG marker of adapter.py.",
    ]
    problems = []
    for case in cases:
        if not passes(correct, case):
            problems.append(f"{case['id']}: the correct adapter fails it")
        if output(all_swapped, case["input"]) != output(wrong, case["input"]):
            problems.append(f"{case['id']}: the wrong adapter differs from the correct one beyond the BUG functions")
        if passes(wrong, case):
            continue
        reasons = [f"{marker} {what}" for marker, what, module in per_bug if not passes(module, case)]
        if not reasons:
            problems.append(f"{case['id']}: fails only through a combination of bugs")
        lines.append(f"{case['id']:<48} # {'; '.join(reasons)}")
    if problems:
        sys.exit("\n".join(problems))
    content = "\n".join(lines) + "\n"
    if args.check:
        if LIST.read_text(encoding="utf-8") != content:
            print(f"{LIST} is out of date; run {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{LIST.name} is up to date: {len(lines) - 5} known failures")
        return 0
    LIST.write_text(content, encoding="utf-8")
    print(f"wrote {LIST.relative_to(ROOT)}: {len(lines) - 5} known failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
