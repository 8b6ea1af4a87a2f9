#!/usr/bin/env python3
"""Generate the scenarios of Vectors/scenarios/ whose situation is a parameter.

The hand-written scenarios follow the seed flow's paths once each (HAND_WRITTEN below); this
script writes the rest from small tables: the worker ratings an apply alert shows, distances on
both sides of maxKms, categories, expertActive, exclusive and BlockedXP, Delay values (also
across a restart, the background and a late `new`), discards followed by a restart, duplicate
deliveries, a restart and a trip to the background at each point of the flow for both roles,
the close from each side with each outcome, and the user's cancel at several points. Each
scenario lists the requirement ids it exercises and says its situation in one sentence; none
sets `settings`, so PROTOCOL.md's defaults apply (the 10-minute timeout runs in virtual time).

Usage:  python3 Scripts/generate_scenarios.py [--out DIR] [--check]

With --check nothing is written: the files in DIR are compared with what would be written, and
the exit status is 1 when one differs or is missing, or when DIR holds a scenario that is
neither hand-written nor generated (a table row renamed without removing its old file).

Output is deterministic: the layout of the hand-written files (one line per actor and per step).
Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from jobwirelib import DISTANCE_TOLERANCE_KM, EARTH_RADIUS_KM, VECTORS, distance_km, repeated

# The scenarios written by hand; every other file of Vectors/scenarios/ is this script's.
HAND_WRITTEN = (
    "client-apply-lost", "client-background", "client-close-unhappy", "client-delay", "client-discard",
    "client-failed-apply", "client-happy", "client-ineligible", "client-new-worker", "client-race",
    "client-restart", "client-timeout", "client-user-cancel", "worker-close-unhappy", "worker-delay",
    "worker-direct", "worker-discard", "worker-disconnect", "worker-happy", "worker-ineligible",
    "worker-late-new", "worker-not-eligible", "worker-race-lost", "worker-redelivered-discard",
    "worker-restart", "worker-server-error", "worker-timeout-cancel",
    # Faults (issue 14): transport and REST faults, kill and relaunch.
    "client-apply-duplicated", "client-cancel-answer-lost", "client-post-5xx", "client-post-answer-lost",
    "worker-accept-answer-lost", "worker-accept-hang", "worker-accept-malformed", "worker-killed-relaunched",
    "worker-new-duplicated", "worker-reconnect-refused", "worker-long-drop", "client-long-drop",
    # Views and presses: Work in Progress, Work Information, Close Request.
    "client-work-in-progress", "worker-work-information",
    # Retaking state, connections, odd payloads.
    "client-missed-apply", "client-restart-after-cancel", "client-socket-held", "client-wip-background",
    "client-wip-restart", "worker-closed-while-away", "worker-malformed-new", "worker-unknown-field",
    "worker-wip-background", "worker-wip-restart",
    # A `new` after a reconnection (a listener lost with the first connection).
    "worker-new-after-reconnect",
)

# PROTOCOL.md's default timeout: the scenarios omit `settings`, so this is the one in force.
TIMEOUT_MS = 600_000

# --------------------------------------------------------------------------
# The actors and the request
# --------------------------------------------------------------------------

WORKER_AT = (40.0, -3.0)
JOB_AT = (40.01, -3.01)
PROFILE = {"expertActive": True, "expertSource": None, "categories": ["9"], "maxKms": 50, "lat": WORKER_AT[0], "lng": WORKER_AT[1]}
REQUEST = {"CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap", "address": "Calle Mayor 1",
           "lat": JOB_AT[0], "lng": JOB_AT[1]}


def worker(ident: str = "w-1", name: str = "Luis", rating: Any = 4.5, **profile: Any) -> dict:
    """A worker with the base profile, `profile` changing some of its fields."""
    return {"role": "worker", "id": ident, "name": name, "avatar": f"https://img.example.com/{ident}.png",
            "rating": rating, "profile": {**PROFILE, **profile}}


def other_worker(**profile: Any) -> dict:
    """w-2, a second worker eligible for the job wherever w-1 is not."""
    return worker("w-2", "Marta", 4.8, **{"lat": 40.02, "lng": -3.02, "maxKms": 500, **profile})


def client(ident: str = "c-1", blocked: list[str] | None = None, delay: int | None = None) -> dict:
    """A client; `blocked` is its BlockedXP, `delay` the Delay seconds of its requests."""
    actor: dict[str, Any] = {"role": "client", "id": ident, "name": "Ana"}
    if blocked is not None:
        actor["blockedWorkers"] = blocked
    if delay is not None:
        actor["delaySeconds"] = delay
    return actor


def post(at: int = 100, **changes: Any) -> dict:
    """c-1 posts r1 at `at` ms, `changes` changing the request's fields."""
    return {"at": at, "actor": "c-1", "do": "post", "as": "r1", "request": {**REQUEST, **changes}}


