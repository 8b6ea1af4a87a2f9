#!/usr/bin/env python3
"""A worker app's logic behind the JobWire scenario adapter protocol (Docs/ADAPTER.md, suite
`scenario`): the kit plays the backend and the client, this program plays the worker app.

Run it through the kit, in virtual time:

    swift run jobwire scenario run --adapter "python3 Examples/worker-app-adapter-python/adapter.py"

It serves the `eligibility` suite too, with the same decision the app filters offers with:

    swift run jobwire vectors run --suite eligibility --adapter "python3 Examples/worker-app-adapter-python/adapter.py"
    swift run jobwire vectors fuzz --adapter "python3 Examples/worker-app-adapter-python/adapter.py"

`WorkerApp` is the part a team replaces with its own view model: it decides channel offers
(ELIG-1 ... ELIG-6 with the profile at receipt), waits each offer's Delay from its receipt,
shows direct offers and getJobs jobs at once, keeps discards on the device, accepts what the
user accepts and shows the alerts in the order the protocol asks. Only the standard library.
"""

import json
import math
import sys

NAME = "example-worker-python 1.0"
PATHS = {"accept": "/api/requests/{ReqID}/accept", "jobs": "/api/jobs?workerId={id}", "close": "/api/requests/{ReqID}/close",
         "getRequest": "/api/requests/{ReqID}", "me": "/api/workers/{id}"}
RETRY_MS = 1000          # how long after a lost connection or a refusal the app tries again
REST_TIMEOUT_MS = 10000  # how long the app waits for a REST answer


def event(kind, **fields):
    """A trace event the app reports (Docs/TRACE.md); the kit adds ts, actor and id."""
    return {"kind": kind, **fields}


def canonical(value):
    """Ids compare as text: 9 and "9" are one id (ELIG-2). Booleans are not ids."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    return value if isinstance(value, str) else None


def distance_km(lat1, lng1, lat2, lng2):
    """The ELIG-4 distance in PROTOCOL.md's form: a = s² + t² and 1 − a = u² + v², sums of squares."""
    half_d_phi = math.radians(lat2 - lat1) / 2
    half_sum_phi = math.radians(lat1 + lat2) / 2
    half_d_lambda = math.radians(lng2 - lng1) / 2
    s = math.sin(half_d_phi) * math.cos(half_d_lambda)
    t = math.cos(half_sum_phi) * math.sin(half_d_lambda)
    u = math.cos(half_d_phi) * math.cos(half_d_lambda)
    v = math.sin(half_sum_phi) * math.sin(half_d_lambda)
    return 2 * 6371.0 * math.atan2(math.sqrt(s * s + t * t), math.sqrt(u * u + v * v))


class Invalid(Exception):
    """A malformed field (ELIG-9): never guessed into shape."""

    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def required(obj, name, field):
    if name not in obj:
        raise Invalid(field, "is required")
    return obj[name]


def as_id(value, field):
    """ELIG-2: a string or an integer id (9.0, 1e1, booleans and null are not ids)."""
    text = canonical(value)
    if text is None:
        raise Invalid(field, "must be a string or an integer id")
    return text


def as_ids(value, field):
    if not isinstance(value, list):
        raise Invalid(field, "must be an array of ids")
    return [as_id(item, f"{field}[{index}]") for index, item in enumerate(value)]


