#!/usr/bin/env python3
"""A client app's logic behind the JobWire scenario adapter protocol (Docs/ADAPTER.md, suite
`scenario`): the kit plays the backend and the workers, this program plays the client app.

Run it through the kit, in virtual time:

    swift run jobwire scenario run --adapter "python3 Examples/client-app-adapter-python/adapter.py"

`ClientApp` is the part a team replaces with its own view model: it gets inputs (a socket
event, an HTTP answer, the clock, a lifecycle change, what the user did) and answers with the
actions the app performed (REST calls, timers, and the views and alerts it showed, as trace
events). Only the standard library is used.
"""

import json
import math
import sys

NAME = "example-client-python 1.0"
PATHS = {
    "post": "/api/requests",
    "cancel": "/api/requests/{ReqID}/cancel",
    "close": "/api/requests/{ReqID}/close",
    "getRequest": "/api/requests/{ReqID}",
    "listRequests": "/api/requests?userId={userId}",
}
RETRY_MS = 1000          # how long after a lost connection or a refusal the app tries again
REST_TIMEOUT_MS = 10000  # how long the app waits for a REST answer


def distance_km(lat1, lng1, lat2, lng2):
    """The ELIG-4 distance (PROTOCOL.md's form), used for the Work in Progress view's distance (VIEW-6)."""
    half_d_phi = math.radians(lat2 - lat1) / 2
    half_sum_phi = math.radians(lat1 + lat2) / 2
    half_d_lambda = math.radians(lng2 - lng1) / 2
    s = math.sin(half_d_phi) * math.cos(half_d_lambda)
    t = math.cos(half_sum_phi) * math.sin(half_d_lambda)
    u = math.cos(half_d_phi) * math.cos(half_d_lambda)
    v = math.sin(half_sum_phi) * math.sin(half_d_lambda)
    return 2 * 6371.0 * math.atan2(math.sqrt(s * s + t * t), math.sqrt(u * u + v * v))


def event(kind, **fields):
    """A trace event the app reports (Docs/TRACE.md); the kit adds ts, actor and id."""
    return {"kind": kind, **fields}


