#!/usr/bin/env python3
"""Generate the language-neutral offline-workflow vectors in Vectors/offline/.

The offline workflow of seed 002 (OFFL-1..OFFL-15, AUTH-1..AUTH-7) is implemented here a
second time, independently of the Swift model in Sources/JobWire/Offline/, so that the
vectors check that code rather than copy it.  Each case is a starting state and a list of
operations; the generator runs them through its own model and writes the state and effects
after every step.  Every case also states what its author intended (a predicate over the
result) and the seed-table cells it exercises; the generator stops when a predicate fails or
when a cell of the seed's tables has no case, so a wrong or missing case cannot be written
silently.

Usage:  python3 Scripts/generate_offline_vectors.py [--out DIR] [--check]

--check compares instead of writing and exits 1 when a file differs (Scripts/test runs it).
Output is deterministic: one JSON file per feature, 2-space indent, keys in a fixed order.
Docs/ADAPTER.md, section "Suite offline", is the contract.  Python 3.11, stdlib only.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any, Callable

import task_state
from jobwirelib import VECTORS, canonical_json, repeated, requirement_key

# ==========================================================================
# The model under test
# ==========================================================================
TEMP_PREFIX = "tmp-"  # OFFL-3
CONNECTIVITY = ("online", "offline")
SCREENS = ("none", "login", "pin", "home", "contacts")
KINDS = ("list", "options", "login", "create", "edit")
QUEUED_KINDS = ("create", "edit")
OPS = ("refresh", "create", "edit", "goOnline", "goOffline", "response", "terminate",
       "launch", "login", "enterPIN")
OUTCOMES = ("ok", "failure")
STATE_KEYS = ("connectivity", "screen", "jwt", "everOnline", "entities", "queue", "inFlight",
              "nextTempId", "nextSeq")
ABSENT = object()


class Malformed(Exception):
    """The first field of the input that cannot be used, with a sentence (OFFL-15)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


# --------------------------------------------------------------------------
# Reading values
# --------------------------------------------------------------------------

def type_name(value: Any) -> str:
    if value is ABSENT:
        return "nothing"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "an array", dict: "an object"}.get(type(value), "a value")


def need_object(value: Any, field: str) -> dict:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if not isinstance(value, dict):
        raise Malformed(field, f"expected an object, found {type_name(value)}")
    return value


def need_array(value: Any, field: str) -> list:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if not isinstance(value, list):
        raise Malformed(field, f"expected an array, found {type_name(value)}")
    return value


def need_bool(value: Any, field: str) -> bool:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if not isinstance(value, bool):
        raise Malformed(field, f"expected true or false, found {type_name(value)}")
    return value


def need_text(value: Any, field: str) -> str:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if not isinstance(value, str) or value == "":
        raise Malformed(field, f"expected a non-empty string, found {type_name(value)}")
    return value


def need_choice(value: Any, field: str, choices: tuple[str, ...]) -> str:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if value not in choices or not isinstance(value, str):
        raise Malformed(field, f"expected one of {', '.join(choices)}, found {json.dumps(value)}")
    return value


