#!/usr/bin/env python3
"""A JobWire adapter for the `offline` suite: the model to copy for your own.

The `offline` suite checks an app's offline workflow (seed 002, requirements OFFL-1
to OFFL-15 and AUTH-1 to AUTH-7 in Docs/PROTOCOL.md): list refreshes, creates with
temporary ids, edits, the request queue and its replay, and where a launch goes.
Run it with (Python 3.11, standard library only):

    swift run jobwire vectors run --suite offline \\
        --adapter "python3 Examples/offline-adapter-python/adapter.py"

The pipe is the one every suite uses (Docs/ADAPTER.md has the details):

  * One compact JSON object per line, both ways; flush stdout after every line;
    logs go to stderr only.
  * runner: {"type":"hello","protocol":1,"suites":["offline"]}
    you:    {"type":"hello","protocol":1,"name":"...","suites":["offline"]}
  * runner: {"type":"case","suite":"offline","id":"...","input":{...}}
    you:    {"type":"result","id":"...","output":{...}}   (or "skipped" / "error")
  * runner: {"type":"stop"}   you: exit with status 0.

What a case asks. The input is a starting state and a list of operations:

    {"initial": {"connectivity":"offline", "screen":"contacts", "jwt":null,
                 "everOnline":true, "entities":{"c-1":{"name":"Ana"}},
                 "queue":[], "inFlight":[], "nextTempId":1, "nextSeq":1},
     "steps": [{"op":"create","data":{"name":"Bea"}}, {"op":"goOnline"}]}

and the output is the whole state and the effects after every step, in order:

    {"steps": [{"state": {...}, "effects": [{"type":"enqueue","request":{...}},
                                            {"type":"notify","for":"create","id":"tmp-1"}]},
               {"state": {...}, "effects": [{"type":"send","request":{"seq":2,"kind":"options"}},
                                            {"type":"send","request":{"seq":1,"kind":"create",...}}]}]}

or, when the input is malformed or a step is not possible in the state it meets
(an edit of an unknown id, a response to a request that is not in flight), the
first bad field: {"invalid": {"field": "steps[1].seq", "message": "..."}}.

How to write yours. This file implements the workflow itself (class `App`) so it
runs on its own. In your adapter, `App` becomes a thin shell around your app's
real code: build your store from `initial` (its entities, its persisted queue,
its JWT cache), give it a fake network that records what is sent instead of
sending it, a fake connectivity monitor the steps can flip, a notification and
navigation recorder, and a clock set by `launch`; then feed it the operations
and read the state and the recorded effects back after each one. The rules each
method follows are marked with their requirement ids, and each rule that can go
wrong on its own is a method of its own, so a variant can change one
(../offline-adapter-python-wrong does, once per bug).
"""

import copy
import json
import sys

PROTOCOL = 1
NAME = "example-offline-python 1.0"
SUITES = ["offline"]

TEMP_PREFIX = "tmp-"  # OFFL-3: temporary ids are tmp-1, tmp-2, ... in creation order
SCREENS = ["none", "login", "pin", "home", "contacts"]
OPS = ["refresh", "create", "edit", "goOnline", "goOffline", "response", "terminate",
       "launch", "login", "enterPIN"]


# --- Reading the input: the first bad field, in the documented order, wins. ---

class Invalid(Exception):
    """Malformed input, answered as {"invalid": {"field": ..., "message": ...}} (OFFL-15)."""

    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class Reader:
    """Typed members of one JSON object, each error naming the member's path."""

    def __init__(self, value, path):
        if not isinstance(value, dict):
            raise Invalid(path, "is required" if value is None else "expected an object")
        self.obj, self.path = value, path

    def field(self, key):
        return f"{self.path}.{key}" if self.path else key

    def get(self, key):
        if key not in self.obj:
            raise Invalid(self.field(key), "is required")
        return self.obj[key]

    def text(self, key):
        value = self.get(key)
        if not isinstance(value, str) or not value:
            raise Invalid(self.field(key), "expected a non-empty string")
        return value

    def choice(self, key, choices):
        value = self.get(key)
        if not isinstance(value, str) or value not in choices:
            raise Invalid(self.field(key), f"expected one of {', '.join(choices)}")
        return value

    def whole(self, key, low):
        value = self.get(key)
        is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not is_number or value != int(value):  # 3.0 counts as 3; booleans are not numbers
            raise Invalid(self.field(key), "expected a whole number")
        if value < low:
            raise Invalid(self.field(key), f"must be at least {low}")
        return int(value)

    def flag(self, key):
        value = self.get(key)
        if not isinstance(value, bool):
            raise Invalid(self.field(key), "expected true or false")
        return value

    def array(self, key):
        value = self.get(key)
        if not isinstance(value, list):
            raise Invalid(self.field(key), "expected an array")
        return value

    def object(self, key):
        return Reader(self.get(key), self.field(key)).obj