def step(do: str, after: str | None = None, ms: int = 0, at: int | None = None, actor: str | None = None, **fields: Any) -> dict:
    """One step: `at` ms after the start, or `ms` after the moment `after`."""
    timing: dict[str, Any] = {"at": at} if after is None else {"after": after, "ms": ms}
    return {**timing, **({"actor": actor} if actor else {}), "do": do, **fields}


def accept(who: str, after: str, ms: int) -> dict:
    return step("accept", after, ms, actor=who, req="r1")


def close(who: str, after: str, ms: int, outcome: str = "happy") -> dict:
    return step("close", after, ms, actor=who, req="r1", outcome=outcome)


def cancel(after: str, ms: int, reason: str = "changed my mind") -> dict:
    return step("cancel", after, ms, actor="c-1", req="r1", reason=reason)


def scenario(name: str, description: str, requirements: list[str], app: dict, kit: list[dict], steps: list[dict]) -> dict:
    return {"scenario": name, "description": description, "requirements": requirements, "app": app, "kit": kit, "steps": steps}


def worker_under_test(name: str, description: str, requirements: list[str], steps: list[dict],
                      app: dict | None = None, kit: list[dict] | None = None) -> dict:
    return scenario(name, description, requirements, app or worker(), kit or [client()], steps)


def client_under_test(name: str, description: str, requirements: list[str], steps: list[dict],
                      app: dict | None = None, kit: list[dict] | None = None) -> dict:
    return scenario(name, description, requirements, app or client(), kit or [worker()], steps)


# The worker app's happy ending once it showed r1: it accepts, wins, and the client closes.
WORKER_TAKES = [accept("w-1", "r1.shown", 300), close("c-1", "r1.applied", 500)]
# The other worker takes r1 instead, and the client closes.
OTHER_TAKES = [accept("w-2", "r1.shown@w-2", 300), close("c-1", "r1.applied", 500)]
# The kit's worker applies once it showed r1, and the client app under test closes.
KIT_WORKER_APPLIES = [accept("w-1", "r1.shown@w-1", 300), close("c-1", "r1.applied", 400)]

# --------------------------------------------------------------------------
# ELIG: who may see a channel offer
# --------------------------------------------------------------------------


def job_north_of_worker(km: float) -> float:
    """The latitude of a job `km` due north of the worker: along a meridian the distance is R·Δφ."""
    return WORKER_AT[0] + math.degrees(km / EARTH_RADIUS_KM)


# Distances from the worker (maxKms 50 unless given): (name, km, maxKms, in range, the sentence).
RANGES = [
    ("worker-range-inside-49km", 49.0, 50, True, "The job is 49 km away, inside maxKms 50, so the worker shows it and takes it."),
    ("worker-range-inside-49-999km", 49.999, 50, True, "The job is 1 m inside maxKms 50, so the worker shows it and takes it."),
    ("worker-range-boundary-50km", 50.0000005, 50, True,
     "The job lies 0.5 mm beyond maxKms 50, within ELIG-4's 1e-6 km tolerance: the bound is inclusive, so the worker shows it."),
    ("worker-range-outside-50-001km", 50.001, 50, False, "The job is 1 m beyond maxKms 50, so the worker does not show it and another worker takes it."),
    ("worker-range-outside-51km", 51.0, 50, False, "The job is 51 km away, beyond maxKms 50, so the worker does not show it and another worker takes it."),
    ("worker-range-zero-maxkms-same-place", 0.0, 0, True, "A worker with maxKms 0 shows a job at its own position, distance 0."),
    ("worker-range-zero-maxkms-10m", 0.01, 0, False, "A worker with maxKms 0 does not show a job 10 m away."),
]