def need_whole(value: Any, field: str, low: int) -> int:
    if value is ABSENT:
        raise Malformed(field, "is required")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Malformed(field, f"expected a whole number, found {type_name(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise Malformed(field, f"expected a whole number, found {json.dumps(value)}")
    if value < low:
        raise Malformed(field, f"{int(value)} is below {low}")
    return int(value)


def is_temporary(entity_id: str) -> bool:
    return entity_id.startswith(TEMP_PREFIX)


def read_request(raw: Any, field: str, kinds: tuple[str, ...]) -> dict:
    obj = need_object(raw, field)
    seq = need_whole(obj.get("seq", ABSENT), f"{field}.seq", 1)
    kind = need_choice(obj.get("kind", ABSENT), f"{field}.kind", kinds)
    request: dict = {"seq": seq, "kind": kind}
    if kind in QUEUED_KINDS:
        request["id"] = need_text(obj.get("id", ABSENT), f"{field}.id")
        request["data"] = copy.deepcopy(need_object(obj.get("data", ABSENT), f"{field}.data"))
        if kind == "create" and not is_temporary(request["id"]):
            raise Malformed(f"{field}.id", f"a create carries a temporary id ({TEMP_PREFIX}N), found {json.dumps(request['id'])}")
    return request


def read_initial(case_input: Any) -> dict:
    root = need_object(case_input, "input")
    raw = need_object(root.get("initial", ABSENT), "initial")
    get = lambda key: raw.get(key, ABSENT)  # noqa: E731
    state: dict = {
        "connectivity": need_choice(get("connectivity"), "initial.connectivity", CONNECTIVITY),
        "screen": need_choice(get("screen"), "initial.screen", SCREENS),
    }
    jwt = get("jwt")
    if jwt is ABSENT:
        raise Malformed("initial.jwt", "is required (null when the cache holds no token)")
    if jwt is not None:
        jwt = need_object(jwt, "initial.jwt")
        jwt = {"token": need_text(jwt.get("token", ABSENT), "initial.jwt.token"),
               "expiresAt": need_whole(jwt.get("expiresAt", ABSENT), "initial.jwt.expiresAt", 0)}
    state["jwt"] = jwt
    state["everOnline"] = need_bool(get("everOnline"), "initial.everOnline")
    entities = need_object(get("entities"), "initial.entities")
    state["entities"] = {key: copy.deepcopy(need_object(value, f"initial.entities.{key}"))
                         for key, value in entities.items()}
    state["queue"] = [read_request(item, f"initial.queue[{i}]", QUEUED_KINDS)
                      for i, item in enumerate(need_array(get("queue"), "initial.queue"))]
    state["inFlight"] = [read_request(item, f"initial.inFlight[{i}]", KINDS)
                         for i, item in enumerate(need_array(get("inFlight"), "initial.inFlight"))]
    state["nextTempId"] = need_whole(get("nextTempId"), "initial.nextTempId", 1)
    state["nextSeq"] = need_whole(get("nextSeq"), "initial.nextSeq", 1)
    if state["jwt"] is not None and not state["everOnline"]:
        raise Malformed("initial.everOnline", "a cached JWT comes from an online login, so everOnline must be true")
    return state


def read_step(raw: Any, field: str) -> dict:
    """The shape of one operation; what the state allows is checked when it is applied."""
    obj = need_object(raw, field)
    op = need_choice(obj.get("op", ABSENT), f"{field}.op", OPS)
    step: dict = {"op": op}
    if op == "create":
        step["data"] = need_object(obj.get("data", ABSENT), f"{field}.data")
    elif op == "edit":
        step["id"] = need_text(obj.get("id", ABSENT), f"{field}.id")
        step["changes"] = need_object(obj.get("changes", ABSENT), f"{field}.changes")
    elif op == "response":
        step["seq"] = need_whole(obj.get("seq", ABSENT), f"{field}.seq", 1)
        step["outcome"] = need_choice(obj.get("outcome", ABSENT), f"{field}.outcome", OUTCOMES)
        body = obj.get("body", ABSENT)
        step["body"] = ABSENT if body is ABSENT else need_object(body, f"{field}.body")
    elif op == "launch":
        step["now"] = need_whole(obj.get("now", ABSENT), f"{field}.now", 0)
    elif op == "enterPIN":
        step["accepted"] = need_bool(obj.get("accepted", ABSENT), f"{field}.accepted")
    return step


# --------------------------------------------------------------------------
# The operations: (state, step, field) -> (state, effects)
# --------------------------------------------------------------------------

def running(state: dict) -> bool:
    return state["screen"] != "none"


def require_running(state: dict, field: str) -> None:
    if not running(state):
        raise Malformed(f"{field}.op", "the app is not running; launch it first")


def new_request(state: dict, kind: str, entity_id: str | None = None, data: dict | None = None) -> dict:
    request: dict = {"seq": state["nextSeq"], "kind": kind}
    if entity_id is not None:
        request["id"] = entity_id
        request["data"] = copy.deepcopy(data)
    state["nextSeq"] += 1
    return request


def send(state: dict, request: dict, effects: list) -> None:
    state["inFlight"].append(request)
    effects.append({"type": "send", "request": copy.deepcopy(request)})


def enqueue(state: dict, request: dict, effects: list) -> None:
    state["queue"].append(request)
    effects.append({"type": "enqueue", "request": copy.deepcopy(request)})


def drop_queued(state: dict, keep: Callable[[dict], bool], effects: list) -> None:
    for request in state["queue"]:
        if not keep(request):
            effects.append({"type": "drop", "seq": request["seq"]})
    state["queue"] = [request for request in state["queue"] if keep(request)]


def op_refresh(state: dict, step: dict, field: str, effects: list) -> None:
    require_running(state, field)
    if state["connectivity"] == "offline":
        return  # OFFL-2: the GET is ignored, not queued; no state change, no re-render
    send(state, new_request(state, "list"), effects)  # OFFL-1
    effects.append({"type": "render", "updated": False})  # OFFL-1: render from the current state


def op_create(state: dict, step: dict, field: str, effects: list) -> None:
    require_running(state, field)
    temp = f"{TEMP_PREFIX}{state['nextTempId']}"  # OFFL-3: never reused
    state["nextTempId"] += 1
    state["entities"][temp] = copy.deepcopy(step["data"])  # OFFL-3: at once, online and offline
    request = new_request(state, "create", temp, step["data"])
    if state["connectivity"] == "online":
        send(state, request, effects)  # OFFL-4
    else:
        enqueue(state, request, effects)  # OFFL-4
    effects.append({"type": "notify", "for": "create", "id": temp})  # OFFL-5


def op_edit(state: dict, step: dict, field: str, effects: list) -> None:
    require_running(state, field)
    entity_id = step["id"]
    if entity_id not in state["entities"]:
        raise Malformed(f"{field}.id", f"the state holds no entity {json.dumps(entity_id)}")
    merged = dict(state["entities"][entity_id])
    merged.update(copy.deepcopy(step["changes"]))
    state["entities"][entity_id] = merged
    # OFFL-8, OFFL-9, OFFL-14 (and OFFL-7's decision online): the new edit carries the full
    # state (OFFL-10), so every queued edit of this id is superseded; a create never is.
    drop_queued(state, lambda r: not (r["kind"] == "edit" and r["id"] == entity_id), effects)
    request = new_request(state, "edit", entity_id, merged)
    if state["connectivity"] == "offline" or is_temporary(entity_id):
        enqueue(state, request, effects)  # OFFL-8, OFFL-9, OFFL-14
    else:
        send(state, request, effects)  # OFFL-7
    effects.append({"type": "notify", "for": "edit", "id": entity_id})  # OFFL-5


def op_go_online(state: dict, step: dict, field: str, effects: list) -> None:
    if state["connectivity"] == "online":
        return
    state["connectivity"] = "online"
    if running(state):
        send(state, new_request(state, "options"), effects)  # OFFL-13; the replay follows in settle


def return_in_flight(state: dict, effects: list) -> None:
    """OFFL-11: creates and edits in flight go back to the queue in seq order; GETs and logins are lost."""
    returning = [r for r in state["inFlight"] if r["kind"] in QUEUED_KINDS]
    state["inFlight"] = []
    kept = []
    for request in returning:
        if request["kind"] == "edit":
            newer = [r for r in returning + state["queue"]
                     if r["kind"] == "edit" and r["id"] == request["id"] and r["seq"] > request["seq"]]
            if newer:
                continue  # the newest edit's full state supersedes this one
        kept.append(request)
    state["queue"] = sorted(state["queue"] + kept, key=lambda r: r["seq"])
    for request in kept:
        effects.append({"type": "enqueue", "request": copy.deepcopy(request)})


def op_go_offline(state: dict, step: dict, field: str, effects: list) -> None:
    if state["connectivity"] == "offline":
        return
    state["connectivity"] = "offline"
    return_in_flight(state, effects)


def op_terminate(state: dict, step: dict, field: str, effects: list) -> None:
    require_running(state, field)
    return_in_flight(state, effects)  # OFFL-12: the queue is kept on the device
    state["screen"] = "none"


def navigate(state: dict, screen: str, effects: list) -> None:
    state["screen"] = screen
    effects.append({"type": "navigate", "screen": screen})


def op_launch(state: dict, step: dict, field: str, effects: list) -> None:
    if running(state):
        raise Malformed(f"{field}.op", "the app is already running; terminate it first")
    jwt = state["jwt"]
    active = jwt is not None and jwt["expiresAt"] > step["now"]  # AUTH-1
    if state["connectivity"] == "online":
        navigate(state, "contacts" if active else "login", effects)  # AUTH-2, AUTH-3
        send(state, new_request(state, "options"), effects)  # OFFL-13
    elif active:
        navigate(state, "contacts", effects)  # AUTH-5
    else:
        navigate(state, "pin", effects)  # AUTH-6, AUTH-7


def op_login(state: dict, step: dict, field: str, effects: list) -> None:
    if state["screen"] != "login":
        raise Malformed(f"{field}.op", f"login needs the login screen; the app shows {state['screen']}")
    if state["connectivity"] == "online":
        send(state, new_request(state, "login"), effects)  # AUTH-4
    # offline: AUTH-6's decision, JWT-Auth is neither sent nor queued


def op_enter_pin(state: dict, step: dict, field: str, effects: list) -> None:
    if state["screen"] != "pin":
        raise Malformed(f"{field}.op", f"enterPIN needs the PIN screen; the app shows {state['screen']}")
    if step["accepted"]:
        navigate(state, "home" if state["everOnline"] else "contacts", effects)  # AUTH-6, AUTH-7


def body_of(step: dict, field: str) -> dict:
    if step["body"] is ABSENT:
        raise Malformed(f"{field}.body", "is required for a successful response of this request")
    return step["body"]


def op_response(state: dict, step: dict, field: str, effects: list) -> None:
    matches = [r for r in state["inFlight"] if r["seq"] == step["seq"]]
    if not matches:
        raise Malformed(f"{field}.seq", f"no request {step['seq']} is in flight")
    request = matches[0]
    ok = step["outcome"] == "ok"
    kind = request["kind"]
    if ok and kind == "create":
        body = body_of(step, field)
        new_id = need_text(body.get("id", ABSENT), f"{field}.body.id")
        if is_temporary(new_id):
            raise Malformed(f"{field}.body.id", f"a backend id never starts with {json.dumps(TEMP_PREFIX)}")
    elif ok and kind == "list":
        body = body_of(step, field)
        items = need_array(body.get("items", ABSENT), f"{field}.body.items")
        listed: dict = {}
        for i, raw in enumerate(items):
            where = f"{field}.body.items[{i}]"
            item = need_object(raw, where)
            item_id = need_text(item.get("id", ABSENT), f"{where}.id")
            if is_temporary(item_id):
                raise Malformed(f"{where}.id", f"a backend id never starts with {json.dumps(TEMP_PREFIX)}")
            if item_id in listed:
                raise Malformed(f"{where}.id", f"{json.dumps(item_id)} is listed twice")
            listed[item_id] = copy.deepcopy(need_object(item.get("data", ABSENT), f"{where}.data"))
    elif ok and kind == "login":
        body = body_of(step, field)
        token = need_text(body.get("token", ABSENT), f"{field}.body.token")
        expires_at = need_whole(body.get("expiresAt", ABSENT), f"{field}.body.expiresAt", 0)

    state["inFlight"] = [r for r in state["inFlight"] if r["seq"] != step["seq"]]
    if kind == "list" and ok:
        apply_list(state, listed)
        effects.append({"type": "render", "updated": True})  # OFFL-1
    elif kind == "login" and ok:
        state["jwt"] = {"token": token, "expiresAt": expires_at}  # AUTH-4
        state["everOnline"] = True  # AUTH-7's reading of "online before"
        if state["screen"] == "login":
            navigate(state, "contacts", effects)
    elif kind == "create" and ok:
        replace_temporary_id(state, request["id"], new_id)  # OFFL-6
    elif kind == "create":
        # OFFL-6's decision: a refused create is undone with the edits queued behind it.
        state["entities"].pop(request["id"], None)
        drop_queued(state, lambda r: r["id"] != request["id"], effects)
    if kind in QUEUED_KINDS and not ok:
        effects.append({"type": "alert", "for": kind, "id": request["id"]})  # OFFL-19, TASK-24: the user is told
    # edit and options responses change nothing (OFFL-7's decision); failures of list and login neither


def apply_list(state: dict, listed: dict) -> None:
    """OFFL-1's decision: the list wins except where local changes still wait to be pushed."""
    pending = {r["id"] for r in state["queue"] + state["inFlight"] if r["kind"] in QUEUED_KINDS}
    pending |= {entity_id for entity_id in state["entities"] if is_temporary(entity_id)}
    result = {}
    for entity_id, data in listed.items():
        local = state["entities"].get(entity_id)
        result[entity_id] = local if entity_id in pending and local is not None else data
    for entity_id, data in state["entities"].items():
        if entity_id in pending and entity_id not in result:
            result[entity_id] = data
    state["entities"] = result


def replace_temporary_id(state: dict, temp: str, backend_id: str) -> None:
    entities = {}
    for entity_id, data in state["entities"].items():
        if entity_id == backend_id:
            continue  # the entity under the temporary id replaces it
        entities[backend_id if entity_id == temp else entity_id] = data
    state["entities"] = entities
    for request in state["queue"] + state["inFlight"]:
        if request.get("id") == temp:
            request["id"] = backend_id


def settle(state: dict, effects: list) -> None:
    """OFFL-11: one queued request at a time, while running, online, and no create or edit is in flight."""
    if state["connectivity"] != "online" or not running(state) or not state["queue"]:
        return
    if any(r["kind"] in QUEUED_KINDS for r in state["inFlight"]):
        return
    head = state["queue"].pop(0)
    send(state, head, effects)


OPERATIONS = {
    "refresh": op_refresh,
    "create": op_create,
    "edit": op_edit,
    "goOnline": op_go_online,
    "goOffline": op_go_offline,
    "response": op_response,
    "terminate": op_terminate,
    "launch": op_launch,
    "login": op_login,
    "enterPIN": op_enter_pin,
}


def apply(state: dict, step: dict, field: str) -> tuple[dict, list]:
    """One operation on a copy of `state`: the new state and the effects, in order."""
    new_state = copy.deepcopy(state)
    effects: list = []
    OPERATIONS[step["op"]](new_state, step, field, effects)
    settle(new_state, effects)
    return new_state, effects


def snapshot(state: dict) -> dict:
    return {key: copy.deepcopy(state[key]) for key in STATE_KEYS}


def run(case_input: Any) -> dict:
    """The expectation for one vector input: every step's state and effects, or the first bad field."""
    try:
        state = read_initial(case_input)
        steps = need_array(case_input.get("steps", ABSENT), "steps")
        results = []
        for index, raw in enumerate(steps):
            field = f"steps[{index}]"
            state, effects = apply(state, read_step(raw, field), field)
            results.append({"state": snapshot(state), "effects": effects})
        return {"steps": results}
    except Malformed as bad:
        return {"invalid": {"field": bad.field, "message": bad.message}}


# ==========================================================================
# Building inputs
# ==========================================================================

T0 = 1767225600000  # 2026-01-01T00:00:00Z, the launch time of most cases
DAY = 86_400_000
JWT = {"token": "jwt-ana-1", "expiresAt": T0 + DAY}  # active at T0
EXPIRED_JWT = {"token": "jwt-ana-0", "expiresAt": T0 - DAY}



def task(category: int, description: str, address: str, budget: int, picture: str) -> dict:
    """A task's full editable state (TASK-7, TASK-10) on one fixed date: the kit reads an answer as
    the capture of the task calls it amounts to (OfflineAnswerTrace), whose bodies the checker
    judges like any app's."""
    return task_state.task(category, description, address, budget, picture, "2026-01-11T09:00:00.000Z", "2026-01-11T11:00:00.000Z")


TAP = task(9, "Fix the leaking kitchen tap", "Calle Mayor 1", 80, "tap")
SINK = task(9, "Unblock the bathroom sink", "Calle Toledo 4", 60, "sink")
SHELVES = task(4, "Hang three shelves", "Calle Luna 3", 40, "shelves")
HALLWAY = task(12, "Paint the hallway", "Calle Luna 3", 150, "hallway")


def tmp(number: int) -> str:
    return f"{TEMP_PREFIX}{number}"


def create_request(seq: int, entity_id: str, data: dict) -> dict:
    return {"seq": seq, "kind": "create", "id": entity_id, "data": copy.deepcopy(data)}


def edit_request(seq: int, entity_id: str, data: dict) -> dict:
    return {"seq": seq, "kind": "edit", "id": entity_id, "data": copy.deepcopy(data)}


def get_request(seq: int, kind: str) -> dict:
    return {"seq": seq, "kind": kind}


def initial(*, connectivity: str = "online", screen: str = "contacts", jwt: Any = JWT,
            ever_online: bool = True, entities: dict | None = None, queue: tuple = (),
            in_flight: tuple = (), next_temp: int | None = None, next_seq: int | None = None) -> dict:
    """A consistent starting state; the counters default to one past what the state holds."""
    entities = copy.deepcopy(entities or {})
    requests = list(queue) + list(in_flight)
    if next_seq is None:
        next_seq = 1 + max((r["seq"] for r in requests), default=0)
    if next_temp is None:
        temps = [int(i[len(TEMP_PREFIX):]) for i in list(entities) + [r.get("id", "") for r in requests]
                 if is_temporary(i)]
        next_temp = 1 + max(temps, default=0)
    return {
        "connectivity": connectivity,
        "screen": screen,
        "jwt": copy.deepcopy(jwt),
        "everOnline": ever_online,
        "entities": entities,
        "queue": copy.deepcopy(list(queue)),
        "inFlight": copy.deepcopy(list(in_flight)),
        "nextTempId": next_temp,
        "nextSeq": next_seq,
    }


REFRESH = {"op": "refresh"}
GO_ONLINE = {"op": "goOnline"}
GO_OFFLINE = {"op": "goOffline"}
TERMINATE = {"op": "terminate"}
LOGIN = {"op": "login"}


def create(data: dict) -> dict:
    return {"op": "create", "data": copy.deepcopy(data)}


def edit(entity_id: str, **changes: Any) -> dict:
    return {"op": "edit", "id": entity_id, "changes": changes}


def ok(seq: int, body: dict | None = None) -> dict:
    step: dict = {"op": "response", "seq": seq, "outcome": "ok"}
    if body is not None:
        step["body"] = body
    return step


def failure(seq: int) -> dict:
    return {"op": "response", "seq": seq, "outcome": "failure"}


def launch(now: int = T0) -> dict:
    return {"op": "launch", "now": now}


def pin(accepted: bool = True) -> dict:
    return {"op": "enterPIN", "accepted": accepted}


def items(*pairs: tuple[str, dict]) -> dict:
    return {"items": [{"id": entity_id, "data": copy.deepcopy(data)} for entity_id, data in pairs]}


# --- reading a result, for the intent predicates --------------------------

def state_after(result: dict, index: int = -1) -> dict:
    return result["steps"][index]["state"]


def effects_after(result: dict, index: int = -1) -> list:
    return result["steps"][index]["effects"]


def effect_types(result: dict, index: int = -1) -> list[str]:
    return [e["type"] for e in effects_after(result, index)]


def seqs(requests: list) -> list[int]:
    return [r["seq"] for r in requests]


def sent(result: dict, index: int = -1) -> list[dict]:
    return [e["request"] for e in effects_after(result, index) if e["type"] == "send"]


def unchanged(result: dict, before: dict, index: int = -1) -> bool:
    return state_after(result, index) == before


# ==========================================================================
# Cases
# ==========================================================================

# Every cell of seed 002's tables, and its open items; each must be exercised by a case.
SEED_CELLS = {
    "list/online/1-auto-refresh": "VIEW LIST, ONLINE 1: Auto RefreshControl",
    "list/online/2-get": "VIEW LIST, ONLINE 2: API Request: GET List",
    "list/online/3-render": "VIEW LIST, ONLINE 3: Render List from State",
    "list/online/4-update-state": "VIEW LIST, ONLINE 4: API Response: Update State",
    "list/online/5-render-updated": "VIEW LIST, ONLINE 5: Render List from State (UI event)",
    "list/offline/1-auto-refresh": "VIEW LIST, OFFLINE 1: Auto RefreshControl",
    "list/offline/2-get-ignored": "VIEW LIST, OFFLINE 2: GET List (IGNORED)",
    "list/offline/3-no-change": "VIEW LIST, OFFLINE 3: No state change, no re-render",
    "create/online/1-state-temp-id": "CREATE, ONLINE 1: Update State w/ data AND Temporary ID",
    "create/online/2-post": "CREATE, ONLINE 2: API Request: POST",
    "create/online/3-notify": "CREATE, ONLINE 3: Display Notification",
    "create/online/4-replace-id": "CREATE, ONLINE 4: API Response: replace Temp. ID",
    "create/offline/1-state-temp-id": "CREATE, OFFLINE 1: Update State w/ data AND Temporary ID",
    "create/offline/2-queued": "CREATE, OFFLINE 2: POST (Queued for later)",
    "create/offline/3-notify": "CREATE, OFFLINE 3: Display Notification",
    "create/offline/4-replace-id-later": "CREATE, OFFLINE 4: replace Temp. ID (in future when ONLINE)",
    "edit/online/1-state": "EDIT, ONLINE 1: Update State (D.T ID)",
    "edit/online/2-post": "EDIT, ONLINE 2: API Request: POST data",
    "edit/online/3-notify": "EDIT, ONLINE 3: Display Notification",
    "edit/online/4-response": "EDIT, ONLINE 4: API Response: Update State (latest state pushed)",
    "edit/local/1-state": "EDIT, OFFLINE local 1: Update State (Temporary ID)",
    "edit/local/2-queued-dedup-unless-create": "EDIT, OFFLINE local 2: Queued, remove same Temp. ID UNLESS CREATE",
    "edit/local/3-notify": "EDIT, OFFLINE local 3: Display Notification",
    "edit/local/4-replace-id": "EDIT, OFFLINE local 4: replace Temp. ID, when Create request",
    "edit/remote/1-state": "EDIT, OFFLINE remote 1: Update State (D.T ID if exists, else Temporary ID)",
    "edit/remote/2-queued-dedup": "EDIT, OFFLINE remote 2: Queued, remove POST w/ same ID",
    "edit/remote/3-notify": "EDIT, OFFLINE remote 3: Display Notification",
    "edit/remote/4-response": "EDIT, OFFLINE remote 4: API Response: Update State",
    "auth/online/1-check": "AUTH, ONLINE 1: check cache for active JWT",
    "auth/online/2a-contacts": "AUTH, ONLINE 2a: YES, navigate to CONTACTS",
    "auth/online/2b-login": "AUTH, ONLINE 2b: NO, navigate to LOGIN",
    "auth/online/3-post-jwt-auth": "AUTH, ONLINE 3: API Request: POST JWT-Auth",
    "auth/online/4-cache-jwt": "AUTH, ONLINE 4: API Response: Update State (local JWT cache)",
    "auth/offline/1-check": "AUTH, OFFLINE 1: check cache for active JWT",
    "auth/offline/2a-contacts": "AUTH, OFFLINE 2a: YES, navigate to CONTACTS",
    "auth/offline/2b-pin-home": "AUTH, OFFLINE 2b: NO, Enter PIN, navigate to HOME",
    "auth/never/1-check": "AUTH, OFFLINE never online 1: check cache for active JWT",
    "auth/never/2-pin-contacts": "AUTH, OFFLINE never online 2: Enter PIN, navigate to CONTACTS",
    "open/sync-options": "Open items: sync option values on every ONLINE usage",
    "open/device-storage": "Open items: Device Storage",
}


class Feature:
    """The cases of one vector file."""

    def __init__(self, feature: str, description: str) -> None:
        self.feature = feature
        self.description = description
        self.cases: list[dict] = []
        self.cells: dict[str, list[str]] = {}

    def case(self, slug: str, description: str, requirement: str, start: dict, steps: list,
             intent: Callable[[dict], bool], cells: tuple[str, ...] = ()) -> None:
        """A case whose input must run; `intent` says what its author meant the result to show."""
        case_id = f"{self.feature}.{slug}"
        case_input = {"initial": start, "steps": steps}
        result = run(copy.deepcopy(case_input))
        if "invalid" in result:
            sys.exit(f"{case_id}: meant to run, but {result['invalid']}")
        if not intent(result):
            sys.exit(f"{case_id}: the result does not show what the case intends:\n"
                     + json.dumps(result, indent=1))
        self._add(case_id, description, requirement, case_input, result, cells)

    def invalid(self, slug: str, description: str, case_input: dict, field: str) -> None:
        """A case whose input must be refused at `field` (OFFL-15)."""
        case_id = f"{self.feature}.{slug}"
        result = run(copy.deepcopy(case_input))
        if result.get("invalid", {}).get("field") != field:
            sys.exit(f"{case_id}: meant to be refused at {field}, got {json.dumps(result)[:400]}")
        self._add(case_id, description, "OFFL-15", case_input, result, ())

    def _add(self, case_id: str, description: str, requirement: str, case_input: dict,
             expect: dict, cells: tuple[str, ...]) -> None:
        if len(description) > 100:
            sys.exit(f"{case_id}: description longer than 100 characters")
        for cell in cells:
            if cell not in SEED_CELLS:
                sys.exit(f"{case_id}: unknown seed cell {cell}")
            self.cells.setdefault(cell, []).append(case_id)
        self.cases.append({"id": case_id, "description": description, "requirement": requirement,
                           "input": case_input, "expect": expect})

    def document(self) -> dict:
        return {"suite": "offline", "feature": self.feature, "description": self.description,
                "cases": self.cases}


def with_changes(data: dict, **changes: Any) -> dict:
    merged = dict(data)
    merged.update(changes)
    return merged


TAP_MOVED = with_changes(TAP, address="Calle Segovia 2")
TAP_NEW_BUDGET = with_changes(TAP, maxBudget=95)
SINK_SERVER = with_changes(SINK, address="Calle Cuenca 5")


def refresh_feature() -> Feature:
    f = Feature("refresh", "OFFL-1, OFFL-2: the automatic list refresh, online and offline.")
    two = {"c-1": TAP, "c-2": SINK}
    f.case("online-sends-get-and-renders", "online, a refresh sends the list GET and renders the list from the state",
           "OFFL-1", initial(entities=two), [REFRESH],
           lambda r: effects_after(r) == [{"type": "send", "request": get_request(1, "list")},
                                          {"type": "render", "updated": False}]
           and state_after(r)["inFlight"] == [get_request(1, "list")],
           cells=("list/online/1-auto-refresh", "list/online/2-get", "list/online/3-render"))
    f.case("online-response-updates-state", "the list response updates the state and renders it again as an update",
           "OFFL-1", initial(entities=two), [REFRESH, ok(1, items(("c-1", TAP_MOVED), ("c-2", SINK), ("c-3", SHELVES)))],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_MOVED, "c-2": SINK, "c-3": SHELVES}
           and effects_after(r) == [{"type": "render", "updated": True}] and state_after(r)["inFlight"] == [],
           cells=("list/online/4-update-state", "list/online/5-render-updated"))
    f.case("response-removes-unlisted", "an entity the list response no longer holds leaves the state",
           "OFFL-1", initial(entities=two), [REFRESH, ok(1, items(("c-2", SINK)))],
           lambda r: state_after(r)["entities"] == {"c-2": SINK})
    f.case("response-empty-list", "an empty list response empties a state with nothing pending",
           "OFFL-1", initial(entities=two), [REFRESH, ok(1, items())],
           lambda r: state_after(r)["entities"] == {} and effect_types(r) == ["render"])
    pending = initial(entities={"c-1": TAP_MOVED, "c-2": SINK, tmp(1): SHELVES},
                      in_flight=(edit_request(1, "c-1", TAP_MOVED), create_request(2, tmp(1), SHELVES)))
    f.case("response-keeps-pending-local-state",
           "entities with a temporary id or an unanswered edit keep their local state over the list",
           "OFFL-1", pending, [REFRESH, ok(3, items(("c-1", TAP), ("c-2", SINK_SERVER)))],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_MOVED, "c-2": SINK_SERVER, tmp(1): SHELVES})
    f.case("response-failure-changes-nothing", "a list answered with a failure changes nothing and renders nothing",
           "OFFL-1", initial(entities=two), [REFRESH, failure(1)],
           lambda r: effects_after(r) == [] and state_after(r) == initial(entities=two, next_seq=2))
    f.case("two-refreshes-two-gets", "each online refresh sends its own GET", "OFFL-1",
           initial(entities=two), [REFRESH, REFRESH],
           lambda r: seqs(state_after(r)["inFlight"]) == [1, 2])
    offline = initial(connectivity="offline", entities=two)
    f.case("offline-ignored", "offline, a refresh sends nothing, queues nothing and renders nothing",
           "OFFL-2", offline, [REFRESH],
           lambda r: effects_after(r) == [] and state_after(r) == offline,
           cells=("list/offline/1-auto-refresh", "list/offline/2-get-ignored", "list/offline/3-no-change"))
    queued = initial(connectivity="offline", entities={"c-1": TAP, tmp(1): SINK},
                     queue=(create_request(1, tmp(1), SINK),))
    f.case("offline-leaves-queue-alone", "offline, a refresh leaves the state and the queue as they are",
           "OFFL-2", queued, [REFRESH], lambda r: effects_after(r) == [] and state_after(r) == queued)
    f.case("offline-refresh-not-sent-on-reconnect", "refreshes ignored offline are not sent when connectivity returns",
           "OFFL-2", offline, [REFRESH, REFRESH, GO_ONLINE],
           lambda r: sent(r) == [get_request(1, "options")])
    f.case("get-in-flight-dropped-offline", "a list GET in flight when connectivity goes is dropped, not queued",
           "OFFL-2", initial(entities=two), [REFRESH, GO_OFFLINE],
           lambda r: effects_after(r) == [] and state_after(r)["queue"] == [] and state_after(r)["inFlight"] == [])
    return f


