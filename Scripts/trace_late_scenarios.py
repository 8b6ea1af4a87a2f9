"""Late events for Scripts/generate_traces.py: captures whose events about a request come more
than `retainMs` (60 s) after it began or ended, as real captures have them (an answer after a
mobile platform's 60 s timeout, a relaunch that re-sends, an app acting on an end it heard of
late), and an app giving up on a REST call and carrying on. The checker must judge them as if it
kept every request's state (Docs/TRACE.md, "Memory and retention").

Python 3.11, standard library only.
"""

from __future__ import annotations

import trace_scenarios as s
from trace_scenarios import NET, Capture, failure

LATE = 90_000                   # well beyond the default retainMs (60 s)
DAY = 86_400_000                # REST-16's least history retention


def _restamp(value, old: str, new: str):
    """`value` with every string `old` replaced by `new`, in place for dicts and lists."""
    if isinstance(value, dict):
        for key, item in value.items():
            value[key] = _restamp(item, old, new)
        return value
    if isinstance(value, list):
        for index, item in enumerate(value):
            value[index] = _restamp(item, old, new)
        return value
    return new if value == old else value


def late_post_answer() -> Capture:
    """The happy path, but the backend answers the client's post 70 s after it received it: the
    answer, the `new` and all that follows come late."""
    c = s.happy()
    request = c.find("c.post.breq")
    answer = c.find("c.post.bresp")
    delay = 70_000
    at, seq = answer["ts"], answer["_seq"]
    old = s.iso(at)
    for event in c.events:
        if (event["ts"], event["_seq"]) < (at, seq):
            continue
        event["ts"] += delay
        if event.get("startedAt") is not None and event["startedAt"] >= at:
            event["startedAt"] += delay
        if event.get("showAt") is not None:
            event["showAt"] += delay
    _restamp(c.events, old, s.iso(at + delay))
    assert request["ts"] < answer["ts"] - 60_000
    return c


def accept_given_up() -> Capture:
    """Both workers accept; w-2's app gives up on its WorkerAccept after 10 s (`error: timeout`),
    shows the failure, reads the request (STATE-10) and carries on; the backend had received the
    call and answers it race_lost 20 s after, long after the app stopped waiting."""
    c = s.race(transport=True)
    request = c.find("w-2.accept.req")
    given_up = c.find("w-2.accept.resp")
    c.add(request["ts"] + NET, "backend", "http.request", tag="w-2.accept.breq",
          **{k: request[k] for k in ("xid", "method", "path", "body")})
    c.add(given_up["ts"] + 10_000, "backend", "http.response", tag="w-2.accept.bresp", xid=request["xid"], status=409,
          body=failure("race_lost", "Another worker took this job"))
    return c


def late_worker_close() -> Capture:
    """w-1 wins and goes away, disconnected; the client closes R-1. Back 90 s later, w-1 still
    shows Work in Progress and presses Close Request before its state read: a legal close (its
    WorkerAccept succeeded, FLOW-14), answered request_closed; the read says closed and w-1 leaves."""
    return s.worker_missed_close(back_after=LATE, closes_on_return=True)


def relaunch_resend() -> Capture:
    """The client closes R-1 and is terminated before the answer arrives; relaunched two minutes
    later it shows home and sends the close again, which the backend answers request_closed."""
    c = s.happy()
    c.remove_prefix("c.close.resp")
    c.remove_prefix("c.home.after")
    c.remove_prefix("close.R-1.c.in")
    close = c.find("c.close.req")
    killed = close["ts"] + 5
    c.add(killed, "client", "app.terminated", tag="c.killed")
    back = killed + 2 * LATE
    c.add(back, "client", "app.launched", tag="c.relaunch")
    c.add(back + 1, "client", "view.shown", tag="c.home.relaunch", view="home")
    c.rest(back + 10, "client", "POST", "/api/requests/R-1/close", close["body"], status=410,
           reply=failure("request_closed", "This request is closed"), tag="c.close.again")
    c.remove("end")
    s.end(c, back + 6000)
    return c