# Other eligibility rules: (name, profile changes, request changes, BlockedXP, eligible, rule, the sentence).
RULES = [
    ("worker-category-among-several", {"categories": ["4", "9", "12"]}, {}, None, True, "ELIG-3",
     "The worker works in three categories, one of them the job's, so it shows the offer."),
    ("worker-category-number-ids", {"categories": [4, 9]}, {}, None, True, "ELIG-3",
     "The profile's categories are numbers and CatID is 9: ids compare as text, so the worker shows the offer."),
    ("worker-category-mismatch", {"categories": ["4", "12"]}, {}, None, False, "ELIG-3",
     "None of the worker's categories is the job's, so it does not show the offer."),
    ("worker-category-empty", {"categories": []}, {}, None, False, "ELIG-3",
     "The worker works in no category, so it does not show the offer."),
    ("worker-expert-inactive", {"expertActive": False}, {}, None, False, "ELIG-1",
     "The worker's expertActive is false, so it does not show a channel offer."),
    ("worker-exclusive-own-source", {"expertSource": "77"}, {"exclusive": "77"}, None, True, "ELIG-2",
     "The request is exclusive to partner 77, the worker's expertSource, so the worker shows it."),
    ("worker-exclusive-other-source", {"expertSource": "12"}, {"exclusive": "77"}, None, False, "ELIG-2",
     "The request is exclusive to partner 77 and the worker's expertSource is 12, so it does not show it."),
    ("worker-exclusive-no-source", {}, {"exclusive": 77}, None, False, "ELIG-2",
     "The request is exclusive to partner 77 and the worker has no expertSource, so it does not show it."),
    ("worker-blocked", {}, {}, ["w-1"], False, "ELIG-5",
     "The client blocked the worker (BlockedXP), so the worker does not show the offer and another worker takes it."),
    ("worker-blocked-among-others", {}, {}, ["w-7", "w-1", "w-9"], False, "ELIG-5",
     "The worker is one of three workers the client blocked, so it does not show the offer."),
    ("worker-blocked-others-only", {}, {}, ["w-7", "w-9"], True, "ELIG-5",
     "The client blocked two other workers but not this one, so the worker shows the offer and takes it."),
]


def eligibility_scenarios() -> list[dict]:
    out = []
    for name, km, max_kms, inside, sentence in RANGES:
        lat = job_north_of_worker(km)
        measured = distance_km(WORKER_AT[0], WORKER_AT[1], lat, WORKER_AT[1])
        if abs(measured - km) > 1e-9 or (measured <= max_kms + DISTANCE_TOLERANCE_KM) != inside:
            sys.exit(f"{name}: the job lies {measured!r} km away, not {km} km {'inside' if inside else 'outside'} maxKms {max_kms}")
        out.append(eligibility_scenario(name, sentence, "ELIG-4", {"maxKms": max_kms}, {"lat": lat, "lng": WORKER_AT[1]}, None, inside))
    for name, profile, request, blocked, eligible, rule, sentence in RULES:
        out.append(eligibility_scenario(name, sentence, rule, profile, request, blocked, eligible))
    out.append(worker_under_test(
        "worker-expert-inactive-direct",
        "A request sent directly to a worker whose expertActive is false is shown at once: no app-side filtering.",
        ["ELIG-7", "FLOW-2"], [post(workerId="w-1"), *WORKER_TAKES], app=worker(expertActive=False)))
    out.append(worker_under_test(
        "worker-blocked-direct",
        "A request sent directly to a worker the client blocked is shown at once: BlockedXP filters channel offers only.",
        ["ELIG-7", "FLOW-2"], [post(workerId="w-1"), *WORKER_TAKES], kit=[client(blocked=["w-1"])]))
    return out


