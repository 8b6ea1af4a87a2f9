"""Scenarios for Scripts/generate_traces.py: whole sessions of a client app, worker apps and the
backend as one capture, built step by step with consistent times (10 ms each way on the network,
5 ms inside the backend), so that every projection (client, worker, backend) of it is conformant.

Python 3.11, standard library only.
"""

from __future__ import annotations

import copy
from datetime import datetime, timezone

from jobwirelib import DISTANCE_TOLERANCE_KM, distance_km

T0 = 1_767_225_600_000          # 2026-01-01T00:00:00Z
NET = 10                        # one-way network latency, ms
PROC = 5                        # backend processing time, ms
TIMEOUT = 600_000               # PROTOCOL.md's default timeoutMs

JOB = {"lat": 40.01, "lng": -3.01}
W1 = {"userID": "w-1", "expertActive": True, "expertSource": "P-7", "categories": ["9", "12"],
      "maxKms": 50, "lat": 40.0, "lng": -3.0}
W2 = {"userID": "w-2", "expertActive": True, "expertSource": None, "categories": ["4"],
      "maxKms": 50, "lat": 40.02, "lng": -3.02}
W2_ELIGIBLE = dict(W2, categories=["9"])
AVATAR = "https://img.example.com/w-1.png"


def iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def decide(profile: dict, job: dict, received_at: int) -> dict:
    """The eligibility decision of ELIG-1 ... ELIG-6 for well-formed input (ids as canonical text)."""
    failed = []
    if not profile["expertActive"]:
        failed.append("ELIG-1")
    exclusive = str(job["exclusive"])
    if exclusive != "0" and (profile.get("expertSource") is None or str(profile["expertSource"]) != exclusive):
        failed.append("ELIG-2")
    if str(job["CatID"]) not in [str(c) for c in profile["categories"]]:
        failed.append("ELIG-3")
    distance = distance_km(profile["lat"], profile["lng"], job["lat"], job["lng"])
    if distance > profile["maxKms"] + DISTANCE_TOLERANCE_KM:
        failed.append("ELIG-4")
    if str(profile["userID"]) in [str(b) for b in job.get("BlockedXP", [])]:
        failed.append("ELIG-5")
    return {"eligible": not failed, "failed": failed, "distanceKm": distance,
            "showAt": received_at + int(job.get("Delay", 0)) * 1000}


class Capture:
    """A session as every actor recorded it; events carry private `_tag` and `_seq` keys."""

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.header: dict = {}
        self._seq = 0
        self._xid = 0

    def add(self, ts: int, actor: str, kind: str, tag: str | None = None, **fields) -> dict:
        event = {"ts": ts, "actor": actor}
        if actor in ("w-1", "w-2", "w-3"):
            event["actor"], event["id"] = "worker", actor
        elif actor == "client":
            event["id"] = "c-1"
        event["kind"] = kind
        event.update(fields)
        event["_tag"] = tag
        event["_seq"] = self._seq
        self._seq += 1
        self.events.append(event)
        return event

    def rest(self, t: int, app: str, method: str, path: str, body=None, status: int = 200, reply=None,
             error: str | None = None, tag: str = "rest") -> int:
        """An app's REST call and the backend's answer; returns when the app has the answer."""
        self._xid += 1
        xid = f"x-{self._xid}"
        request = {"xid": xid, "method": method, "path": path}
        if body is not None:
            request["body"] = body
        self.add(t, app, "http.request", tag=f"{tag}.req", **request)
        if error is not None:
            self.add(t + 10_000, app, "http.response", tag=f"{tag}.resp", xid=xid, error=error)
            return t + 10_000
        self.add(t + NET, "backend", "http.request", tag=f"{tag}.breq", **request)
        self.add(t + NET + PROC, "backend", "http.response", tag=f"{tag}.bresp", xid=xid, status=status, body=reply)
        self.add(t + 2 * NET + PROC, app, "http.response", tag=f"{tag}.resp", xid=xid, status=status, body=reply)
        return t + 2 * NET + PROC

    def emit(self, t: int, event: str, payload: dict, to: str, receivers: list[str], tag: str) -> int:
        """The backend sends `event` to a room; each receiver gets it 10 ms later."""
        self.add(t, "backend", "io.out", tag=f"{tag}.out", event=event, payload=payload, to=to)
        for receiver in receivers:
            self.add(t + NET, receiver, "io.in", tag=f"{tag}.in.{receiver}", event=event, payload=payload)
        return t + NET

    def find(self, tag: str) -> dict:
        matches = [e for e in self.events if e["_tag"] == tag]
        assert len(matches) == 1, f"tag {tag!r} matches {len(matches)} events"
        return matches[0]

    def find_all(self, prefix: str) -> list[dict]:
        return [e for e in self.events if e["_tag"] and e["_tag"].startswith(prefix)]

    def remove(self, *tags: str) -> None:
        for tag in tags:
            self.events.remove(self.find(tag))

    def resend_for(self, tag: str, req: str, new_tag: str) -> dict:
        """The backend's `io.out` of `tag` sent again 1 ms later, for request `req`: the same event,
        to the same room, with the payload's ReqID changed."""
        sent = self.find(tag)
        fields = {key: value for key, value in sent.items() if key not in ("ts", "actor", "kind") and not key.startswith("_")}
        fields["payload"] = dict(sent["payload"], ReqID=req)
        return self.add(sent["ts"] + 1, "backend", "io.out", tag=new_tag, **fields)

    def received_also(self, tag: str, app: str, new_tag: str) -> dict:
        """The `io.in` of `tag` received at the same moment by `app` too: a worker (`w-2`) or a
        client (`c-2`) the event was not for."""
        got = self.find(tag)
        who = ("client", {"id": app}) if app.startswith("c-") else (app, {})
        return self.add(got["ts"], who[0], "io.in", tag=new_tag, event=got["event"], payload=got["payload"], **who[1])

    def remove_prefix(self, prefix: str) -> None:
        self.events = [e for e in self.events if not (e["_tag"] and e["_tag"].startswith(prefix))]

    def copy(self) -> "Capture":
        return copy.deepcopy(self)

    def in_time_order(self) -> list[dict]:
        """The events as a trace writes them: by time, ties in the order they were added."""
        return sorted(self.events, key=lambda e: (e["ts"], e["_seq"]))

    def keep_line_order(self) -> None:
        """Fixes the lines where they are now, in time order, so that a mutation can then change
        a time without its line moving with it (a clock going back, TIME-10)."""
        self.events = self.in_time_order()
        self.header["keep_order"] = True


# ---- steps ---------------------------------------------------------------------------------

def ok(**fields) -> dict:
    return {"ok": True, **fields}


def failure(code: str, message: str) -> dict:
    return {"ok": False, "error": {"code": code, "message": message}}


def launch(c: Capture, t: int, workers: dict[str, dict]) -> None:
    c.add(t, "client", "app.launched", tag="c.launch")
    c.add(t + 1, "client", "view.shown", tag="c.home0", view="home")
    for offset, (worker, profile) in enumerate(workers.items()):
        c.add(t + 2 + offset, worker, "app.launched", tag=f"{worker}.launch")
        c.add(t + 2 + offset, worker, "profile.updated", tag=f"{worker}.profile", profile=profile)
        c.add(t + 2 + offset, worker, "view.shown", tag=f"{worker}.home0", view="home")
        read_me(c, t + 3 + offset, worker, profile, tag=f"{worker}.me0")
        catch_up(c, t + 3 + offset, worker, tag=f"{worker}.jobs0")


def catch_up(c: Capture, t: int, worker: str, tag: str, jobs: list | None = None) -> int:
    """A worker app's getJobs after a launch, a return or a reconnection (STATE-5); returns when the answer arrived."""
    return c.rest(t, worker, "GET", f"/api/jobs?workerId={worker}", reply=ok(jobs=jobs or []), tag=tag)


