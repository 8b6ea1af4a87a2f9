#!/usr/bin/env python3
"""Regenerate Vectors/requirements.json from Docs/PROTOCOL.md.

Docs/PROTOCOL.md is the source of truth; requirements.json is its machine-readable
mirror, so the two must never drift. This script reads the document, checks its format
strictly and writes (or, with --check, compares) the JSON.

The format it accepts, per requirement:

    ### ELIG-4 · MUST · worker app
    The worker app MUST ... (one sentence, one line, with the heading's keyword).

    > "verbatim seed text" (seed 000)

    Decision: optional, one paragraph.

    Judge: none. optional, one line: why nothing in the kit can judge it.

Requirements live in `## AREA — Title` sections, one per area, in the order of AREAS.
Any format error is reported as FILE:LINE: message and the script exits 2.
With --check it exits 1 when requirements.json differs from what it would write.

When the seed documents are found (--seeds DIR, or Docs/seeds in the
repository) every quote is also checked to appear verbatim in its seed, whitespace
runs being read as one space.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from jobwirelib import canonical_json

AREAS = [
    "MSG", "REST", "FLOW", "VIEW", "ALERT", "TIME",
    "ELIG", "DISC", "STATE", "OFFL", "AUTH", "TASK", "FIX",
]
ROLES = ["client app", "worker app", "backend"]
LEVELS = ["MUST", "SHOULD"]
SEEDS = ["000", "001", "002"]
MAX_QUOTE = 320

AREA_HEADING = re.compile(r"^## ([A-Z]+) \u2014 (\S.*)$")
LOOKS_LIKE_AREA = re.compile(r"^## [A-Z]+ ?[\u2014-]")
REQ_HEADING = re.compile(r"^### ([A-Z]+)-([1-9][0-9]*) \u00b7 (MUST|SHOULD) \u00b7 (\S.*\S)$")
LOOKS_LIKE_REQ = re.compile(r"^###\s+[A-Z]+-[0-9]+")
QUOTE = re.compile(r'^> "(\S.*\S|\S)" \(seed ([0-9]{3})\)$')
JUDGE_NONE = re.compile(r"^Judge: none\. (\S.*\S|\S)$")
CODE_SPAN = re.compile(r"`[^`]*`")
SENTENCE_BREAK = re.compile(r"[.!?](?=\s)")
OTHER_KEYWORDS = re.compile(r"\b(MAY|SHALL|REQUIRED|RECOMMENDED|OPTIONAL)\b")
ID_REFERENCE = re.compile(r"\b(" + "|".join(AREAS) + r")-([0-9]+)\b")


@dataclass
class Requirement:
    id: str
    area: str
    level: str
    roles: list[str]
    line: int
    body: list[tuple[int, str]] = field(default_factory=list)
    sentence: str = ""
    quote: str = ""
    seed: str = ""
    decision: str | None = None
    judge_none: str | None = None

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "area": self.area,
            "level": self.level,
            "roles": self.roles,
            "sentence": self.sentence,
            "quote": self.quote,
            "seed": self.seed,
            "decision": self.decision,
            "judgeNone": self.judge_none,
        }


class Parser:
    def __init__(self, path: Path, display: str):
        self.path = path
        self.display = display
        self.errors: list[str] = []
        self.requirements: list[Requirement] = []
        self.seen_ids: dict[str, int] = {}
        self.references: list[tuple[int, str]] = []

    def error(self, line: int, message: str) -> None:
        self.errors.append(f"{self.display}:{line}: {message}")

    # -- document structure ------------------------------------------------------

    def parse(self) -> list[Requirement]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            self.errors.append(f"{self.display}: cannot read: {exc.strerror}")
            return []
        lines = text.split("\n")

        area: str | None = None           # area of the current section, None outside areas
        area_line = 0
        area_index = -1                   # index in AREAS of the last area section seen
        intro_lines: list[str] = []
        area_count = 0
        current: Requirement | None = None
        in_fence = False
        fence_line = 0

        def close_area(end_line: int) -> None:
            nonlocal area
            if area is None:
                return
            if not any(l.strip() for l in intro_lines):
                self.error(area_line, f"area {area} has no introduction before its first requirement")
            if area_count == 0:
                self.error(area_line, f"area {area} has no requirements")
            area = None

        for number, line in enumerate(lines, start=1):
            if line.startswith("```"):
                if area is not None:
                    self.error(number, "code fences are not allowed inside an area section")
                in_fence = not in_fence
                fence_line = number
                continue
            if in_fence:
                continue
            for match in ID_REFERENCE.finditer(line):
                self.references.append((number, f"{match.group(1)}-{match.group(2)}"))

            if line.startswith("## ") or line == "##":
                if current is not None:
                    self.finish(current)
                    current = None
                close_area(number)
                match = AREA_HEADING.match(line)
                if match and match.group(1) in AREAS:
                    name = match.group(1)
                    expected = AREAS[area_index + 1] if area_index + 1 < len(AREAS) else None
                    if name != expected:
                        where = f"expected {expected}" if expected else "all areas were already given"
                        self.error(number, f"area {name} out of order or repeated; {where} (order: {', '.join(AREAS)})")
                    if name in AREAS[area_index + 1:]:
                        area_index = AREAS.index(name)
                    area, area_line, area_count, intro_lines = name, number, 0, []
                elif match or LOOKS_LIKE_AREA.match(line):
                    self.error(number, f"unknown area heading {line!r}; areas are {', '.join(AREAS)} written '## AREA \u2014 Title'")
                elif 0 <= area_index < len(AREAS) - 1:
                    self.error(number, f"section {line[3:].strip()!r} comes between area sections; put it before {AREAS[0]} or after {AREAS[-1]}")
                continue

            if line.startswith("#") and not line.startswith("###"):
                if area is not None or current is not None:
                    self.error(number, "only '## ' and '### ' headings may follow inside an area section")
                continue

            if line.startswith("###"):
                if area is None:
                    if LOOKS_LIKE_REQ.match(line):
                        self.error(number, "requirement heading outside an area section")
                    continue
                if current is not None:
                    self.finish(current)
                    current = None
                current = self.start(number, line, area, area_count)
                if current is not None:
                    area_count += 1
                else:
                    area_count += 1  # keep counting so one bad heading does not cascade
                continue

            if current is not None:
                current.body.append((number, line))
            elif area is not None:
                intro_lines.append(line)

        if current is not None:
            self.finish(current)
        close_area(len(lines))
        if in_fence:
            self.error(fence_line, "code fence is never closed")
        if area_index < len(AREAS) - 1:
            missing = ", ".join(AREAS[area_index + 1:])
            self.error(len(lines), f"missing area sections: {missing}")
        self.check_references()
        self.check_seed_coverage(len(lines))
        return self.requirements

    # -- one requirement ---------------------------------------------------------

    def start(self, number: int, line: str, area: str, count: int) -> Requirement | None:
        match = REQ_HEADING.match(line)
        if not match:
            self.error(number, "requirement heading must read '### AREA-N \u00b7 MUST|SHOULD \u00b7 role[, role]' "
                               "with ' \u00b7 ' (middle dot) separators")
            return None
        req_area, n, level, roles_text = match.groups()
        req_id = f"{req_area}-{n}"
        ok = True
        if req_area != area:
            self.error(number, f"{req_id} is in the {area} section; ids must use their section's prefix")
            ok = False
        if req_id in self.seen_ids:
            self.error(number, f"duplicate id {req_id} (first at line {self.seen_ids[req_id]})")
            ok = False
        elif int(n) != count + 1:
            self.error(number, f"{req_id} breaks the numbering of {area}; expected {area}-{count + 1}")
            ok = False
        self.seen_ids.setdefault(req_id, number)
        roles = [r.strip() for r in roles_text.split(",")]
        if roles_text != ", ".join(roles):
            self.error(number, "roles must be separated by ', '")
            ok = False
        for role in roles:
            if role not in ROLES:
                self.error(number, f"unknown role {role!r}; roles are {', '.join(ROLES)}")
                ok = False
        if len(set(roles)) != len(roles):
            self.error(number, "a role is listed twice")
            ok = False
        requirement = Requirement(id=req_id, area=req_area, level=level, roles=roles, line=number)
        if ok:
            self.requirements.append(requirement)
        return requirement

    def finish(self, req: Requirement) -> None:
        paragraphs: list[list[tuple[int, str]]] = []
        block: list[tuple[int, str]] = []
        for number, line in req.body:
            if line.strip():
                if line != line.rstrip():
                    self.error(number, "trailing whitespace")
                block.append((number, line))
            elif block:
                paragraphs.append(block)
                block = []
        if block:
            paragraphs.append(block)

        if not paragraphs:
            self.error(req.line, f"{req.id} has no sentence")
            return
        self.check_sentence(req, paragraphs[0])
        if len(paragraphs) < 2:
            self.error(paragraphs[0][-1][0], f"{req.id} has no seed quote ('> \"...\" (seed NNN)')")
        else:
            self.check_quote(req, paragraphs[1])
        rest = paragraphs[2:]
        if rest and not rest[0][0][1].startswith("Judge:"):
            self.check_decision(req, rest[0])
            rest = rest[1:]
        if rest and rest[0][0][1].startswith("Judge:"):
            self.check_judge(req, rest[0])
            rest = rest[1:]
        for extra in rest:
            self.error(extra[0][0], f"{req.id} has an unexpected paragraph; a requirement is a sentence, a quote, "
                                    "an optional Decision and an optional 'Judge: none. reason' line, in this order")

    def check_sentence(self, req: Requirement, paragraph: list[tuple[int, str]]) -> None:
        number, text = paragraph[0]
        if len(paragraph) > 1:
            self.error(paragraph[1][0], f"{req.id}: the sentence must be on one line")
        if text.startswith(">") or text.startswith("Decision:"):
            self.error(number, f"{req.id}: the first paragraph must be the requirement sentence")
            return
        if text.count("`") % 2:
            self.error(number, f"{req.id}: unbalanced backticks in the sentence")
            return
        plain = CODE_SPAN.sub("CODE", text)
        if not plain.endswith("."):
            self.error(number, f"{req.id}: the sentence must end with a period")
        breaks = [m.start() for m in SENTENCE_BREAK.finditer(plain)]
        if breaks:
            self.error(number, f"{req.id}: exactly one sentence is allowed; found a break after {plain[max(0, breaks[0] - 20):breaks[0] + 1]!r}")
        has_must = re.search(r"\bMUST\b", plain) is not None
        has_should = re.search(r"\bSHOULD\b", plain) is not None
        if req.level == "MUST" and (not has_must or has_should):
            self.error(number, f"{req.id}: a MUST requirement's sentence must say MUST and not SHOULD")
        if req.level == "SHOULD" and (not has_should or has_must):
            self.error(number, f"{req.id}: a SHOULD requirement's sentence must say SHOULD and not MUST")
        other = OTHER_KEYWORDS.search(plain)
        if other:
            self.error(number, f"{req.id}: only MUST and SHOULD are used; found {other.group(1)}")
        req.sentence = text

    def check_quote(self, req: Requirement, paragraph: list[tuple[int, str]]) -> None:
        number, text = paragraph[0]
        if len(paragraph) > 1:
            self.error(paragraph[1][0], f"{req.id}: the seed quote must be one line")
        match = QUOTE.match(text)
        if not match:
            self.error(number, f"{req.id}: the second paragraph must be '> \"verbatim seed text\" (seed NNN)'")
            return
        quote, seed = match.groups()
        if seed not in SEEDS:
            self.error(number, f"{req.id}: unknown seed {seed}; seeds are {', '.join(SEEDS)}")
        if len(quote) > MAX_QUOTE:
            self.error(number, f"{req.id}: the quote is {len(quote)} characters; keep it under {MAX_QUOTE}")
        req.quote, req.seed = quote, seed
        req.quote_line = number  # type: ignore[attr-defined]

    def check_decision(self, req: Requirement, paragraph: list[tuple[int, str]]) -> None:
        number, first = paragraph[0]
        if not first.startswith("Decision: ") or not first[len("Decision: "):].strip():
            self.error(number, f"{req.id}: the third paragraph must start with 'Decision: ' and say what was decided")
            return
        for line_number, line in paragraph[1:]:
            if line.startswith(">") or line.startswith("Decision:"):
                self.error(line_number, f"{req.id}: the Decision must be one plain paragraph")
            if line.startswith("Judge:"):
                self.error(line_number, f"{req.id}: the Judge line is a paragraph of its own, after a blank line")
        joined = " ".join(line.strip() for _, line in paragraph)
        req.decision = joined[len("Decision: "):]

    def check_judge(self, req: Requirement, paragraph: list[tuple[int, str]]) -> None:
        # Only "none" is written: every other judge is found in the kit's own registries
        # (`jobwire requirements`), so the document cannot claim one that does not exist.
        number, text = paragraph[0]
        if len(paragraph) > 1:
            self.error(paragraph[1][0], f"{req.id}: the Judge line must be one line")
        match = JUDGE_NONE.match(text)
        if not match:
            self.error(number, f"{req.id}: the Judge line must read 'Judge: none. <one-line reason why nothing in the kit can judge it>'")
            return
        req.judge_none = match.group(1)

    # -- whole-document checks ---------------------------------------------------

    def check_references(self) -> None:
        for number, ref in self.references:
            if ref not in self.seen_ids:
                self.error(number, f"reference to {ref}, which is not a requirement")

    def check_seed_coverage(self, last_line: int) -> None:
        used = {r.seed for r in self.requirements}
        for seed in SEEDS:
            if seed not in used:
                self.error(last_line, f"no requirement quotes seed {seed}")

    def check_quotes_against(self, seeds_dir: Path) -> None:
        texts: dict[str, str] = {}
        for seed in SEEDS:
            files = sorted(seeds_dir.glob(f"{seed}_*.txt"))
            if len(files) != 1:
                self.errors.append(f"{seeds_dir}: expected one file {seed}_*.txt, found {len(files)}")
                continue
            texts[seed] = normalise(files[0].read_text(encoding="utf-8"))
        for req in self.requirements:
            if req.seed in texts and req.quote and normalise(req.quote) not in texts[req.seed]:
                self.error(getattr(req, "quote_line", req.line), f"{req.id}: the quote is not verbatim in seed {req.seed}")


def normalise(text: str) -> str:
    return " ".join(text.split())


def render(requirements: list[Requirement]) -> str:
    document = {"version": 1, "requirements": [r.as_json() for r in requirements]}
    return canonical_json(document)


def summary(requirements: list[Requirement]) -> str:
    counts = {area: 0 for area in AREAS}
    for r in requirements:
        counts[r.area] += 1
    musts = sum(1 for r in requirements if r.level == "MUST")
    parts = ", ".join(f"{area} {counts[area]}" for area in AREAS)
    return f"{len(requirements)} requirements ({musts} MUST, {len(requirements) - musts} SHOULD): {parts}"


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(
        description="Regenerate Vectors/requirements.json from Docs/PROTOCOL.md, checking the format strictly.")
    parser.add_argument("--check", action="store_true",
                        help="compare instead of writing; exit 1 when requirements.json differs")
    parser.add_argument("--doc", type=Path, default=root / "Docs" / "PROTOCOL.md", help="the protocol document")
    parser.add_argument("--out", type=Path, default=root / "Vectors" / "requirements.json", help="the JSON to write or check")
    parser.add_argument("--seeds", type=Path, default=None,
                        help="folder of the seed documents, to check that quotes are verbatim "
                             "(default: Docs/seeds, the copies kept in the repository)")
    parser.add_argument("--no-seeds", action="store_true", help="do not check quotes against the seeds")
    args = parser.parse_args(argv)

    def shown(path: Path) -> str:
        # Not resolved: Vectors/ is a symlink into the JobWire resources, and the user
        # should see the path they know.
        try:
            return str(path.absolute().relative_to(root))
        except ValueError:
            return str(path)

    doc = Parser(args.doc, shown(args.doc))
    requirements = doc.parse()

    seeds_dir = args.seeds
    if seeds_dir is None and not args.no_seeds:
        candidate = root / "Docs" / "seeds"
        if candidate.is_dir():
            seeds_dir = candidate
        else:
            print(f"note: seeds not found at {candidate}; quotes not checked against them", file=sys.stderr)
    if seeds_dir is not None and not args.no_seeds:
        if not seeds_dir.is_dir():
            doc.errors.append(f"{seeds_dir}: no such folder of seeds")
        else:
            doc.check_quotes_against(seeds_dir)

    if doc.errors:
        for message in doc.errors:
            print(message, file=sys.stderr)
        print(f"{len(doc.errors)} format error(s); {shown(args.out)} not {'checked' if args.check else 'written'}",
              file=sys.stderr)
        return 2

    output = render(requirements)
    if args.check:
        try:
            existing = args.out.read_text(encoding="utf-8")
        except OSError:
            existing = None
        if existing != output:
            state = "is missing" if existing is None else f"differs from what {shown(args.doc)} gives"
            print(f"{shown(args.out)} {state}; run python3 Scripts/extract_requirements.py", file=sys.stderr)
            return 1
        print(f"{shown(args.out)} is up to date: {summary(requirements)}")
        return 0

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(output, encoding="utf-8")
    print(f"wrote {shown(args.out)}: {summary(requirements)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