def eligibility_scenario(name: str, sentence: str, rule: str, profile: dict, request: dict, blocked: list[str] | None, eligible: bool) -> dict:
    """The worker app under test gets a channel offer it is, or is not, eligible for by `rule`."""
    if eligible:
        return worker_under_test(name, sentence, [rule, "ELIG-11", "VIEW-4", "FLOW-2"], [post(**request), *WORKER_TAKES],
                                 app=worker(**profile), kit=[client(blocked=blocked)])
    # The other worker is eligible: same job, its own position near it, every category, no source needed.
    other = other_worker(categories=[str(request.get("CatID", REQUEST["CatID"]))],
                         expertSource=str(request["exclusive"]) if "exclusive" in request else None)
    if "lat" in request:
        other["profile"].update(lat=request["lat"], lng=request["lng"])
    # The user presses Accept where the offer would be: a worker app that showed it would send it.
    return worker_under_test(name, sentence, [rule, "ELIG-11", "FLOW-10"], [post(**request), accept("w-1", "r1.shown@w-2", 100), *OTHER_TAKES],
                             app=worker(**profile), kit=[client(blocked=blocked), other])


def client_eligibility_scenarios() -> list[dict]:
    """The client app under test when its worker may not see the request."""
    far = job_north_of_worker(51.0)
    times_out = ["TIME-2", "TIME-3", "TIME-5", "ALERT-10"]
    return [
        client_under_test("client-worker-out-of-range", "The only worker is 51 km from the job, beyond its maxKms 50, so nobody applies and the client cancels at its timeout.",
                          times_out, [post(lat=far, lng=WORKER_AT[1])]),
        client_under_test("client-worker-blocked", "The client blocked its only worker (BlockedXP), so nobody applies and the client cancels at its timeout.",
                          times_out, [post()], app=client(blocked=["w-1"])),
        client_under_test("client-worker-blocked-other-applies", "The client blocked one worker; the other one applies and the client moves to Work in Progress and closes happy.",
                          ["ALERT-4", "ALERT-6", "TIME-4"], [post(), accept("w-2", "r1.shown@w-2", 300), close("c-1", "r1.applied", 400)],
                          app=client(blocked=["w-1"]), kit=[worker(), other_worker()]),
        client_under_test("client-worker-inactive", "The only worker is not active (expertActive false), so nobody applies and the client cancels at its timeout.",
                          times_out, [post()], kit=[worker(expertActive=False)]),
    ]


# --------------------------------------------------------------------------
# ALERT: the rating the apply alert shows
# --------------------------------------------------------------------------

# (name part, workerRating, the sentence).
RATINGS = [
    ("0", 0, "The worker who applies has rating 0, a rating: the apply alert shows 0, not New Worker."),
    ("2-5", 2.5, "The worker who applies has rating 2.5; the apply alert shows it."),
    ("5", 5, "The worker who applies has the top rating 5; the apply alert shows it."),
    ("null", None, "The worker who applies is new (workerRating null); the apply alert says New Worker instead of a rating."),
]


def rating_scenarios() -> list[dict]:
    return [
        client_under_test(f"client-rating-{part}", sentence, ["ALERT-4", "ALERT-6"] + (["ALERT-7"] if rating is None else []),
                          [post(), *KIT_WORKER_APPLIES], kit=[worker(rating=rating)])
        for part, rating, sentence in RATINGS
    ]


# --------------------------------------------------------------------------
# TIME: Delay, the penalised worker's wait
# --------------------------------------------------------------------------

