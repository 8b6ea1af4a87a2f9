"""Offline workflow sessions for Scripts/generate_traces.py (OFFL, AUTH): an app's capture built
by running the reference offline model, Examples/offline-adapter-python/adapter.py (the same model
the `offline` vectors test), and writing each of its effects as the trace event an app records.

  * a request sent:   `http.request` with `call` {seq, kind, id}; a replay is first a
                      `queue.changed` op `send`;
  * a request queued: `queue.changed` op `enqueue` (or `drop`) with the request as `entry`;
  * a notification:   `alert.shown` of kind `notification` with `for` and `entity`;
  * a refusal's alert: `alert.shown` `saveFailed` with `result` `failure` and `entity`;
  * a render:         `view.shown` `contacts` with `elements.updated`; a navigation, `view.shown`;
  * connectivity:     `net.online` / `net.offline`, once at the start and at every change;
  * a launch:         `app.launched` with what it read back: `jwt`, `everOnline`, `queue`.

Bodies follow the TASK API of Docs/PROTOCOL.md: creates answer `{"task": {"objectId": ...}}`,
lists `{"tasks": [...]}`, logins `{"token", "expiresAt"}` with an ISO 8601 expiry.

Python 3.11, standard library only.
"""

from __future__ import annotations

import copy

import task_state
from jobwirelib import ROOT, load_module
from trace_scenarios import T0, Capture, iso

model = load_module(ROOT / "Examples" / "offline-adapter-python" / "adapter.py", "offline_reference_adapter")

DAY = 86_400_000
PATHS = {"list": ("GET", "/api/tasks"), "options": ("GET", "/api/options"), "login": ("POST", "/api/auth/login"),
         "create": ("POST", "/api/tasks"), "edit": ("PUT", "/api/tasks/{id}")}


def task(category: int, description: str, address: str, budget: int, picture: str) -> dict:
    """A task's full editable state (TASK-7, TASK-10), its date ten days after the session starts."""
    start = T0 + 10 * DAY
    return task_state.task(category, description, address, budget, picture, iso(start), iso(start + 3_600_000))


TAP = task(9, "Fix the leaking kitchen tap", "Calle Mayor 1", 80, "tap")
SINK = task(9, "Unblock the bathroom sink", "Calle Mayor 1", 60, "sink")
LISTED = {"T-7": task(4, "Hang three shelves", "Calle Luna 3", 40, "shelves"),
          "T-8": task(12, "Paint the hallway", "Calle Luna 3", 150, "hallway")}


def state(connectivity: str = "online", jwt_expires: int | None = T0 + 30 * DAY, ever_online: bool = True,
          entities: dict | None = None, queue: list | None = None) -> dict:
    """A stopped app's state: what is on its device before the first launch of the session."""
    jwt = None if jwt_expires is None else {"token": "hf.cached", "expiresAt": jwt_expires}
    return {"connectivity": connectivity, "screen": "none", "jwt": jwt, "everOnline": ever_online or jwt is not None,
            "entities": copy.deepcopy(entities if entities is not None else LISTED), "queue": copy.deepcopy(queue or []),
            "inFlight": [], "nextTempId": 1, "nextSeq": 1 + max([r["seq"] for r in queue or []], default=0)}