def forgotten_after_a_day(after: int = DAY + 1_000) -> Capture:
    """The happy path; `after` ms after the backend answered R-1's close (a day and a second by
    default) the client reads R-1's state and its history: the backend has forgotten R-1, as
    REST-16's Decision lets it a day after the end, so the read is 404 not_found and the history
    empty."""
    c = s.happy()
    c.remove("end")
    t = c.find("c.close.bresp")["ts"] + after
    t = c.rest(t, "client", "GET", "/api/requests/R-1", status=404, reply=failure("not_found", "No such request"), tag="c.state.late")
    t = c.rest(t + 100, "client", "GET", "/api/requests?userId=c-1", reply={"ok": True, "requests": []}, tag="c.history.late")
    s.end(c, t + 6000)
    return c


# ---- deferrals: an obligation falling due while the app may still act (the kit waits longer) ----

def back_within_tolerance(cancel_after: int = 1500) -> Capture:
    """The client goes to the background a minute before R-1's deadline and comes back 1 s after
    it, inside the cancel tolerance: the timeout cancel leaves `cancel_after` ms after the return,
    allowed until the return plus cancelToleranceMs (TIME-6), later than the deadline's own tolerance."""
    c = Capture()
    workers = {"w-1": s.W1, "w-2": s.W2}
    s.launch(c, s.T0, workers)
    answered, payload = s.post(c, s.T0 + 1000, "R-1")
    show_at = s.broadcast(c, answered - NET, payload, workers)
    s.show(c, show_at["w-1"], "w-1", "R-1")
    deadline = answered + s.TIMEOUT
    c.add(deadline - 60_000, "client", "app.backgrounded", tag="c.away")
    back = deadline + 1000
    c.add(back, "client", "app.foregrounded", tag="c.back")
    c.add(back + 1, "client", "timer.started", tag="c.timer.resumed", timer="timeout", req="R-1", startedAt=answered)
    c.add(back + 2, "client", "view.shown", tag="c.waiting.again", view="waiting", req="R-1", elements={"counter": 0})
    s.read_state(c, back + 3, "client", "R-1", "open")
    finished = s.timeout_cancel(c, deadline, "R-1", ["w-1", "w-2"], at=back + cancel_after)
    s.end(c, finished + 5000)
    c.header["deadline"] = deadline
    c.header["back"] = back
    return c


def back_after_show_at(show_after: int = 200) -> Capture:
    """w-1 goes to the background 1 s into R-1's 5 s Delay and comes back 100 ms after its showAt:
    it reads its profile, catches up (getJobs lists R-1) and shows the offer `show_after` ms after
    the return, within the skew of being able to show offers again, though later than the showAt's."""
    c = Capture()
    workers = {"w-1": s.W1, "w-2": s.W2}
    s.launch(c, s.T0, workers)
    answered, payload = s.post(c, s.T0 + 1000, "R-1")
    show_at = s.broadcast(c, answered - NET, payload, workers)
    received = c.find("w-1.received.R-1")["ts"]
    c.add(received + 1000, "w-1", "app.backgrounded", tag="w-1.away")
    back = show_at["w-1"] + 100
    c.add(back, "w-1", "app.foregrounded", tag="w-1.back")
    c.add(back + 2, "w-1", "timer.started", tag="w-1.delay.resumed", timer="delay", req="R-1", startedAt=received)
    s.read_me(c, back + 3, "w-1", s.W1, tag="w-1.me")
    got = s.catch_up(c, back + 4, "w-1", tag="w-1.jobs.back", jobs=[payload])
    c.add(got, "w-1", "offer.received", tag="w-1.received.again", req="R-1", via="getJobs", offer=payload)
    s.show(c, back + show_after, "w-1", "R-1")
    got = s.accept(c, back + 3000, "w-1", "R-1")
    finished = s.close(c, got + 60_000, "R-1", "w-1")
    s.end(c, finished + 5000)
    c.header["back"] = back
    return c


def alert_holds_wip(read_for: int = 5000, leave_after: int = 1) -> Capture:
    """The client cancels R-1 after w-1 won; w-1 shows the `cancelled` alert over Work in Progress,
    whose user reads it `read_for` ms, and leaves Work in Progress `leave_after` ms after dismissing it."""
    c = s.cancel_after_win()
    c.remove("end")
    arrived = c.find("cancel.R-1.w.in.w-1")["ts"]
    home = c.find("w-1.home.after")
    alert = c.find("w-1.cancelled")
    dismissed = c.find("w-1.cancelled.dismissed")
    alert["ts"] = arrived + 1
    dismissed["ts"] = arrived + read_for
    home["ts"] = arrived + read_for + leave_after
    s.end(c, arrived + read_for + leave_after + 6000)
    return c


