#!/usr/bin/env python3
"""Check Docs/SEEDS.md, the seed map, against the seeds and Docs/PROTOCOL.md.

The seed map walks the three seed documents statement by statement, in their order, and gives
each statement the requirement ids that state it or says why it is not covered. A reader who
has only the seeds and the map must find every statement, so this script checks that:

- every entry reads `- **NNN.K** "verbatim seed text" → IDS` where IDS are requirement ids of
  Vectors/requirements.json separated by commas, optionally followed by `; partly not covered:
  reason`, or `not covered: reason`, or `not a statement: reason` (headings, table headers,
  page chrome);
- entries of one seed are numbered 1, 2, 3 ... and their quotes appear in the seed in that order;
- every word of every seed is inside some entry's quote (when the seeds are found): a statement
  the map skips is reported with its text;
- every requirement of requirements.json is named by at least one entry, so every requirement
  leads back to a seed statement.

Errors are printed as FILE:LINE: message; the exit status is 2 on any error.
Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ENTRY = re.compile(r'^- \*\*([0-9]{3})\.([1-9][0-9]*)\*\* "(.+)" \u2192 (.+)$')
ID = re.compile(r"^[A-Z]+-[1-9][0-9]*$")
NOT = re.compile(r"^not (covered|a statement): \S.*$")
PARTLY = re.compile(r"^partly not covered: \S.*$")
# What may stay outside every quote: list markers, numbering, markdown and table punctuation.
FILLER = re.compile(r"^[\s0-9a-g.)(\u2022*#|:\-\[\]!`]*$")
# Code fences open with their language, which is no statement either.
FENCE = re.compile(r"```swift")


def normalise(text: str) -> str:
    return " ".join(text.split())


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description="Check Docs/SEEDS.md against the seeds and the requirements.")
    parser.add_argument("--map", type=Path, default=root / "Docs" / "SEEDS.md")
    parser.add_argument("--requirements", type=Path, default=root / "Vectors" / "requirements.json")
    parser.add_argument("--seeds", type=Path, default=None,
                        help="folder of the seed documents (default: Docs/seeds, the copies kept in the repository)")
    args = parser.parse_args(argv)

    errors: list[str] = []
    shown = "Docs/SEEDS.md" if args.map == root / "Docs" / "SEEDS.md" else str(args.map)
    known = {r["id"] for r in json.loads(args.requirements.read_text(encoding="utf-8"))["requirements"]}

    entries: dict[str, list[tuple[int, int, str]]] = {}
    named: set[str] = set()
    for number, line in enumerate(args.map.read_text(encoding="utf-8").split("\n"), start=1):
        if not line.startswith("- **"):
            continue
        match = ENTRY.match(line)
        if not match:
            errors.append(f"{shown}:{number}: an entry reads '- **NNN.K** \"seed text\" \u2192 IDS or not covered: reason'")
            continue
        seed, index, quote, target = match.group(1), int(match.group(2)), match.group(3), match.group(4)
        listed = entries.setdefault(seed, [])
        expected = len(listed) + 1
        if index != expected:
            errors.append(f"{shown}:{number}: entry {seed}.{index} is out of sequence; expected {seed}.{expected}")
        listed.append((number, index, quote))
        if NOT.match(target):
            continue
        ids, _, rest = target.partition("; ")
        if rest and not PARTLY.match(rest):
            errors.append(f"{shown}:{number}: after the ids only '; partly not covered: reason' may follow")
        for part in (p.strip() for p in ids.split(",")):
            if not ID.match(part):
                errors.append(f"{shown}:{number}: {part!r} is not a requirement id; write ids separated by ', ' or 'not covered: reason'")
            elif part not in known:
                errors.append(f"{shown}:{number}: {part} is not a requirement of Docs/PROTOCOL.md")
            else:
                named.add(part)

    for missing in sorted(known - named, key=lambda i: (i.split("-")[0], int(i.split("-")[1]))):
        errors.append(f"{shown}: {missing} is named by no entry; every requirement must lead back to a seed statement")

    seeds_dir = args.seeds
    if seeds_dir is None:
        candidate = root / "Docs" / "seeds"
        seeds_dir = candidate if candidate.is_dir() else None
    if seeds_dir is None:
        print("note: seeds not found; quotes and coverage not checked against them", file=sys.stderr)
    else:
        for seed in ("000", "001", "002"):
            files = sorted(seeds_dir.glob(f"{seed}_*.txt"))
            if len(files) != 1:
                errors.append(f"{seeds_dir}: expected one file {seed}_*.txt, found {len(files)}")
                continue
            text = normalise(files[0].read_text(encoding="utf-8"))
            covered = [False] * len(text)
            position = 0
            for number, index, quote in entries.get(seed, []):
                found = text.find(normalise(quote), position)
                if found < 0:
                    where = "anywhere in" if text.find(normalise(quote)) < 0 else "after the previous entry's quote in"
                    errors.append(f"{shown}:{number}: {seed}.{index}: the quote is not verbatim {where} seed {seed}")
                    continue
                for i in range(found, found + len(normalise(quote))):
                    covered[i] = True
                position = found + 1
            gap = ""
            for i, ch in enumerate(text + " "):
                if i < len(text) and not covered[i]:
                    gap += ch
                    continue
                if gap and not FILLER.match(FENCE.sub("", gap)):
                    errors.append(f"{shown}: seed {seed}: no entry quotes {gap.strip()[:100]!r}")
                gap = ""

    for message in errors:
        print(message, file=sys.stderr)
    if errors:
        print(f"{len(errors)} error(s) in {shown}", file=sys.stderr)
        return 2
    counts = ", ".join(f"seed {s}: {len(v)}" for s, v in sorted(entries.items()))
    print(f"{shown}: {sum(len(v) for v in entries.values())} statements ({counts}); every requirement named")
    return 0


if __name__ == "__main__":
    sys.exit(main())
