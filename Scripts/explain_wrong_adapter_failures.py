#!/usr/bin/env python3
"""Write the known-failures list of the wrong eligibility example adapter, naming the bug behind each line.

Usage:  python3 Scripts/explain_wrong_adapter_failures.py [--check]

The wrong adapter (Examples/eligibility-adapter-python-wrong/adapter.py) subclasses the correct
one's `Eligibility` and overrides one method per bug, each marked `# BUG(ID):` with the
requirement it breaks. This script imports it, runs every eligibility vector through its
`WrongEligibility`, and, to say which bug trips each failure, also through the correct class with
one of the wrong methods put on it at a time; it compares answers as `jobwire vectors run` does
(`eligible`, `failed` as a list in rule order, `distanceKm` within 1e-6 km, `showAt`; for a refusal, `field`).
It checks that the table below names exactly the methods `WrongEligibility` overrides and that
every failure is explained by at least one bug, then writes known-failures.txt beside the wrong
adapter (with --check: compares and exits 1 when it differs). The requirement a line's BUG(ID)
names is what `jobwire requirements` counts the failure as a bad example of.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from jobwirelib import ROOT, VECTORS, explain_known_failures, load_module, write_or_check

WRONG = ROOT / "Examples" / "eligibility-adapter-python-wrong" / "adapter.py"
LIST = WRONG.parent / "known-failures.txt"
TOLERANCE_KM = 1e-6

# (marker, what the bug does, the method of Eligibility that WrongEligibility overrides to hold it)
BUGS = [
    ("BUG(ELIG-4)", "flat-earth distance", "distance_km"),
    ("BUG(ELIG-4)", "strict boundary at maxKms", "in_range"),
    ("BUG(ELIG-11)", "first failed rule only", "decide"),
    ("BUG(ELIG-11)", "failed in check order, distance last", "failed_rules"),
    ("BUG(MSG-15)", "refuses the object form of BlockedXP", "blocked_workers"),
    ("BUG(ELIG-9)", "checks the job before the profile", "read_fields"),
    ("BUG(ELIG-6)", "Delay counted from createdAt", "show_at"),
]


def with_methods(correct, wrong_class, methods: list[str]):
    """The correct Eligibility with `methods` taken from the wrong one."""
    return type("Swapped", (correct.Eligibility,), {method: vars(wrong_class)[method] for method in methods})()


def output(correct, rules, case_input):
    try:
        return rules.decide(json.loads(json.dumps(case_input)))
    except correct.Invalid as bad:
        return {"invalid": {"field": bad.field}}


def passes(correct, rules, case) -> bool:
    got, want = output(correct, rules, case["input"]), case["expect"]
    if "invalid" in want or "invalid" in got:
        return got.get("invalid", {}).get("field") == want.get("invalid", {}).get("field", object())
    return (got["eligible"] == want["eligible"] and got["failed"] == want["failed"]
            and abs(got["distanceKm"] - want["distanceKm"]) <= TOLERANCE_KM and got["showAt"] == want["showAt"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with known-failures.txt instead of writing it")
    args = parser.parse_args()

    text = WRONG.read_text(encoding="utf-8")
    for marker, _, _ in BUGS:
        if text.count(f"# {marker}:") != sum(1 for m, _, _ in BUGS if m == marker):
            sys.exit(f"{WRONG}: expected one '# {marker}:' marker per bug of the table")
    cases = [case for path in sorted((VECTORS / "eligibility").glob("*.json"))
             for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    wrong = load_module(WRONG, "wrong_eligibility_adapter")
    correct, wrong_class = wrong.eligibility, wrong.WrongEligibility  # the correct adapter as the wrong one loaded it
    overridden = sorted(name for name, value in vars(wrong_class).items() if callable(value))
    if overridden != sorted(method for _, _, method in BUGS):
        sys.exit(f"{WRONG}: WrongEligibility overrides {overridden}; the table here names {[m for _, _, m in BUGS]}")
    per_bug = [(marker, what, with_methods(correct, wrong_class, [method])) for marker, what, method in BUGS]

    header = [
        "# Vectors the deliberately wrong eligibility example adapter fails, and which of its bugs trips each.",
        "# The tests run it with this list: exit 0 proves exactly these fail (an extra failure fails",
        "# the run; a listed vector that passes, or that no longer exists, fails it too).",
        "# Written by Scripts/explain_wrong_adapter_failures.py; regenerate after changing the",
        "# vectors and read the diff: every line names a BUG marker of adapter.py.",
    ]
    lines = explain_known_failures(cases, lambda rules, case: passes(correct, rules, case), correct.Eligibility(), wrong_class(),
                                   per_bug, header, 52)
    return write_or_check(LIST, lines, len(header), args.check, Path(__file__).name)


if __name__ == "__main__":
    sys.exit(main())
