#!/usr/bin/env python3
"""Check Vectors/traces/: every line against the trace schema, the manifest, and rule coverage.

Usage:  python3 Scripts/check_traces.py [--traces DIR] [--schema FILE]

  * line 1 of every trace validates against #/$defs/header of Vectors/schemas/trace.schema.json,
    every other line against #/$defs/event (needs the `jsonschema` package); every line ends
    with a newline;
  * Vectors/traces/manifest.json lists every trace exactly once, with a role, a short
    description and the requirement ids expected to fail: none for good/, at least one for bad/,
    each an id of Vectors/requirements.json; the header's roles match the manifest's role;
  * coverage: every requirement of the FLOW, ALERT, TIME, ELIG, DISC, OFFL, AUTH and FIX areas (but
    OFFL-15, which only the `offline` vectors can judge), and every id a bad trace expects, has at
    least two bad traces that expect exactly it; the offline workflow has good traces of both apps;
  * the files are exactly what Scripts/generate_traces.py writes.

That each bad trace trips exactly its rules is checked by the Swift tests, which run the checker.

Exit status: 0 when everything holds, 1 on any problem (each printed with its file and line),
2 when jsonschema is not installed or the schema is unusable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import generate_traces
from jobwirelib import (VECTORS, Report, awaiting_judge, definition_validator, load_requirements, load_validator,
                        require_jsonschema, requirement_area, requirement_key)

require_jsonschema("check_traces.py")

AREAS = ("FLOW", "ALERT", "TIME", "ELIG", "DISC", "OFFL", "AUTH", "FIX")
# OFFL-15 is about refusing a malformed scenario input: a trace has none, so the offline vectors judge it.
NOT_IN_TRACES = {"OFFL-15"}
ROLES = {"client": ["client"], "worker": ["worker"], "backend": ["backend"],
         "apps": ["client", "worker"], "all": ["client", "worker", "backend"]}
MAX_DESCRIPTION = 120


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=Path, default=VECTORS / "traces")
    parser.add_argument("--schema", type=Path, default=VECTORS / "schemas" / "trace.schema.json")
    args = parser.parse_args()

    validator_class, schema = load_validator(args.schema)
    header_validator = definition_validator(validator_class, schema, "header")
    event_validator = definition_validator(validator_class, schema, "event")

    report = Report()
    requirements = {r["id"] for r in load_requirements()}

    # Every line of every trace.
    files = sorted(p for p in args.traces.rglob("*.jsonl"))
    lines_checked = 0
    headers: dict[str, dict] = {}
    for path in files:
        name = str(path.relative_to(args.traces))
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            report.add(name, "the last line has no newline")
        for number, line in enumerate(text.splitlines(), start=1):
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                report.add(f"{name}:{number}", f"invalid JSON: {error}")
                continue
            validator = header_validator if number == 1 else event_validator
            for error in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
                where = "/".join(map(str, error.absolute_path)) or "(line)"
                report.add(f"{name}:{number}", f"{where}: {error.message}")
            if number == 1 and isinstance(value, dict):
                headers[name] = value
            lines_checked += 1

    # The manifest.
    manifest_path = args.traces / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))["traces"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as error:
        report.add("manifest.json", f"unreadable: {error}")
        manifest = []
    listed = Counter(entry.get("file") for entry in manifest)
    for name, count in listed.items():
        if count > 1:
            report.add("manifest.json", f"{name} is listed {count} times")
    on_disk = {str(p.relative_to(args.traces)) for p in files}
    for name in sorted(on_disk - set(listed)):
        report.add(name, "not listed in manifest.json")
    exact: Counter[str] = Counter()
    for entry in manifest:
        name = entry.get("file", "?")
        if name not in on_disk:
            report.add("manifest.json", f"{name} does not exist")
            continue
        expect = entry.get("expect")
        role = entry.get("role")
        description = entry.get("description", "")
        if not isinstance(expect, list) or not all(isinstance(e, str) for e in expect):
            report.add("manifest.json", f"{name}: expect must be a list of requirement ids")
            continue
        for requirement in expect:
            if requirement not in requirements:
                report.add("manifest.json", f"{name}: {requirement} is not a requirement of Docs/PROTOCOL.md")
        if name.startswith("good/") and expect:
            report.add("manifest.json", f"{name}: a good trace expects no failure")
        if name.startswith("bad/") and not expect:
            report.add("manifest.json", f"{name}: a bad trace must expect at least one failure")
        if len(expect) == 1:
            exact[expect[0]] += 1
        if role not in ROLES:
            report.add("manifest.json", f"{name}: role must be one of {', '.join(ROLES)}")
        elif name in headers and headers[name].get("roles") != ROLES[role]:
            report.add(f"{name}:1", f"roles {headers[name].get('roles')} do not match the manifest's role {role}")
        if not description or len(description) > MAX_DESCRIPTION:
            report.add("manifest.json", f"{name}: description must have 1 to {MAX_DESCRIPTION} characters")

    # Coverage: two bad traces per rule, each tripping only it.
    waiting = set(awaiting_judge())
    wanted = sorted((r for r in requirements if requirement_area(r) in AREAS and r not in NOT_IN_TRACES | waiting),
                    key=requirement_key)
    for requirement in wanted + sorted(set(exact) - set(wanted)):
        if exact[requirement] < 2:
            report.add("coverage", f"{requirement} has {exact[requirement]} bad traces that trip only it; it needs 2")

    # The offline workflow is recorded by both apps.
    for role in ("client", "worker"):
        if not any(e.get("file", "").startswith("good/offline-") and e.get("role") == role for e in manifest):
            report.add("coverage", f"no good offline workflow trace of the {role} app")
    for name in sorted(exact):
        if name in NOT_IN_TRACES:
            report.add("coverage", f"{name} is not judged from traces, yet a bad trace expects it")

    # Reproducibility.
    generated = generate_traces.build_all()
    for name, text in generated.items():
        path = args.traces / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            report.add(name, "differs from what Scripts/generate_traces.py writes; regenerate it")
    for name in sorted(on_disk - set(generated)):
        report.add(name, "not written by Scripts/generate_traces.py")

    good = sum(1 for n in on_disk if n.startswith("good/"))
    print(f"{len(files)} traces ({good} good, {len(files) - good} bad), {lines_checked} lines valid against the schema")
    print(f"{len(wanted)} requirements of {', '.join(AREAS)} each tripped alone by >= 2 bad traces" if not any(p.startswith("coverage") for p in report.problems) else "coverage incomplete")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