def is_temporary(entity_id):
    return entity_id.startswith(TEMP_PREFIX)


def read_request(value, path, kinds):
    """A request of the queue (creates and edits only) or in flight (any kind)."""
    r = Reader(value, path)
    request = {"seq": r.whole("seq", 1), "kind": r.choice("kind", kinds)}
    if request["kind"] in ("create", "edit"):
        request["id"] = r.text("id")
        request["data"] = copy.deepcopy(r.object("data"))
        if request["kind"] == "create" and not is_temporary(request["id"]):
            raise Invalid(r.field("id"), "a create carries a temporary id")
    return request


# --- The app: its state, and one method per operation. ---

class App:
    """The offline workflow of one app: state in, effects out."""

    def __init__(self, initial):
        r = Reader(initial, "initial")
        self.connectivity = r.choice("connectivity", ["online", "offline"])
        self.screen = r.choice("screen", SCREENS)
        jwt = r.get("jwt")  # null when nothing is cached
        if jwt is not None:
            j = Reader(jwt, "initial.jwt")
            jwt = {"token": j.text("token"), "expiresAt": j.whole("expiresAt", 0)}
        self.jwt = jwt
        self.ever_online = r.flag("everOnline")
        self.entities = {key: copy.deepcopy(Reader(value, f"initial.entities.{key}").obj)
                         for key, value in r.object("entities").items()}
        self.queue = [read_request(v, f"initial.queue[{i}]", ["create", "edit"])
                      for i, v in enumerate(r.array("queue"))]
        self.in_flight = [read_request(v, f"initial.inFlight[{i}]", ["list", "options", "login", "create", "edit"])
                          for i, v in enumerate(r.array("inFlight"))]
        self.next_temp = r.whole("nextTempId", 1)
        self.next_seq = r.whole("nextSeq", 1)
        if self.jwt is not None and not self.ever_online:
            raise Invalid("initial.everOnline", "a cached JWT comes from an online login")
        self.effects = []

    def state(self):
        return copy.deepcopy({
            "connectivity": self.connectivity, "screen": self.screen, "jwt": self.jwt,
            "everOnline": self.ever_online, "entities": self.entities, "queue": self.queue,
            "inFlight": self.in_flight, "nextTempId": self.next_temp, "nextSeq": self.next_seq,
        })

    # Small helpers every operation uses.

    def online(self):
        return self.connectivity == "online"

    def running(self):
        return self.screen != "none"

    def new_request(self, kind, entity_id=None, data=None):
        request = {"seq": self.next_seq, "kind": kind}
        if entity_id is not None:
            request.update(id=entity_id, data=copy.deepcopy(data))
        self.next_seq += 1
        return request

    def send(self, request):
        self.in_flight.append(request)
        self.effects.append({"type": "send", "request": copy.deepcopy(request)})

    def enqueue(self, request):
        self.queue.append(request)
        self.effects.append({"type": "enqueue", "request": copy.deepcopy(request)})

    def drop(self, should_drop):
        for request in self.queue:
            if should_drop(request):
                self.effects.append({"type": "drop", "seq": request["seq"]})
        self.queue = [request for request in self.queue if not should_drop(request)]

    def navigate(self, screen):
        self.screen = screen
        self.effects.append({"type": "navigate", "screen": screen})

    def require_running(self, path):
        if not self.running():
            raise Invalid(f"{path}.op", "the app is not running")

    # The operations.

    def refresh(self, step, path):
        self.require_running(path)
        if not self.online():
            return  # OFFL-2: the GET is ignored, not queued; nothing changes, nothing renders
        self.send(self.new_request("list"))  # OFFL-1
        self.effects.append({"type": "render", "updated": False})  # OFFL-1: render the current state

    def create(self, step, path):
        data = step.object("data")
        self.require_running(path)
        entity_id = self.new_temporary_id()
        self.entities[entity_id] = copy.deepcopy(data)  # OFFL-3: the state at once
        self.push_create(self.new_request("create", entity_id, data))
        self.notify("create", entity_id)

    def new_temporary_id(self):
        """OFFL-3: a new temporary id, tmp-1, tmp-2, ... in creation order, never reused."""
        entity_id = f"{TEMP_PREFIX}{self.next_temp}"
        self.next_temp += 1
        return entity_id

    def push_create(self, request):
        """OFFL-4: a create is sent at once online, even while queued requests wait, and queued offline."""
        if self.online():
            self.send(request)
        else:
            self.enqueue(request)

    def notify(self, kind, entity_id):
        """OFFL-5: every create and every edit displays a notification, online and offline alike."""
        self.effects.append({"type": "notify", "for": kind, "id": entity_id})

    def supersedes(self, request, entity_id):
        """OFFL-7, OFFL-9, OFFL-14: a queued edit of the same id is superseded by a newer edit."""
        return request["kind"] == "edit" and request["id"] == entity_id

    def drop_superseded_edits(self, entity_id):
        """OFFL-8, OFFL-9, OFFL-14: queued edits of the same id go; a create never does."""
        self.drop(lambda r: self.supersedes(r, entity_id))

    def store_edit(self, entity_id, data):
        """OFFL-7, OFFL-8: an edit updates the state at once, before its request goes anywhere."""
        self.entities[entity_id] = data

    def edit_request(self, entity_id, data, changes):
        """OFFL-10: an edit request carries the entity's full latest state, not only `changes`."""
        return self.new_request("edit", entity_id, data)

    def sends_edit_at_once(self, entity_id):
        """OFFL-7, OFFL-14: online, an edit is sent at once unless its entity's create is unanswered
        (a temporary id, its create queued or in flight); then it waits in the queue behind the create."""
        return self.online() and not is_temporary(entity_id)

    def send_edit(self, request):
        """OFFL-7: an edit that may go out goes out at once, whatever else is queued or in flight."""
        self.send(request)

    def edit(self, step, path):
        entity_id, changes = step.text("id"), step.object("changes")
        self.require_running(path)
        if entity_id not in self.entities:
            raise Invalid(step.field("id"), "the state holds no such entity")
        data = dict(self.entities[entity_id])
        data.update(copy.deepcopy(changes))
        self.store_edit(entity_id, data)  # OFFL-7, OFFL-8: the state first
        request = self.edit_request(entity_id, data, changes)  # OFFL-10: the full latest state
        self.drop_superseded_edits(entity_id)
        if self.sends_edit_at_once(entity_id):
            self.send_edit(request)  # OFFL-7
        else:
            self.enqueue(request)  # OFFL-8, OFFL-9, and OFFL-14: behind its create
        self.notify("edit", entity_id)  # OFFL-5

    def go_online(self, step, path):
        if self.online():
            return
        self.connectivity = "online"
        if self.running():
            self.send(self.new_request("options"))  # OFFL-13; the replay follows in replay_next

    def return_in_flight(self):
        """OFFL-11: unanswered creates and edits wait again, in order; GETs and logins are lost."""
        returning = [r for r in self.in_flight if r["kind"] in ("create", "edit")]
        self.in_flight = []
        for request in returning:
            superseded = request["kind"] == "edit" and any(
                other["kind"] == "edit" and other["id"] == request["id"] and other["seq"] > request["seq"]
                for other in returning + self.queue)
            if not superseded:
                self.queue.append(request)
                self.effects.append({"type": "enqueue", "request": copy.deepcopy(request)})
        self.queue.sort(key=lambda r: r["seq"])

    def go_offline(self, step, path):
        if self.online():
            self.connectivity = "offline"
            self.return_in_flight()

    def terminate(self, step, path):
        self.require_running(path)
        self.return_in_flight()  # OFFL-12: the queue stays on the device
        self.screen = "none"

    def launch(self, step, path):
        now = step.whole("now", 0)
        if self.running():
            raise Invalid(f"{path}.op", "the app is already running")
        active = self.jwt_is_active(now)
        if self.online():
            self.navigate(self.online_launch_screen(active))
            self.send(self.new_request("options"))  # OFFL-13
        else:
            self.navigate(self.offline_launch_screen(active))

    def online_launch_screen(self, active):
        """AUTH-2, AUTH-3: online, an active JWT goes to CONTACTS, none (never online too) to LOGIN."""
        return "contacts" if active else "login"

    def offline_launch_screen(self, active):
        """AUTH-5: offline, an active JWT goes to CONTACTS; AUTH-6 and AUTH-7: without one, the PIN."""
        return "contacts" if active else "pin"

    def jwt_is_active(self, now):
        """AUTH-1: the cached JWT is active only while its expiry is later than now."""
        return self.jwt is not None and self.jwt["expiresAt"] > now

    def login(self, step, path):
        if self.screen != "login":
            raise Invalid(f"{path}.op", "login needs the login screen")
        if self.online():
            self.send(self.new_request("login"))  # AUTH-4; offline nothing is sent or queued

    def enter_pin(self, step, path):
        accepted = step.flag("accepted")
        if self.screen != "pin":
            raise Invalid(f"{path}.op", "enterPIN needs the PIN screen")
        if accepted:  # AUTH-6: a refused PIN keeps the PIN screen
            self.navigate(self.pin_destination())

    def pin_destination(self):
        """AUTH-6: after an accepted PIN, HOME if the app was ever online; AUTH-7: CONTACTS if never."""
        return "home" if self.ever_online else "contacts"

    def response(self, step, path):
        seq, outcome = step.whole("seq", 1), step.choice("outcome", ["ok", "failure"])
        body = Reader(step.obj["body"], step.field("body")).obj if "body" in step.obj else None
        request = next((r for r in self.in_flight if r["seq"] == seq), None)
        if request is None:
            raise Invalid(step.field("seq"), "no such request is in flight")
        kind, ok = request["kind"], outcome == "ok"
        if ok and kind in ("create", "list", "login"):
            if body is None:
                raise Invalid(step.field("body"), "is required")
            body = Reader(body, step.field("body"))
        if ok and kind == "create":
            new_id = backend_id(body, "id")
        elif ok and kind == "list":
            listed = {}
            for i, value in enumerate(body.array("items")):
                item = Reader(value, f"{body.field('items')}[{i}]")
                item_id = backend_id(item, "id")
                if item_id in listed:
                    raise Invalid(item.field("id"), "listed twice")
                listed[item_id] = copy.deepcopy(item.object("data"))
        elif ok and kind == "login":
            token = {"token": body.text("token"), "expiresAt": body.whole("expiresAt", 0)}
        self.in_flight.remove(request)

        if kind == "list" and ok:
            self.apply_list(listed)  # OFFL-1
            self.effects.append({"type": "render", "updated": True})
        elif kind == "login" and ok:
            self.store_token(token)
            if self.screen == "login":
                self.navigate("contacts")
        elif kind == "create" and ok:
            self.replace_id(request["id"], new_id)  # OFFL-6
        elif kind == "create":
            del self.entities[request["id"]]  # OFFL-6: a refused create is undone
            self.drop(lambda r: r["id"] == request["id"])
        if kind in ("create", "edit") and not ok:
            self.alert_refused(request)
        # edit and options responses change nothing (OFFL-7); refused lists and logins neither

    def alert_refused(self, request):
        """OFFL-19, TASK-24: a refused create or edit, sent at once or from the queue, alerts naming its entity."""
        self.effects.append({"type": "alert", "for": request["kind"], "id": request["id"]})

    def apply_list(self, listed):
        """OFFL-1: the list wins, except where local changes wait to be pushed."""
        pending = {r["id"] for r in self.queue + self.in_flight if "id" in r}
        pending |= {entity_id for entity_id in self.entities if is_temporary(entity_id)}
        merged = {i: (self.entities[i] if i in pending and i in self.entities else data)
                  for i, data in listed.items()}
        merged.update({i: data for i, data in self.entities.items() if i in pending and i not in merged})
        self.entities = merged

    def store_token(self, token):
        """AUTH-4: a successful login caches its token; AUTH-7: the app has now been online."""
        self.jwt, self.ever_online = token, True

    def replace_id(self, temporary, backend):
        """OFFL-6: the backend's id replaces the temporary one in the state and the queue."""
        self.entities.pop(backend, None)  # the local entity wins over one a list brought
        self.entities[backend] = self.entities.pop(temporary)
        for request in self.queue + self.in_flight:
            if request.get("id") == temporary:
                request["id"] = backend

    def replay_next(self):
        """OFFL-11: one queued request at a time, oldest first, once nothing else is being pushed."""
        pushing = any(r["kind"] in ("create", "edit") for r in self.in_flight)
        if self.online() and self.running() and self.queue and not pushing:
            self.send(self.queue.pop(0))

    def apply(self, raw, path):
        """One operation: its effects, in order."""
        step = Reader(raw, path)
        op = step.choice("op", OPS)
        self.effects = []
        method = {"goOnline": self.go_online, "goOffline": self.go_offline, "enterPIN": self.enter_pin}
        method.get(op, getattr(self, op, None))(step, path)
        self.replay_next()
        return self.effects