class ClientApp:
    """The client app: post, wait with a counter, cancel at the timeout, Work in Progress on apply."""

    def __init__(self, config):
        self.id = config["id"]
        self.name = config["name"]
        self.timeout_ms = config["timeoutMs"]
        # On the device: survives a restart (STATE-1, TIME-6).
        self.requests = {}   # ReqID -> {"fields", "started_at", "state", "apply", "cancel_sent", "ended_by_me"}
        # In memory.
        self.foreground = True
        self.calls = {}      # xid -> ("post", fields) | ("cancel", req, is_timeout) | ("close", req) | ("read", req) | ("history",)
        self.next_xid = 1
        self.killed = False
        self.retry_at = None   # when to try to connect again, while disconnected
        self.alert_on_screen = None   # (alert, req) of the last alert shown and not dismissed

    # --- the protocol's entry points

    def launch(self, now):
        return [event("app.launched"), event("view.shown", view="home")] + self.retake(now)

    def handle(self, message, now):
        return note_alerts(self, self.react(message, now))

    def react(self, message, now):
        kind = message["kind"]
        if self.killed:
            return self.relaunched(message, now)
        if kind == "connection":
            return self.connection(message, now)
        if kind == "user":
            return self.user(message, now)
        if kind == "http":
            return self.answered(message, now)
        if kind == "socket":
            return self.received(message["event"], message.get("payload") or {}, now)
        if kind == "clock":
            return self.reconnect_due(now) + (self.timeouts(now) if self.foreground else [])
        if kind == "lifecycle":
            change = message["change"]
            if change == "background":
                self.foreground = False
                return [event("app.backgrounded")]
            if change == "foreground":
                self.foreground = True
                return [event("app.foregrounded")] + self.retake(now)
            if change == "restart":
                self.foreground = True
                self.calls = {}
                return [event("app.terminated"), event("app.launched"), event("view.shown", view="home")] + self.retake(now)
            if change == "kill":
                return self.kill()
        return []

    def connection(self, message, now):
        """Lost (or refused): try to connect again a second later, as Socket.IO clients do."""
        if message["connected"]:
            self.retry_at = None
            return self.state_reads()  # STATE-6: a reconnection is a return too
        self.retry_at = now + RETRY_MS
        return [{"do": "timer", "at": self.retry_at}]

    def reconnect_due(self, now):
        if self.retry_at is None or self.retry_at > now:
            return []
        self.retry_at = None
        return [{"do": "connect"}]

    def kill(self):
        """Terminated and not launched again: what is only in memory is gone."""
        self.killed = True
        self.foreground = True
        self.calls = {}
        self.retry_at = None
        return [event("app.terminated")]

    def relaunched(self, message, now):
        """A killed app hears nothing until the user launches it again."""
        if message["kind"] == "lifecycle" and message["change"] == "relaunch":
            self.killed = False
            return self.launch(now)
        return []

    # --- behaviour

    def call(self, purpose, method, path, body):
        xid = f"{self.id}-{self.next_xid}"
        self.next_xid += 1
        self.calls[xid] = purpose
        # Give up on an answer after REST_TIMEOUT_MS: a hung call comes back as error "timeout".
        return {"do": "http", "xid": xid, "method": method, "path": path, "body": body, "timeoutMs": REST_TIMEOUT_MS}

    def user(self, message, now):
        action = message["action"]
        if action == "ok":
            return press_ok(self)
        if action == "post":
            body = {"clientId": self.id, "clientName": self.name, **message["request"]}
            return [self.call(("post", body), "POST", PATHS["post"], body)]
        request = self.requests.get(message.get("req"))
        if request is None:
            return []
        req = message["req"]
        if action == "close" and request["state"] == "inProgress":
            body = {"outcome": self.sent_outcome(message["outcome"]), "by": "client", "clientId": self.id}  # REST-19: who closes
            # VIEW-12: Close Request offers the two choices; the one taken is the outcome sent.
            return [close_choice(req, message["outcome"]), self.call(("close", req), "POST", PATHS["close"].replace("{ReqID}", req), body)]
        if action == "cancel" and request["state"] == "waiting" and not request["cancel_sent"]:
            request["cancel_sent"] = True
            body = {"reason": message["reason"], "clientId": self.id}  # REST-19: who cancels
            return [self.call(("cancel", req, False), "POST", PATHS["cancel"].replace("{ReqID}", req), body)]
        return []

    def answered(self, message, now):
        purpose = self.calls.pop(message["xid"], None)
        if purpose is None:
            return []
        body = message.get("body") or {}
        ok = message.get("status") is not None and 200 <= message["status"] < 300 and body.get("ok") is not False
        if purpose[0] == "read":
            return self.read_state(purpose[1], body.get("request") or {}, now) if ok else []
        if purpose[0] == "history":
            return self.cancel_lost(body.get("requests") or []) if ok else []
        if purpose[0] == "post" and message.get("status") is None:
            # STATE-11: the answer was lost, not the post: read the requests to find it.
            return [event("alert.shown", alert="postFailed", result="failure",
                          elements={"title": "Not sent", "text": "Your request could not be sent.", "ok": True}),
                    self.call(("history",), "GET", PATHS["listRequests"].replace("{userId}", self.id), None)]
        if purpose[0] == "post":
            req = body.get("ReqID") if ok else None
            if req is None:
                return [event("alert.shown", alert="postFailed", result="failure",
                              elements={"title": "Not sent", "text": "Your request could not be sent.", "ok": True})]
            # TIME-1: the timer starts when the success arrives.
            self.requests[req] = {"fields": purpose[1], "started_at": now, "state": "waiting",
                                  "apply": None, "cancel_sent": False, "ended_by_me": False}
            return [event("timer.started", timer="timeout", req=req, startedAt=now),
                    self.waiting_view(req, now), {"do": "timer", "at": now + self.timeout_ms}]
        req = purpose[1]
        if purpose[0] == "cancel":
            if req not in self.requests:
                return []  # a lost post cancelled (STATE-11): nothing on screen
            self.requests[req].update(state="ended", ended_by_me=True)
            return self.after_timeout_cancel(req) if purpose[2] else [event("view.shown", view="home")]
        if purpose[0] == "close" and ok:
            self.requests[req].update(state="ended", ended_by_me=True)
            return [event("view.shown", view="home")]
        return []

    def sent_outcome(self, chosen):
        return chosen

    def after_timeout_cancel(self, req):
        # ALERT-10: the timeout alert, then leave the waiting view.
        return [self.timeout_alert(req), event("view.shown", view="home")]

    def received(self, name, payload, now):
        req = payload.get("ReqID")
        request = self.requests.get(req)
        if request is None:
            return []
        if name == "apply":
            if request["state"] != "waiting" or request["cancel_sent"]:
                return []
            request.update(state="inProgress", apply=payload)
            # ALERT-4: the view changes first, then the apply alert.
            return [self.work_in_progress_view(req), self.apply_alert(req, payload)]
        if name in ("cancel", "close"):
            if request["state"] == "ended":
                return []
            ended_by_me = request["ended_by_me"] or request["cancel_sent"]
            request["state"] = "ended"
            if ended_by_me:
                return []
            # VIEW-14, VIEW-13, ALERT-12: leave the view and say why.
            return [event("view.shown", view="home"), end_alert(req, name)]
        return []

    def timeouts(self, now):
        """TIME-2: cancel with reason "timeout" once the deadline passes without an apply."""
        actions = []
        for req, request in self.requests.items():
            if request["state"] == "waiting" and not request["cancel_sent"] and now >= self.deadline(req):
                actions += self.timeout_cancel(req)
        return actions

    def timeout_cancel(self, req):
        self.requests[req]["cancel_sent"] = True
        return [event("timer.fired", timer="timeout", req=req),
                self.call(("cancel", req, True), "POST", PATHS["cancel"].replace("{ReqID}", req),
                          {"reason": "timeout", "clientId": self.id})]

    def deadline(self, req):
        return self.requests[req]["started_at"] + self.timeout_ms

    def retake(self, now):
        """STATE-1, TIME-6, TIME-7: back from a restart or the background, resume each timer
        with its original start and show the request's view again."""
        actions = []
        for req, request in self.requests.items():
            if request["state"] == "waiting" and not request["cancel_sent"]:
                started_at = self.resumed_start(req, now)
                actions += [event("timer.started", timer="timeout", req=req, startedAt=started_at),
                            self.waiting_view(req, now), {"do": "timer", "at": self.deadline(req)}]
            elif request["state"] == "inProgress":
                actions.append(self.work_in_progress_view(req))
        return actions + self.state_reads() + self.timeouts(now)

    def state_reads(self):
        """STATE-6: read the state of every request held waiting or in Work in Progress."""
        return [self.call(("read", req), "GET", PATHS["getRequest"].replace("{ReqID}", req), None)
                for req, request in self.requests.items() if request["state"] != "ended" and not request["cancel_sent"]]

    def read_state(self, req, state, now):
        """STATE-7: act on the read as on the event it shows: the apply, or the end."""
        request = self.requests.get(req)
        if request is None or request["state"] == "ended":
            return []
        status = state.get("status")
        if status == "inProgress" and isinstance(state.get("apply"), dict):
            return self.received("apply", state["apply"], now)
        if status in ("cancelled", "closed") and isinstance(state.get("end"), dict):
            return self.received("cancel" if status == "cancelled" else "close", state["end"], now)
        return []

    def cancel_lost(self, listed):
        """STATE-11: cancel, as lost, every open request of mine I do not hold."""
        actions = []
        for state in listed:
            req = state.get("ReqID")
            if state.get("status") == "open" and str(state.get("clientId")) == str(self.id) and req not in self.requests:
                actions.append(self.call(("cancel", req, False), "POST", PATHS["cancel"].replace("{ReqID}", req),
                                         {"reason": "lost", "clientId": self.id}))
        return actions

    def resumed_start(self, req, now):
        return self.requests[req]["started_at"]

    # --- what the views and alerts show

    def waiting_view(self, req, now):
        left = max(0, (self.deadline(req) - now) // 1000)
        return event("view.shown", view="waiting", req=req, elements={"counter": left})

    def work_in_progress_view(self, req):
        request = self.requests[req]
        fields, apply = request["fields"], request["apply"] or {}
        elements = {}
        if "lat" in apply and "lng" in apply:
            km = distance_km(apply["lat"], apply["lng"], fields["lat"], fields["lng"])
            elements["distance"] = round(km, 2)
        self.show_rating(elements, apply)
        elements.update(avatar=apply.get("workerAvatar", ""), workerName=apply.get("workerName", ""),
                        description=fields.get("description", ""), category=fields.get("category", ""),
                        pay=True, chat=True, call=True, closeRequest=True)
        return event("view.shown", view="workInProgress", req=req, elements=elements)

    def apply_alert(self, req, apply):
        elements = {"title": f"{apply.get('workerName', 'A worker')} accepted your request",
                    "avatar": apply.get("workerAvatar", ""), "ok": True}
        self.show_rating(elements, apply)
        return event("alert.shown", alert="apply", result="success", req=req, elements=elements)

    def show_rating(self, elements, apply):
        """ALERT-6, ALERT-7: the worker's rating, 0 included; no rating yet (null) means "New Worker"."""
        if apply.get("workerRating") is None:
            elements["newWorker"] = "New Worker"
        else:
            elements["rating"] = apply["workerRating"]

    def timeout_alert(self, req):
        return event("alert.shown", alert="timeout", result="failure", req=req,
                     elements={"title": "No worker yet", "text": "Nobody could take it this time. Try again soon.",
                               "image": "https://img.example.com/clock.png", "ok": True})


def end_alert(req, name):
    """ALERT-12: the alert saying the request ended, `cancelled` or `closed`, with title, text and OK."""
    if name == "cancel":
        return event("alert.shown", alert="cancelled", result="info", req=req,
                     elements={"title": "Request cancelled", "text": "This request was cancelled.", "ok": True})
    return event("alert.shown", alert="closed", result="info", req=req,
                 elements={"title": "Request closed", "text": "This request was closed. Thank you!", "ok": True})


def close_choice(req, outcome):
    """VIEW-12: the user pressed Close Request, was offered happy and unhappy, and took `outcome`."""
    return event("user.input", input="closeRequest", req=req, choices=["happy", "unhappy"], choice=outcome)


def note_alerts(app, actions):
    """Remembers the alert on screen, so the user's OK can close it."""
    for action in actions:
        if action.get("kind") == "alert.shown":
            app.alert_on_screen = (action["alert"], action.get("req"))
        elif action.get("kind") == "alert.dismissed":
            app.alert_on_screen = None
    return actions


def press_ok(app):
    """The user presses OK on the alert on screen: the press and the dismissal."""
    if app.alert_on_screen is None:
        return []
    alert, req = app.alert_on_screen
    app.alert_on_screen = None
    press, dismissed = {"input": "ok"}, {"alert": alert}
    if req is not None:
        press["req"] = dismissed["req"] = req
    press["alert"] = alert
    return [event("user.input", **press), event("alert.dismissed", **dismissed)]


def serve(make_app, name, role, stdin=sys.stdin, stdout=sys.stdout):
    """The adapter loop: one JSON object per line in, one per line out, flushed."""
    app = None

    def reply(message):
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply({"type": "hello", "protocol": 1, "name": name, "suites": ["scenario"], "roles": [role]})
        elif kind == "start":
            app = make_app(message["app"])
            reply({"type": "output", "id": message["id"], "actions": app.launch(message["now"])})
        elif kind == "input":
            reply({"type": "output", "id": message["id"], "actions": app.handle(message["input"], message["now"])})
        elif kind == "stop":
            return 0
        else:
            print(f"unknown message type {kind!r}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(serve(ClientApp, NAME, "client"))
