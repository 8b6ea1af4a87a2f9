#!/usr/bin/env python3
"""Check the offline vectors: schema, ids, step counts, state invariants and requirement coverage.

Usage:  python3 Scripts/check_offline_vectors.py [--vectors DIR] [--schema FILE] [--requirements FILE]

Every Vectors/offline/*.json is validated against
Vectors/schemas/offline-vectors.schema.json (needs the `jsonschema` package), then checked for:

  * ids unique across all files, matching ^[a-z]+(\\.[a-z0-9-]+)+$ and starting with the
    file's feature; the feature equals the file name; descriptions of at most 100 characters;
  * one expected step per input step; a case expects invalid whenever its input does not match
    the schema's wellFormedInput, and exactly the invalid cases name OFFL-15;
  * invariants of the model in every starting and expected state (independent of any
    implementation of it):
      - request numbers are unique and below nextSeq, the queue is in seq order (OFFL-11);
      - the queue holds at most one edit per id (OFFL-8, OFFL-9), and each queued edit carries
        its entity's current state (OFFL-10);
      - online and running with a non-empty queue, a create or edit is in flight (OFFL-11);
      - no edit in flight carries a temporary id (OFFL-14), temporary ids stay below nextTempId
        (OFFL-3), and every queued or unanswered create and edit names an entity the app holds;
      - a cached JWT means the app was online before (AUTH-7);
  * coverage: every OFFL and AUTH requirement of requirements.json has at least one case,
    except those listed in NOT_COVERED with the reason;
  * canonical formatting (2-space indent, as the generator writes it).

Exit status: 0 when everything holds, 1 on any problem (each printed with its file and case
id), 2 when jsonschema is not installed or the schema is unusable.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

try:
    import jsonschema
except ImportError:
    print("check_offline_vectors.py needs the Python package 'jsonschema' "
          "(install it with: python3 -m pip install jsonschema)", file=sys.stderr)
    sys.exit(2)

ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")
MAX_DESCRIPTION = 100
AREAS = ("OFFL", "AUTH")
TEMP_PREFIX = "tmp-"

# Requirements of the two areas that the model cannot exercise, with the reason. Every
# OFFL and AUTH requirement is covered by the model today; parts of some are not, and
# Docs/ADAPTER.md says which (the PIN's verification, a JWT's own `exp` claim, the
# foreground return of OFFL-13, and how a notification looks in a trace).
NOT_COVERED: dict[str, str] = {}


class Report:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")


def json_path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def check_state(state: dict, where: str, report: Report) -> None:
    """The invariants every state of the model keeps, whoever computed it."""
    queue, in_flight = state["queue"], state["inFlight"]
    all_seqs = [r["seq"] for r in queue + in_flight]
    if len(set(all_seqs)) != len(all_seqs):
        report.add(where, f"request numbers repeat: {sorted(all_seqs)}")
    if any(seq >= state["nextSeq"] for seq in all_seqs):
        report.add(where, f"a request number is not below nextSeq {state['nextSeq']}")
    if [r["seq"] for r in queue] != sorted(r["seq"] for r in queue):
        report.add(where, "the queue is not in the order the requests were made (OFFL-11)")
    edited = [r["id"] for r in queue if r["kind"] == "edit"]
    if len(set(edited)) != len(edited):
        report.add(where, "the queue holds two edits of one id (OFFL-8, OFFL-9)")
    for request in queue:
        if request["kind"] == "edit" and state["entities"].get(request["id"]) != request["data"]:
            report.add(where, f"queued edit {request['seq']} does not carry its entity's state (OFFL-10)")
    pushing = any(r["kind"] in ("create", "edit") for r in in_flight)
    if state["connectivity"] == "online" and state["screen"] != "none" and queue and not pushing:
        report.add(where, "online and running with a queue, yet nothing is being replayed (OFFL-11)")
    for request in in_flight:
        if request["kind"] == "edit" and request["id"].startswith(TEMP_PREFIX):
            report.add(where, f"edit {request['seq']} was sent with temporary id {request['id']} (OFFL-14)")
    for request in queue + in_flight:
        if request["kind"] in ("create", "edit") and request["id"] not in state["entities"]:
            report.add(where, f"request {request['seq']} names {request['id']}, which the state does not hold")
    for entity_id in state["entities"]:
        if entity_id.startswith(TEMP_PREFIX):
            number = entity_id[len(TEMP_PREFIX):]
            if not number.isdigit() or int(number) >= state["nextTempId"]:
                report.add(where, f"temporary id {entity_id} is not below nextTempId {state['nextTempId']} (OFFL-3)")
    if state["jwt"] is not None and not state["everOnline"]:
        report.add(where, "a cached JWT in an app that was never online (AUTH-7)")


def check_file(path: Path, validator: Any, well_formed: Any, report: Report,
               seen: dict[str, str], tally: dict[str, int]) -> int:
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
        document = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        report.add(name, f"cannot read JSON: {error}")
        return 0
    cases = document.get("cases") if isinstance(document, dict) else None
    cases = cases if isinstance(cases, list) else []

    def where(index: int | None) -> str:
        if index is not None and index < len(cases) and isinstance(cases[index], dict):
            return f"{name}: {cases[index].get('id', f'cases[{index}]')}"
        return name if index is None else f"{name}: cases[{index}]"

    schema_errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    for error in schema_errors:
        parts = list(error.absolute_path)
        index = parts[1] if len(parts) > 1 and parts[0] == "cases" and isinstance(parts[1], int) else None
        report.add(where(index), f"schema: {error.message[:300]} (at {json_path(parts)})")
    if schema_errors:
        return len(cases)
    if text != json.dumps(document, indent=2, ensure_ascii=False) + "\n":
        report.add(name, "not in canonical formatting (2-space indent, one trailing newline); regenerate it")
    feature = document["feature"]
    if path.stem != feature:
        report.add(name, f"feature {feature!r} does not match the file name")

    for index, case in enumerate(cases):
        here = where(index)
        case_id, expect, case_input = case["id"], case["expect"], case["input"]
        if not ID_PATTERN.match(case_id):
            report.add(here, f"id does not match {ID_PATTERN.pattern}")
        if not case_id.startswith(feature + "."):
            report.add(here, f"id does not start with the feature name {feature!r}")
        if case_id in seen:
            report.add(here, f"duplicate id, first used in {seen[case_id]}")
        seen.setdefault(case_id, name)
        tally[case["requirement"]] = tally.get(case["requirement"], 0) + 1
        runnable = well_formed.is_valid(case_input)
        if "invalid" in expect:
            if case["requirement"] != "OFFL-15":
                report.add(here, "a case that expects invalid names OFFL-15")
            continue
        if case["requirement"] == "OFFL-15":
            report.add(here, "OFFL-15 is for cases that expect invalid")
        if not runnable:
            report.add(here, "expects the steps to run, but the input does not match wellFormedInput")
            continue
        if len(expect["steps"]) != len(case_input["steps"]):
            report.add(here, f"{len(expect['steps'])} expected steps for {len(case_input['steps'])} input steps")
        check_state(case_input["initial"], f"{here}: initial", report)
        for step_index, step in enumerate(expect["steps"]):
            check_state(step["state"], f"{here}: after steps[{step_index}]", report)
    return len(cases)


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, default=root / "Vectors" / "offline",
                        help="directory of vector files (default: Vectors/offline)")
    parser.add_argument("--schema", type=Path, default=root / "Vectors" / "schemas" / "offline-vectors.schema.json",
                        help="schema of the vector format")
    parser.add_argument("--requirements", type=Path, default=root / "Vectors" / "requirements.json",
                        help="the requirements catalogue, for coverage")
    args = parser.parse_args()

    try:
        schema = json.loads(args.schema.read_text(encoding="utf-8"))
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        catalogue = json.loads(args.requirements.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, jsonschema.SchemaError) as error:
        print(f"unusable schema or catalogue: {error}", file=sys.stderr)
        return 2
    validator = validator_class(schema)
    well_formed = validator_class({"$defs": schema["$defs"], "$ref": "#/$defs/wellFormedInput"})

    files = sorted(args.vectors.glob("*.json"))
    report = Report()
    if not files:
        report.add(str(args.vectors), "no vector files")
    seen: dict[str, str] = {}
    tally: dict[str, int] = {}
    total = 0
    for path in files:
        count = check_file(path, validator, well_formed, report, seen, tally)
        total += count
        print(f"  {path.name:<16} {count:4d} cases")

    required = [r["id"] for r in catalogue["requirements"] if r["area"] in AREAS]
    for requirement in required:
        if requirement in NOT_COVERED:
            if tally.get(requirement):
                report.add("coverage", f"{requirement} is listed as not covered but has cases")
        elif not tally.get(requirement):
            report.add("coverage", f"no case checks {requirement}")
    for requirement in tally:
        if requirement not in required:
            report.add("coverage", f"cases name {requirement}, which is not an OFFL or AUTH requirement")

    print(f"{total} cases in {len(files)} files")
    print("requirement  cases")
    for requirement in required:
        note = f"  not covered: {NOT_COVERED[requirement]}" if requirement in NOT_COVERED else ""
        print(f"  {requirement:<10} {tally.get(requirement, 0):5d}{note}")
    if report.problems:
        print(f"\n{len(report.problems)} problem(s):", file=sys.stderr)
        for problem in report.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