def create_feature() -> Feature:
    f = Feature("create", "OFFL-3, OFFL-4, OFFL-5: creating an entity with a temporary id.")
    one = {"c-1": TAP}
    online = initial(entities=one)
    offline = initial(connectivity="offline", entities=one)
    f.case("online-state-at-once", "online, the new entity is in the state at once under tmp-1",
           "OFFL-3", online, [create(SINK)],
           lambda r: state_after(r)["entities"] == {"c-1": TAP, tmp(1): SINK} and state_after(r)["nextTempId"] == 2,
           cells=("create/online/1-state-temp-id",))
    f.case("offline-state-at-once", "offline, the new entity is in the state at once under tmp-1",
           "OFFL-3", offline, [create(SINK)],
           lambda r: state_after(r)["entities"] == {"c-1": TAP, tmp(1): SINK},
           cells=("create/offline/1-state-temp-id",))
    f.case("online-sent-at-once", "online, the create request is sent at once with the temporary id and data",
           "OFFL-4", online, [create(SINK)],
           lambda r: sent(r) == [create_request(1, tmp(1), SINK)] and state_after(r)["queue"] == [],
           cells=("create/online/2-post",))
    f.case("offline-queued", "offline, the create request is queued and not sent",
           "OFFL-4", offline, [create(SINK)],
           lambda r: effects_after(r)[0] == {"type": "enqueue", "request": create_request(1, tmp(1), SINK)}
           and sent(r) == [] and state_after(r)["inFlight"] == [],
           cells=("create/offline/2-queued",))
    f.case("temp-ids-in-creation-order", "three offline creates get tmp-1, tmp-2 and tmp-3, queued in that order",
           "OFFL-3", offline, [create(SINK), create(SHELVES), create(HALLWAY)],
           lambda r: [q["id"] for q in state_after(r)["queue"]] == [tmp(1), tmp(2), tmp(3)]
           and seqs(state_after(r)["queue"]) == [1, 2, 3])
    f.case("temp-ids-never-reused", "after tmp-1 became c-7 the next create gets tmp-2, not tmp-1",
           "OFFL-3", initial(entities={"c-7": TAP}, next_temp=2, next_seq=2), [create(SINK)],
           lambda r: tmp(2) in state_after(r)["entities"] and sent(r)[0]["id"] == tmp(2))
    f.case("online-notification", "an online create displays a notification for the new entity",
           "OFFL-5", online, [create(SINK)],
           lambda r: effects_after(r)[-1] == {"type": "notify", "for": "create", "id": tmp(1)},
           cells=("create/online/3-notify",))
    f.case("offline-notification", "an offline create displays a notification too",
           "OFFL-5", offline, [create(SINK)],
           lambda r: effects_after(r)[-1] == {"type": "notify", "for": "create", "id": tmp(1)},
           cells=("create/offline/3-notify",))
    busy = initial(entities={"c-1": TAP_MOVED, tmp(1): SINK}, in_flight=(create_request(1, tmp(1), SINK),),
                   queue=(edit_request(2, "c-1", TAP_MOVED),))
    f.case("online-sent-while-replay-waits", "online, a create is sent at once even while queued requests wait",
           "OFFL-4", busy, [create(SHELVES)],
           lambda r: sent(r) == [create_request(3, tmp(2), SHELVES)] and seqs(state_after(r)["queue"]) == [2])
    return f