class OfflineSession:
    """One app of the offline workflow: `step` runs a model operation at the session's time and
    records what the app does; `wait` moves time on. Tags name events for mutations:
    `req.N`, `resp.N`, `enq.N`, `drop.N`, `qsend.N` (N the request's seq), `note.N` (the
    notification of request N), `error.ID` (the error alert naming entity ID), `view.NAME`, `render.N`, `net.N`, `launch.N`, `end`."""

    def __init__(self, initial: dict, actor: str = "client", t: int = T0) -> None:
        self.c = Capture()
        # The backend's answers are canned for the app under test, not a HandyFriends backend's: only the app is judged.
        self.c.header["subject"] = ["client" if actor == "client" else "worker"]
        self.actor = actor
        self.app = model.App(copy.deepcopy(initial))
        self.t = t
        self.xids: dict[int, str] = {}
        self.counts: dict[str, int] = {}
        self.next_backend = 20
        self.created: dict[str, int] = {}
        self.options: dict | None = None  # the option values of the last successful options GET (OFFL-17)
        self._event("net.online" if self.app.online() else "net.offline", "net.start")

    # -- building blocks --------------------------------------------------------------------

    def _tag(self, base: str) -> str:
        count = self.counts.get(base, 0)
        self.counts[base] = count + 1
        return base if count == 0 else f"{base}#{count + 1}"

    def _event(self, kind: str, tag: str, **fields) -> dict:
        event = self.c.add(self.t, self.actor, kind, tag=self._tag(tag), **fields)
        self.t += 1
        return event

    @staticmethod
    def entry(request: dict) -> dict:
        return copy.deepcopy(request)

    def _request(self, request: dict) -> None:
        method, path = PATHS[request["kind"]]
        call = {"seq": request["seq"], "kind": request["kind"]}
        fields = {}
        if "id" in request:
            call["id"] = request["id"]
            path = path.replace("{id}", request["id"])
            fields["body"] = copy.deepcopy(request["data"])
        elif request["kind"] == "login":
            fields["body"] = {"email": "ana@example.com", "password": "secret-1", "rememberMe": True}
        xid = f"x-{request['seq']}"
        self.xids[request["seq"]] = xid
        self._event("http.request", f"req.{request['seq']}", xid=xid, method=method, path=path, call=call, **fields)

    def _effects(self, effects: list[dict], queued_before: dict[int, dict], made: int | None, quiet_enqueue: bool = False) -> None:
        length = len(queued_before)
        for effect in effects:
            kind = effect["type"]
            if kind == "send":
                request = effect["request"]
                if request["seq"] in queued_before:
                    length -= 1
                    self._event("queue.changed", f"qsend.{request['seq']}", length=length, op="send", entry=self.entry(request))
                self._request(request)
            elif kind == "enqueue":
                length += 1
                if not quiet_enqueue:
                    self._event("queue.changed", f"enq.{effect['request']['seq']}", length=length, op="enqueue", entry=self.entry(effect["request"]))
            elif kind == "drop":
                length -= 1
                self._event("queue.changed", f"drop.{effect['seq']}", length=length, op="drop", entry=self.entry(queued_before[effect["seq"]]))
            elif kind == "notify":
                title = "Task saved" if effect["for"] == "create" else "Task updated"
                self._event("alert.shown", f"note.{made}", alert="notification", result="info", entity=effect["id"],
                            elements={"title": title, "text": "It will reach HandyFriends as soon as you are online."},
                            **{"for": effect["for"]})
            elif kind == "alert":
                self._event("alert.shown", f"error.{effect['id']}", alert="saveFailed", result="failure", entity=effect["id"],
                            elements={"title": "Not saved", "text": "HandyFriends refused the change.", "ok": True})
            elif kind == "render":
                self._event("view.shown", "render", view="contacts", elements={"updated": effect["updated"], "items": sorted(self.app.entities)})
            elif kind == "navigate":
                self._event("view.shown", f"view.{effect['screen']}", view=effect["screen"])

    def _apply(self, step: dict, quiet_enqueue: bool = False) -> None:
        queued_before = {r["seq"]: copy.deepcopy(r) for r in self.app.queue}
        made = self.app.next_seq
        effects = self.app.apply(step, "step")
        self._effects(effects, queued_before, made, quiet_enqueue)
        if {"type": "navigate", "screen": "contacts"} in effects and self.app.online():
            self.refresh()  # OFFL-16: the list appearing refreshes it

    # -- operations -------------------------------------------------------------------------

    def wait(self, ms: int) -> "OfflineSession":
        self.t += ms
        return self

    def refresh(self) -> None:
        """The automatic list refresh. The model's `refresh` is the refresh itself, not what sets it
        off: the session runs it where OFFL-16 says it fires, as the list appears (after a launch or
        a log-in that shows it, `_apply`) and on a return to the foreground onto it (`foreground`)."""
        self._apply({"op": "refresh"})

    def create(self, data: dict) -> str:
        self._apply({"op": "create", "data": copy.deepcopy(data)})
        return f"tmp-{self.app.next_temp - 1}"

    def edit(self, entity: str, changes: dict) -> None:
        self._apply({"op": "edit", "id": entity, "changes": copy.deepcopy(changes)})

    def go_online(self) -> None:
        self._event("net.online", "net")
        self._apply({"op": "goOnline"})

    def go_offline(self) -> None:
        self._event("net.offline", "net")
        self._apply({"op": "goOffline"})

    def launch(self) -> None:
        jwt = self.app.jwt
        stored = {"jwt": None if jwt is None else {"expiresAt": jwt["expiresAt"], "token": jwt["token"]},
                  "everOnline": self.app.ever_online, "queue": [self.entry(r) for r in self.app.queue]}
        if self.options is not None:
            stored["options"] = copy.deepcopy(self.options)  # OFFL-17: kept across termination
        self._event("app.launched", "launch", **stored)
        self._apply({"op": "launch", "now": self.t - 1})
        if self.actor != "client" and self.app.online():
            # A worker app also catches up with getJobs at launch (STATE-5); the model has no such call.
            xid = f"x-jobs-{self.t}"
            self._event("http.request", "jobs", xid=xid, method="GET", path=f"/api/jobs?workerId={self.actor}")
            self._event("http.response", "jobs.resp", xid=xid, status=200, body={"ok": True, "jobs": []})

    def terminate(self) -> None:
        self._event("app.terminated", "terminate")
        # The app stores what was in flight with its queue as it stops; it records no queue event.
        self._apply({"op": "terminate"}, quiet_enqueue=True)

    def background(self) -> None:
        self._event("app.backgrounded", "background")

    def foreground(self) -> None:
        """Back in the foreground (TASK-5, OFFL-13): the list while the JWT is active, else the login
        screen; online, the option values GET. The model has no such operation, so the session
        writes what the app does and tells the model only of the request it sends."""
        self._event("app.foregrounded", "foreground")
        active = self.app.jwt is not None and self.app.jwt["expiresAt"] > self.t
        self.app.screen = "contacts" if active else "login"
        self._event("view.shown", f"view.{self.app.screen}", view=self.app.screen)
        if self.app.online():
            self.app.effects = []
            self.app.send(self.app.new_request("options"))
            self._effects(self.app.effects, {}, None)
            if active:
                self.refresh()  # OFFL-16: back onto the list

    def login(self) -> None:
        self._apply({"op": "login"})

    def enter_pin(self, accepted: bool = True) -> None:
        self._apply({"op": "enterPIN", "accepted": accepted})

    def served(self, object_id: str, data: dict) -> dict:
        """A task as the backend returns it (TASK-8): the data with its id, author, status,
        contractor and times; one listed before the session was created a day before it."""
        created = self.created.get(object_id, T0 - DAY)
        return {"objectId": object_id, "author": "U-1", "status": "open", "contractor": None, **data,
                "createdAt": iso(created), "updatedAt": iso(self.t)}

    def respond(self, seq: int, ok: bool = True) -> None:
        """The backend answers request `seq`: the app records the answer, then reacts."""
        request = next(r for r in self.app.in_flight if r["seq"] == seq)
        kind, body, model_body = request["kind"], {"ok": True}, None
        if not ok:
            status, body = 410, {"ok": False, "error": {"code": "request_cancelled", "message": "refused"}}
        else:
            status = 200
            if kind == "create":
                backend = f"T-{self.next_backend}"
                self.next_backend += 1
                self.created[backend] = self.t
                body["task"] = self.served(backend, request["data"])
                model_body = {"id": backend}
            elif kind == "edit":
                body["task"] = self.served(request["id"], request["data"])
            elif kind == "list":
                body["tasks"] = [self.served(k, v) for k, v in LISTED.items()]
                model_body = {"items": [{"id": k, "data": v} for k, v in LISTED.items()]}
            elif kind == "login":
                expires = self.t + 30 * DAY
                body.update(userId="U-1", token="hf.fresh", expiresAt=iso(expires))
                model_body = {"token": "hf.fresh", "expiresAt": expires}
            elif kind == "options":
                body["categories"] = [4, 9, 12]
                self.options = {"categories": [4, 9, 12]}
        self._event("http.response", f"resp.{seq}", xid=self.xids[seq], status=status, body=body)
        step = {"op": "response", "seq": seq, "outcome": "ok" if ok else "failure"}
        if model_body is not None:
            step["body"] = model_body
        self._apply(step)

    def transport_error(self, seq: int) -> None:
        """Request `seq` meets a transport error: the app has lost connectivity (OFFL-11)."""
        self._event("http.response", f"resp.{seq}", xid=self.xids[seq], error="reset")
        self.go_offline()

    def end(self, after: int = 5000) -> Capture:
        self.c.add(self.t + after, "backend", "trace.end", tag="end")
        return self.c

    def seq_of(self, kind: str, entity: str | None = None) -> int:
        """The seq of the newest request of `kind` (about `entity`) the app made."""
        seqs = [e["call"]["seq"] for e in self.c.events if e["kind"] == "http.request" and e["call"]["kind"] == kind
                and (entity is None or e["call"].get("id") == entity)]
        seqs += [e["entry"]["seq"] for e in self.c.events if e["kind"] == "queue.changed" and e["entry"]["kind"] == kind
                 and (entity is None or e["entry"].get("id") == entity)]
        return max(seqs)
