#!/usr/bin/env python3
"""Mutate every good trace and list the mutants that `jobwire check` still passes: where a
sentence of PROTOCOL.md may have no judge, or only half of one.

Usage:  python3 Scripts/mutation_hunt.py [--jobwire PATH] [--kind KIND ...] [--trace GLOB] [--jobs N] [--examples N]

Kinds (all by default), each applied to the lines of the trace's subject (its `subject`, else its
`roles`), never to the header or `trace.end`:

  delete     drop one line
  value      change one value in a payload, body or elements: a number +1, a string + "x", a
             boolean negated
  field      give one top-level field (req, to, view, alert, input, event, id, ...) another value
             that field has elsewhere in the same trace, at most three per line
  swap       swap the timestamps of one line and the next line of the same actor
  duplicate  write one line twice
  move       move one line past the next two lines of the same actor (taking the time of the line it
             lands after), and back before the previous two (taking the time of the line it lands
             before): a thing done too late or too early
  drop       remove one member of an object in a payload, body or elements (at any depth)
  copy       write one line a second time for someone else: a backend `io.out` also to another room
             the trace names (a room another line sends to, or a user's own), an app's line also
             by another app of its role: what must go to, or be done by, those named and no one else

A mutant the checker refuses as bad input (exit 2: a line that contradicts the trace, such as
an answer written by another app) is counted apart from those that fail a rule. A mutant that
passes is not a bug by itself: many are legal (a second `close` is allowed, an
alert's name is free) or are recorder faults no rule is about (a receipt that differs from its
send). The output groups the survivors by kind, actor, event and field, largest group first, with
examples, so a person can read down it for a sentence nothing judges. Exit status 0 after the
hunt; 2 on bad options. It runs the checker once per mutant (about 0.1 CPU-second each in a debug
build): minutes for a kind, so it is a tool, not a test. Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import collections
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ["delete", "value", "field", "swap", "duplicate", "move", "drop", "copy"]
FIELDS = ["req", "to", "view", "alert", "input", "event", "id", "via", "timer", "result", "choice", "status", "error", "op"]


def what(event: dict) -> str:
    """An event's kind and name, as the groups print it: `io.in:close`, `view.shown:home`."""
    name = event.get("event") or event.get("view") or event.get("alert") or event.get("method") or ""
    return f"{event['kind']}:{name}"


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))
    else:
        yield path, value