def replace_feature() -> Feature:
    f = Feature("replace", "OFFL-6: the create's response replaces the temporary id everywhere.")
    one = {"c-1": TAP}
    f.case("online-response-replaces-temp-id", "the create's response puts the entity under the backend's id",
           "OFFL-6", initial(entities=one), [create(SINK), ok(1, {"id": "c-9"})],
           lambda r: state_after(r)["entities"] == {"c-1": TAP, "c-9": SINK} and effects_after(r) == [],
           cells=("create/online/4-replace-id",))
    offline = initial(connectivity="offline", entities=one)
    f.case("offline-create-replaced-when-online", "a create queued offline gets its backend id once sent and answered",
           "OFFL-6", offline, [create(SINK), GO_ONLINE, ok(1, {"id": "c-9"})],
           lambda r: state_after(r)["entities"] == {"c-1": TAP, "c-9": SINK}
           and sent(r, 1) == [get_request(2, "options"), create_request(1, tmp(1), SINK)],
           cells=("create/offline/4-replace-id-later",))
    f.case("queued-edit-gets-backend-id", "an edit queued behind the create is sent with the backend's id",
           "OFFL-6", offline, [create(SINK), edit(tmp(1), address="Calle Cuenca 5"), GO_ONLINE, ok(1, {"id": "c-9"})],
           lambda r: sent(r) == [edit_request(2, "c-9", SINK_SERVER)] and state_after(r)["entities"]["c-9"] == SINK_SERVER,
           cells=("edit/local/4-replace-id",))
    f.case("other-temp-ids-untouched", "only the answered create's temporary id is replaced",
           "OFFL-6", offline, [create(SINK), create(SHELVES), GO_ONLINE, ok(1, {"id": "c-9"})],
           lambda r: set(state_after(r)["entities"]) == {"c-1", "c-9", tmp(2)}
           and sent(r) == [create_request(2, tmp(2), SHELVES)])
    raced = initial(entities={tmp(1): SINK}, in_flight=(create_request(1, tmp(1), SINK),))
    f.case("backend-id-already-listed", "an entity the list already brought under the new id gives way to the local one",
           "OFFL-6", raced, [REFRESH, ok(2, items(("c-9", SINK_SERVER))), ok(1, {"id": "c-9"})],
           lambda r: state_after(r, 1)["entities"] == {"c-9": SINK_SERVER, tmp(1): SINK}
           and state_after(r)["entities"] == {"c-9": SINK})
    f.case("create-failure-undone", "a create answered with a failure is undone with the edits queued behind it",
           "OFFL-6", offline, [create(SINK), edit(tmp(1), address="Calle Cuenca 5"), GO_ONLINE, failure(1)],
           lambda r: state_after(r)["entities"] == {"c-1": TAP}
           and effects_after(r) == [{"type": "drop", "seq": 2}, {"type": "alert", "for": "create", "id": tmp(1)}]
           and state_after(r)["queue"] == [])
    return f