# Delay seconds the worker app under test waits before it shows the offer, then takes it.
DELAYS = [0, 5, 60]
# Delay waits interrupted: (name, Delay s, how late the `new` arrives in ms, what happens in ms
# after the receipt, the sentence).
INTERRUPTED_DELAYS = [
    ("worker-delay-restart", 5, 0, [("restart", 2000)],
     "The worker app restarts 2 s into a 5 s Delay and shows the offer 5 s after the original receipt."),
    ("worker-delay-late-new-restart", 5, 3000, [("restart", 1000)],
     "The new arrives 3 s late and the worker app restarts 1 s into its 5 s Delay: the wait runs from the late receipt, across the restart."),
    ("worker-delay-restart-twice", 60, 0, [("restart", 10000), ("restart", 40000)],
     "The worker app restarts twice during a 60 s Delay and shows the offer 60 s after the original receipt."),
    ("worker-delay-background", 5, 0, [("background", 1000), ("foreground", 3000)],
     "The worker app is in the background for 2 s of a 5 s Delay and shows the offer at the original showAt."),
    ("worker-delay-background-past-showat", 5, 0, [("background", 1000), ("foreground", 8000)],
     "The worker app is in the background when a 5 s Delay ends and shows the offer as soon as it is back."),
]


def delay_scenarios() -> list[dict]:
    out = []
    for seconds in DELAYS:
        out.append(worker_under_test(
            f"worker-delay-{seconds}s", f"The client's requests carry Delay {seconds}; the worker shows the offer {seconds} s after its receipt and takes it.",
            ["ELIG-6", "ELIG-11", "TIME-8", "VIEW-4"], [post(), *WORKER_TAKES], kit=[client(delay=seconds)]))
    for name, seconds, late_ms, moves, sentence in INTERRUPTED_DELAYS:
        steps = [post()]
        if late_ms:
            steps.insert(0, step("delay", at=0, event="new", to="w-1", by=late_ms))
        steps += [step(change, "r1.new", late_ms + ms, actor="w-1") for change, ms in moves]
        out.append(worker_under_test(name, sentence, ["ELIG-6", "TIME-8", "TIME-9", "VIEW-4"], steps + WORKER_TAKES, kit=[client(delay=seconds)]))
    beyond = TIMEOUT_MS // 1000 + 100
    out.append(worker_under_test(
        "worker-delay-beyond-timeout", f"The request's Delay of {beyond} s outlasts the client's timeout: the client cancels first and the worker never shows it.",
        ["ELIG-6", "TIME-8", "VIEW-4", "FLOW-12"], [post(), accept("w-1", "r1.ended", 1000)], kit=[client(delay=beyond)]))
    # The client app under test with penalised workers.
    for seconds in (5, 60):
        out.append(client_under_test(
            f"client-delay-{seconds}s", f"The client's requests carry Delay {seconds}; the worker shows the offer {seconds} s late and applies, within the timeout.",
            ["TIME-3", "TIME-4", "ALERT-4"], [post(), *KIT_WORKER_APPLIES], app=client(delay=seconds)))
    out.append(client_under_test(
        "client-delay-beyond-timeout", f"The client's Delay of {beyond} s outlasts its timeout, so no worker sees the request in time and the client cancels.",
        ["TIME-2", "TIME-3", "TIME-5", "ALERT-10"], [post()], app=client(delay=beyond)))
    return out


# --------------------------------------------------------------------------
# DISC and duplicate deliveries
# --------------------------------------------------------------------------


def discard_scenarios() -> list[dict]:
    ends = cancel("r1.shown@w-1", 5000, "found someone else")
    return [
        worker_under_test("worker-discard-restart", "The worker discards the offer and the app restarts: getJobs lists the request again and the worker does not show it.",
                          ["DISC-1", "DISC-3", "DISC-4"], [post(), step("discard", "r1.shown", 300, actor="w-1", req="r1"),
                                                            step("restart", "r1.shown", 1000, actor="w-1"), ends]),
        worker_under_test("worker-discard-restart-redelivered", "The worker discards the offer, the app restarts and the backend sends the new again; the worker does not show it.",
                          ["DISC-1", "DISC-3", "DISC-4"], [post(), step("discard", "r1.shown", 300, actor="w-1", req="r1"),
                                                            step("restart", "r1.shown", 1000, actor="w-1"),
                                                            step("send", "r1.shown@w-1", 2000, event="new", req="r1", to="channel"), ends]),
        worker_under_test("worker-discard-restart-accept", "After a discard and a restart the user presses Accept on the hidden request; the worker app sends nothing.",
                          ["DISC-3", "FLOW-11"], [post(), step("discard", "r1.shown", 300, actor="w-1", req="r1"),
                                                  step("restart", "r1.shown", 1000, actor="w-1"), accept("w-1", "r1.shown", 1500), ends]),
    ]