def post(c: Capture, t: int, req: str, worker_id: str | None = None, image: str | None = None) -> tuple[int, dict]:
    """The client posts; returns when the success arrived, and the `new` payload."""
    body = {"clientId": "c-1", "CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap",
            "clientName": "Ana", "address": "Calle Mayor 1", **JOB}
    if worker_id:
        body["workerId"] = worker_id
    if image:
        body["image"] = image
    created = t + NET + PROC
    answered = c.rest(t, "client", "POST", "/api/requests", body, reply=ok(ReqID=req, createdAt=iso(created)), tag="c.post")
    c.add(answered, "client", "timer.started", tag="c.timer", timer="timeout", req=req, startedAt=answered)
    c.add(answered + 1, "client", "view.shown", tag="c.waiting", view="waiting", req=req, elements={"counter": TIMEOUT // 1000})
    payload = {"ReqID": req, "CatID": 9, "exclusive": "0", **JOB, "BlockedXP": [], "Delay": 5,
               "clientName": "Ana", "address": "Calle Mayor 1", "category": "Plumbing",
               "description": "Leaking kitchen tap", "createdAt": iso(created)}
    if worker_id:
        payload["workerId"] = worker_id
    if image:
        payload["image"] = image
    return answered, payload


def broadcast(c: Capture, t: int, payload: dict, workers: dict[str, dict], decisions: bool = True) -> dict[str, int]:
    """The backend sends `new`; each worker receives, decides and starts its Delay wait. Returns showAt per worker."""
    req = payload["ReqID"]
    direct = payload.get("workerId")
    room = direct or "workers"
    receivers = [direct] if direct else list(workers)
    received = c.emit(t, "new", payload, room, receivers, tag=f"new.{req}")
    show_at = {}
    for worker in receivers:
        c.add(received, worker, "offer.received", tag=f"{worker}.received.{req}", req=req, via="new", offer=payload)
        if direct:
            show_at[worker] = received
            continue
        decision = decide(workers[worker], payload, received)
        if decisions:
            c.add(received + 1, worker, "offer.decided", tag=f"{worker}.decided.{req}", req=req, **decision)
        if decision["eligible"]:
            show_at[worker] = decision["showAt"]
            if payload.get("Delay", 0) > 0:
                c.add(received + 2, worker, "timer.started", tag=f"{worker}.delay.{req}", timer="delay", req=req, startedAt=received)
    return show_at


def show(c: Capture, t: int, worker: str, req: str, delayed: bool = True) -> None:
    if delayed:
        c.add(t, worker, "timer.fired", tag=f"{worker}.fired.{req}", timer="delay", req=req)
    c.add(t, worker, "offer.shown", tag=f"{worker}.shown.{req}", req=req)


def apply_payload(worker: str, rating, at: dict | None = None) -> dict:
    """The `apply` for R-1 won by `worker`: its name and avatar as the backend's record has them (MSG-9)."""
    at = at or {"lat": 40.0, "lng": -3.0}
    name, avatar, _ = WORKER_RECORDS[worker]
    return {"ReqID": "R-1", "workerId": worker, "workerName": name, "workerAvatar": avatar,
            "workerRating": rating, "lat": at["lat"], "lng": at["lng"]}


def worker_wip_elements(at: dict) -> dict:
    """What the winner's Work in Progress view shows (VIEW-8): `at` is its position."""
    return {"clientName": "Ana", "map": {"worker": [at["lat"], at["lng"]], "job": [JOB["lat"], JOB["lng"]]},
            "workInformation": True, "chat": True, "call": True, "closeRequest": True}


def client_wip_elements(rating, at: dict | None = None, worker: str = "w-1") -> dict:
    """What the client's Work in Progress view shows (VIEW-5, VIEW-6): the winner `worker` at `at`."""
    at = at or {"lat": 40.0, "lng": -3.0}
    distance = distance_km(at["lat"], at["lng"], JOB["lat"], JOB["lng"])
    shown = {"rating": rating} if rating is not None else {"newWorker": "New Worker"}  # VIEW-7: the label in place of a rating
    name, avatar, _ = WORKER_RECORDS[worker]
    return {"distance": round(distance, 2), **shown, "avatar": avatar, "workerName": name,
            "description": "Leaking kitchen tap", "category": "Plumbing", "pay": True, "chat": True, "call": True, "closeRequest": True}


def accept(c: Capture, t: int, worker: str, req: str, rating=4.5, new_payload: dict | None = None, at: dict | None = None) -> int:
    """A winning WorkerAccept: the worker's view and alert, the `apply`, the client's view and alert;
    `at` is the winner's position the backend knows. Returns the client's receipt time."""
    at = at or {"lat": 40.0, "lng": -3.0}
    answered = c.rest(t, worker, "POST", f"/api/requests/{req}/accept", {"workerId": worker}, reply=ok(ReqID=req), tag=f"{worker}.accept")
    c.add(answered + 1, worker, "view.shown", tag=f"{worker}.wip", view="workInProgress", req=req, elements=worker_wip_elements(at))
    c.add(answered + 2, worker, "alert.shown", tag=f"{worker}.success", alert="acceptSuccess", result="success", req=req,
          elements={"title": "You got the job!", "subtitle": "Call Ana now", "image": "https://img.example.com/go.png",
                    "close": True, "clientName": "Ana", "address": "Calle Mayor 1"})
    c.add(answered + 1500, worker, "alert.dismissed", tag=f"{worker}.success.dismissed", alert="acceptSuccess", req=req)
    payload = apply_payload(worker, rating, at)
    received = c.emit(t + NET + PROC + PROC, "apply", payload, "c-1", ["client"], tag=f"apply.{req}")
    c.add(received + 1, "client", "view.shown", tag="c.wip", view="workInProgress", req=req, elements=client_wip_elements(rating, at, worker))
    alert = {"title": f"{payload['workerName']} accepted your request", "avatar": payload["workerAvatar"], "ok": True}
    if rating is None:
        alert["newWorker"] = "New Worker"
    else:
        alert["rating"] = rating
    c.add(received + 2, "client", "alert.shown", tag="c.applyalert", alert="apply", result="success", req=req, elements=alert)
    c.add(received + 1199, "client", "user.input", tag="c.applyalert.ok", input="ok", req=req, alert="apply")
    c.add(received + 1200, "client", "alert.dismissed", tag="c.applyalert.dismissed", alert="apply", req=req)
    return received


def lose(c: Capture, t: int, worker: str, req: str, transport: bool = False) -> int:
    """A WorkerAccept that fails (race_lost, or a transport error) and its failure alert."""
    if transport:
        answered = c.rest(t, worker, "POST", f"/api/requests/{req}/accept", {"workerId": worker}, error="timeout", tag=f"{worker}.accept")
    else:
        answered = c.rest(t, worker, "POST", f"/api/requests/{req}/accept", {"workerId": worker}, status=409,
                          reply=failure("race_lost", "Another worker took this job"), tag=f"{worker}.accept")
    c.add(answered + 1, worker, "alert.shown", tag=f"{worker}.failure", alert="acceptFailure", result="failure", req=req,
          elements={"title": "So close!", "text": "Someone else got this one. More jobs are on the way.", "ok": True})
    if not transport:
        # VIEW-15: race_lost says another worker won, so the offer leaves the screen.
        c.add(answered + 2, worker, "offer.removed", tag=f"{worker}.removed.{req}", req=req, why="taken")
    c.add(answered + 800, worker, "alert.dismissed", tag=f"{worker}.failure.dismissed", alert="acceptFailure", req=req)
    return answered + 800


def work_information(c: Capture, t: int, worker: str, req: str) -> int:
    """The winner opens the Work Information alert on Work in Progress and closes it (VIEW-9 ... VIEW-11)."""
    new = c.find(f"new.{req}.out")["payload"]
    elements = {key: new[key] for key in ("clientName", "address", "createdAt", "category", "description")}
    if new.get("image") is not None:
        elements["image"] = new["image"]
    elements["close"] = True
    c.add(t, worker, "user.input", tag=f"{worker}.workinfo.open", input="openWorkInformation", req=req)
    c.add(t + 1, worker, "alert.shown", tag=f"{worker}.workinfo", alert="workInformation", result="info", req=req, elements=elements)
    c.add(t + 4000, worker, "user.input", tag=f"{worker}.workinfo.close", input="closeWorkInformation", req=req)
    c.add(t + 4001, worker, "alert.dismissed", tag=f"{worker}.workinfo.dismissed", alert="workInformation", req=req)
    return t + 4001


def close(c: Capture, t: int, req: str, winner: str) -> int:
    # VIEW-12: the client presses Close Request, is offered the two choices and takes happy.
    c.add(t - 1, "client", "user.input", tag="c.closechoice", input="closeRequest", req=req, choices=["happy", "unhappy"], choice="happy")
    answered = c.rest(t, "client", "POST", f"/api/requests/{req}/close", {"outcome": "happy", "by": "client", "clientId": "c-1"},
                      reply=ok(ReqID=req), tag="c.close")
    c.add(answered + 1, "client", "view.shown", tag="c.home.after", view="home")
    received = c.emit(t + NET + PROC + PROC, "close", {"ReqID": req, "outcome": "happy", "by": "client"}, "c-1", ["client"], tag=f"close.{req}.c")
    c.emit(t + NET + PROC + PROC, "close", {"ReqID": req, "outcome": "happy", "by": "client"}, winner, [winner], tag=f"close.{req}.w")
    c.add(received + 1, winner, "view.shown", tag=f"{winner}.home.after", view="home")
    c.add(received + 2, winner, "alert.shown", tag=f"{winner}.closed", alert="closed", result="info", req=req,
          elements={"title": "Request closed", "text": "Ana closed the request. Thank you!", "ok": True})
    c.add(received + 900, winner, "alert.dismissed", tag=f"{winner}.closed.dismissed", alert="closed", req=req)
    return received + 900


def timeout_cancel(c: Capture, deadline: int, req: str, workers: list[str], at: int | None = None, reason: str = "timeout") -> int:
    t = at if at is not None else deadline + 40
    c.add(t - 1, "client", "timer.fired", tag="c.fired", timer="timeout", req=req)
    answered = c.rest(t, "client", "POST", f"/api/requests/{req}/cancel", {"reason": reason, "clientId": "c-1"}, reply=ok(ReqID=req), tag="c.cancel")
    c.add(answered + 1, "client", "alert.shown", tag="c.timeoutalert", alert="timeout", result="failure", req=req,
          elements={"title": "No worker yet", "text": "Nobody could take it this time. Try again soon.",
                    "image": "https://img.example.com/clock.png", "ok": True})
    c.add(answered + 1000, "client", "alert.dismissed", tag="c.timeoutalert.dismissed", alert="timeout", req=req)
    c.add(answered + 1001, "client", "view.shown", tag="c.home.after", view="home")
    payload = {"ReqID": req, "reason": reason}
    c.emit(t + NET + PROC + PROC, "cancel", payload, "c-1", ["client"], tag=f"cancel.{req}.c")
    if workers:
        arrived = c.emit(t + NET + PROC + PROC, "cancel", payload, "workers", workers, tag=f"cancel.{req}.w")
        for worker in workers:
            # VIEW-15: an offer on screen leaves it when its cancel arrives.
            if c.find_all(f"{worker}.shown.{req}"):
                c.add(arrived + 1, worker, "offer.removed", tag=f"{worker}.removed.{req}", req=req, why="cancelled")
    return answered + 1001


def end(c: Capture, t: int) -> None:
    c.add(t, "backend", "trace.end", tag="end")


def state_of(c: Capture, req: str, status: str, worker: str | None = None, end: str | None = None) -> dict:
    """A request's state as a state read answers it (REST-15): the payloads are the emitted ones
    themselves, so a mutation of an emitted payload is one of the read's too."""
    return {"ReqID": req, "clientId": "c-1", "status": status, "workerId": worker,
            "new": c.find(f"new.{req}.out")["payload"],
            "apply": c.find(f"apply.{req}.out")["payload"] if worker else None,
            "end": c.find(end)["payload"] if end else None}


def read_state(c: Capture, t: int, app: str, req: str, status: str, worker: str | None = None, end: str | None = None,
               tag: str = "c.state") -> int:
    """An app reads a request's state (REST-15), as it does after a restart or a return (STATE-6)."""
    return c.rest(t, app, "GET", f"/api/requests/{req}", reply=ok(request=state_of(c, req, status, worker, end)), tag=tag)


def read_me(c: Capture, t: int, worker: str, profile: dict, tag: str) -> int:
    """A worker reads its meProfile (REST-17), as it does at each launch and return (ELIG-12)."""
    name, avatar, rating = WORKER_RECORDS.get(worker, WORKER_RECORDS["w-1"])
    return c.rest(t, worker, "GET", f"/api/workers/{worker}", reply=ok(profile=profile, name=name, avatar=avatar, rating=rating), tag=tag)


def relaunch_worker(c: Capture, t: int, worker: str = "w-1", profile: dict | None = None) -> None:
    """The worker app launched again at `t` after a termination: no discards read back, its profile
    written, home shown, its meProfile read (ELIG-12) and getJobs called (STATE-5)."""
    profile = profile or W1
    c.add(t, worker, "app.launched", tag=f"{worker}.back", discards=[])
    c.add(t, worker, "profile.updated", tag=f"{worker}.profile.again", profile=profile)
    c.add(t + 1, worker, "view.shown", tag=f"{worker}.home.again", view="home")
    read_me(c, t + 1, worker, profile, tag=f"{worker}.me")
    catch_up(c, t + 1, worker, tag=f"{worker}.jobs.back")


# The name, avatar and rating the backend holds for each worker (the fixtures of `retake`).
WORKER_RECORDS = {"w-1": ("Luis", AVATAR, 4.5), "w-2": ("Eva", "https://img.example.com/w-2.png", None)}


def hook(c: Capture, t: int, method: str, path: str, body: dict, reply: dict, tag: str) -> None:
    """A test fixture call (FIX area) as the backend records it: a test's hook, no app's call."""
    c._xid += 1
    xid = f"x-{c._xid}"
    c.add(t, "backend", "http.request", tag=f"{tag}.breq", xid=xid, method=method, path=path, body=body)
    c.add(t + PROC, "backend", "http.response", tag=f"{tag}.bresp", xid=xid, status=200, body=reply)


def connected(c: Capture, t: int, app: str, role: str, user: str, tag: str) -> None:
    """An app's Socket.IO connection, as the app and the backend record it (MSG-2); the backend's
    `auth` is the handshake's as received, which MSG-16 judges."""
    auth = {"userId": user, "role": role}
    c.add(t, "backend", "io.connected", tag=f"{tag}.b", nsp="/", auth=auth)
    c.add(t + NET, app, "io.connected", tag=f"{tag}.a", nsp="/", auth=auth)


def disconnected(c: Capture, t: int, app: str, role: str, user: str, tag: str) -> None:
    """The app closes its connection (going to the background), as the app and the backend record it."""
    c.add(t, app, "io.disconnected", tag=f"{tag}.a", nsp="/", reason="client")
    c.add(t + NET, "backend", "io.disconnected", tag=f"{tag}.b", nsp="/", reason="client", auth={"userId": user, "role": role})


# ---- scenarios -----------------------------------------------------------------------------

def happy(w1: dict = W1, w2: dict = W2, rating=4.5, delay: int = 5, new_overrides: dict | None = None,
          decisions: bool = True, accept_after: int = 3000, image: str | None = None) -> Capture:
    """A channel request: w-1 is eligible and wins, reads the Work Information, w-2 is not
    eligible; the client closes happily."""
    c = Capture()
    workers = {"w-1": w1, "w-2": w2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1", image=image)
    payload["Delay"] = delay
    payload.update(new_overrides or {})
    show_at = broadcast(c, answered - NET, payload, workers, decisions)
    if "w-1" in show_at:
        show(c, show_at["w-1"], "w-1", "R-1", delayed=delay > 0)
        received = accept(c, show_at["w-1"] + accept_after, "w-1", "R-1", rating=rating)
        work_information(c, received + 10_000, "w-1", "R-1")
        finished = close(c, received + 60_000, "R-1", "w-1")
    else:
        finished = answered + 60_000
    end(c, finished + 5000)
    return c


def new_before_post_answer() -> Capture:
    """The backend emits R-1's `new` 1 ms before it writes the post's answer: the request exists
    once the post is received, so the `new` may leave while the answer is being written (MSG-3)."""
    c = happy()
    c.find("new.R-1.out")["ts"] = c.find("c.post.bresp")["ts"] - 1
    return c


def profile_answer_adopted() -> Capture:
    """w-1's device kept categories 9 and 12; its meProfile answer lists only 12, so w-1 reports
    that profile and decides R-1 (CatID 9) ineligible (ELIG-12), naming no profile in its decision."""
    w1 = dict(W1, categories=["12"])
    c = happy(w1=w1)
    c.find("w-1.profile")["profile"] = W1
    c.add(c.find("w-1.me0.resp")["ts"], "w-1", "profile.updated", tag="w-1.profile.read", profile=w1)
    return c


# The backend's REST answer each announced event follows, and the events, in happy().
ANNOUNCED = {"new": ("c.post.bresp", ["new.R-1.out"]), "apply": ("w-1.accept.bresp", ["apply.R-1.out"]),
             "close": ("c.close.bresp", ["close.R-1.c.out", "close.R-1.w.out"])}


def backend_at_tolerance(after: int = 2000, events: tuple[str, ...] = ("new", "apply", "close")) -> Capture:
    """The happy path with each of `events` (keys of ANNOUNCED) sent `after` ms after its REST
    answer. By default all of them, exactly emitToleranceMs later, the last moment they may
    leave: both times are the backend's, so no clock skew is added."""
    c = happy()
    for event in events:
        answer, emitted = ANNOUNCED[event]
        for tag in emitted:
            c.find(tag)["ts"] = c.find(answer)["ts"] + after
    return c


def race(transport: bool = False) -> Capture:
    """Both workers are eligible and accept; w-1 wins, w-2 loses (race_lost, or a transport error)."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2_ELIGIBLE}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    show(c, show_at["w-2"], "w-2", "R-1")
    received = accept(c, show_at["w-1"] + 3000, "w-1", "R-1")
    lost = lose(c, show_at["w-2"] + 3100, "w-2", "R-1", transport=transport)
    if transport:
        # STATE-10: the answer was lost, so w-2 reads the request: w-1 won it.
        read_state(c, lost - 800 + 2, "w-2", "R-1", "inProgress", worker="w-1", tag="w-2.state")
    finished = close(c, received + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    return c


def timeout(cancel_delay: int = 40, reason: str = "timeout") -> Capture:
    """Nobody accepts; at the deadline the client cancels with reason timeout."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    deadline = answered + TIMEOUT
    finished = timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=deadline + cancel_delay, reason=reason)
    end(c, finished + 5000)
    c.header["deadline"] = deadline
    return c


def cancel_reaches_late_joiner() -> Capture:
    """The timeout cancel of R-1, which nobody won, goes to the channel, where w-3, launched after
    the `new` (and not eligible for it, so its getJobs lists nothing), gets it too: a worker of the
    room the `new` went to, though it never received that `new` (FLOW-8)."""
    c = timeout()
    joined = c.find("c.cancel.req")["ts"] - 60_000
    c.add(joined, "w-3", "app.launched", tag="w-3.launch")
    c.add(joined, "w-3", "profile.updated", tag="w-3.profile", profile=W3)
    c.add(joined, "w-3", "view.shown", tag="w-3.home0", view="home")
    read_me(c, joined + 1, "w-3", W3, tag="w-3.me0")
    catch_up(c, joined + 1, "w-3", tag="w-3.jobs0")
    c.received_also("cancel.R-1.w.in.w-1", "w-3", "cancel.R-1.w.in.w-3")
    return c


W3 = dict(W2, userID="w-3")


def client_restart(mode: str, cancel_delay: int = 40, reason: str = "timeout") -> Capture:
    """The client app is away while waiting: terminated and relaunched before the deadline
    (`restart`), or backgrounded before it and back after it (`background`)."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    deadline = answered + TIMEOUT
    if mode == "restart":
        c.add(answered + 100_000, "client", "app.terminated", tag="c.away")
        back = answered + 200_000
        c.add(back, "client", "app.launched", tag="c.back")
        c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
        c.add(back + 2, "client", "view.shown", tag="c.waiting.again", view="waiting", req="R-1", elements={"counter": (deadline - back) // 1000})
        read_state(c, back + 3, "client", "R-1", "open")
        finished = timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=deadline + cancel_delay, reason=reason)
    elif mode == "relaunch-late":
        # Terminated before the deadline, relaunched after it: cancel within the tolerance of the relaunch.
        c.add(deadline - 60_000, "client", "app.terminated", tag="c.away")
        back = deadline + 30_000
        c.add(back, "client", "app.launched", tag="c.back")
        c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
        c.add(back + 2, "client", "view.shown", tag="c.waiting.again", view="waiting", req="R-1", elements={"counter": 0})
        read_state(c, back + 3, "client", "R-1", "open")
        finished = timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=back + cancel_delay, reason=reason)
    elif mode == "background":
        c.add(deadline - 60_000, "client", "app.backgrounded", tag="c.away")
        back = deadline + 30_000
        c.add(back, "client", "app.foregrounded", tag="c.back")
        c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
        read_state(c, back + 3, "client", "R-1", "open")
        finished = timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=back + 500, reason=reason)
    else:  # background and back before the deadline
        c.add(deadline - 120_000, "client", "app.backgrounded", tag="c.away")
        back = deadline - 60_000
        c.add(back, "client", "app.foregrounded", tag="c.back")
        c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
        c.add(back + 2, "client", "view.shown", tag="c.waiting.again", view="waiting", req="R-1", elements={"counter": (deadline - back) // 1000})
        read_state(c, back + 3, "client", "R-1", "open")
        finished = timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=deadline + cancel_delay, reason=reason)
    end(c, finished + 5000)
    c.header["deadline"] = deadline
    c.header["back"] = back
    return c


def worker_restart(mode: str) -> Capture:
    """w-1 is away during a 30 s Delay: terminated and relaunched, or backgrounded and back;
    it resumes the wait from the original receipt and shows the offer at its showAt."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    payload["Delay"] = 30
    show_at = broadcast(c, answered - NET, payload, workers)
    received = c.find("w-1.received.R-1")["ts"]
    if mode == "restart":
        c.add(received + 10_000, "w-1", "app.terminated", tag="w-1.away")
        back = received + 20_000
        c.add(back, "w-1", "app.launched", tag="w-1.back", discards=[])
        c.add(back, "w-1", "profile.updated", tag="w-1.profile.again", profile=W1)
        c.add(back + 1, "w-1", "view.shown", tag="w-1.home.again", view="home")
    else:
        c.add(received + 10_000, "w-1", "app.backgrounded", tag="w-1.away")
        back = received + 20_000
        c.add(back, "w-1", "app.foregrounded", tag="w-1.back")
    c.add(back + 2, "w-1", "timer.started", tag="w-1.delay.resumed", timer="delay", req="R-1", startedAt=received)
    read_me(c, back + 3, "w-1", W1, tag="w-1.me")
    catch_up(c, back + 4, "w-1", tag="w-1.jobs.back")  # R-1's Delay has not passed: nothing to list yet (ELIG-8)
    show(c, show_at["w-1"], "w-1", "R-1")
    got = accept(c, show_at["w-1"] + 3000, "w-1", "R-1")
    finished = close(c, got + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    c.header["back"] = back
    return c


def discards() -> Capture:
    """w-1 discards R-1, restarts, and hides it when getJobs lists it again; w-2 wins it."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2_ELIGIBLE}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    show(c, show_at["w-2"], "w-2", "R-1")
    t = show_at["w-1"] + 2000
    c.add(t, "w-1", "offer.discarded", tag="w-1.discarded", req="R-1", stored=["R-1"])
    c.add(t + 1, "w-1", "offer.removed", tag="w-1.removed.R-1", req="R-1", why="discarded")
    c.add(t + 5000, "w-1", "app.terminated", tag="w-1.away")
    c.add(t + 8000, "w-1", "app.launched", tag="w-1.back", discards=["R-1"])
    c.add(t + 8000, "w-1", "profile.updated", tag="w-1.profile.again", profile=W1)
    c.add(t + 8001, "w-1", "view.shown", tag="w-1.home.again", view="home")
    read_me(c, t + 8001, "w-1", W1, tag="w-1.me")
    got = c.rest(t + 8002, "w-1", "GET", "/api/jobs?workerId=w-1", reply=ok(jobs=[payload]), tag="w-1.getjobs")
    c.add(got, "w-1", "offer.received", tag="w-1.received.again", req="R-1", via="getJobs", offer=payload)
    received = accept(c, t + 20_000, "w-2", "R-1", at={"lat": W2["lat"], "lng": W2["lng"]})
    finished = close(c, received + 60_000, "R-1", "w-2")
    end(c, finished + 5000)
    c.header["discarded"] = t
    c.header["got"] = got
    return c


def direct(delay: int = 0, show_after: int = 50) -> Capture:
    """The client asks for w-1 by id; the `new` goes to w-1's room only and shows at once."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1", worker_id="w-1")
    payload["Delay"] = delay
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"] + show_after, "w-1", "R-1", delayed=False)
    received = accept(c, show_at["w-1"] + show_after + 3000, "w-1", "R-1")
    finished = close(c, received + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    return c


def getjobs() -> Capture:
    """w-1 starts after the broadcast and finds R-1 through getJobs, shows it at once and wins it."""
    c = Capture()
    launch(c, T0, {"w-2": W2})
    answered, payload = post(c, T0 + 1000, "R-1")
    broadcast(c, answered - NET, payload, {"w-2": W2})
    t = T0 + 20_000
    c.add(t, "w-1", "app.launched", tag="w-1.launch")
    c.add(t, "w-1", "profile.updated", tag="w-1.profile", profile=W1)
    c.add(t + 1, "w-1", "view.shown", tag="w-1.home0", view="home")
    read_me(c, t + 1, "w-1", W1, tag="w-1.me0")
    got = c.rest(t + 2, "w-1", "GET", "/api/jobs?workerId=w-1", reply=ok(jobs=[payload]), tag="w-1.getjobs")
    c.add(got, "w-1", "offer.received", tag="w-1.received.R-1", req="R-1", via="getJobs", offer=payload)
    c.add(got + 20, "w-1", "offer.shown", tag="w-1.shown.R-1", req="R-1")
    received = accept(c, got + 3000, "w-1", "R-1")
    finished = close(c, received + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    c.header["profiles"] = {"w-1": W1, "w-2": W2}
    c.header["got"] = got
    return c


def race_cancel_in_flight() -> Capture:
    """Racers in flight together, as apps playing for a backend test record them: at the deadline
    w-1 and w-2 accept and the client cancels at the same moment. The backend takes w-1's accept
    first (it wins, `apply` reaches the client before its `cancel`), then w-2's (race_lost), then the
    cancel, which reaches the client and the winner alone (FLOW-8: w-2 learns from its race_lost);
    w-2's answer arrives after the cancel's. Only backend rules judge: the apps show no views for
    the race."""
    c = timeout()
    c.header["subject"] = ["backend"]
    c.find("cancel.R-1.w.out")["to"] = "w-1"
    c.remove("cancel.R-1.w.in.w-2")
    t = c.find("c.cancel.req")["ts"]
    c.rest(t - 5, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept.race")
    c.emit(t - 5 + NET + PROC + 1, "apply", apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.race")
    c.rest(t + 1, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=409,
           reply=failure("race_lost", "Another worker already accepted this request"), tag="w-2.accept.race")
    return c


def race_cancel_in_flight_read(winner: str | None = "w-1") -> Capture:
    """The timeout cancel against the `apply` on its way (race_cancel_in_flight), then the client
    reads R-1 back: cancelled, with w-1, whose accept the backend took first, as its winner and
    its `apply`. With `winner` None the read has forgotten the win."""
    c = race_cancel_in_flight()
    state = {"ReqID": "R-1", "clientId": "c-1", "status": "cancelled", "workerId": winner,
             "new": c.find("new.R-1.out")["payload"], "apply": c.find("apply.race.out")["payload"] if winner else None,
             "end": c.find("cancel.R-1.c.out")["payload"]}
    c.rest(c.find("c.cancel.resp")["ts"] + 3000, "client", "GET", "/api/requests/R-1", reply=ok(request=state), tag="c.state")
    return c


def won_by_w1() -> tuple[Capture, int]:
    """A channel request R-1 that w-1 won (w-2 launched too), and a time 30 s into its Work in Progress."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    received = accept(c, show_at["w-1"] + 3000, "w-1", "R-1")
    t = received + 30_000
    return c, t


W3_ELIGIBLE = dict(W2_ELIGIBLE, userID="w-3")


def race_dropped(dropped_late: bool = False) -> Capture:
    """Racers as apps playing for a backend test record them (verify's race-many): w-1 drops its
    connection right after sending its WorkerAccept, so its app never reads the answer and records
    the give-up (`error` `reset`); w-2 and w-3 get race_lost and the `apply` names w-1, which won
    for all the trace shows. With `dropped_late`, w-1 sends its accept only a second after the
    others' answers. Only backend rules judge: the apps show no views for the race."""
    c = Capture()
    c.header["subject"] = ["backend"]
    workers = {"w-1": W1, "w-2": W2_ELIGIBLE, "w-3": W3_ELIGIBLE}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    t = max(broadcast(c, answered - NET, payload, workers).values()) + 3000
    sent = t + 1000 if dropped_late else t
    c.rest(sent, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, error="reset", tag="w-1.accept")
    c.find("w-1.accept.resp")["ts"] = sent + 1
    for offset, worker in ((1, "w-2"), (2, "w-3")):
        c.rest(t + offset, worker, "POST", "/api/requests/R-1/accept", {"workerId": worker}, status=409,
               reply=failure("race_lost", "Another worker already accepted this request"), tag=f"{worker}.accept")
    c.emit(sent + NET + PROC + PROC, "apply", apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.R-1")
    end(c, sent + 6000)
    return c


def race_close_cancel(both_succeed: bool = False) -> Capture:
    """A request in Work in Progress ended from both sides at once, as apps playing for a backend
    test record it: the client's cancel and w-1's close are sent at the same moment. The backend
    takes the close first (`close` to both) and answers the cancel 410 request_closed; with
    `both_succeed` it answers the cancel with success too and sends its `cancel` to both. Only
    backend rules judge: the apps show no views for the race."""
    c, t = won_by_w1()
    c.header["subject"] = ["backend"]
    c.rest(t, "w-1", "POST", "/api/requests/R-1/close", {"outcome": "happy", "by": "worker", "workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.close")
    close = {"ReqID": "R-1", "outcome": "happy", "by": "worker"}
    c.emit(t + NET + PROC + PROC, "close", close, "c-1", ["client"], tag="close.R-1.c")
    c.emit(t + NET + PROC + PROC, "close", close, "w-1", ["w-1"], tag="close.R-1.w")
    cancel_body = {"reason": "race", "clientId": "c-1"}
    if both_succeed:
        c.rest(t + 1, "client", "POST", "/api/requests/R-1/cancel", cancel_body, reply=ok(ReqID="R-1"), tag="c.cancel")
        cancel = {"ReqID": "R-1", "reason": "race"}
        c.emit(t + 1 + NET + PROC + PROC, "cancel", cancel, "c-1", ["client"], tag="cancel.R-1.c")
        c.emit(t + 1 + NET + PROC + PROC, "cancel", cancel, "w-1", ["w-1"], tag="cancel.R-1.w")
    else:
        c.rest(t + 1, "client", "POST", "/api/requests/R-1/cancel", cancel_body, status=410,
               reply=failure("request_closed", "The request is already closed"), tag="c.cancel")
    end(c, t + 6000)
    return c


def cancel_after_win() -> Capture:
    """w-1 wins, then the client cancels (not a timeout): both leave Work in Progress, w-1 with an alert."""
    c, t = won_by_w1()
    got = c.rest(t, "client", "POST", "/api/requests/R-1/cancel", {"reason": "no-longer-needed", "clientId": "c-1"}, reply=ok(ReqID="R-1"),
                 tag="c.cancel")
    c.add(got + 1, "client", "view.shown", tag="c.home.after", view="home")
    payload = {"ReqID": "R-1", "reason": "no-longer-needed"}
    c.emit(t + NET + PROC + PROC, "cancel", payload, "c-1", ["client"], tag="cancel.R-1.c")
    arrived = c.emit(t + NET + PROC + PROC, "cancel", payload, "w-1", ["w-1"], tag="cancel.R-1.w")
    c.add(arrived + 1, "w-1", "view.shown", tag="w-1.home.after", view="home")
    c.add(arrived + 2, "w-1", "alert.shown", tag="w-1.cancelled", alert="cancelled", result="info", req="R-1",
          elements={"title": "Request cancelled", "text": "Ana cancelled the request.", "ok": True})
    c.add(arrived + 900, "w-1", "alert.dismissed", tag="w-1.cancelled.dismissed", alert="cancelled", req="R-1")
    end(c, arrived + 6000)
    return c


W1_MOVED = dict(W1, lat=40.005, lng=-3.004)


def retake() -> Capture:
    """The backend's records at work: the test reads the backend's clock (FIX-4), fixtures set both
    workers and the client's BlockedXP and Delay; w-1 reads its meProfile at launch, moves, reports its position and wins, and the
    `apply` carries that position; the client, back from the background, reads R-1 in progress;
    after the close both read their history."""
    c = Capture()
    # FIX-4: the test reads the backend's clock, then moves it by 0 ms; each answer is its time.
    hook(c, T0 - 5000, "POST", "/api/clock", {"advanceMs": 0}, ok(now=T0 - 5000), tag="fix.clock0")
    hook(c, T0 - 4000, "POST", "/api/clock", {"advanceMs": 0}, ok(now=T0 - 4000), tag="fix.clock1")
    hook(c, T0 - 3000, "PUT", "/api/workers/w-1", {"name": "Luis", "avatar": AVATAR, "rating": 4.5, "profile": W1},
         ok(workerId="w-1"), tag="fix.w-1")
    hook(c, T0 - 2000, "PUT", "/api/workers/w-2", {"name": "Eva", "avatar": "https://img.example.com/w-2.png", "rating": None,
                                                   "profile": W2}, ok(workerId="w-2"), tag="fix.w-2")
    hook(c, T0 - 1000, "PUT", "/api/clients/c-1", {"BlockedXP": ["w-2"], "Delay": 5}, ok(clientId="c-1"), tag="fix.c-1")
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    connected(c, T0 + 5, "client", "client", "c-1", tag="conn.c-1")
    connected(c, T0 + 6, "w-1", "worker", "w-1", tag="conn.w-1")
    connected(c, T0 + 7, "w-2", "worker", "w-2", tag="conn.w-2")
    # MSG-2: w-1 also holds a client account and connects as a client from its tablet.
    c.add(T0 + 8, "backend", "io.connected", tag="conn.w-1.as.client.b", nsp="/", auth={"userId": "w-1", "role": "client"})
    read_me(c, T0 + 50, "w-1", W1, tag="w-1.me")
    answered, payload = post(c, T0 + 1000, "R-1")
    payload["BlockedXP"] = ["w-2"]
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    # ELIG-8 both ways: w-2 is banned from R-1, so its getJobs rightly leaves the open R-1 out.
    c.rest(show_at["w-1"] + 400, "w-2", "GET", "/api/jobs?workerId=w-2", reply=ok(jobs=[]), tag="w-2.getjobs")
    moved = show_at["w-1"] + 1000
    c.add(moved, "w-1", "profile.updated", tag="w-1.moved", profile=W1_MOVED)
    c.rest(moved + 1, "w-1", "PUT", "/api/workers/w-1/position", {"lat": W1_MOVED["lat"], "lng": W1_MOVED["lng"]},
           reply=ok(workerId="w-1"), tag="w-1.position")
    received = accept(c, moved + 2000, "w-1", "R-1", at={"lat": W1_MOVED["lat"], "lng": W1_MOVED["lng"]})
    away = received + 5000
    c.add(away, "client", "app.backgrounded", tag="c.away")
    back = away + 20_000
    c.add(back, "client", "app.foregrounded", tag="c.back")
    c.add(back + 1, "client", "view.shown", tag="c.wip.again", view="workInProgress", req="R-1", elements=c.find("c.wip")["elements"])
    read_state(c, back + 3, "client", "R-1", "inProgress", worker="w-1")
    finished = close(c, back + 30_000, "R-1", "w-1")
    closed = state_of(c, "R-1", "closed", worker="w-1", end="close.R-1.c.out")
    c.rest(finished + 100, "client", "GET", "/api/requests?userId=c-1", reply=ok(requests=[closed]), tag="c.history")
    c.rest(finished + 200, "w-1", "GET", "/api/requests?userId=w-1", reply=ok(requests=[closed]), tag="w-1.history")
    end(c, finished + 5000)
    c.header["back"] = back
    return c


def profile_read_in_flight() -> Capture:
    """w-1's meProfile read in flight while a fixture rewrites its record and w-1 reports a new
    position: the backend read the record between the two, so the answer shows the fixture's new
    name and rating at the old position, neither the record at the read's receipt nor the one at
    its answer (REST-17). A read sent after both answers shows them both."""
    c = Capture()
    hook(c, T0 - 3000, "PUT", "/api/workers/w-1", {"name": "Luis", "avatar": AVATAR, "rating": 4.5, "profile": W1},
         ok(workerId="w-1"), tag="fix.w-1")
    c._xid += 1
    read = {"xid": f"x-{c._xid}", "method": "GET", "path": "/api/workers/w-1"}
    c.add(T0, "w-1", "http.request", tag="w-1.me.req", **read)
    c.add(T0 + NET, "backend", "http.request", tag="w-1.me.breq", **read)
    renamed = {"name": "Luis M.", "avatar": AVATAR, "rating": 4.0, "profile": W1}
    hook(c, T0 + NET + 1, "PUT", "/api/workers/w-1", renamed, ok(workerId="w-1"), tag="fix.w-1.again")
    c.rest(T0 + NET + 2, "w-1", "PUT", "/api/workers/w-1/position", {"lat": W1_MOVED["lat"], "lng": W1_MOVED["lng"]},
           reply=ok(workerId="w-1"), tag="w-1.position")
    shown = ok(profile=W1, name="Luis M.", avatar=AVATAR, rating=4.0)
    answered = T0 + 3 * NET + PROC + 5
    c.add(answered, "backend", "http.response", tag="w-1.me.bresp", xid=read["xid"], status=200, body=shown)
    c.add(answered + NET, "w-1", "http.response", tag="w-1.me.resp", xid=read["xid"], status=200, body=shown)
    read_me(c, answered + 100, "w-1", W1_MOVED, tag="w-1.me.after")
    c.find("w-1.me.after.bresp")["body"].update(name="Luis M.", rating=4.0)
    end(c, answered + 1000)
    return c


def worker_missed_close(back_after: int = 20_000, closes_on_return: bool = False) -> Capture:
    """w-1 wins and goes to the background, disconnected; the client closes, so the `close` reaches
    only the client; back, w-1 reads R-1 closed (STATE-7), leaves Work in Progress and says why (ALERT-12).
    With `closes_on_return`, w-1, still in Work in Progress, first presses Close Request itself: a
    legal close (FLOW-14), answered request_closed."""
    c = Capture()
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    connected(c, T0 + 5, "client", "client", "c-1", tag="conn.c-1")
    connected(c, T0 + 6, "w-1", "worker", "w-1", tag="conn.w-1")
    connected(c, T0 + 7, "w-2", "worker", "w-2", tag="conn.w-2")
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    received = accept(c, show_at["w-1"] + 3000, "w-1", "R-1")
    away = received + 5000
    c.add(away, "w-1", "app.backgrounded", tag="w-1.away")
    disconnected(c, away + 1, "w-1", "worker", "w-1", tag="disconn.w-1")
    t = away + 10_000
    c.add(t - 1, "client", "user.input", tag="c.closechoice", input="closeRequest", req="R-1", choices=["happy", "unhappy"], choice="happy")
    c.rest(t, "client", "POST", "/api/requests/R-1/close", {"outcome": "happy", "by": "client", "clientId": "c-1"}, reply=ok(ReqID="R-1"), tag="c.close")
    c.add(t + 2 * NET + PROC + 1, "client", "view.shown", tag="c.home.after", view="home")
    close = {"ReqID": "R-1", "outcome": "happy", "by": "client"}
    c.emit(t + NET + PROC + PROC, "close", close, "c-1", ["client"], tag="close.R-1.c")
    c.emit(t + NET + PROC + PROC, "close", close, "w-1", [], tag="close.R-1.w")
    back = t + back_after
    c.add(back, "w-1", "app.foregrounded", tag="w-1.back")
    connected(c, back + 1, "w-1", "worker", "w-1", tag="reconn.w-1")
    read_me(c, back + 2, "w-1", W1, tag="w-1.me.back")
    catch_up(c, back + 2, "w-1", tag="w-1.jobs.back")
    read_at = back + 20
    if closes_on_return:
        c.add(back + 3, "w-1", "user.input", tag="w-1.closechoice", input="closeRequest", req="R-1", choices=["happy", "unhappy"], choice="happy")
        c.rest(back + 4, "w-1", "POST", "/api/requests/R-1/close", {"outcome": "happy", "by": "worker", "workerId": "w-1"}, status=410,
               reply=failure("request_closed", "This request is closed"), tag="w-1.close")
        read_at = back + 40
    got = read_state(c, read_at, "w-1", "R-1", "closed", worker="w-1", end="close.R-1.c.out", tag="w-1.state")
    c.add(got + 1, "w-1", "view.shown", tag="w-1.home.after", view="home")
    c.add(got + 2, "w-1", "alert.shown", tag="w-1.closed", alert="closed", result="info", req="R-1",
          elements={"title": "Request closed", "text": "Ana closed the request while you were away.", "ok": True})
    end(c, got + 6000)
    return c


# ---- retaking state and connections (STATE, MSG-12, MSG-13) ----------------------------------

def wip_view(c: Capture, t: int, app: str, req: str, tag: str) -> None:
    """The Work in Progress view shown again, with the elements it showed first."""
    first = c.find("c.wip" if app == "client" else f"{app}.wip")
    c.add(t, app, "view.shown", tag=tag, view="workInProgress", req=req, elements=first["elements"])


def shown_to_w1(c: Capture) -> tuple[int, int]:
    """Both workers launch, the client posts R-1 and w-1 (eligible, w-2 not) shows it; returns
    when the post's success arrived and when w-1 showed it."""
    workers = {"w-1": W1, "w-2": W2}
    launch(c, T0, workers)
    answered, payload = post(c, T0 + 1000, "R-1")
    show_at = broadcast(c, answered - NET, payload, workers)
    show(c, show_at["w-1"], "w-1", "R-1")
    return answered, show_at["w-1"]


def w1_wins(c: Capture) -> int:
    """R-1 shown to w-1, which wins it; returns when the client has the `apply`."""
    _, shown = shown_to_w1(c)
    return accept(c, shown + 3000, "w-1", "R-1")


def worker_wip_restart() -> Capture:
    """w-1, in Work in Progress, is terminated and relaunched: it shows Work in Progress again and
    reads R-1's state (STATE-2, STATE-6); the client closes later."""
    c = Capture()
    received = w1_wins(c)
    away = received + 10_000
    c.add(away, "w-1", "app.terminated", tag="w-1.away")
    back = away + 5000
    c.add(back, "w-1", "app.launched", tag="w-1.back", discards=[])
    c.add(back, "w-1", "profile.updated", tag="w-1.profile.again", profile=W1)
    wip_view(c, back + 1, "w-1", "R-1", tag="w-1.wip.again")
    read_me(c, back + 2, "w-1", W1, tag="w-1.me")
    catch_up(c, back + 2, "w-1", tag="w-1.jobs.back")
    read_state(c, back + 3, "w-1", "R-1", "inProgress", worker="w-1", tag="w-1.state")
    finished = close(c, back + 30_000, "R-1", "w-1")
    end(c, finished + 5000)
    c.header["back"] = back
    return c


def restart_after_cancel(back_after: int = 20_000) -> Capture:
    """w-1 won R-1, the client cancels it, and w-1 is relaunched `back_after` ms after it left
    Work in Progress: it shows home, not Work in Progress (STATE-4)."""
    c = cancel_after_win()
    c.remove("end")
    left = c.find("w-1.cancelled.dismissed")["ts"]
    c.add(left + 5000, "w-1", "app.terminated", tag="w-1.away")
    back = left + back_after
    c.add(back, "w-1", "app.launched", tag="w-1.back", discards=[])
    c.add(back, "w-1", "profile.updated", tag="w-1.profile.again", profile=W1)
    c.add(back + 1, "w-1", "view.shown", tag="w-1.home.again", view="home")
    read_me(c, back + 2, "w-1", W1, tag="w-1.me")
    catch_up(c, back + 2, "w-1", tag="w-1.jobs.back")
    end(c, back + 6000)
    c.header["back"] = back
    return c


def client_missed_apply() -> Capture:
    """The client is in the background when w-1 wins R-1, so its `apply` is lost to it; back in the
    foreground it shows the waiting view, reads R-1 in progress and moves to Work in Progress with
    the read's `apply` (STATE-1, STATE-6, STATE-7)."""
    c = Capture()
    answered, shown = shown_to_w1(c)
    c.add(shown + 1000, "client", "app.backgrounded", tag="c.away")
    received = accept(c, shown + 3000, "w-1", "R-1")
    # The client was away: the apply reached no socket of it.
    c.remove("apply.R-1.in.client", "c.wip", "c.applyalert", "c.applyalert.dismissed")
    back = received + 20_000
    c.add(back, "client", "app.foregrounded", tag="c.back")
    c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
    c.add(back + 2, "client", "view.shown", tag="c.waiting.again", view="waiting", req="R-1",
          elements={"counter": (answered + TIMEOUT - back) // 1000})
    got = read_state(c, back + 3, "client", "R-1", "inProgress", worker="w-1")
    apply = c.find("apply.R-1.out")["payload"]
    distance = distance_km(apply["lat"], apply["lng"], JOB["lat"], JOB["lng"])
    c.add(got + 1, "client", "view.shown", tag="c.wip", view="workInProgress", req="R-1",
          elements={"distance": round(distance, 2), "rating": 4.5, "avatar": AVATAR, "workerName": "Luis",
                    "description": "Leaking kitchen tap", "category": "Plumbing", "pay": True, "chat": True, "call": True,
                    "closeRequest": True})
    c.add(got + 2, "client", "alert.shown", tag="c.applyalert", alert="apply", result="success", req="R-1",
          elements={"title": "Luis accepted your request", "avatar": AVATAR, "ok": True, "rating": 4.5})
    end(c, got + 6000)
    c.header["back"] = back
    c.header["subject"] = ["client"]
    return c


def reconnect(first: int = 2000, second: int = 30_000, slow: bool = False) -> Capture:
    """The client's connection drops while it waits: a refused attempt `first` ms later, a
    connection `second` ms after the drop, and a state read once connected (STATE-6, STATE-8,
    STATE-9); then w-1 wins and the client closes. With `slow` the backend dropped it as a slow
    consumer (reason `slow`, Docs/BROKER.md) just before the client saw the drop, instead of
    noticing a missed heartbeat later: no rule blames the client for it."""
    c = Capture()
    _, shown = shown_to_w1(c)
    connected(c, T0 + 5, "client", "client", "c-1", tag="conn.c-1")
    connected(c, T0 + 6, "w-1", "worker", "w-1", tag="conn.w-1")
    connected(c, T0 + 7, "w-2", "worker", "w-2", tag="conn.w-2")
    drop = shown + 500
    auth = {"userId": "c-1", "role": "client"}
    c.add(drop, "client", "io.disconnected", tag="c.drop", nsp="/", reason="transport")
    if slow:
        c.add(drop - NET, "backend", "io.disconnected", tag="c.drop.b", nsp="/", reason="slow", queued=1_048_700, auth=auth)
    else:
        c.add(drop + 25_000, "backend", "io.disconnected", tag="c.drop.b", nsp="/", reason="ping", auth=auth)
    c.add(drop + first, "client", "io.connecting", tag="c.attempt.1", nsp="/", auth=auth)
    c.add(drop + second, "client", "io.connecting", tag="c.attempt.2", nsp="/", auth=auth)
    connected(c, drop + second + 5, "client", "client", "c-1", tag="conn.c-1.again")
    back = drop + second + 5 + NET
    read_state(c, back + 3, "client", "R-1", "open")
    received = accept(c, drop + 60_000, "w-1", "R-1")
    finished = close(c, received + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    c.header["drop"] = drop
    return c


def lost_post() -> Capture:
    """The client's post of R-1 ends in a transport error, though the backend took it: the client
    shows its failure, reads its requests (REST-16), finds R-1 open and cancels it with reason
    `lost` (STATE-11)."""
    c = Capture()
    c.add(T0, "client", "app.launched", tag="c.launch")
    c.add(T0 + 1, "client", "view.shown", tag="c.home0", view="home")
    body = {"clientId": "c-1", "CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap",
            "clientName": "Ana", "address": "Calle Mayor 1", **JOB}
    t = T0 + 1000
    failed = c.rest(t, "client", "POST", "/api/requests", body, error="timeout", tag="c.post")
    c.add(failed + 1, "client", "alert.shown", tag="c.postfailed", alert="postFailed", result="failure",
          elements={"title": "Not sent", "text": "Your request could not be sent. Try again.", "ok": True})
    new = {"ReqID": "R-1", "CatID": 9, "exclusive": "0", **JOB, "BlockedXP": [], "Delay": 5, "clientName": "Ana",
           "address": "Calle Mayor 1", "category": "Plumbing", "description": "Leaking kitchen tap", "createdAt": iso(t + NET + PROC)}
    state = {"ReqID": "R-1", "clientId": "c-1", "status": "open", "workerId": None, "new": new, "apply": None, "end": None}
    got = c.rest(failed + 2, "client", "GET", "/api/requests?userId=c-1", reply=ok(requests=[state]), tag="c.history")
    reason = "lost"
    c.rest(got + 5, "client", "POST", "/api/requests/R-1/cancel", {"reason": reason, "clientId": "c-1"}, reply=ok(ReqID="R-1"), tag="c.cancel")
    c.emit(got + 5 + NET + PROC + PROC, "cancel", {"ReqID": "R-1", "reason": reason}, "c-1", ["client"], tag="cancel.R-1.c")
    end(c, got + 8000)
    c.header["failed"] = failed
    return c


def lost_accept_won() -> Capture:
    """w-1's WorkerAccept wins on the backend but its answer is lost: w-1 shows the failure alert,
    reads R-1, finds itself the winner and changes to Work in Progress (STATE-10)."""
    c = Capture()
    received = w1_wins(c)
    # The answer never reached w-1: it gave up after 10 s and knows only of a transport error.
    for tag in ("w-1.wip", "w-1.success", "w-1.success.dismissed"):
        c.remove(tag)
    reply = c.find("w-1.accept.resp")
    sent = c.find("w-1.accept.req")["ts"]
    del reply["status"], reply["body"]
    reply["error"] = "timeout"
    reply["ts"] = gave_up = sent + 10_000
    c.add(gave_up + 1, "w-1", "alert.shown", tag="w-1.failure", alert="acceptFailure", result="failure", req="R-1",
          elements={"title": "So close!", "text": "Someone else got this one. More jobs are on the way.", "ok": True})
    got = read_state(c, gave_up + 2, "w-1", "R-1", "inProgress", worker="w-1", tag="w-1.state")
    c.add(got + 1, "w-1", "view.shown", tag="w-1.wip", view="workInProgress", req="R-1",
          elements={"clientName": "Ana", "map": {"worker": [40.0, -3.0], "job": [JOB["lat"], JOB["lng"]]},
                    "workInformation": True, "chat": True, "call": True, "closeRequest": True})
    c.add(got + 2, "w-1", "alert.shown", tag="w-1.success", alert="acceptSuccess", result="success", req="R-1",
          elements={"title": "You got the job!", "subtitle": "Call Ana now", "image": "https://img.example.com/go.png",
                    "close": True, "clientName": "Ana", "address": "Calle Mayor 1"})
    finished = close(c, received + 60_000, "R-1", "w-1")
    end(c, finished + 5000)
    c.header["got"] = got
    return c


def unknown_fields() -> Capture:
    """The `new` of R-1 carries members no requirement defines (`tip`, `paymentHint`): both workers
    decide and show it as without them, and w-1 wins (MSG-12)."""
    c = happy(w2=W2_ELIGIBLE, new_overrides={"tip": 5, "paymentHint": {"currency": "EUR", "max": 40}})
    show(c, c.find("w-2.decided.R-1")["showAt"], "w-2", "R-1")
    return c


def blocked_object() -> Capture:
    """The `new` of R-1 gives BlockedXP in MSG-15's object form: the worker reads it and shows the
    offer (MSG-13 refuses only malformed payloads). Judged on the worker alone: sending it breaks MSG-5."""
    c = happy(new_overrides={"BlockedXP": {"userID": ["w-9"]}}, decisions=False)
    c.header["subject"] = ["worker"]
    return c