def edit_feature() -> Feature:
    f = Feature("edit", "OFFL-5, OFFL-7 to OFFL-10, OFFL-14: editing online, offline local and remote.")
    one = {"c-1": TAP}
    online = initial(entities=one)
    offline = initial(connectivity="offline", entities=one)
    f.case("online-sent-at-once", "online, an edit updates the state under the backend id and is sent at once",
           "OFFL-7", online, [edit("c-1", maxBudget=95)],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_NEW_BUDGET}
           and sent(r) == [edit_request(1, "c-1", TAP_NEW_BUDGET)] and state_after(r)["queue"] == [],
           cells=("edit/online/1-state", "edit/online/2-post"))
    f.case("online-notification", "an online edit displays a notification",
           "OFFL-5", online, [edit("c-1", address="Calle Segovia 2")],
           lambda r: effects_after(r)[-1] == {"type": "notify", "for": "edit", "id": "c-1"},
           cells=("edit/online/3-notify",))
    f.case("online-response-keeps-state", "the edit's response leaves the state as the edit made it",
           "OFFL-7", online, [edit("c-1", address="Calle Segovia 2"), ok(1, {"id": "c-1", "data": TAP})],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_MOVED} and effects_after(r) == [],
           cells=("edit/online/4-response",))
    f.case("online-full-state", "an edit of one field sends the entity's full latest state",
           "OFFL-10", online, [edit("c-1", address="Calle Segovia 2")],
           lambda r: sent(r)[0]["data"] == TAP_MOVED)
    busy = initial(entities={"c-1": TAP_MOVED, tmp(1): SINK}, in_flight=(create_request(1, tmp(1), SINK),),
                   queue=(edit_request(2, "c-1", TAP_MOVED),))
    f.case("online-supersedes-queued-edit", "an online edit removes the queued edit of the same id and is sent",
           "OFFL-7", busy, [edit("c-1", maxBudget=95)],
           lambda r: effect_types(r) == ["drop", "send", "notify"] and state_after(r)["queue"] == []
           and sent(r) == [edit_request(3, "c-1", with_changes(TAP_MOVED, maxBudget=95))])
    f.case("offline-local-keeps-create", "offline, an edit of a local entity is queued behind its create",
           "OFFL-8", offline, [create(SINK), edit(tmp(1), address="Calle Cuenca 5")],
           lambda r: state_after(r)["queue"] == [create_request(1, tmp(1), SINK), edit_request(2, tmp(1), SINK_SERVER)]
           and state_after(r)["entities"][tmp(1)] == SINK_SERVER and effect_types(r) == ["enqueue", "notify"],
           cells=("edit/local/1-state",))
    f.case("offline-local-repeated-edits", "repeated offline edits leave the create and one edit with the latest state",
           "OFFL-8", offline, [create(SINK), edit(tmp(1), address="Calle Cuenca 5"), edit(tmp(1), maxBudget=70),
                               edit(tmp(1), address="Calle Soria 8")],
           lambda r: seqs(state_after(r)["queue"]) == [1, 4] and effects_after(r)[0] == {"type": "drop", "seq": 3}
           and state_after(r)["queue"][1]["data"] == with_changes(SINK, address="Calle Soria 8", maxBudget=70),
           cells=("edit/local/2-queued-dedup-unless-create",))
    earlier = initial(connectivity="offline", entities={"c-1": TAP, tmp(1): SINK_SERVER},
                      queue=(create_request(1, tmp(1), SINK), edit_request(2, tmp(1), SINK_SERVER)))
    f.case("offline-local-create-never-removed", "the edit removes the earlier queued edit of tmp-1 but not its create",
           "OFFL-8", earlier, [edit(tmp(1), address="Calle Soria 8")],
           lambda r: effects_after(r)[0] == {"type": "drop", "seq": 2} and seqs(state_after(r)["queue"]) == [1, 3])
    two_local = initial(connectivity="offline", entities={tmp(1): SINK, tmp(2): SHELVES},
                        queue=(create_request(1, tmp(1), SINK), create_request(2, tmp(2), SHELVES),
                               edit_request(3, tmp(2), SHELVES)))
    f.case("offline-local-other-entity-kept", "an edit of tmp-1 leaves tmp-2's queued edit alone",
           "OFFL-8", two_local, [edit(tmp(1), address="Calle Cuenca 5")],
           lambda r: seqs(state_after(r)["queue"]) == [1, 2, 3, 4] and "drop" not in effect_types(r))
    f.case("offline-local-notification", "an offline edit of a local entity displays a notification",
           "OFFL-5", offline, [create(SINK), edit(tmp(1), address="Calle Cuenca 5")],
           lambda r: effects_after(r)[-1] == {"type": "notify", "for": "edit", "id": tmp(1)},
           cells=("edit/local/3-notify",))
    f.case("offline-remote-queued", "offline, an edit of a backend entity updates the state and is queued",
           "OFFL-9", offline, [edit("c-1", address="Calle Segovia 2")],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_MOVED}
           and state_after(r)["queue"] == [edit_request(1, "c-1", TAP_MOVED)] and sent(r) == [],
           cells=("edit/remote/1-state",))
    f.case("offline-remote-repeated-edits", "a second offline edit of c-1 removes the first from the queue",
           "OFFL-9", offline, [edit("c-1", address="Calle Segovia 2"), edit("c-1", maxBudget=95)],
           lambda r: effect_types(r) == ["drop", "enqueue", "notify"] and seqs(state_after(r)["queue"]) == [2],
           cells=("edit/remote/2-queued-dedup",))
    others = initial(connectivity="offline", entities={"c-1": TAP, "c-2": SINK_SERVER, tmp(1): SHELVES},
                     queue=(edit_request(1, "c-2", SINK_SERVER), create_request(2, tmp(1), SHELVES)))
    f.case("offline-remote-other-requests-kept", "an offline edit of c-1 keeps the queued requests of other ids",
           "OFFL-9", others, [edit("c-1", address="Calle Segovia 2")],
           lambda r: seqs(state_after(r)["queue"]) == [1, 2, 3] and "drop" not in effect_types(r))
    f.case("offline-remote-notification", "an offline edit of a backend entity displays a notification",
           "OFFL-5", offline, [edit("c-1", address="Calle Segovia 2")],
           lambda r: effects_after(r)[-1] == {"type": "notify", "for": "edit", "id": "c-1"},
           cells=("edit/remote/3-notify",))
    f.case("offline-remote-response-keeps-state", "the response to a replayed edit leaves the state as it is",
           "OFFL-7", offline, [edit("c-1", address="Calle Segovia 2"), GO_ONLINE, ok(1)],
           lambda r: state_after(r)["entities"] == {"c-1": TAP_MOVED} and effects_after(r) == [],
           cells=("edit/remote/4-response",))
    f.case("offline-full-state-accumulates", "two offline edits of different fields queue one edit with both",
           "OFFL-10", offline, [edit("c-1", address="Calle Segovia 2"), edit("c-1", maxBudget=95)],
           lambda r: state_after(r)["queue"][0]["data"] == with_changes(TAP, address="Calle Segovia 2", maxBudget=95))
    f.case("online-local-queued-behind-create", "online, an edit of an entity whose create is unanswered is queued",
           "OFFL-14", online, [create(SINK), edit(tmp(1), address="Calle Cuenca 5")],
           lambda r: effect_types(r) == ["enqueue", "notify"] and seqs(state_after(r)["inFlight"]) == [1])
    f.case("online-local-sent-after-replace", "the queued edit is sent with the backend id once the create is answered",
           "OFFL-14", online, [create(SINK), edit(tmp(1), address="Calle Cuenca 5"), ok(1, {"id": "c-9"})],
           lambda r: sent(r) == [edit_request(2, "c-9", SINK_SERVER)] and state_after(r)["queue"] == [])
    f.case("online-local-repeated-edits", "online edits of an unanswered create replace each other in the queue",
           "OFFL-14", online, [create(SINK), edit(tmp(1), address="Calle Cuenca 5"), edit(tmp(1), address="Calle Soria 8")],
           lambda r: effect_types(r) == ["drop", "enqueue", "notify"] and seqs(state_after(r)["queue"]) == [3])
    return f


