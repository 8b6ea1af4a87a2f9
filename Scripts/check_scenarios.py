#!/usr/bin/env python3
"""Check the scenarios: schema, names, actors, aliases, triggers and path coverage.

Usage:  python3 Scripts/check_scenarios.py [--vectors DIR]

Every Vectors/scenarios/*.json is validated against Vectors/schemas/scenario.schema.json
(needs the `jsonschema` package), then checked for:

  * `scenario` equal to the file name, and a worker-... name exactly for a worker app under
    test, client-... for a client app;
  * requirement ids that Vectors/requirements.json knows, in the areas the trace checker
    judges (FLOW, ALERT, TIME, ELIG, DISC, VIEW-4, the STATE rules, MSG-12 and MSG-13), since the verdict names them;
  * actor ids unique; every step's actor declared, of the role its action needs (post and
    cancel a client, accept and discard a worker), and only the app under test disconnected,
    killed or relaunched;
  * every `as` declared once, every `req`, trigger alias and `send`, `fail` and `drop`
    target declared; a `shown` trigger naming a worker;
  * coverage: for both sides, a scenario of every path of the seed flow and of every generated
    situation that has two sides (PATHS below).

Exit status: 0 when everything holds, 1 on any problem (each printed with its file and
field), 2 when jsonschema is not installed or the schema is unusable.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from jobwirelib import VECTORS, Report, json_path, load_requirements, load_validator, require_jsonschema, requirement_area

require_jsonschema("check_scenarios.py")

CHECKED_AREAS = ("FLOW", "ALERT", "TIME", "ELIG", "DISC")
CHECKED_IDS = {"VIEW-1", "VIEW-2", "VIEW-3", "VIEW-4", "VIEW-5", "VIEW-6", "VIEW-8", "VIEW-9", "VIEW-10", "VIEW-11", "VIEW-12", "VIEW-13",
               "VIEW-14", "VIEW-15", "STATE-1", "STATE-2", "STATE-3", "STATE-4", "STATE-6", "STATE-7", "STATE-8", "STATE-9", "STATE-10",
               "STATE-11", "MSG-12", "MSG-13"}
ROLE_OF_ACTION = {"post": "client", "cancel": "client", "accept": "worker", "discard": "worker",
                  "openWorkInformation": "worker", "closeWorkInformation": "worker"}
APP_ACTIONS = {"post", "cancel", "accept", "discard", "close", "background", "foreground", "restart", "disconnect", "kill", "relaunch",
               "ok", "openWorkInformation", "closeWorkInformation"}
# Faults only the app under test suffers: the kit's own apps keep their connection and run.
APP_UNDER_TEST_ONLY = {"disconnect", "kill", "relaunch"}
TRIGGER = re.compile(r"^(?P<alias>[A-Za-z0-9_-]+)\.(?P<event>posted|new|shown|won|applied|ended)(@(?P<actor>.+))?$")

# Every path of seed 000's flow and every generated situation with two sides, with the scenario
# that follows it for each side.
PATHS = {
    "happy path, close happy": ("worker-happy", "client-happy"),
    "failed apply: race lost": ("worker-race-lost", "client-race"),
    "failed apply: not eligible": ("worker-not-eligible", "client-failed-apply"),
    "failed apply: server error": ("worker-server-error", "client-failed-apply"),
    "timeout cancel": ("worker-timeout-cancel", "client-timeout"),
    "discard": ("worker-discard", "client-discard"),
    "broadcast the worker is not eligible for": ("worker-ineligible", "client-ineligible"),
    "penalised worker's Delay": ("worker-delay", "client-delay"),
    "restart mid-flow": ("worker-restart", "client-restart"),
    "close unhappy": ("worker-close-unhappy", "client-close-unhappy"),
    # Situations Scripts/generate_scenarios.py writes for both sides.
    "a job out of the worker's range": ("worker-range-outside-51km", "client-worker-out-of-range"),
    "a blocked worker (BlockedXP)": ("worker-blocked", "client-worker-blocked"),
    "an inactive expert": ("worker-expert-inactive", "client-worker-inactive"),
    "a Delay longer than the timeout": ("worker-delay-beyond-timeout", "client-delay-beyond-timeout"),
    "restart at home": ("worker-restart-home", "client-restart-home"),
    "restart with the offer out": ("worker-restart-offer-shown", "client-restart-waiting"),
    "restart in Work in Progress": ("worker-restart-in-progress", "client-restart-in-progress"),
    "background at home": ("worker-background-home", "client-background-home"),
    "background with the offer out": ("worker-background-offer-shown", "client-background-waiting"),
    "background in Work in Progress": ("worker-background-in-progress", "client-background-in-progress"),
    "close happy by the worker": ("worker-close-by-worker-happy", "client-close-by-worker-happy"),
    "close unhappy by the client": ("worker-close-by-client-unhappy", "client-close-by-client-unhappy"),
    "user cancel with the offer on screen": ("worker-cancel-offer-shown", "client-cancel-offer-shown"),
    "user cancel during the Delay": ("worker-cancel-during-delay", "client-cancel-during-delay"),
}


def check(path: Path, data: dict, known: set[str], report: Report) -> None:
    def fail(field: str, message: str) -> None:
        report.add(f"{path.name}: {field}", message)

    name = data["scenario"]
    if name != path.stem:
        fail("scenario", f"{name!r} but the file is {path.name}")
    role = data["app"]["role"]
    if not name.startswith(role + "-"):
        fail("scenario", f"a scenario with a {role} app under test is named {role}-...")
    for index, rid in enumerate(data["requirements"]):
        if rid not in known:
            fail(f"requirements[{index}]", f"{rid} is not in requirements.json")
        elif requirement_area(rid) not in CHECKED_AREAS and rid not in CHECKED_IDS:
            fail(f"requirements[{index}]", f"{rid} has no rule in the trace checker, so no verdict names it")
    actors = {data["app"]["id"]: data["app"]}
    for index, actor in enumerate(data.get("kit", [])):
        if actor["id"] in actors:
            fail(f"kit[{index}].id", f"{actor['id']} is used twice")
        actors[actor["id"]] = actor
    declared = {}
    for index, step in enumerate(data["steps"]):
        if step["do"] == "post":
            if step["as"] in declared:
                fail(f"steps[{index}].as", f"{step['as']} is declared twice")
            declared[step["as"]] = index
    for index, step in enumerate(data["steps"]):
        field = f"steps[{index}]"
        action = step["do"]
        actor = step.get("actor")
        if action in APP_ACTIONS:
            if actor not in actors:
                fail(f"{field}.actor", f"{actor!r} is not an actor of the scenario")
                continue
            needed = ROLE_OF_ACTION.get(action)
            if needed and actors[actor]["role"] != needed:
                fail(f"{field}.actor", f"only a {needed} can {action}")
            if action in APP_UNDER_TEST_ONLY and actor != data["app"]["id"]:
                fail(f"{field}.actor", f"only the app under test can {action}")
        for key in ("to", "from"):
            target = step.get(key)
            if target is not None and target != "channel" and target not in actors:
                fail(f"{field}.{key}", f"{target!r} is not an actor of the scenario")
        if "req" in step and step["req"] not in declared:
            fail(f"{field}.req", f"{step['req']} is not declared by a post step's \"as\"")
        if "after" in step:
            match = TRIGGER.match(step["after"])
            alias, event, who = match["alias"], match["event"], match["actor"] or actor
            if alias not in declared:
                fail(f"{field}.after", f"{alias} is not declared by a post step's \"as\"")
            if match["actor"] and match["actor"] not in actors:
                fail(f"{field}.after", f"{match['actor']} is not an actor of the scenario")
            if event == "shown" and actors.get(who, {}).get("role") != "worker":
                fail(f"{field}.after", "a shown trigger needs a worker: the step's own or one named with @")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, default=VECTORS)
    args = parser.parse_args()
    validator_class, schema = load_validator(args.vectors / "schemas" / "scenario.schema.json")
    validator = validator_class(schema)
    known = {entry["id"] for entry in load_requirements(args.vectors / "requirements.json")}
    report = Report()
    files = sorted((args.vectors / "scenarios").glob("*.json"))
    names = set()
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors:
            report.add(path.name, f"schema: {error.message} (at {json_path(error.absolute_path)})")
        if errors:
            continue
        names.add(path.stem)
        check(path, data, known, report)
    for story, pair in PATHS.items():
        for name in pair:
            if name not in names:
                report.add("coverage", f"{story}: no scenario {name}")
    return report.finish(f"check_scenarios.py: {len(files)} scenarios, both sides of {len(PATHS)} paths and situations: ok")


if __name__ == "__main__":
    sys.exit(main())