# Redeliveries of r1's `new` to the worker app: (name, Delay s, steps between the post and the
# redelivery, when the redelivery comes, to whom, what follows, requirements, the sentence).
DUPLICATES = [
    ("worker-duplicate-new", None, [], ("r1.shown@w-1", 200), "channel", WORKER_TAKES, ["VIEW-4", "FLOW-2"],
     "The backend delivers the new twice while the offer is on screen; the worker keeps one offer and takes it."),
    ("worker-duplicate-new-direct", None, [], ("r1.shown@w-1", 200), "w-1", WORKER_TAKES, ["VIEW-4", "FLOW-2"],
     "The backend sends the channel new again to the worker's own room; the worker keeps one offer and takes it."),
    ("worker-duplicate-new-during-delay", 5, [], ("r1.new", 2000), "channel", WORKER_TAKES, ["TIME-8", "TIME-9", "VIEW-4"],
     "The new comes again 2 s into a 5 s Delay; the worker still shows the offer 5 s after the first receipt."),
    ("worker-duplicate-new-in-progress", None, [accept("w-1", "r1.shown", 300)], ("r1.won", 500), "channel",
     [close("c-1", "r1.applied", 1500)], ["FLOW-14", "ALERT-5"],
     "The new comes again while the worker is in Work in Progress for it; the worker stays there until the client closes."),
    ("worker-duplicate-new-after-cancel", None, [cancel("r1.shown@w-1", 500, "found someone else")], ("r1.ended", 500), "channel",
     [accept("w-1", "r1.ended", 1000)], ["FLOW-12", "VIEW-4"],
     "The new comes again after the client cancelled; the worker does not take the ended request."),
]


def duplicate_scenarios() -> list[dict]:
    out = []
    for name, delay, before, (moment, ms), to, after, requirements, sentence in DUPLICATES:
        steps = [post(), *before, step("send", moment, ms, event="new", req="r1", to=to), *after]
        out.append(worker_under_test(name, sentence, requirements, steps, kit=[client(delay=delay)]))
    return out


# --------------------------------------------------------------------------
# Lifecycle: a restart and a trip to the background at each point of the flow
# --------------------------------------------------------------------------

# The points of the worker's flow: (name part, what the app shows there, the moment, what
# follows so that the flow ends, and what brings the flow to the point).
WORKER_POINTS = [
    ("home", "at home before any offer", None, WORKER_TAKES, []),
    ("offer-shown", "with the offer on screen", "r1.shown", [accept("w-1", "r1.shown", 1500), close("c-1", "r1.applied", 500)], []),
    ("in-progress", "in Work in Progress", "r1.won", [close("c-1", "r1.won", 2000)], [accept("w-1", "r1.shown", 300)]),
]
CLIENT_POINTS = [
    ("home", "at home before it posts", None, KIT_WORKER_APPLIES, []),
    ("waiting", "while it waits and the worker has the offer on screen", "r1.shown@w-1", [accept("w-1", "r1.shown@w-1", 1500), close("c-1", "r1.applied", 400)], []),
    ("in-progress", "in Work in Progress, the timeout's deadline passing after it", "r1.applied", [close("c-1", "r1.applied", TIMEOUT_MS + 5000)],
     [accept("w-1", "r1.shown@w-1", 300)]),
]