def reconnect_offline(attempt_after: int = 14_000) -> Capture:
    """The client's connection drops while it waits; a second later the device goes offline, and
    5 s after that online again: it reads R-1's state and tries to connect `attempt_after` ms after
    being back online (STATE-9: the wait starts again on the return), later than reconnectMs after the drop."""
    c = Capture()
    _, shown = s.shown_to_w1(c)
    s.connected(c, s.T0 + 5, "client", "client", "c-1", tag="conn.c-1")
    s.connected(c, s.T0 + 6, "w-1", "worker", "w-1", tag="conn.w-1")
    s.connected(c, s.T0 + 7, "w-2", "worker", "w-2", tag="conn.w-2")
    drop = shown + 500
    auth = {"userId": "c-1", "role": "client"}
    c.add(drop, "client", "io.disconnected", tag="c.drop", nsp="/", reason="transport")
    c.add(drop + 10_000, "backend", "io.disconnected", tag="c.drop.b", nsp="/", reason="ping", auth=auth)
    c.add(drop + 1000, "client", "net.offline", tag="c.offline")
    online = drop + 6000
    c.add(online, "client", "net.online", tag="c.online")
    s.read_state(c, online + 3, "client", "R-1", "open", tag="c.state.online")
    attempt = online + attempt_after
    c.add(attempt, "client", "io.connecting", tag="c.attempt.1", nsp="/", auth=auth)
    s.connected(c, attempt + 5, "client", "client", "c-1", tag="conn.c-1.again")
    s.read_state(c, attempt + 5 + NET + 3, "client", "R-1", "open")
    received = s.accept(c, drop + 60_000, "w-1", "R-1")
    finished = s.close(c, received + 60_000, "R-1", "w-1")
    s.end(c, finished + 5000)
    c.header["drop"] = drop
    return c


def lost_accept_read_fails(retry: bool = True) -> Capture:
    """As `race` with a transport error: w-2's state read after its lost WorkerAccept fails too;
    with `retry`, w-2 reads R-1 again at once and finds w-1 its winner."""
    c = s.race(transport=True)
    read = c.find("w-2.state.req")
    for tag in ("w-2.state.breq", "w-2.state.bresp"):
        c.remove(tag)
    answer = c.find("w-2.state.resp")
    del answer["status"], answer["body"]
    answer["error"] = "timeout"
    answer["ts"] = failed = read["ts"] + 10_000
    if retry:
        s.read_state(c, failed + 2, "w-2", "R-1", "inProgress", worker="w-1", tag="w-2.state.again")
    return c


def lost_post_away(read: bool = True) -> Capture:
    """As `lost_post`, but the client goes to the background right after showing the post's
    failure and comes back 30 s later: only then, with `read`, does it read its requests (STATE-11
    counts from the return) and cancel R-1 with reason `lost`."""
    c = s.lost_post()
    failed = c.header["failed"]
    history = [e for e in c.events if e["_tag"] and e["_tag"].startswith(("c.history", "c.cancel", "cancel.R-1"))]
    c.remove("end")
    c.add(failed + 100, "client", "app.backgrounded", tag="c.away")
    back = failed + 30_000
    c.add(back, "client", "app.foregrounded", tag="c.back")
    shift = back + 2 - c.find("c.history.req")["ts"]
    for event in history:
        event["ts"] += shift
    if not read:
        c.events = [e for e in c.events if e not in history]
    s.end(c, back + 8000)
    c.header["back"] = back
    return c


def slow_accept_answer(delay: int = 3000, answer: str = "won") -> Capture:
    """w-1 wins R-1, but its WorkerAccept's answer reaches it `delay` ms after the client received
    the `apply` (a slow link): seen by apps alone, the `apply` comes before any success. With
    `answer` "lost", the answer is race_lost instead and w-1 stays on the offer."""
    c = Capture()
    received = s.w1_wins(c)
    reply = c.find("w-1.accept.resp")
    reply["ts"] = late = received + delay
    if answer == "won":
        for tag, offset in (("w-1.wip", 1), ("w-1.success", 2), ("w-1.success.dismissed", 1500)):
            c.find(tag)["ts"] = late + offset
        finished = s.close(c, received + 60_000, "R-1", "w-1")
    else:
        reply.update(status=409, body=failure("race_lost", "Another worker took this job"))
        c.remove("w-1.wip", "w-1.success", "w-1.success.dismissed")
        c.add(late + 1, "w-1", "alert.shown", tag="w-1.failure", alert="acceptFailure", result="failure", req="R-1",
              elements={"title": "So close!", "text": "Someone else got this one. More jobs are on the way.", "ok": True})
        c.add(late + 2, "w-1", "offer.removed", tag="w-1.removed.R-1", req="R-1", why="taken")
        c.add(late + 800, "w-1", "alert.dismissed", tag="w-1.failure.dismissed", alert="acceptFailure", req="R-1")
        finished = late + 800
    s.end(c, finished + 5000)
    return c


