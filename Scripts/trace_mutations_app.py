"""The bad traces of the apps' half of the requirements an app shares with the backend
(Scripts/generate_traces.py): the app under test sends a body its call does not declare (REST-2,
REST-3, REST-5, REST-6, TASK-7, TASK-10), or a well-formed call naming another user where its
call names the caller (REST-2, REST-3, REST-4, REST-18). Each trace's subject is the app alone, so the backend's
half (its answers, its refusals under REST-13 and TASK-9) is not judged. One mutation each,
tripping exactly the rule named. Python 3.11, standard library only."""

from __future__ import annotations

import trace_late_scenarios as late
import trace_offline_scenarios as o
import trace_scenarios as s
from trace_scenarios import Capture
from trace_mutations import w1_gives_up
from trace_task_scenarios import tasks


def app_sent(c: Capture, tag: str, subject: str) -> dict:
    """The body the app sent in call `tag`, the trace testing that app alone."""
    c.header["subject"] = [subject]
    return c.find(f"{tag}.req")["body"]


def app_called(c: Capture, tag: str, subject: str, path: str) -> Capture:
    """`c` with the app's call `tag` sent to `path` instead, the trace testing that app alone."""
    c.header["subject"] = [subject]
    c.find(f"{tag}.req")["path"] = path
    return c


def register_app(bad) -> None:
    @bad("rest-2-post-without-lat-client", "client", ["REST-2"], "The client app posts R-1 without lat.")
    def _():
        c = s.happy()
        del app_sent(c, "c.post", "client")["lat"]
        return c

    @bad("rest-2-post-catid-not-id-client", "client", ["REST-2"], "The client app posts R-1 with CatID true, not an id.")
    def _():
        c = s.happy()
        app_sent(c, "c.post", "client")["CatID"] = True
        return c

    @bad("rest-3-accept-without-worker-id-worker", "worker", ["REST-3"], "w-1's WorkerAccept carries an empty body.")
    def _():
        c = s.happy()
        del app_sent(c, "w-1.accept", "worker")["workerId"]
        return c

    @bad("rest-5-cancel-reason-not-text-client", "client", ["REST-5"], "The client app's cancel after w-1 won carries reason 42, not a string.")
    def _():
        c = s.cancel_after_win()
        app_sent(c, "c.cancel", "client")["reason"] = 42
        return c

    @bad("rest-6-close-client-id-not-id-client", "client", ["REST-6"], "The client app closes R-1 saying clientId true, not an id.")
    def _():
        c = s.happy()
        app_sent(c, "c.close", "client")["clientId"] = True
        return c

    @bad("rest-6-close-worker-names-client-worker", "worker", ["REST-6"], "w-1, back late, closes R-1 by worker but names clientId c-1.")
    def _():
        c = late.late_worker_close()
        app_sent(c, "w-1.close", "worker")["clientId"] = "c-1"
        return c

    @bad("task-7-create-without-dates-client", "client", ["TASK-7"], "The client app creates its first task without dates.")
    def _():
        c = o.create_edit()
        del c.find("req.3")["body"]["dates"]
        return c

    @bad("task-7-create-without-location-worker", "worker", ["TASK-7"], "The worker app replays its offline create without location.")
    def _():
        c = o.create_edit("w-1")
        del c.find("req.4")["body"]["location"]
        return c

    @bad("task-10-edit-without-address-client", "client", ["TASK-10"], "The client app's edit of T-20 carries no address: not the task's full editable state.")
    def _():
        c = o.create_edit()
        del c.find("req.8")["body"]["address"]
        return c

    @bad("rest-4-getjobs-without-worker-id-worker", "worker", ["REST-4"], "w-1 calls getJobs as GET /api/jobs, naming no workerId.")
    def _():
        return app_called(s.getjobs(), "w-1.getjobs", "worker", "/api/jobs")

    @bad("rest-18-position-without-lng-worker", "worker", ["REST-18"], "w-1 reports its new position without lng.")
    def _():
        c = s.retake()
        del app_sent(c, "w-1.position", "worker")["lng"]
        return c

    @bad("task-12-cancel-empty-reason-client", "client", ["TASK-12"], "ana's app cancels T-2 with an empty reason (the session up to that cancel, as the client records it).")
    def _():
        c = task_session_until("cancel.T-2")
        app_sent(c, "cancel.T-2", "client")["reason"] = ""
        return c

    register_other_id_app(bad)
    register_task_app(bad)
    register_more_branches_app(bad)


def register_other_id_app(bad) -> None:
    """A well-formed call whose caller's id is another user's: the app's own id is the one it must name."""

    @bad("rest-2-post-names-other-client-client", "client", ["REST-2"], "The client app c-1 posts R-1 with clientId c-2, another client's id.")
    def _():
        c = s.happy()
        app_sent(c, "c.post", "client")["clientId"] = "c-2"
        return c

    @bad("rest-3-accept-names-other-worker-worker", "worker", ["REST-3"], "w-1's WorkerAccept of R-1 carries workerId w-2, another worker's id.")
    def _():
        c = s.happy()
        app_sent(c, "w-1.accept", "worker")["workerId"] = "w-2"
        return c

    @bad("rest-4-getjobs-names-other-worker-worker", "worker", ["REST-4"], "w-1 calls getJobs as GET /api/jobs?workerId=w-2, naming another worker.")
    def _():
        return app_called(s.getjobs(), "w-1.getjobs", "worker", "/api/jobs?workerId=w-2")

    @bad("rest-18-position-names-other-worker-worker", "worker", ["REST-18"], "w-1 reports its new position into w-2's profile, PUT /api/workers/w-2/position.")
    def _():
        return app_called(s.retake(), "w-1.position", "worker", "/api/workers/w-2/position")