def lifecycle_scenarios() -> list[dict]:
    out = []
    for side, points, under_test in (("worker", WORKER_POINTS, worker_under_test), ("client", CLIENT_POINTS, client_under_test)):
        me = "w-1" if side == "worker" else "c-1"
        for part, where, moment, rest, reach in points:
            for change in ("restart", "background"):
                if moment is None:
                    moves = [step(change, at=20, actor=me)] + ([step("foreground", at=60, actor=me)] if change == "background" else [])
                else:
                    moves = [step(change, moment, 200, actor=me)] + ([step("foreground", moment, 1200, actor=me)] if change == "background" else [])
                away = "restarts" if change == "restart" else "goes to the background and comes back"
                sentence = f"The {side} app {away} {where}; the flow goes on to its close."
                out.append(under_test(f"{side}-{change}-{part}", sentence, lifecycle_requirements(side, part, change), [post(), *reach, *moves, *rest]))
    return out


def lifecycle_requirements(side: str, part: str, change: str) -> list[str]:
    if side == "worker":
        return {"home": ["VIEW-4", "FLOW-2"], "offer-shown": ["FLOW-2", "ALERT-5"], "in-progress": ["FLOW-14", "ALERT-11"]}[part]
    return {"home": ["TIME-1", "ALERT-4"], "waiting": ["TIME-6", "TIME-7", "ALERT-4"], "in-progress": ["TIME-4", "FLOW-14"]}[part]


# --------------------------------------------------------------------------
# Close from each side, and the user's cancel
# --------------------------------------------------------------------------

# Closes the hand-written scenarios do not already make: (app under test, who closes, outcome).
CLOSES = [("worker", "client", "unhappy"), ("worker", "worker", "happy"), ("client", "client", "unhappy"), ("client", "worker", "happy")]


def close_scenarios() -> list[dict]:
    out = []
    for side, closer, outcome in CLOSES:
        who = "c-1" if closer == "client" else "w-1"
        if side == "worker":
            steps = [post(), accept("w-1", "r1.shown", 300), close(who, "r1.won", 800, outcome)]
            requirements = ["FLOW-14", "ALERT-5"] + (["ALERT-11"] if closer != side else [])
            out.append(worker_under_test(f"worker-close-by-{closer}-{outcome}", f"After the worker wins, the {closer} closes the request as {outcome}; the worker leaves Work in Progress.", requirements, steps))
        else:
            steps = [post(), accept("w-1", "r1.shown@w-1", 300), close(who, "r1.applied", 800, outcome)]
            requirements = ["FLOW-14", "ALERT-4"] + (["ALERT-11"] if closer != side else [])
            out.append(client_under_test(f"client-close-by-{closer}-{outcome}", f"After the apply, the {closer} closes the request as {outcome}; the client leaves Work in Progress.", requirements, steps))
    return out