def members(value, path=()):
    """The path of every member of every object in `value`, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,)
            yield from members(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from members(item, path + (index,))


def edited(event: dict, member: str, path: tuple, edit) -> dict:
    """A copy of `event` with `edit(container, key)` done where `path` leads in its `member`."""
    mutant = copy.deepcopy(event)
    target = mutant[member]
    for step in path[:-1]:
        target = target[step]
    edit(target, path[-1])
    return mutant


def changed(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    return None


def mutants(lines: list[str], kinds: list[str]):
    """Yields (kind, line number, actor, what, detail, text) for every mutant of one trace."""
    header = json.loads(lines[0])
    subject = header.get("subject", header["roles"])
    events = [json.loads(line) for line in lines[1:]]
    dump = lambda event: json.dumps(event, separators=(",", ":"), ensure_ascii=False)
    values = collections.defaultdict(set)
    for event in events:
        for key in FIELDS:
            if isinstance(event.get(key), (str, int)) and not isinstance(event.get(key), bool):
                values[(event["actor"], key)].add(event[key])
    rooms = sorted({event["to"] for event in events if isinstance(event.get("to"), str)} | {event["id"] for event in events if "id" in event})
    apps = collections.defaultdict(set)
    for event in events:
        if "id" in event:
            apps[event["actor"]].add(event["id"])
    for index, event in enumerate(events, start=1):
        if event["actor"] not in subject or event["kind"] == "trace.end":
            continue
        line, actor, name = index + 1, event["actor"], what(event)
        if "delete" in kinds:
            yield "delete", line, actor, name, "", lines[:index] + lines[index + 1:]
        if "duplicate" in kinds:
            yield "duplicate", line, actor, name, "", lines[:index + 1] + [lines[index]] + lines[index + 1:]
        if "value" in kinds:
            for member in ("payload", "elements", "body"):
                if not isinstance(event.get(member), (dict, list)):
                    continue
                for path, value in leaves(event[member]):
                    new = changed(value)
                    if new is None or not path:
                        continue
                    mutant = edited(event, member, path, lambda target, key: target.__setitem__(key, new))
                    yield "value", line, actor, name, member + "." + ".".join(map(str, path)), lines[:index] + [dump(mutant)] + lines[index + 1:]
        if "drop" in kinds:
            for member in ("payload", "elements", "body"):
                for path in members(event.get(member)):
                    mutant = edited(event, member, path, lambda target, key: target.__delitem__(key))
                    yield "drop", line, actor, name, member + "." + ".".join(map(str, path)), lines[:index] + [dump(mutant)] + lines[index + 1:]
        if "field" in kinds:
            for key in FIELDS:
                if key not in event or not isinstance(event[key], (str, int)):
                    continue
                for other in sorted(values[(actor, key)] - {event[key]}, key=str)[:3]:
                    yield "field", line, actor, name, f"{key}: {event[key]} -> {other}", lines[:index] + [dump(dict(event, **{key: other}))] + lines[index + 1:]
        if "swap" in kinds:
            following = next((j for j in range(index, len(events)) if events[j]["actor"] == actor and events[j].get("id") == event.get("id")), None)
            if following is not None and events[following]["kind"] != "trace.end" and events[following]["ts"] != event["ts"]:
                other = events[following]
                swapped = list(lines)
                swapped[index] = dump(dict(other, ts=event["ts"]))
                swapped[following + 1] = dump(dict(event, ts=other["ts"]))
                yield "swap", line, actor, name, "with " + what(other), swapped
        if "move" in kinds:
            mine = [j for j, other in enumerate(events) if other["actor"] == actor and other.get("id") == event.get("id") and other["kind"] != "trace.end"]
            place = mine.index(index - 1)
            for step in (2, -2):
                if not 0 <= place + step < len(mine):
                    continue
                target = mine[place + step]
                rest = lines[:index] + lines[index + 1:]
                target_line = target + 1 - (1 if target > index - 1 else 0)
                at = target_line + 1 if step > 0 else target_line
                moved = dump(dict(event, ts=events[target]["ts"]))
                yield "move", line, actor, name, ("after " if step > 0 else "before ") + what(events[target]), rest[:at] + [moved] + rest[at:]
        if "copy" in kinds:
            if actor == "backend" and event["kind"] == "io.out" and isinstance(event.get("to"), str):
                copies = [("to " + room, dict(event, to=room)) for room in rooms if room != event["to"]]
            else:
                copies = [("by " + other, dict(event, id=other)) for other in sorted(apps[actor] - {event.get("id")})]
            for detail, copied in copies:
                yield "copy", line, actor, name, detail, lines[:index + 1] + [dump(copied)] + lines[index + 1:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobwire", default=str(ROOT / ".build" / "debug" / "jobwire"), help="the jobwire binary (default: the debug build)")
    parser.add_argument("--kind", action="append", choices=KINDS, help="a kind of mutation (repeatable; default: all)")
    parser.add_argument("--trace", default="*.jsonl", help="a glob of Vectors/traces/good/ (default: every good trace)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="checker runs at once")
    parser.add_argument("--examples", type=int, default=3, help="examples printed per group")
    options = parser.parse_args()
    if not os.access(options.jobwire, os.X_OK):
        print(f"mutation_hunt: {options.jobwire} is not an executable; build first (swift build)", file=sys.stderr)
        return 2
    kinds = options.kind or KINDS
    files = sorted(glob.glob(str(ROOT / "Vectors" / "traces" / "good" / options.trace)))
    if not files:
        print(f"mutation_hunt: no good trace matches {options.trace}", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="mutation-hunt-")
    jobs = []
    for file in files:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
        jobs += [(Path(file).name,) + mutant for mutant in mutants(lines, kinds)]

    def status(numbered) -> int:
        number, (_, _, _, _, _, _, lines) = numbered
        path = os.path.join(work, f"{number}.jsonl")
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = subprocess.run([options.jobwire, "check", path, "--format", "json"], capture_output=True, text=True)
        os.remove(path)
        return result.returncode

    with ThreadPoolExecutor(options.jobs) as pool:
        statuses = list(pool.map(status, enumerate(jobs)))
    os.rmdir(work)
    survivors = [job for job, code in zip(jobs, statuses) if code == 0]
    totals = collections.Counter(job[1] for job in jobs)
    alive = collections.Counter(job[1] for job in survivors)
    refused = collections.Counter(job[1] for job, code in zip(jobs, statuses) if code == 2)
    for kind in kinds:
        print(f"{kind:10} {totals[kind]:6} mutants, {alive[kind]:6} still pass, {refused[kind]:6} refused as bad input (exit 2)")
    groups = collections.defaultdict(list)
    for trace, kind, line, actor, name, detail, _ in survivors:
        key = detail.split(":")[0] if kind == "field" else detail
        groups[(kind, actor, name, key)].append(f"{trace}:{line}" + (f" {detail}" if kind == "field" else ""))
    print()
    for (kind, actor, name, key), places in sorted(groups.items(), key=lambda item: -len(item[1])):
        print(f"{len(places):5}  {kind:9} {actor:8} {name:28} {key}  e.g. {'; '.join(places[:options.examples])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
