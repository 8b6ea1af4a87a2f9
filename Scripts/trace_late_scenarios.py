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
