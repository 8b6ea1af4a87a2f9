#!/usr/bin/env python3
"""Write the known-failures list of the wrong offline example adapter, naming the bug behind each line.

Usage:  python3 Scripts/explain_offline_wrong_adapter_failures.py [--check]

The wrong adapter (Examples/offline-adapter-python-wrong/adapter.py) imports the correct one
and overrides methods of its `App`, one per bug, each marked `# BUG(...)`.  This script
imports it, runs every offline vector through its `WrongApp`, and, to say which bug trips each
failure, also through the correct `App` with one of the wrong methods put on it at a time.  It
checks that `WrongApp` overrides exactly the methods of the table below (so the table is
complete), that every failure is explained by at least one bug, and that every bug is live in the
whole wrong adapter: some vector of the bug's own requirement id fails, fails with that bug alone,
and gets a different answer with that one method put back (so no bug is dead code or masked by
another override), then writes
known-failures.txt beside the wrong adapter (with --check: compares and exits 1 when it differs).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from jobwirelib import ROOT, VECTORS, explain_known_failures, load_module, write_or_check

WRONG = ROOT / "Examples" / "offline-adapter-python-wrong" / "adapter.py"
LIST = WRONG.parent / "known-failures.txt"

# (marker, what the bug does, the method of App that WrongApp overrides to hold it)
BUGS = [
    ("BUG(OFFL-2)", "sends the list GET while offline", "refresh"),
    ("BUG(OFFL-8)", "drops the create when de-duplicating", "supersedes"),
    ("BUG(OFFL-11)", "replays the queue newest first", "replay_next"),
    ("BUG(AUTH-1)", "counts a JWT expiring now as active", "jwt_is_active"),
    ("BUG(OFFL-15)", "takes a login off the login screen", "login"),
    ("BUG(OFFL-1)", "lets the list overwrite unpushed edits", "apply_list"),
    ("BUG(OFFL-3)", "reuses a temporary id", "new_temporary_id"),
    ("BUG(OFFL-4)", "queues an online create behind waiting requests", "push_create"),
    ("BUG(OFFL-5)", "shows no notification for an online create", "notify"),
    ("BUG(OFFL-6)", "lets a listed entity win over the created one", "replace_id"),
    ("BUG(OFFL-9)", "keeps a backend id's queued edits offline", "drop_superseded_edits"),
    ("BUG(OFFL-7)", "queues an online edit while a create is in flight", "send_edit"),
    ("BUG(OFFL-10)", "sends only the changes when replacing a queued edit", "edit_request"),
    ("BUG(OFFL-14)", "sends an edit behind a create in flight", "sends_edit_at_once"),
    ("BUG(AUTH-2)", "asks for LOGIN online when requests are queued", "online_launch_screen"),
    ("BUG(AUTH-3)", "asks a never-online app for the PIN online", "launch"),
    ("BUG(AUTH-4)", "does not cache the login's token", "store_token"),
    ("BUG(AUTH-5)", "asks for the PIN offline despite an active JWT", "offline_launch_screen"),
    ("BUG(AUTH-6)", "skips the PIN check once online before", "enter_pin"),
    ("BUG(AUTH-7)", "always leads HOME after the PIN", "pin_destination"),
    ("BUG(OFFL-19) BUG(TASK-24)", "alerts no refused edit", "alert_refused"),
]


def with_methods(correct, wrong_app, methods: list[str]):
    """The correct App with `methods` taken from the wrong one."""
    return type("Swapped", (correct.App,), {method: vars(wrong_app)[method] for method in methods})


def without_method(correct, wrong_app, method: str):
    """The wrong App with `method` put back to the correct one."""
    return type("Unswapped", (wrong_app,), {method: vars(correct.App)[method]})


def shadowed_bugs(correct, wrong_app, cases: list[dict]) -> list[str]:
    """The bugs that trip no vector of one of their requirement ids in the whole wrong adapter: no
    such case is failed by it, by the bug alone, and answered differently once the bug is put back."""
    problems = []
    for marker, _, method in BUGS:
        fixed = without_method(correct, wrong_app, method)
        alone = with_methods(correct, wrong_app, [method])
        for requirement in re.findall(r"BUG\(([A-Z]+-\d+)\)", marker):
            own = [case for case in cases if case["requirement"] == requirement]
            if not any(not passes(correct, wrong_app, case) and not passes(correct, alone, case)
                       and output(correct, wrong_app, case["input"]) != output(correct, fixed, case["input"])
                       for case in own):
                problems.append(f"{marker}: no {requirement} vector fails because of it in {WRONG.name} "
                                f"(none exists, or another override shadows it)")
    return problems


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
    problems = shadowed_bugs(correct, wrong_app, cases)
    if problems:
        sys.exit("\n".join(problems))
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