def replay_feature() -> Feature:
    f = Feature("replay", "OFFL-11: the queue is replayed in order, one request at a time.")
    three = {"c-1": TAP_MOVED, "c-2": SINK_SERVER, "c-3": SHELVES}
    queued = initial(connectivity="offline", entities=three,
                     queue=(edit_request(1, "c-1", TAP_MOVED), edit_request(2, "c-2", SINK_SERVER),
                            edit_request(3, "c-3", SHELVES)))
    f.case("in-order-one-at-a-time", "back online, each queued request is sent after the previous one's response",
           "OFFL-11", queued, [GO_ONLINE, ok(1), ok(2), ok(3)],
           lambda r: [seqs(sent(r, i)) for i in range(4)] == [[4, 1], [2], [3], []]
           and state_after(r)["queue"] == [])
    f.case("creates-and-edits-in-queue-order", "creates and edits made offline are replayed in the order made",
           "OFFL-11", initial(connectivity="offline", entities={"c-1": TAP}),
           [create(SINK), edit("c-1", address="Calle Segovia 2"), create(SHELVES), GO_ONLINE, ok(1, {"id": "c-8"}), ok(2),
            ok(3, {"id": "c-9"})],
           lambda r: [seqs(sent(r, i)) for i in range(3, 7)] == [[4, 1], [2], [3], []]
           and state_after(r)["entities"] == {"c-1": TAP_MOVED, "c-8": SINK, "c-9": SHELVES})
    f.case("failure-leaves-queue", "a queued request answered with a failure leaves the queue and the next is sent",
           "OFFL-11", queued, [GO_ONLINE, failure(1)],
           lambda r: sent(r) == [edit_request(2, "c-2", SINK_SERVER)] and seqs(state_after(r)["queue"]) == [3]
           and state_after(r)["entities"] == three)
    f.case("refused-edit-alerts", "a queued edit the backend refuses shows an error alert naming its entity",
           "OFFL-19", queued, [GO_ONLINE, failure(1)],
           lambda r: effects_after(r)[0] == {"type": "alert", "for": "edit", "id": "c-1"})
    # The queue's only edit: its alert does not depend on the order the queue is replayed in.
    lone = initial(connectivity="offline", entities={"c-1": TAP_MOVED}, queue=(edit_request(1, "c-1", TAP_MOVED),))
    f.case("refused-lone-edit-alerts", "the queue's only edit, refused once back online, shows an error alert naming its entity",
           "OFFL-19", lone, [GO_ONLINE, failure(1)],
           lambda r: effects_after(r) == [{"type": "alert", "for": "edit", "id": "c-1"}])
    f.case("refused-create-alerts", "a queued create the backend refuses is undone and shows an error alert naming it",
           "OFFL-19", initial(connectivity="offline", entities={"c-1": TAP}), [create(SINK), GO_ONLINE, failure(1)],
           lambda r: effects_after(r) == [{"type": "alert", "for": "create", "id": tmp(1)}] and tmp(1) not in state_after(r)["entities"])
    f.case("online-create-refused-alerts", "online, a create sent at once and refused shows an error alert naming it",
           "TASK-24", initial(entities={"c-1": TAP}), [create(SINK), failure(1)],
           lambda r: effects_after(r) == [{"type": "alert", "for": "create", "id": tmp(1)}])
    f.case("online-edit-refused-alerts", "online, an edit sent at once and refused shows an error alert naming it",
           "TASK-24", initial(entities={"c-1": TAP}), [edit("c-1", address="Calle Cuenca 5"), failure(1)],
           lambda r: effects_after(r) == [{"type": "alert", "for": "edit", "id": "c-1"}])
    f.case("offline-mid-replay-back-to-head", "a request in flight when connectivity goes returns to the queue's head",
           "OFFL-11", queued, [GO_ONLINE, GO_OFFLINE, GO_ONLINE],
           lambda r: seqs(state_after(r, 1)["queue"]) == [1, 2, 3] and state_after(r, 1)["inFlight"] == []
           and effects_after(r, 1) == [{"type": "enqueue", "request": edit_request(1, "c-1", TAP_MOVED)}]
           and seqs(sent(r)) == [5, 1])
    f.case("online-requests-return-when-offline", "creates and edits sent online and unanswered are queued on going offline",
           "OFFL-11", initial(entities={"c-1": TAP}), [create(SINK), edit("c-1", address="Calle Segovia 2"), GO_OFFLINE],
           lambda r: seqs(state_after(r)["queue"]) == [1, 2] and effect_types(r) == ["enqueue", "enqueue"])
    f.case("only-newest-edit-returns", "of two unanswered online edits of c-1 only the newest returns to the queue",
           "OFFL-11", initial(entities={"c-1": TAP}),
           [edit("c-1", address="Calle Segovia 2"), edit("c-1", maxBudget=95), GO_OFFLINE],
           lambda r: seqs(state_after(r)["queue"]) == [2] and effect_types(r) == ["enqueue"])
    waiting = initial(entities={"c-1": TAP_MOVED, tmp(1): SINK}, in_flight=(create_request(1, tmp(1), SINK),),
                      queue=(edit_request(2, "c-1", TAP_MOVED),))
    f.case("waits-for-create-sent-online", "the queue waits for a create sent online, then sends its head",
           "OFFL-11", waiting, [REFRESH, ok(1, {"id": "c-9"})],
           lambda r: sent(r, 0) == [get_request(3, "list")] and sent(r) == [edit_request(2, "c-1", TAP_MOVED)])
    f.case("gets-do-not-hold-the-queue", "list and option GETs in flight do not hold the replay back",
           "OFFL-11", queued, [GO_ONLINE, REFRESH, ok(1)],
           lambda r: seqs(sent(r, 1)) == [5] and seqs(sent(r)) == [2] and seqs(state_after(r)["inFlight"]) == [4, 5, 2])
    return f


def storage_feature() -> Feature:
    f = Feature("storage", "OFFL-12: the request queue and local state survive termination and relaunch.")
    saved = initial(connectivity="offline", entities={"c-1": TAP_MOVED, tmp(1): SINK},
                    queue=(create_request(1, tmp(1), SINK), edit_request(2, "c-1", TAP_MOVED)))
    f.case("queue-survives-relaunch", "offline, a terminated and relaunched app keeps its entities and its queue",
           "OFFL-12", saved, [TERMINATE, launch()],
           lambda r: state_after(r) == dict(saved, screen="contacts") and state_after(r, 0)["screen"] == "none"
           and effects_after(r) == [{"type": "navigate", "screen": "contacts"}],
           cells=("open/device-storage",))
    replaying = initial(entities={"c-1": TAP_MOVED, "c-2": SINK_SERVER},
                        in_flight=(edit_request(1, "c-1", TAP_MOVED),), queue=(edit_request(2, "c-2", SINK_SERVER),))
    f.case("in-flight-edit-kept-over-relaunch", "an unanswered edit is kept over a relaunch and replayed first",
           "OFFL-12", replaying, [TERMINATE, launch()],
           lambda r: seqs(state_after(r, 0)["queue"]) == [1, 2] and seqs(sent(r)) == [3, 1])
    f.case("temp-ids-not-reused-after-relaunch", "temporary ids keep counting across a relaunch",
           "OFFL-12", initial(connectivity="offline", entities={"c-1": TAP}),
           [create(SINK), TERMINATE, launch(), create(SHELVES)],
           lambda r: set(state_after(r)["entities"]) == {"c-1", tmp(1), tmp(2)} and seqs(state_after(r)["queue"]) == [1, 2])
    f.case("gets-and-login-not-kept", "list, option and login requests in flight are not kept over a relaunch",
           "OFFL-12", initial(screen="login", jwt=None), [REFRESH, LOGIN, TERMINATE],
           lambda r: state_after(r)["inFlight"] == [] and state_after(r)["queue"] == [] and effects_after(r) == [])
    return f


