"""What the Python scripts of Scripts/ share, so that each piece is written once: the checkout's
paths, the vector files' canonical text, requirement ids, the ELIG-4 distance, loading a module
by path, schema validators, and the problem report every checker ends with.

Python 3.11, standard library only; `jsonschema` is imported by the checkers that need it
(require_jsonschema), so the generators run without it.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "Vectors"

# A vector id: the feature (the file's name), then dot-separated lower-case words.
ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")


# ---- files and modules --------------------------------------------------------------------------

def canonical_json(document: Any) -> str:
    """The text of a vector or catalogue file: 2-space indent, UTF-8 unescaped, one trailing newline.

    The generators write exactly this, and the checkers refuse a file that is not it, so a
    regenerated file never differs from a hand-edited one by formatting alone."""
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def load_module(path: Path, name: str) -> ModuleType:
    """The Python file at `path` as a module named `name` (the example adapters are not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- requirements -------------------------------------------------------------------------------

def requirement_key(requirement: str) -> tuple[str, int]:
    """Sorts ids as PROTOCOL.md numbers them: by area, then by number (FLOW-2 before FLOW-10)."""
    area, number = requirement.split("-")
    return area, int(number)


def requirement_area(requirement: str) -> str:
    """The area of an id: FLOW for FLOW-7."""
    return requirement.split("-")[0]


def load_requirements(path: Path = VECTORS / "requirements.json") -> list[dict]:
    """The catalogue Scripts/extract_requirements.py writes from Docs/PROTOCOL.md."""
    return json.loads(path.read_text(encoding="utf-8"))["requirements"]


def awaiting_judge(path: Path = VECTORS / "requirements-awaiting-judge.txt") -> dict[str, str]:
    """The requirements nothing judges yet, by id, with the reason the list gives.

    The list is the one place that says a requirement may lack its judge for now (`jobwire
    requirements` fails when an entry goes stale), so the coverage checks of the vector and trace
    scripts leave these ids out instead of keeping exceptions of their own."""
    entries: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        text, _, reason = line.partition("#")
        if text.strip():
            entries[text.split()[0]] = reason.strip()
    return entries


def repeated(values: Iterable[str]) -> list[str]:
    """The values that occur more than once, sorted."""
    seen: set[str] = set()
    twice: set[str] = set()
    for value in values:
        (twice if value in seen else seen).add(value)
    return sorted(twice)


# ---- the ELIG-4 distance ------------------------------------------------------------------------

EARTH_RADIUS_KM = 6371.0
DISTANCE_TOLERANCE_KM = 1e-6


def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """The great-circle distance of ELIG-4 in km, in PROTOCOL.md's well-conditioned form.

    a = s² + t² is the haversine of the central angle and 1 − a = u² + v² its complement, each a
    sum of squares computed from the half angles, so neither is found by subtracting from 1: the
    result is within 1e-10 km of the exact distance everywhere, the antipodes included, where
    2R·asin(√a) loses up to 0.27 m (Scripts/check_distance.py measures both)."""
    half_d_phi = math.radians(lat2 - lat1) / 2
    half_sum_phi = math.radians(lat1 + lat2) / 2
    half_d_lambda = math.radians(lng2 - lng1) / 2
    sin_l, cos_l = math.sin(half_d_lambda), math.cos(half_d_lambda)
    s = math.sin(half_d_phi) * cos_l
    t = math.cos(half_sum_phi) * sin_l
    u = math.cos(half_d_phi) * cos_l
    v = math.sin(half_sum_phi) * sin_l
    return 2 * EARTH_RADIUS_KM * math.atan2(math.sqrt(s * s + t * t), math.sqrt(u * u + v * v))


# ---- reports ------------------------------------------------------------------------------------

class Report:
    """The problems a checker found, each with where it is, printed the same way by every checker."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def finish(self, ok: str = "ok") -> int:
        """Prints the problems to stderr and returns 1, or prints `ok` and returns 0."""
        if self.problems:
            print(f"\n{len(self.problems)} problem(s):", file=sys.stderr)
            for problem in self.problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
        print(ok)
        return 0


# ---- JSON Schema --------------------------------------------------------------------------------

def require_jsonschema(script: str) -> ModuleType:
    """The `jsonschema` package, or exit status 2 with how to install it."""
    try:
        import jsonschema
    except ImportError:
        print(f"{script} needs the Python package 'jsonschema' "
              "(install it with: python3 -m pip install jsonschema)", file=sys.stderr)
        sys.exit(2)
    return jsonschema


def load_validator(path: Path) -> tuple[Any, dict]:
    """The validator class a schema file asks for, checked, and the schema; exit status 2 when unusable.

    Call require_jsonschema first, so that a missing package is reported as such."""
    import jsonschema
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
    except (OSError, json.JSONDecodeError, jsonschema.SchemaError) as error:
        print(f"{path}: unusable schema: {error}", file=sys.stderr)
        sys.exit(2)
    return validator_class, schema


def definition_validator(validator_class: Any, schema: dict, name: str) -> Any:
    """A validator for `#/$defs/NAME` of `schema` alone (a trace header, a well-formed input)."""
    return validator_class({"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"})


def json_path(parts: Iterable[Any]) -> str:
    """A schema error's location as `$.cases[3].expect`."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


# ---- vector files -------------------------------------------------------------------------------

class VectorFile:
    """One file of a vector suite (Vectors/eligibility/*.json, Vectors/offline/*.json) and the
    checks every suite's files share: readable JSON, the schema, the canonical text, the feature
    named like the file, and ids that match ID_PATTERN, start with the feature and are unique."""

    def __init__(self, path: Path, text: str, document: Any) -> None:
        self.path, self.name, self.text, self.document = path, path.name, text, document
        cases = document.get("cases") if isinstance(document, dict) else None
        self.cases: list = cases if isinstance(cases, list) else []

    @classmethod
    def read(cls, path: Path, report: Report) -> VectorFile | None:
        """The file, or None after reporting why it is not JSON."""
        try:
            text = path.read_text(encoding="utf-8")
            return cls(path, text, json.loads(text))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            report.add(path.name, f"cannot read JSON: {error}")
            return None

    def where(self, index: int | None) -> str:
        """`file: case-id` for a case, the file's name alone for the file."""
        cases = self.cases
        if index is not None and index < len(cases) and isinstance(cases[index], dict):
            return f"{self.name}: {cases[index].get('id', f'cases[{index}]')}"
        return self.name if index is None else f"{self.name}: cases[{index}]"

    def schema_errors(self, validator: Any, report: Report, limit: int | None = None) -> bool:
        """Reports every schema error (its message cut to `limit` characters); True when any."""
        errors = sorted(validator.iter_errors(self.document), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors:
            parts = list(error.absolute_path)
            index = parts[1] if len(parts) > 1 and parts[0] == "cases" and isinstance(parts[1], int) else None
            report.add(self.where(index), f"schema: {error.message[:limit]} (at {json_path(parts)})")
        return bool(errors)

    def check_form(self, report: Report) -> None:
        """The canonical text, and the feature named like the file."""
        try:
            canonical = self.text == canonical_json(self.document)
        except ValueError:  # NaN or an infinity: no vector file may hold one
            canonical = False
        if not canonical:
            report.add(self.name, "not in canonical formatting (2-space indent, one trailing newline); regenerate it")
        if self.path.stem != self.document["feature"]:
            report.add(self.name, f"feature {self.document['feature']!r} does not match the file name")

    def each_case(self, report: Report, seen: dict[str, str]) -> Iterator[tuple[str, dict]]:
        """Every case with its `where`, after checking its id; `seen` maps ids to their files across a suite."""
        feature = self.document["feature"]
        for index, case in enumerate(self.cases):
            here = self.where(index)
            case_id = case["id"]
            if not ID_PATTERN.match(case_id):
                report.add(here, f"id does not match {ID_PATTERN.pattern}")
            if not case_id.startswith(feature + "."):
                report.add(here, f"id does not start with the feature name {feature!r}")
            if case_id in seen:
                report.add(here, f"duplicate id, first used in {seen[case_id]}")
            seen.setdefault(case_id, self.name)
            yield here, case


def check_vector_files(directory: Path, report: Report, check_file: Callable[[Path, dict[str, str]], int]) -> int:
    """Runs `check_file(path, seen)` on every *.json of a suite's directory in name order, printing
    each file's case count and the total; `seen` maps ids to their files across the suite.
    Returns the number of cases."""
    files = sorted(directory.glob("*.json"))
    if not files:
        report.add(str(directory), "no vector files")
    seen: dict[str, str] = {}
    total = 0
    for path in files:
        count = check_file(path, seen)
        total += count
        print(f"  {path.name:<16} {count:4d} cases")
    print(f"{total} cases in {len(files)} files")
    return total


def explain_known_failures(cases: list[dict], passes: Callable[[Any, dict], bool], correct: Any, wrong: Any,
                           per_bug: list[tuple[str, str, Any]], header: list[str], width: int) -> list[str]:
    """The known-failures lines of a wrong example adapter: `header`, then one line per case the
    `wrong` implementation fails, naming each bug (marker, what it does, the implementation with
    that bug alone) that fails it too. Exits naming the problems when the `correct` implementation
    fails a case, or when a failure needs a combination of bugs to happen."""
    lines, problems = list(header), []
    for case in cases:
        if not passes(correct, case):
            problems.append(f"{case['id']}: the correct adapter fails it")
        if passes(wrong, case):
            continue
        reasons = [f"{marker} {what}" for marker, what, alone in per_bug if not passes(alone, case)]
        if not reasons:
            problems.append(f"{case['id']}: fails only through a combination of bugs")
        lines.append(f"{case['id']:<{width}} # {'; '.join(reasons)}")
    if problems:
        sys.exit("\n".join(problems))
    return lines


def write_or_check(path: Path, lines: list[str], header_lines: int, check: bool, script: str) -> int:
    """Writes `lines` to `path`, or with `check` compares and returns 1 when the file differs; says
    how many entries (lines after the first `header_lines`) it holds."""
    content = "\n".join(lines) + "\n"
    count = len(lines) - header_lines
    if check:
        if path.read_text(encoding="utf-8") != content:
            print(f"{path} is out of date; run {script}", file=sys.stderr)
            return 1
        print(f"{path.name} is up to date: {count} known failures")
        return 0
    path.write_text(content, encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {count} known failures")
    return 0