def backend_id(reader, key):
    value = reader.text(key)
    if is_temporary(value):
        raise Invalid(reader.field(key), "a backend id never starts with tmp-")
    return value


def run(case_input, app_class=App):
    """The offline output for one case input, worked out by an `app_class`; raises Invalid when malformed."""
    if not isinstance(case_input, dict):
        raise Invalid("input", "expected an object")
    root = Reader(case_input, "")  # top-level fields are named without a prefix: "initial", "steps"
    app = app_class(root.obj.get("initial"))
    results = []
    try:
        for index, step in enumerate(root.array("steps")):
            effects = app.apply(step, f"steps[{index}]")
            results.append({"state": app.state(), "effects": effects})
    except Invalid as bad:
        bad.steps = results  # what ran before the refusal: it shows the runner where a run went astray
        raise
    return {"steps": results}


# --- The pipe: read a request, write exactly one answer, flush. ---

def send(message):
    """Write one compact JSON line to stdout and flush it."""
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def answer(case, app_class):
    """The one answer line for a case request."""
    case_id = case.get("id")
    if case.get("suite") not in SUITES:
        return {"type": "skipped", "id": case_id, "reason": f"suite {case.get('suite')!r} not supported"}
    try:
        output = run(case.get("input"), app_class)
    except Invalid as bad:  # malformed input is a correct answer, not an error
        output = {"invalid": {"field": bad.field, "message": bad.message}}
        if getattr(bad, "steps", None):
            output["steps"] = bad.steps  # optional: the results of the steps before the refused one
    except Exception as exc:  # a bug in this adapter: report it, keep serving
        return {"type": "error", "id": case_id, "message": f"{type(exc).__name__}: {exc}"}
    return {"type": "result", "id": case_id, "output": output}


def serve(app_class, name):
    """The read-answer loop, running each case on an `app_class` and saying hello as `name`."""

    def log(text):
        """Diagnostics go to stderr; the runner shows its last lines on failure."""
        print(f"[{name}] {text}", file=sys.stderr, flush=True)

    sys.stdin.reconfigure(encoding="utf-8")
    for line in iter(sys.stdin.readline, ""):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            log(f"request is not JSON ({exc}): {line!r}")
            return 1
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "hello":
            if request.get("protocol") != PROTOCOL:
                log(f"runner speaks protocol {request.get('protocol')!r}; this adapter speaks {PROTOCOL}")
            send({"type": "hello", "protocol": PROTOCOL, "name": name, "suites": SUITES})
        elif kind == "case":
            send(answer(request, app_class))
        elif kind == "stop":
            return 0
        else:
            log(f"unknown request type {kind!r}")
            return 1
    return 0  # stdin closed: the runner is gone, nothing left to answer


if __name__ == "__main__":
    sys.exit(serve(App, NAME))
