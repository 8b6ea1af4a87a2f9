#!/usr/bin/env python3
"""Check the eligibility vectors: schema, ids, descriptions and requirement coverage.

Usage:  python3 Scripts/check_vectors.py [--vectors DIR] [--schema FILE]

Every Vectors/eligibility/*.json is validated against
Vectors/schemas/eligibility-vectors.schema.json (needs the `jsonschema` package),
then checked for:

  * ids unique across all files, matching ^[a-z]+(\\.[a-z0-9-]+)+$ and starting
    with the file's feature; the feature equals the file name;
  * descriptions of at most 100 characters;
  * a decision exactly for inputs matching the schema's wellFormedInput, failed
    rules sorted, eligible == (failed is empty), showAt == receivedAt + Delay*1000;
  * invalid expectations naming the rule their field belongs to, and their case's requirement
    naming ELIG-9 and then that rule (ELIG-9 alone when the field feeds no other rule);
  * coverage: ELIG-1..ELIG-6, ELIG-9 and MSG-15 (the object form of BlockedXP) each have a case that passes and one that
    fails (fail = rule in expect.failed, or an invalid expectation for that rule;
    every invalid case fails ELIG-9 and every valid case passes it);
  * canonical formatting (2-space indent, as the generator writes it).

Exit status: 0 when everything holds, 1 on any problem (each printed with its
file and case id), 2 when jsonschema is not installed or the schema is unusable.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from jobwirelib import (VECTORS, Report, VectorFile, check_vector_files, definition_validator, load_validator, require_jsonschema,
                        requirement_key)

require_jsonschema("check_vectors.py")

MAX_DESCRIPTION = 100
RULES = ("ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5", "ELIG-6")
COVERED = RULES + ("ELIG-9", "MSG-15")

# Which rule a malformed field belongs to (the brief's table), by field path
# without any [index] suffix.
FIELD_REQUIREMENT = {
    "receivedAt": "ELIG-6",
    "profile": "ELIG-9",
    "job": "ELIG-9",
    "profile.userID": "ELIG-5",
    "profile.expertActive": "ELIG-1",
    "profile.expertSource": "ELIG-2",
    "profile.categories": "ELIG-3",
    "profile.maxKms": "ELIG-4",
    "profile.lat": "ELIG-4",
    "profile.lng": "ELIG-4",
    "job.ReqID": "ELIG-9",
    "job.CatID": "ELIG-3",
    "job.exclusive": "ELIG-2",
    "job.lat": "ELIG-4",
    "job.lng": "ELIG-4",
    "job.BlockedXP": "ELIG-5",
    "job.BlockedXP.userID": "MSG-15",
    "job.Delay": "ELIG-6",
}
INDEXABLE = {"profile.categories", "job.BlockedXP", "job.BlockedXP.userID"}


def check_file(path: Path, validator: Any, well_formed: Any, report: Report,
               seen: dict[str, str], tally: dict[str, list[int]]) -> int:
    file = VectorFile.read(path, report)
    if file is None:
        return 0
    if file.schema_errors(validator, report):
        return len(file.cases)
    file.check_form(report)
    if len(file.document["description"]) > MAX_DESCRIPTION:
        report.add(file.name, f"file description longer than {MAX_DESCRIPTION} characters")

    for here, case in file.each_case(report, seen):
        if len(case["description"]) > MAX_DESCRIPTION:
            report.add(here, f"description longer than {MAX_DESCRIPTION} characters "
                             f"({len(case['description'])})")

        case_input = case["input"]
        expect = case["expect"]
        decidable = well_formed.is_valid(case_input) and not float_ids(case_input)
        if "invalid" in expect:
            check_invalid(here, case, decidable, report)
            requirement = expect["invalid"]["requirement"]
            tally[requirement][1] += 1
            if requirement != "ELIG-9":
                tally["ELIG-9"][1] += 1
        else:
            check_decision(here, case, decidable, report)
            for rule in RULES:
                tally[rule][1 if rule in expect["failed"] else 0] += 1
            tally["ELIG-9"][0] += 1
            if isinstance(case_input["job"].get("BlockedXP"), dict):
                tally["MSG-15"][0] += 1  # the object form read, not refused
    return len(file.cases)


def float_ids(case_input: dict) -> list[Any]:
    """The ids of an input written as numbers with a fraction or an exponent (`9.0`, `1e1`).

    JSON Schema counts 9.0 as an integer, so wellFormedInput accepts it; ELIG-2 and ELIG-9 do
    not (an integer id is an integer literal), and Python reads such a literal as a float."""
    profile, job = case_input.get("profile"), case_input.get("job")
    ids: list[Any] = []
    if isinstance(profile, dict):
        ids += [profile.get("userID"), profile.get("expertSource")]
        ids += profile.get("categories") if isinstance(profile.get("categories"), list) else []
    if isinstance(job, dict):
        ids += [job.get("CatID"), job.get("exclusive")]
        blocked = job.get("BlockedXP")
        if isinstance(blocked, dict):
            blocked = blocked.get("userID")
        ids += blocked if isinstance(blocked, list) else []
    return [value for value in ids if isinstance(value, float)]


def check_invalid(here: str, case: dict, decidable: bool, report: Report) -> None:
    invalid = case["expect"]["invalid"]
    field, requirement = invalid["field"], invalid["requirement"]
    if decidable:
        report.add(here, "expects invalid, but the input matches the schema's wellFormedInput")
    named = "ELIG-9" if requirement == "ELIG-9" else ["ELIG-9", requirement]
    if case["requirement"] != named:
        report.add(here, f"requirement {case['requirement']} should be {named}: a malformed input breaks ELIG-9, "
                         f"and its field feeds expect.invalid.requirement {requirement}")
    base = re.sub(r"\[\d+\]$", "", field)
    if base not in FIELD_REQUIREMENT:
        report.add(here, f"unknown field {field!r}")
    elif FIELD_REQUIREMENT[base] != requirement:
        report.add(here, f"field {field} belongs to {FIELD_REQUIREMENT[base]}, not {requirement}")
    elif base != field and base not in INDEXABLE:
        report.add(here, f"field {field} is not an array")


def check_decision(here: str, case: dict, decidable: bool, report: Report) -> None:
    expect = case["expect"]
    if not decidable:
        report.add(here, "expects a decision, but the input does not match the schema's wellFormedInput")
        return
    failed = expect["failed"]
    if failed != sorted(failed, key=requirement_key):
        report.add(here, f"failed {failed} is not sorted ascending")
    if expect["eligible"] != (not failed):
        report.add(here, "eligible must be true exactly when failed is empty")
    case_input = case["input"]
    delay = case_input["job"].get("Delay", 0)
    want = int(case_input["receivedAt"]) + int(delay) * 1000
    if expect["showAt"] != want:
        report.add(here, f"showAt {expect['showAt']} is not receivedAt + Delay*1000 = {want}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, default=VECTORS / "eligibility",
                        help="directory of vector files (default: Vectors/eligibility)")
    parser.add_argument("--schema", type=Path,
                        default=VECTORS / "schemas" / "eligibility-vectors.schema.json",
                        help="schema of the vector format")
    args = parser.parse_args()

    validator_class, schema = load_validator(args.schema)
    validator = validator_class(schema)
    well_formed = definition_validator(validator_class, schema, "wellFormedInput")

    report = Report()
    tally = {req: [0, 0] for req in COVERED}
    check_vector_files(args.vectors, report, lambda path, seen: check_file(path, validator, well_formed, report, seen, tally))

    for req, (passing, failing) in tally.items():
        if passing == 0:
            report.add("coverage", f"no case passes {req}")
        if failing == 0:
            report.add("coverage", f"no case fails {req}")

    print("requirement  passing  failing")
    for req, (passing, failing) in tally.items():
        print(f"  {req:<10} {passing:7d} {failing:8d}")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