def task_session_until(tag: str) -> Capture:
    """The task session up to the answer of call `tag`, as the client app records it and tested
    alone, without the calls the session sends to see the backend refuse them (TASK-9, TASK-11,
    TASK-16), whose failure alerts (TASK-24) it does not record."""
    c = tasks()
    for probe in ("create.bad", "edit.T-2", "choose.bea"):
        c.remove_prefix(probe)
    answered = c.find(f"{tag}.resp")["ts"]
    c.events = [e for e in c.events if e["ts"] <= answered or e["_tag"] == "end"]
    c.find("end")["ts"] = answered + 1000
    c.header["subject"] = ["client"]
    return c


def register_task_app(bad) -> None:
    @bad("task-16-choice-contractor-not-id-client", "client", ["TASK-16"], "ana's app chooses the contractor of T-1 as true, not an id.")
    def _():
        c = task_session_until("choose.luis")
        app_sent(c, "choose.luis", "client")["contractor"] = True
        return c

    @bad("task-17-review-rating-not-whole-client", "client", ["TASK-17"], "ana's app reviews U-3 with rating 4.5.")
    def _():
        c = task_session_until("review.ana")
        app_sent(c, "review.ana", "client")["rating"] = 4.5
        return c


def register_more_branches_app(bad) -> None:
    """Branches of FLOW-4, TIME-2 and ELIG-9 that the other bad traces do not go through: each
    trace reaches one more of their rules' reports (Scripts/report_site_coverage.py)."""

    @bad("flow-4-apply-without-accept-backend", "backend", ["FLOW-4"], "Nobody accepts R-1, yet the backend sends the client an `apply` naming w-1 a minute after the post.")
    def _():
        c = s.timeout()
        t = c.find("c.post.bresp")["ts"] + 60_000
        c.add(t, "backend", "io.out", tag="apply.R-1.out", event="apply", payload=s.apply_payload("w-1", 4.5), to="c-1")
        return c

    @bad("flow-4-apply-after-refused-accept-apps", "apps", ["FLOW-4"],
         "Seen by apps: w-2's WorkerAccept of R-1 is refused not_eligible, yet the client receives an `apply` naming w-2.")
    def _():
        c = s.timeout()
        c.header["subject"] = ["backend"]  # the backend under test: the apps' own acts are not judged
        t = c.find("w-1.shown.R-1")["ts"] + 3000
        c.rest(t, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=403,
               reply=s.failure("not_eligible", "This job is not for you"), tag="w-2.accept")
        c.add(t + 30, "client", "io.in", tag="apply.R-1.in.client", event="apply", payload=s.apply_payload("w-2", 4.5, at=s.W2))
        for prefix in ("c.fired", "c.cancel", "c.timeoutalert", "c.home.after", "cancel.R-1", "w-1.removed"):
            c.remove_prefix(prefix)
        c.find("end")["ts"] = t + 10_000
        return c

    @bad("time-2-late-cancel-in-background-client", "client", ["TIME-2"],
         "Backgrounded before the deadline, the client sends the timeout cancel from the background 10 s after the deadline.")
    def _():
        c = s.client_restart("background")
        for prefix in ("c.state", "c.timer.resumed"):
            c.remove_prefix(prefix)
        delta = c.header["deadline"] + 10_000 - c.find("c.cancel.req")["ts"]
        for prefix in ("c.fired", "c.cancel", "c.timeoutalert", "c.home.after", "cancel.R-1", "w-1.removed"):
            for event in c.find_all(prefix):
                event["ts"] += delta
        return c

    @bad("elig-9-well-formed-refused-worker", "worker", ["ELIG-9"], "R-1's `new` is well-formed and has no unknown member, yet w-1 refuses it naming `Delay`.")
    def _():
        c = s.happy()
        decided = c.find("w-1.decided.R-1")
        for key in ("eligible", "failed", "distanceKm", "showAt"):
            decided.pop(key, None)
        decided["invalid"] = {"field": "Delay"}
        w1_gives_up(c)
        c.remove_prefix("w-1.workinfo")
        return c

    @bad("elig-11-failed-missing-worker", "worker", ["ELIG-11"], "w-1 reports its decision for R-1 with `eligible`, `distanceKm` and `showAt` but no `failed` list.")
    def _():
        c = s.happy()
        c.find("w-1.decided.R-1").pop("failed")
        return c

    @bad("elig-11-distance-missing-worker", "worker", ["ELIG-11"], "w-1 reports its decision for R-1 with `failed` and `showAt` but no `distanceKm`.")
    def _():
        c = s.happy()
        c.find("w-1.decided.R-1").pop("distanceKm")
        return c
