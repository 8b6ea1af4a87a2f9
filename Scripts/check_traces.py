#!/usr/bin/env python3
"""Check Vectors/traces/: every line against the trace schema, the manifest, and rule coverage.

Usage:  python3 Scripts/check_traces.py [--traces DIR] [--schema FILE]

  * line 1 of every trace validates against #/$defs/header of Vectors/schemas/trace.schema.json,
    every other line against #/$defs/event (needs the `jsonschema` package); every line ends
    with a newline;
  * Vectors/traces/manifest.json lists every trace exactly once, with a role, a short
    description and the requirement ids expected to fail: none for good/, at least one for bad/,
    each an id of Vectors/requirements.json; the header's roles match the manifest's role;
  * coverage: every requirement of the FLOW, ALERT, TIME, ELIG, DISC, OFFL and AUTH areas (but
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

try:
    import jsonschema
except ImportError:
    print("check_traces.py needs the Python package 'jsonschema' "
          "(install it with: python3 -m pip install jsonschema)", file=sys.stderr)
    sys.exit(2)

AREAS = ("FLOW", "ALERT", "TIME", "ELIG", "DISC", "OFFL", "AUTH")
# OFFL-15 is about refusing a malformed scenario input: a trace has none, so the offline vectors judge it.
NOT_IN_TRACES = {"OFFL-15"}
ROLES = {"client": ["client"], "worker": ["worker"], "backend": ["backend"],
         "apps": ["client", "worker"], "all": ["client", "worker", "backend"]}
MAX_DESCRIPTION = 120


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=Path, default=root / "Vectors" / "traces")
    parser.add_argument("--schema", type=Path, default=root / "Vectors" / "schemas" / "trace.schema.json")
    args = parser.parse_args()

    try:
        schema = json.loads(args.schema.read_text(encoding="utf-8"))
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
    except (OSError, json.JSONDecodeError, jsonschema.SchemaError) as error:
        print(f"{args.schema}: unusable schema: {error}", file=sys.stderr)
        return 2
    header_validator = validator_class({"$defs": schema["$defs"], "$ref": "#/$defs/header"})
    event_validator = validator_class({"$defs": schema["$defs"], "$ref": "#/$defs/event"})

    problems: list[str] = []
    requirements = {r["id"] for r in json.loads((root / "Vectors" / "requirements.json").read_text(encoding="utf-8"))["requirements"]}

    # Every line of every trace.
    files = sorted(p for p in args.traces.rglob("*.jsonl"))
    lines_checked = 0
    headers: dict[str, dict] = {}
    for path in files:
        name = str(path.relative_to(args.traces))
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            problems.append(f"{name}: the last line has no newline")
        for number, line in enumerate(text.splitlines(), start=1):
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                problems.append(f"{name}:{number}: invalid JSON: {error}")
                continue
            validator = header_validator if number == 1 else event_validator
            for error in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
                where = "/".join(map(str, error.absolute_path)) or "(line)"
                problems.append(f"{name}:{number}: {where}: {error.message}")
            if number == 1 and isinstance(value, dict):
                headers[name] = value
            lines_checked += 1

    # The manifest.
    manifest_path = args.traces / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))["traces"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as error:
        problems.append(f"manifest.json: unreadable: {error}")
        manifest = []
    listed = Counter(entry.get("file") for entry in manifest)
    for name, count in listed.items():
        if count > 1:
            problems.append(f"manifest.json: {name} is listed {count} times")
    on_disk = {str(p.relative_to(args.traces)) for p in files}
    for name in sorted(on_disk - set(listed)):
        problems.append(f"{name}: not listed in manifest.json")
    exact: Counter[str] = Counter()
    for entry in manifest:
        name = entry.get("file", "?")
        if name not in on_disk:
            problems.append(f"manifest.json: {name} does not exist")
            continue
        expect = entry.get("expect")
        role = entry.get("role")
        description = entry.get("description", "")
        if not isinstance(expect, list) or not all(isinstance(e, str) for e in expect):
            problems.append(f"manifest.json: {name}: expect must be a list of requirement ids")
            continue
        for requirement in expect:
            if requirement not in requirements:
                problems.append(f"manifest.json: {name}: {requirement} is not a requirement of Docs/PROTOCOL.md")
        if name.startswith("good/") and expect:
            problems.append(f"manifest.json: {name}: a good trace expects no failure")
        if name.startswith("bad/") and not expect:
            problems.append(f"manifest.json: {name}: a bad trace must expect at least one failure")
        if len(expect) == 1:
            exact[expect[0]] += 1
        if role not in ROLES:
            problems.append(f"manifest.json: {name}: role must be one of {', '.join(ROLES)}")
        elif name in headers and headers[name].get("roles") != ROLES[role]:
            problems.append(f"{name}:1: roles {headers[name].get('roles')} do not match the manifest's role {role}")
        if not description or len(description) > MAX_DESCRIPTION:
            problems.append(f"manifest.json: {name}: description must have 1 to {MAX_DESCRIPTION} characters")

    # Coverage: two bad traces per rule, each tripping only it.
    wanted = sorted((r for r in requirements if r.split("-")[0] in AREAS and r not in NOT_IN_TRACES),
                    key=lambda r: (r.split("-")[0], int(r.split("-")[1])))
    for requirement in wanted + sorted(set(exact) - set(wanted)):
        if exact[requirement] < 2:
            problems.append(f"coverage: {requirement} has {exact[requirement]} bad traces that trip only it; it needs 2")

    # The offline workflow is recorded by both apps.
    for role in ("client", "worker"):
        if not any(e.get("file", "").startswith("good/offline-") and e.get("role") == role for e in manifest):
            problems.append(f"coverage: no good offline workflow trace of the {role} app")
    for name in sorted(exact):
        if name in NOT_IN_TRACES:
            problems.append(f"coverage: {name} is not judged from traces, yet a bad trace expects it")

    # Reproducibility.
    sys.path.insert(0, str(root / "Scripts"))
    import generate_traces  # noqa: E402
    generated = generate_traces.build_all()
    for name, text in generated.items():
        path = args.traces / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            problems.append(f"{name}: differs from what Scripts/generate_traces.py writes; regenerate it")
    for name in sorted(on_disk - set(generated)):
        problems.append(f"{name}: not written by Scripts/generate_traces.py")

    good = sum(1 for n in on_disk if n.startswith("good/"))
    print(f"{len(files)} traces ({good} good, {len(files) - good} bad), {lines_checked} lines valid against the schema")
    print(f"{len(wanted)} requirements of {', '.join(AREAS)} each tripped alone by >= 2 bad traces" if not any(p.startswith("coverage") for p in problems) else "coverage incomplete")
    if problems:
        print(f"\n{len(problems)} problem(s):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
