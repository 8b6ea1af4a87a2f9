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
import sys
from pathlib import Path
from typing import Any

from jobwirelib import (VECTORS, Report, VectorFile, awaiting_judge, check_vector_files, definition_validator, load_requirements, load_validator,
                        require_jsonschema)

require_jsonschema("check_offline_vectors.py")

AREAS = ("OFFL", "AUTH")
TEMP_PREFIX = "tmp-"

# Requirements of the two areas that the model cannot exercise, with the reason; parts of
# others are not, and Docs/ADAPTER.md says which (the PIN's verification, a JWT's own `exp`
# claim, the foreground return of OFFL-13, and how a notification looks in a trace). Requirements
# nothing judges yet are on Vectors/requirements-awaiting-judge.txt and left out too.
NOT_COVERED: dict[str, str] = {
    "OFFL-17": "the model keeps no option values: what a launch reads back is only in a capture (OFFLOptionsRules)",
    "OFFL-18": "in the model a notification is an effect of its create's own step and the response comes in a later one; "
               "the order on screen is only in a capture (OFFLNotificationOrderRules)",
    "OFFL-16": "the model's `refresh` is the refresh, not what sets it off: when it runs is the input's, "
               "and only a capture shows it (OFFL16RefreshOnAppear)",
}

# Requirements of other areas that the model's effects also exercise.
ALSO: dict[str, str] = {"TASK-24": "the error alert of a create or edit refused while online, the model's `alert` effect"}


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
    file = VectorFile.read(path, report)
    if file is None:
        return 0
    if file.schema_errors(validator, report, limit=300):
        return len(file.cases)
    file.check_form(report)

    for here, case in file.each_case(report, seen):
        expect, case_input = case["expect"], case["input"]
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
    return len(file.cases)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, default=VECTORS / "offline",
                        help="directory of vector files (default: Vectors/offline)")
    parser.add_argument("--schema", type=Path, default=VECTORS / "schemas" / "offline-vectors.schema.json",
                        help="schema of the vector format")
    parser.add_argument("--requirements", type=Path, default=VECTORS / "requirements.json",
                        help="the requirements catalogue, for coverage")
    args = parser.parse_args()

    validator_class, schema = load_validator(args.schema)
    try:
        catalogue = load_requirements(args.requirements)
    except (OSError, json.JSONDecodeError, KeyError) as error:
        print(f"{args.requirements}: unusable catalogue: {error}", file=sys.stderr)
        return 2
    validator = validator_class(schema)
    well_formed = definition_validator(validator_class, schema, "wellFormedInput")

    report = Report()
    tally: dict[str, int] = {}
    check_vector_files(args.vectors, report, lambda path, seen: check_file(path, validator, well_formed, report, seen, tally))

    waiting = awaiting_judge()
    in_areas = {r["id"] for r in catalogue if r["area"] in AREAS}
    required = [r["id"] for r in catalogue if r["id"] in in_areas and r["id"] not in waiting]
    for requirement in required:
        if requirement in NOT_COVERED:
            if tally.get(requirement):
                report.add("coverage", f"{requirement} is listed as not covered but has cases")
        elif not tally.get(requirement):
            report.add("coverage", f"no case checks {requirement}")
    for requirement in tally:
        if requirement not in in_areas and requirement not in ALSO:
            report.add("coverage", f"cases name {requirement}, which is not an OFFL or AUTH requirement")

    print("requirement  cases")
    for requirement in required:
        note = f"  not covered: {NOT_COVERED[requirement]}" if requirement in NOT_COVERED else ""
        print(f"  {requirement:<10} {tally.get(requirement, 0):5d}{note}")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