def options_feature() -> Feature:
    f = Feature("options", "OFFL-13: a background GET of the option values on every online use.")
    f.case("sent-on-reconnect", "when connectivity returns the app sends the option values GET",
           "OFFL-13", initial(connectivity="offline", entities={"c-1": TAP}), [GO_ONLINE],
           lambda r: effects_after(r) == [{"type": "send", "request": get_request(1, "options")}],
           cells=("open/sync-options",))
    f.case("sent-on-online-launch", "a launch while online sends the option values GET after navigating",
           "OFFL-13", initial(screen="none"), [launch()],
           lambda r: effect_types(r) == ["navigate", "send"] and sent(r) == [get_request(1, "options")])
    f.case("not-sent-on-offline-launch", "a launch while offline sends nothing",
           "OFFL-13", initial(connectivity="offline", screen="none"), [launch()],
           lambda r: sent(r) == [])
    f.case("waits-for-launch", "connectivity returning while the app is not running sends nothing until launch",
           "OFFL-13", initial(connectivity="offline", screen="none"), [GO_ONLINE, launch()],
           lambda r: effects_after(r, 0) == [] and sent(r) == [get_request(1, "options")])
    f.case("not-repeated-while-online", "a goOnline while already online changes nothing",
           "OFFL-13", initial(entities={"c-1": TAP}), [GO_ONLINE],
           lambda r: effects_after(r) == [] and state_after(r) == initial(entities={"c-1": TAP}))
    f.case("response-changes-nothing-else", "the option values response only ends the request",
           "OFFL-13", initial(connectivity="offline", entities={"c-1": TAP}), [GO_ONLINE, ok(1, {"sources": ["web"]})],
           lambda r: state_after(r) == initial(entities={"c-1": TAP}, next_seq=2) and effects_after(r) == [])
    return f


def auth_feature() -> Feature:
    f = Feature("auth", "AUTH-1 to AUTH-7: where a launch goes from the cached JWT and connectivity.")
    hour = 3_600_000

    def stopped(connectivity: str, jwt: Any, ever_online: bool = True) -> dict:
        return initial(connectivity=connectivity, screen="none", jwt=jwt, ever_online=ever_online)

    nav = lambda screen: {"type": "navigate", "screen": screen}  # noqa: E731
    f.case("online-active-jwt-contacts", "online with an active JWT, a launch goes to CONTACTS",
           "AUTH-2", stopped("online", JWT), [launch()],
           lambda r: effects_after(r)[0] == nav("contacts") and state_after(r)["screen"] == "contacts",
           cells=("auth/online/1-check", "auth/online/2a-contacts"))
    f.case("online-active-jwt-queued-contacts", "online with an active JWT and an edit queued, a launch goes to CONTACTS and replays",
           "AUTH-2", initial(connectivity="online", screen="none", entities={"c-1": SINK_SERVER},
                             queue=(edit_request(1, "c-1", SINK_SERVER),)), [launch()],
           lambda r: effects_after(r)[0] == nav("contacts") and edit_request(1, "c-1", SINK_SERVER) in state_after(r)["inFlight"])
    f.case("online-no-jwt-login", "online without a JWT, a launch goes to LOGIN",
           "AUTH-3", stopped("online", None), [launch()],
           lambda r: effects_after(r)[0] == nav("login"), cells=("auth/online/2b-login",))
    f.case("online-expired-jwt-login", "online with an expired JWT, a launch goes to LOGIN",
           "AUTH-1", stopped("online", EXPIRED_JWT), [launch()],
           lambda r: state_after(r)["screen"] == "login")
    f.case("expiring-now-is-expired", "a JWT whose expiry equals the launch time is not active",
           "AUTH-1", stopped("online", {"token": "jwt-ana-1", "expiresAt": T0}), [launch(T0)],
           lambda r: state_after(r)["screen"] == "login")
    f.case("expiring-after-now-is-active", "a JWT expiring one millisecond after the launch is active",
           "AUTH-1", stopped("offline", {"token": "jwt-ana-1", "expiresAt": T0 + 1}), [launch(T0)],
           lambda r: state_after(r)["screen"] == "contacts")
    f.case("expired-jwt-stays-cached", "a launch leaves an expired JWT in the cache",
           "AUTH-1", stopped("online", EXPIRED_JWT), [launch()],
           lambda r: state_after(r)["jwt"] == EXPIRED_JWT)
    new_jwt = {"token": "jwt-ana-2", "expiresAt": T0 + DAY}
    f.case("login-sends-jwt-auth-and-caches", "logging in sends JWT-Auth; its response is cached and CONTACTS shown",
           "AUTH-4", stopped("online", EXPIRED_JWT), [launch(), LOGIN, ok(2, new_jwt)],
           lambda r: sent(r, 1) == [get_request(2, "login")] and state_after(r)["jwt"] == new_jwt
           and effects_after(r) == [nav("contacts")],
           cells=("auth/online/3-post-jwt-auth", "auth/online/4-cache-jwt"))
    f.case("login-failure-stays", "a login answered with a failure stays on LOGIN with nothing cached",
           "AUTH-4", stopped("online", None), [launch(), LOGIN, failure(2)],
           lambda r: state_after(r)["screen"] == "login" and state_after(r)["jwt"] is None and effects_after(r) == [])
    f.case("stored-token-skips-pin", "the token a login cached takes a later offline launch to CONTACTS",
           "AUTH-4", stopped("online", None),
           [launch(), LOGIN, ok(2, new_jwt), GO_OFFLINE, TERMINATE, launch(T0 + hour)],
           lambda r: effects_after(r) == [nav("contacts")])
    f.case("offline-active-jwt-contacts", "offline with an active JWT, a launch goes to CONTACTS and sends nothing",
           "AUTH-5", stopped("offline", JWT), [launch()],
           lambda r: effects_after(r) == [nav("contacts")],
           cells=("auth/offline/1-check", "auth/offline/2a-contacts"))
    f.case("offline-no-jwt-pin-home", "offline without a JWT after being online, the PIN leads to HOME",
           "AUTH-6", stopped("offline", None), [launch(), pin()],
           lambda r: effects_after(r, 0) == [nav("pin")] and effects_after(r) == [nav("home")],
           cells=("auth/offline/2b-pin-home",))
    f.case("offline-expired-jwt-pin-home", "offline with an expired JWT, the PIN leads to HOME",
           "AUTH-6", stopped("offline", EXPIRED_JWT), [launch(), pin()],
           lambda r: state_after(r)["screen"] == "home")
    f.case("pin-refused-stays", "a PIN the device refuses keeps the PIN screen",
           "AUTH-6", stopped("offline", None), [launch(), pin(False), pin()],
           lambda r: effects_after(r, 1) == [] and state_after(r, 1)["screen"] == "pin"
           and state_after(r)["screen"] == "home")
    f.case("login-offline-sends-nothing", "offline on the login screen, a login neither sends nor queues JWT-Auth",
           "AUTH-6", initial(connectivity="offline", screen="login", jwt=None), [LOGIN],
           lambda r: effects_after(r) == [] and state_after(r)["queue"] == [])
    f.case("never-online-pin-contacts", "offline and never online before, the PIN leads to CONTACTS",
           "AUTH-7", stopped("offline", None, ever_online=False), [launch(), pin()],
           lambda r: effects_after(r, 0) == [nav("pin")] and effects_after(r) == [nav("contacts")],
           cells=("auth/never/1-check", "auth/never/2-pin-contacts"))
    f.case("never-online-refused-pin", "never online before, a refused PIN keeps the PIN screen",
           "AUTH-7", stopped("offline", None, ever_online=False), [launch(), pin(False)],
           lambda r: state_after(r)["screen"] == "pin" and effects_after(r) == [])
    f.case("never-online-online-launch-login", "never online before but online now, a launch goes to LOGIN",
           "AUTH-3", stopped("online", None, ever_online=False), [launch()],
           lambda r: state_after(r)["screen"] == "login")
    short_jwt = {"token": "jwt-ana-3", "expiresAt": T0 + 2 * hour}
    f.case("first-login-ends-never-online", "after a first online login, an offline launch without a JWT goes to HOME",
           "AUTH-7", stopped("offline", None, ever_online=False),
           [launch(), pin(), TERMINATE, GO_ONLINE, launch(T0 + hour), LOGIN, ok(2, short_jwt), GO_OFFLINE,
            TERMINATE, launch(T0 + 3 * hour), pin()],
           lambda r: effects_after(r, 1) == [nav("contacts")] and state_after(r, 6)["everOnline"] is True
           and effects_after(r) == [nav("home")])
    return f