def as_number(value, field, low, high=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Invalid(field, "must be a number")
    if value < low or (high is not None and value > high):
        raise Invalid(field, f"must be from {low} to {high}" if high is not None else f"must be at least {low}")
    return value


def as_whole(value, field, low, high=None):
    """A whole number: 30.0 counts as 30, 30.5 is malformed."""
    if as_number(value, field, low, high) != int(value):
        raise Invalid(field, "must be a whole number")
    return int(value)


def as_object(obj, name):
    value = required(obj, name, name)
    if not isinstance(value, dict):
        raise Invalid(name, "must be an object")
    return value


def read_profile(profile):
    """ELIG-9, ELIG-10: the profile's fields in the order an error names the first bad one."""
    as_id(required(profile, "userID", "profile.userID"), "profile.userID")
    if not isinstance(required(profile, "expertActive", "profile.expertActive"), bool):
        raise Invalid("profile.expertActive", "must be a boolean")
    if profile.get("expertSource") is not None:
        as_id(profile["expertSource"], "profile.expertSource")
    as_ids(required(profile, "categories", "profile.categories"), "profile.categories")
    as_number(required(profile, "maxKms", "profile.maxKms"), "profile.maxKms", 0)
    as_number(required(profile, "lat", "profile.lat"), "profile.lat", -90, 90)
    as_number(required(profile, "lng", "profile.lng"), "profile.lng", -180, 180)


def read_job(job):
    """ELIG-9, MSG-13: the offer's fields in the order an error names the first bad one."""
    if not isinstance(required(job, "ReqID", "job.ReqID"), str):
        raise Invalid("job.ReqID", "must be a string")
    category = as_id(required(job, "CatID", "job.CatID"), "job.CatID")
    exclusive = as_id(required(job, "exclusive", "job.exclusive"), "job.exclusive")
    if exclusive == "":
        raise Invalid("job.exclusive", "is empty; \"0\" is open to every worker")
    lat = as_number(required(job, "lat", "job.lat"), "job.lat", -90, 90)
    lng = as_number(required(job, "lng", "job.lng"), "job.lng", -180, 180)
    blocked = job.get("BlockedXP", [])
    if isinstance(blocked, dict):  # MSG-15: the seed's literal reading, {"userID": [...]}
        blocked = as_ids(required(blocked, "userID", "job.BlockedXP.userID"), "job.BlockedXP.userID")
    elif "BlockedXP" in job:
        blocked = as_ids(blocked, "job.BlockedXP")
    delay = as_whole(job["Delay"], "job.Delay", 0, 2147483647) if "Delay" in job else 0
    return category, exclusive, lat, lng, blocked, delay


def decide(profile, job, received_at):
    """The eligibility decision of ELIG-1 ... ELIG-6 and ELIG-11, or {"invalid": ...} (ELIG-9)."""
    try:
        category, exclusive, lat, lng, blocked, delay = read_job(job)
    except Invalid as bad:
        return {"invalid": {"field": bad.field, "message": bad.message}}
    failed = []
    if profile["expertActive"] is not True:
        failed.append("ELIG-1")
    if exclusive != "0" and exclusive != canonical(profile.get("expertSource")):
        failed.append("ELIG-2")
    if category not in [canonical(c) for c in profile["categories"]]:
        failed.append("ELIG-3")
    distance = distance_km(profile["lat"], profile["lng"], lat, lng)
    if distance > profile["maxKms"] + 1e-6:
        failed.append("ELIG-4")
    if canonical(profile["userID"]) in blocked:
        failed.append("ELIG-5")
    return {"eligible": not failed, "failed": failed, "distanceKm": distance, "showAt": received_at + delay * 1000}


def eligibility_output(case_input):
    """The `eligibility` suite's answer (Docs/ADAPTER.md): this app's own decision, so `jobwire
    vectors run` and `jobwire vectors fuzz` test the very function that filters its offers."""
    try:
        received_at = as_whole(required(case_input, "receivedAt", "receivedAt"), "receivedAt", 0)
        profile, job = as_object(case_input, "profile"), as_object(case_input, "job")
        read_profile(profile)
    except Invalid as bad:
        return {"invalid": {"field": bad.field, "message": bad.message}}
    return decide(profile, job, received_at)


class WorkerApp:
    """The worker app: offers, Delay, discards, WorkerAccept and its alerts, close."""

    def __init__(self, config):
        self.id = config["id"]
        self.profile = config["profile"]
        # On the device: survives a restart (DISC-3, TIME-9, STATE-2).
        self.offers = {}       # ReqID -> {"payload", "received_at", "show_at", "showable", "delayed", "shown", "ended", "failed"}
        self.discards = []
        self.work_in_progress = None
        # In memory.
        self.foreground = True
        self.calls = {}        # xid -> ("accept", req) | ("jobs",) | ("close", req) | ("read", req)
        self.next_xid = 1
        self.killed = False
        self.retry_at = None   # when to try to connect again, while disconnected
        self.alert_on_screen = None   # (alert, req) of the last alert shown and not dismissed

    # --- the protocol's entry points

    def launch(self, now):
        actions = [event("app.launched", discards=list(self.discards)), event("profile.updated", profile=self.profile)]
        if self.work_in_progress:
            actions.append(self.work_in_progress_view(self.work_in_progress))
        else:
            actions.append(event("view.shown", view="home"))
        # TIME-9: a Delay wait resumes from the original receipt, never from now.
        for req, offer in self.offers.items():
            if offer["showable"] and offer["delayed"] and self.pending(req) and offer["show_at"] > now:
                actions += [event("timer.started", timer="delay", req=req, startedAt=offer["received_at"]),
                            {"do": "timer", "at": offer["show_at"]}]
        return actions + self.show_due(now) + [self.get_jobs()] + self.state_reads() + self.read_me()

    def handle(self, message, now):
        actions = self.react(message, now)
        for action in actions:
            # The alert on screen, so the user's OK can close it.
            if action.get("kind") == "alert.shown":
                self.alert_on_screen = (action["alert"], action.get("req"))
            elif action.get("kind") == "alert.dismissed":
                self.alert_on_screen = None
        return actions

    def react(self, message, now):
        kind = message["kind"]
        if self.killed:
            return self.relaunched(message, now)
        if kind == "connection":
            # STATE-5: back online, catch up with getJobs.
            return self.connection(message, now) or ([self.get_jobs()] if message["connected"] else [])
        if kind == "socket":
            return self.received(message["event"], message.get("payload") or {}, now)
        if kind == "http":
            return self.answered(message, now)
        if kind == "user":
            return self.user(message, now)
        if kind == "clock":
            return self.reconnect_due(now) + self.show_due(now)
        if kind == "lifecycle":
            change = message["change"]
            if change == "background":
                self.foreground = False
                return [event("app.backgrounded")]
            if change == "foreground":
                self.foreground = True
                return [event("app.foregrounded")] + self.work_in_progress_again() + self.show_due(now) + [self.get_jobs()] \
                    + self.state_reads() + self.read_me()
            if change == "restart":
                self.foreground = True
                self.calls = {}
                return [event("app.terminated")] + self.launch(now)
            if change == "kill":
                return self.kill()
        return []

    def connection(self, message, now):
        """Lost (or refused): try to connect again a second later, as Socket.IO clients do."""
        if message["connected"]:
            self.retry_at = None
            return [self.get_jobs()] + self.state_reads()  # STATE-5, STATE-6: a reconnection is a return too
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

    def call(self, purpose, method, path, body=None):
        xid = f"{self.id}-{self.next_xid}"
        self.next_xid += 1
        self.calls[xid] = purpose
        # Give up on an answer after REST_TIMEOUT_MS: a hung call comes back as error "timeout".
        action = {"do": "http", "xid": xid, "method": method, "path": path, "timeoutMs": REST_TIMEOUT_MS}
        if body is not None:
            action["body"] = body
        return action

    def get_jobs(self):
        """STATE-5: catch up on broadcasts missed while away."""
        return self.call(("jobs",), "GET", PATHS["jobs"].replace("{id}", self.id))

    def available(self):
        return self.foreground and self.work_in_progress is None

    def pending(self, req):
        offer = self.offers[req]
        return not (offer["shown"] or offer["ended"] or offer["failed"] or req in self.discards)

    def received(self, name, payload, now):
        req = payload.get("ReqID")
        if req is None:
            return []
        if name == "new":
            return self.offered(req, payload, "new", now)
        if name in ("cancel", "close"):
            if req in self.offers:
                self.offers[req]["ended"] = True
            if self.work_in_progress != req:
                return self.take_off(req, "cancelled") if name == "cancel" else []
            self.work_in_progress = None
            # VIEW-13, VIEW-14, ALERT-12: leave Work in Progress and say why.
            return [event("view.shown", view="home"), self.end_alert(req, name)] + self.show_due(now)
        return []

    def take_off(self, req, why):
        """VIEW-15: an offer on screen leaves it when discarded, cancelled or taken by another worker."""
        offer = self.offers.get(req)
        if offer is None or not offer["shown"] or offer.get("removed"):
            return []
        offer["removed"] = True
        return [event("offer.removed", req=req, why=why)]

    def offered(self, req, payload, via, now):
        actions = [event("offer.received", req=req, via=via, offer=payload)]
        if req in self.discards:
            return actions + self.discarded_offer_again(req)
        known = self.offers.get(req)
        if known is not None:
            # A getJobs listing is the backend's decision (ELIG-8): show it now.
            if via == "getJobs" and self.pending(req):
                known.update(showable=True, show_at=min(known["show_at"], now))
                actions += self.show_due(now)
            return actions
        direct = via == "new" and payload.get("workerId") is not None
        if via == "getJobs" or direct:
            # ELIG-7, ELIG-8: no filtering and no Delay.
            self.offers[req] = {"payload": payload, "received_at": now, "show_at": now, "showable": True,
                                "delayed": False, "shown": False, "ended": False, "failed": False}
            return actions + self.show_due(now)
        decision = self.decide(payload, now)
        if "invalid" in decision:
            # ELIG-9, MSG-13: refuse malformed input, never show it.
            self.offers[req] = {"payload": payload, "received_at": now, "show_at": now, "showable": False,
                                "delayed": False, "shown": False, "ended": False, "failed": False}
            return actions + [event("offer.decided", req=req, invalid=decision["invalid"])]
        showable = self.may_show(decision)
        delayed = decision["showAt"] > now
        self.offers[req] = {"payload": payload, "received_at": now, "show_at": decision["showAt"], "showable": showable,
                            "delayed": delayed, "shown": False, "ended": False, "failed": False}
        actions.append(event("offer.decided", req=req, profile=self.profile, **decision))
        if showable and delayed:
            # ELIG-6, TIME-8: wait the Delay from the receipt.
            actions += [event("timer.started", timer="delay", req=req, startedAt=now), {"do": "timer", "at": decision["showAt"]}]
        return actions + self.show_due(now)

    def decide(self, job, now):
        """ELIG-10: a channel offer is judged with the profile and position at its receipt."""
        return decide(self.profile, job, now)

    def may_show(self, decision):
        return decision["eligible"]

    def discarded_offer_again(self, req):
        # DISC-2, DISC-3: a discard is final.
        return []

    def show_due(self, now):
        """VIEW-4: show every showable offer whose showAt passed, while the app can show offers."""
        if not self.available():
            return []
        actions = []
        for req, offer in self.offers.items():
            if offer["showable"] and self.pending(req) and offer["show_at"] <= now:
                offer["shown"] = True
                if offer["delayed"]:
                    actions.append(event("timer.fired", timer="delay", req=req))
                actions.append(event("offer.shown", req=req))
        return actions

    def user(self, message, now):
        action, req = message["action"], message.get("req")
        offer = self.offers.get(req)
        if action == "accept":
            # FLOW-2, FLOW-10 ... FLOW-12: only an offer on screen can be accepted.
            busy = any(purpose[0] == "accept" for purpose in self.calls.values())
            if offer and offer["shown"] and not (offer["ended"] or offer["failed"] or offer.get("removed")) and req not in self.discards \
                    and self.available() and not busy:
                return [event("view.shown", view="offer", req=req),
                        self.call(("accept", req), "POST", PATHS["accept"].replace("{ReqID}", req), {"workerId": self.id})]
        elif action == "discard":
            if offer and offer["shown"] and req not in self.discards:
                self.discards.append(req)
                # DISC-1, DISC-4: stored on the device, nothing sent; VIEW-15: off the screen.
                return [event("offer.discarded", req=req, stored=list(self.discards))] + self.take_off(req, "discarded")
        elif action == "close":
            if self.work_in_progress == req:
                body = {"outcome": message["outcome"], "by": "worker", "workerId": self.id}  # REST-19: who closes
                # VIEW-12: Close Request offers the two choices; the one taken is the outcome sent.
                choice = event("user.input", input="closeRequest", req=req, choices=["happy", "unhappy"], choice=message["outcome"])
                return [choice, self.call(("close", req), "POST", PATHS["close"].replace("{ReqID}", req), body)]
        elif action == "ok" and self.alert_on_screen is not None:
            alert, alert_req = self.alert_on_screen
            self.alert_on_screen = None
            return [event("user.input", input="ok", req=alert_req, alert=alert), event("alert.dismissed", alert=alert, req=alert_req)]
        elif action == "openWorkInformation" and self.work_in_progress == req:
            return [event("user.input", input="openWorkInformation", req=req), self.work_information(req)]
        elif action == "closeWorkInformation" and self.work_in_progress == req and self.alert_on_screen == ("workInformation", req):
            return self.close_work_information(req)
        return []

    def close_work_information(self, req):
        # VIEW-11: the alert closes over Work in Progress, which stays.
        return [event("user.input", input="closeWorkInformation", req=req), event("alert.dismissed", alert="workInformation", req=req)]

    def answered(self, message, now):
        purpose = self.calls.pop(message["xid"], None)
        if purpose is None:
            return []
        body = message.get("body") or {}
        ok = message.get("status") is not None and 200 <= message["status"] < 300 and body.get("ok") is not False
        lost = message.get("status") is None
        if purpose[0] == "me":
            return self.profile_answered(body.get("profile")) if ok else []
        if purpose[0] == "read":
            if lost:
                return [self.read(purpose[1])]  # STATE-10: a read that fails is sent again
            return self.read_state(purpose[1], body.get("request") or {}, now) if ok else []
        if purpose[0] == "accept" and lost:
            # ALERT-3 then STATE-10: a lost answer may hide a win, so read the request.
            self.offers[purpose[1]]["failed"] = True
            return self.after_failed_accept(purpose[1]) + [self.read(purpose[1])]
        if purpose[0] == "accept":
            req = purpose[1]
            if ok:
                self.work_in_progress = req
                # VIEW-3, ALERT-5: the view changes first, then the success alert.
                return [self.work_in_progress_view(req), self.success_alert(req)]
            self.offers[req]["failed"] = True
            # VIEW-15: race_lost says another worker won the request.
            taken = self.take_off(req, "taken") if (body.get("error") or {}).get("code") == "race_lost" else []
            return self.after_failed_accept(req) + taken
        if purpose[0] == "jobs":
            actions = []
            for job in body.get("jobs", []) if ok else []:
                if job.get("ReqID") is not None:
                    actions += self.offered(job["ReqID"], job, "getJobs", now)
            return actions
        if purpose[0] == "close" and ok:
            self.offers[purpose[1]]["ended"] = True
            self.work_in_progress = None
            return [event("view.shown", view="home")] + self.show_due(now)
        return []

    def read_me(self):
        """ELIG-12: read the meProfile at each launch and return to the foreground."""
        return [self.call(("me",), "GET", PATHS["me"].replace("{id}", self.id))]

    def profile_answered(self, answer):
        """ELIG-12: judge with the answer's eligibility fields and the device's own position."""
        if not isinstance(answer, dict):
            return []
        updated = dict(self.profile, **{key: answer.get(key) for key in ("userID", "expertActive", "expertSource", "categories", "maxKms")})
        if updated == self.profile:
            return []
        self.profile = updated
        return [event("profile.updated", profile=updated)]

    def work_in_progress_again(self):
        """STATE-2: back in the foreground, Work in Progress shows again."""
        return [self.work_in_progress_view(self.work_in_progress)] if self.work_in_progress else []

    def read(self, req):
        return self.call(("read", req), "GET", PATHS["getRequest"].replace("{ReqID}", req))

    def state_reads(self):
        """STATE-6: read the state of the request in Work in Progress."""
        return [self.read(self.work_in_progress)] if self.work_in_progress else []

    def read_state(self, req, state, now):
        """STATE-7, STATE-10: act on the read as on the event it shows."""
        status = state.get("status")
        if status == "inProgress" and self.work_in_progress is None and str(state.get("workerId")) == str(self.id) \
                and req in self.offers and not self.offers[req]["ended"]:
            self.work_in_progress = req
            return [self.work_in_progress_view(req), self.success_alert(req)]
        if status in ("cancelled", "closed") and self.work_in_progress == req and isinstance(state.get("end"), dict):
            return self.received("cancel" if status == "cancelled" else "close", state["end"], now)
        return []

    def after_failed_accept(self, req):
        # ALERT-1, ALERT-3: the failure alert first, then back to the list.
        return [self.failure_alert(req), event("view.shown", view="home")]

    # --- what the views and alerts show

    def work_in_progress_view(self, req):
        job = self.offers[req]["payload"]
        return event("view.shown", view="workInProgress", req=req, elements={
            "clientName": job.get("clientName", ""),
            "map": {"worker": [self.profile["lat"], self.profile["lng"]], "job": [job.get("lat"), job.get("lng")]},
            "workInformation": True, "chat": True, "call": True, "closeRequest": True})

    def work_information(self, req):
        """VIEW-9, VIEW-10: the `new`'s summary, its image only when it had one."""
        job = self.offers[req]["payload"]
        elements = {key: job.get(key, "") for key in ("clientName", "address", "createdAt", "category", "description")}
        if job.get("image") is not None:
            elements["image"] = job["image"]
        elements["close"] = True
        return event("alert.shown", alert="workInformation", result="info", req=req, elements=elements)

    def end_alert(self, req, name):
        """ALERT-12: the alert saying the request ended, `cancelled` or `closed`, with title, text and OK."""
        if name == "cancel":
            return event("alert.shown", alert="cancelled", result="info", req=req,
                         elements={"title": "Request cancelled", "text": "This request was cancelled.", "ok": True})
        return event("alert.shown", alert="closed", result="info", req=req,
                     elements={"title": "Request closed", "text": "This request was closed. Thank you!", "ok": True})

    def success_alert(self, req):
        job = self.offers[req]["payload"]
        return event("alert.shown", alert="acceptSuccess", result="success", req=req, elements={
            "title": "You got the job!", "subtitle": f"Contact {job.get('clientName', 'the client')} now",
            "image": "https://img.example.com/go.png", "close": True,
            "clientName": job.get("clientName", ""), "address": job.get("address", "")})

    def failure_alert(self, req):
        return event("alert.shown", alert="acceptFailure", result="failure", req=req, elements={
            "title": "Not this time", "text": "Someone else may have taken it. More jobs are coming!", "ok": True})


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
            reply({"type": "hello", "protocol": 1, "name": name, "suites": ["scenario", "eligibility"], "roles": [role]})
        elif kind == "case":
            reply({"type": "result", "id": message["id"], "output": eligibility_output(message["input"])})
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
    sys.exit(serve(WorkerApp, NAME, "worker"))