# When the client app's user cancels: (name, the sentence, steps before, the cancel, steps after).
CLIENT_CANCELS = [
    ("client-cancel-at-once", "The user cancels 50 ms after the post succeeded, before any worker saw the request.", [], cancel("r1.posted", 50), []),
    ("client-cancel-offer-shown", "The user cancels while a worker has the offer on screen; the worker's later WorkerAccept fails.",
     [], cancel("r1.shown@w-1", 200), [accept("w-1", "r1.shown@w-1", 600)]),
    ("client-cancel-before-deadline", "The user cancels 10 s before the timeout's deadline; no timeout cancel follows.",
     [], cancel("r1.posted", TIMEOUT_MS - 10_000), []),
    ("client-cancel-after-restart", "The app restarts while waiting and the user then cancels; the cancel does not say timeout.",
     [step("restart", "r1.posted", 1000, actor="c-1")], cancel("r1.posted", 3000), []),
    ("client-cancel-after-background", "The app comes back from the background while waiting and the user then cancels.",
     [step("background", "r1.posted", 1000, actor="c-1"), step("foreground", "r1.posted", 2000, actor="c-1")], cancel("r1.posted", 3000), []),
    ("client-cancel-during-delay", "The user cancels while the penalised worker still waits out the request's Delay.", [], cancel("r1.posted", 10_000), []),
]
# When the kit's client cancels under the worker app: (name, Delay s, the sentence, steps before,
# the cancel, steps after).
WORKER_CANCELS = [
    ("worker-cancel-offer-shown", None, "The client cancels while the worker has the offer on screen; the user's later Accept sends nothing.",
     [], cancel("r1.shown@w-1", 500), [accept("w-1", "r1.shown", 900)]),
    ("worker-cancel-during-delay", 5, "The client cancels 2 s into the worker's 5 s Delay; the worker never shows the offer and accepts nothing.",
     [], cancel("r1.new", 2000), [accept("w-1", "r1.new", 6000)]),
    ("worker-cancel-in-background", None, "The client cancels while the worker app is in the background; back in front it accepts nothing.",
     [step("background", "r1.shown", 200, actor="w-1")], cancel("r1.shown@w-1", 500), [step("foreground", "r1.shown", 900, actor="w-1"), accept("w-1", "r1.shown", 1200)]),
    ("worker-cancel-after-restart", None, "The worker app restarts with the offer on screen and the client then cancels; the worker accepts nothing.",
     [step("restart", "r1.shown", 200, actor="w-1")], cancel("r1.shown@w-1", 500), [accept("w-1", "r1.shown", 900)]),
]


def cancel_scenarios() -> list[dict]:
    out = []
    for name, sentence, before, the_cancel, after in CLIENT_CANCELS:
        app = client(delay=30) if name.endswith("during-delay") else client()
        out.append(client_under_test(name, sentence, ["TIME-3", "TIME-5"] + (["TIME-7"] if before else []), [post(), *before, the_cancel, *after], app=app))
    for name, delay, sentence, before, the_cancel, after in WORKER_CANCELS:
        out.append(worker_under_test(name, sentence, ["FLOW-12", "VIEW-4"], [post(), *before, the_cancel, *after], kit=[client(delay=delay)]))
    return out


FAMILIES = (eligibility_scenarios, client_eligibility_scenarios, rating_scenarios, delay_scenarios, discard_scenarios,
            duplicate_scenarios, lifecycle_scenarios, close_scenarios, cancel_scenarios)

# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def text(document: dict) -> str:
    """A scenario file in the hand-written layout: one line per member, actor and step."""
    lines = ["{"]
    members = list(document.items())
    for index, (key, value) in enumerate(members):
        comma = "," if index < len(members) - 1 else ""
        if key in ("kit", "steps"):
            items = [f"    {compact(item)}" for item in value]
            lines.append(f"  {compact(key)}: [")
            lines.append(",\n".join(items))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def build() -> list[dict]:
    documents = [document for family in FAMILIES for document in family()]
    duplicates = repeated([document["scenario"] for document in documents] + list(HAND_WRITTEN))
    if duplicates:
        sys.exit(f"scenario names used twice: {', '.join(duplicates)}")
    return documents


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=VECTORS / "scenarios", help="output directory (default: Vectors/scenarios)")
    parser.add_argument("--check", action="store_true", help="compare with the files in the output directory instead of writing")
    args = parser.parse_args()
    documents = build()
    if args.check:
        problems = []
        for document in documents:
            path = args.out / f"{document['scenario']}.json"
            if not path.exists() or path.read_text(encoding="utf-8") != text(document):
                problems.append(f"{path} differs from what Scripts/generate_scenarios.py writes; regenerate it")
        known = set(HAND_WRITTEN) | {document["scenario"] for document in documents}
        for path in sorted(args.out.glob("*.json")):
            if path.stem not in known:
                problems.append(f"{path} is neither hand-written (HAND_WRITTEN) nor generated; remove it or list it")
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print(f"the {len(documents)} generated scenarios are as generated, beside {len(HAND_WRITTEN)} hand-written ones")
        return 1 if problems else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for document in documents:
        (args.out / f"{document['scenario']}.json").write_text(text(document), encoding="utf-8")
    print(f"wrote {len(documents)} generated scenarios to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