def malformed_feature() -> Feature:
    f = Feature("malformed", "OFFL-15: malformed states and operations the state does not allow.")
    base = initial(entities={"c-1": TAP})

    def with_initial(**fields: Any) -> dict:
        start = copy.deepcopy(base)
        for key, value in fields.items():
            if value is ABSENT:
                start.pop(key, None)
            else:
                start[key] = value
        return {"initial": start, "steps": [REFRESH]}

    def steps_on(start: dict, *steps: Any) -> dict:
        return {"initial": copy.deepcopy(start), "steps": list(steps)}

    f.invalid("initial-missing", "the input has no initial state", {"steps": [REFRESH]}, "initial")
    f.invalid("connectivity-unknown", "connectivity \"wifi\" is neither online nor offline",
              with_initial(connectivity="wifi"), "initial.connectivity")
    f.invalid("screen-unknown", "screen \"settings\" is not one of the model's screens",
              with_initial(screen="settings"), "initial.screen")
    f.invalid("jwt-missing", "jwt must be given, as null when nothing is cached",
              with_initial(jwt=ABSENT), "initial.jwt")
    f.invalid("jwt-expiry-string", "jwt.expiresAt written as a string",
              with_initial(jwt={"token": "jwt-ana-1", "expiresAt": str(T0)}), "initial.jwt.expiresAt")
    f.invalid("jwt-without-ever-online", "a cached JWT in an app that was never online",
              with_initial(everOnline=False), "initial.everOnline")
    f.invalid("entity-not-object", "an entity's data must be an object",
              with_initial(entities={"c-1": "Fix the leaking kitchen tap"}), "initial.entities.c-1")
    f.invalid("queue-holds-list-get", "the list GET is never queued, so a queue cannot hold one",
              with_initial(queue=[get_request(1, "list")], nextSeq=2), "initial.queue[0].kind")
    f.invalid("queued-create-backend-id", "a queued create must carry a temporary id",
              with_initial(queue=[create_request(1, "c-2", SINK)], nextSeq=2), "initial.queue[0].id")
    f.invalid("in-flight-edit-without-data", "an edit in flight must carry the entity's data",
              with_initial(inFlight=[{"seq": 1, "kind": "edit", "id": "c-1"}], nextSeq=2), "initial.inFlight[0].data")
    f.invalid("next-seq-zero", "nextSeq counts from 1",
              with_initial(nextSeq=0), "initial.nextSeq")
    f.invalid("first-bad-field-wins", "with a bad screen and a bad step, the screen is named",
              {"initial": dict(copy.deepcopy(base), screen="settings"), "steps": [{"op": "jump"}]}, "initial.screen")
    f.invalid("steps-not-array", "steps must be an array", {"initial": copy.deepcopy(base), "steps": REFRESH}, "steps")
    f.invalid("unknown-op", "an operation the model does not know", steps_on(base, {"op": "delete", "id": "c-1"}),
              "steps[0].op")
    f.invalid("create-data-not-object", "a create's data must be an object",
              steps_on(base, {"op": "create", "data": ["Unblock the bathroom sink"]}), "steps[0].data")
    f.invalid("edit-changes-missing", "an edit must say what changes",
              steps_on(base, {"op": "edit", "id": "c-1"}), "steps[0].changes")
    f.invalid("edit-unknown-id", "an edit of an id the state does not hold, after a valid step",
              steps_on(base, create(SINK), edit("c-2", address="Calle Cuenca 5")), "steps[1].id")
    f.invalid("edit-replaced-temp-id", "tmp-1 is gone once the create's response replaced it",
              steps_on(base, create(SINK), ok(1, {"id": "c-9"}), edit(tmp(1), address="Calle Cuenca 5")), "steps[2].id")
    f.invalid("response-not-in-flight", "a response to a request that was never sent",
              steps_on(base, ok(7)), "steps[0].seq")
    f.invalid("response-answered-twice", "a second response to the same request",
              steps_on(base, REFRESH, ok(1, items()), ok(1, items())), "steps[2].seq")
    f.invalid("response-to-queued-request", "a queued request is not in flight, so it cannot be answered",
              steps_on(initial(connectivity="offline", entities={"c-1": TAP}), edit("c-1", address="Calle Segovia 2"), ok(1)),
              "steps[1].seq")
    f.invalid("response-outcome-unknown", "outcome must be ok or failure",
              steps_on(base, REFRESH, {"op": "response", "seq": 1, "outcome": "timeout"}), "steps[1].outcome")
    f.invalid("create-response-without-body", "a successful create response must give the backend id",
              steps_on(base, create(SINK), ok(1)), "steps[1].body")
    f.invalid("create-response-temp-id", "a backend id never starts with tmp-",
              steps_on(base, create(SINK), ok(1, {"id": "tmp-9"})), "steps[1].body.id")
    f.invalid("list-response-duplicate-id", "a list response naming c-2 twice",
              steps_on(base, REFRESH, ok(1, items(("c-2", SINK), ("c-2", SHELVES)))), "steps[1].body.items[1].id")
    f.invalid("list-response-item-without-data", "every listed entity needs its data",
              steps_on(base, REFRESH, ok(1, {"items": [{"id": "c-2"}]})), "steps[1].body.items[0].data")
    stopped = initial(screen="none", jwt=None)
    f.invalid("login-response-fractional-expiry", "expiresAt 1.5 ms is not a whole number",
              steps_on(stopped, launch(), LOGIN, ok(2, {"token": "jwt-ana-2", "expiresAt": 1.5})),
              "steps[2].body.expiresAt")
    f.invalid("launch-while-running", "a running app cannot be launched", steps_on(base, launch()), "steps[0].op")
    f.invalid("launch-negative-time", "now must be at least 0", steps_on(stopped, launch(-1)), "steps[0].now")
    f.invalid("create-while-not-running", "nothing is created in an app that is not running",
              steps_on(stopped, create(SINK)), "steps[0].op")
    f.invalid("terminate-while-not-running", "an app that is not running cannot be terminated",
              steps_on(stopped, TERMINATE), "steps[0].op")
    f.invalid("login-off-login-screen", "login needs the login screen", steps_on(base, LOGIN), "steps[0].op")
    f.invalid("pin-accepted-missing", "enterPIN must say whether the device accepted the PIN",
              steps_on(initial(connectivity="offline", screen="pin", jwt=None), {"op": "enterPIN"}),
              "steps[0].accepted")
    f.invalid("pin-off-pin-screen", "enterPIN needs the PIN screen", steps_on(base, pin()), "steps[0].op")
    return f


FEATURES = (
    refresh_feature,
    create_feature,
    replace_feature,
    edit_feature,
    replay_feature,
    storage_feature,
    options_feature,
    auth_feature,
    malformed_feature,
)


# ==========================================================================
# Output
# ==========================================================================

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=VECTORS / "offline",
                        help="output directory (default: Vectors/offline)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files instead of writing them; exit 1 when one differs")
    args = parser.parse_args()

    features = [build() for build in FEATURES]
    all_cases = [case for feature in features for case in feature.cases]
    duplicates = repeated(case["id"] for case in all_cases)
    if duplicates:
        sys.exit(f"duplicate case ids: {', '.join(duplicates)}")
    covered: dict[str, list[str]] = {}
    for feature in features:
        for cell, cases in feature.cells.items():
            covered.setdefault(cell, []).extend(cases)
    missing = [cell for cell in SEED_CELLS if cell not in covered]
    if missing:
        sys.exit("seed cells without a case: " + ", ".join(missing))

    stale = []
    if not args.check:
        args.out.mkdir(parents=True, exist_ok=True)
    expected_names = {f"{feature.feature}.json" for feature in features}
    for feature in features:
        path = args.out / f"{feature.feature}.json"
        text = canonical_json(feature.document())
        if args.check:
            try:
                current = path.read_text(encoding="utf-8")
            except OSError:
                current = None
            if current != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    extra = sorted(p.name for p in args.out.glob("*.json") if p.name not in expected_names) if args.out.is_dir() else []
    if args.check:
        if stale or extra:
            for name in stale:
                print(f"{args.out / name} differs from what the generator writes", file=sys.stderr)
            for name in extra:
                print(f"{args.out / name} is not written by the generator", file=sys.stderr)
            print("run python3 Scripts/generate_offline_vectors.py and read the diff", file=sys.stderr)
            return 1
        print(f"offline vectors up to date: {len(all_cases)} cases in {len(features)} files, "
              f"{len(SEED_CELLS)} seed cells covered")
        return 0

    print("cases per file:")
    for feature in features:
        print(f"  {feature.feature + '.json':<16} {len(feature.cases):4d}")
    print(f"  {'total':<16} {len(all_cases):4d}")
    per_requirement: dict[str, int] = {}
    for case in all_cases:
        per_requirement[case["requirement"]] = per_requirement.get(case["requirement"], 0) + 1
    print("cases per requirement:")
    for requirement in sorted(per_requirement, key=requirement_key):
        print(f"  {requirement:<8} {per_requirement[requirement]:4d}")
    print(f"seed cells: {len(SEED_CELLS)}, each exercised by at least one case")
    if extra:
        print("note: files not written by the generator: " + ", ".join(extra), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