def replay_unannounced() -> Capture:
    """As the offline `create_edit` session, but the app writes no `queue.changed` op `send`: each
    replay shows only as the `http.request` of a queued `seq` (OFFL-11 judges it there), in order."""
    import trace_offline_scenarios as o
    c = o.create_edit()
    c.remove_prefix("qsend.")
    return c


def notification_first(gap: int = 2000) -> Capture:
    """As the offline `create_edit` session up to its first edit of tmp-2, but the app shows that
    edit's notification first and queues the edit `gap` ms later: within reactionToleranceMs
    (2000 ms) nothing is lost, so the notification is no lost change (OFFL-8)."""
    import trace_offline_scenarios as o
    c = o.create_edit()
    cut = c.find("drop.5")["ts"]
    c.events = [e for e in c.events if e["ts"] < cut or e["_tag"] == "end"]
    queued = c.find("enq.5")
    queued["ts"] = c.find("note.5")["ts"] + gap
    c.find("end")["ts"] = queued["ts"] + 5000
    return c


def early_news(wrong: int, count: int = 1002) -> Capture:
    """The backend, under load, takes `count` posts (from c-1 ... c-N) and sends each one's `new`
    to the channel before answering any of them; then it answers them all. The checker holds more
    than a thousand `new`s awaiting their post's answer, pruning only those older than retainMs,
    and judges each against its post when the answer comes (MSG-4, MSG-7). The `new` of request
    `wrong` (1-based) carries CatID 4 where its post had 9."""
    c = Capture()
    t = s.T0
    posts = []
    for i in range(1, count + 1):
        body = {"clientId": f"c-{i}", "CatID": 9, "category": "Plumbing", "description": "Tap",
                "clientName": "Ana", "address": "Mayor 1", **s.JOB}
        c.add(t + i, "backend", "http.request", tag=f"post.{i}.breq", xid=f"x-{i}", method="POST", path="/api/requests", body=body)
        posts.append(body)
    t += count + 100
    for i, body in enumerate(posts, start=1):
        payload = {"ReqID": f"R-{i}", "CatID": 4 if i == wrong else 9, "exclusive": "0", "lat": body["lat"], "lng": body["lng"],
                   "clientName": "Ana", "address": "Mayor 1", "category": "Plumbing", "description": "Tap",
                   "createdAt": s.iso(s.T0 + i + s.PROC)}
        c.add(t + i, "backend", "io.out", tag=f"new.R-{i}.out", event="new", payload=payload, to="workers")
    t += count + 100
    for i in range(1, count + 1):
        c.add(t + i, "backend", "http.response", tag=f"post.{i}.bresp", xid=f"x-{i}", status=200,
              body=s.ok(ReqID=f"R-{i}", createdAt=s.iso(s.T0 + i + s.PROC)))
    s.end(c, t + count + 1000)
    return c


# ---- a discard kept past retainMs (RequestTombstone's offerDiscarded) -------------------------

def discarded_then_closed(read_after: int | None = LATE) -> Capture:
    """As `discards`: w-1 discards R-1, relaunches with it in its discard list and hides it; w-2
    wins and the client closes R-1 (w-1 never hears of the end). With `read_after`, the client
    reads R-1's state that many ms after the close (90 s by default, past retainMs): closed, w-2
    its winner, so the checker judges the read on R-1 rebuilt from its tombstone, w-1's discard
    included. The trace ends 6 s after the last event; `header["closed"]` is the close's arrival."""
    c = s.discards()
    c.remove("end")
    closed = c.find("close.R-1.c.in.client")["ts"]
    last = c.find("w-2.closed.dismissed")["ts"]
    if read_after is not None:
        last = s.read_state(c, closed + read_after, "client", "R-1", "closed", worker="w-2", end="close.R-1.c.out", tag="c.state.late")
    s.end(c, last + 6000)
    c.header["closed"] = closed
    return c
