"""The bad traces of Scripts/generate_traces.py: one scenario and one mutation each, grouped by
area, with the rule ids each must trip (and no other). Python 3.11, standard library only."""

from __future__ import annotations

import trace_scenarios as s
from trace_offline_mutations import register_offline
from trace_scenarios import Capture, failure, ok


def shift(c: Capture, tag: str, delta: int) -> None:
    c.find(tag)["ts"] += delta


def fail_accept(c: Capture, t: int, worker: str, req: str, status: int, code: str, alert: bool = True) -> int:
    """A WorkerAccept answered with a failure code, and its failure alert."""
    answered = c.rest(t, worker, "POST", f"/api/requests/{req}/accept", {"workerId": worker}, status=status,
                      reply=failure(code, "This job is no longer available"), tag=f"{worker}.accept2")
    if alert:
        c.add(answered + 1, worker, "alert.shown", tag=f"{worker}.failure2", alert="acceptFailure", result="failure", req=req,
              elements={"title": "Not this time", "text": "This job is not available any more.", "ok": True})
        c.add(answered + 700, worker, "alert.dismissed", tag=f"{worker}.failure2.dismissed", alert="acceptFailure", req=req)
    return answered


def new_payload(c: Capture) -> dict:
    return c.find("new.R-1.out")["payload"]


def w1_gives_up(c: Capture) -> None:
    """Removes w-1's delay wait, its show, its WorkerAccept and everything that followed from it at w-1."""
    for prefix in ("w-1.delay.R-1", "w-1.fired.R-1", "w-1.shown.R-1", "w-1.accept", "w-1.wip", "w-1.success",
                   "close.R-1.w.in.w-1", "w-1.home.after", "w-1.closed"):
        c.remove_prefix(prefix)


def register_all(bad) -> None:
    register_flow(bad)
    register_alert(bad)
    register_time(bad)
    register_elig(bad)
    register_disc(bad)
    register_offline(bad)
    from trace_mutations_backend import register_backend
    register_backend(bad)
    from trace_mutations_task import register_task
    register_task(bad)
    from trace_mutations_view import register_view
    register_view(bad)
    from trace_mutations_retake import register_retake
    register_retake(bad)
    from trace_mutations_late import register_late
    register_late(bad)
    from trace_mutations_reconnect import register_reconnect
    register_reconnect(bad)
    from trace_mutations_app import register_app
    register_app(bad)
    from trace_mutations_fixtures import register_caller_ids, register_fixtures
    register_fixtures(bad)
    register_caller_ids(bad)


# ---- FLOW -------------------------------------------------------------------------------------

def register_flow(bad) -> None:
    @bad("flow-1-no-new-backend", "backend", ["FLOW-1"], "The backend sends `apply` for R-1 but never its `new` (the trace starts after the post).")
    def _():
        c = s.happy()
        c.remove("new.R-1.out", "c.post.breq", "c.post.bresp")
        return c

    @bad("flow-1-new-after-apply-backend", "backend", ["FLOW-1"], "The backend sends R-1's `new` only after its `apply`.")
    def _():
        c = s.happy(delay=0, accept_after=100)
        c.find("new.R-1.out")["ts"] = c.find("apply.R-1.out")["ts"] + 100
        return c

    @bad("flow-2-accept-before-shown-worker", "worker", ["FLOW-2"], "w-1 accepts an offer it received but never showed.")
    def _():
        c = s.happy(delay=0, accept_after=100)
        c.remove("w-1.shown.R-1")
        return c

    @bad("flow-2-accept-never-received-worker", "worker", ["FLOW-2"], "w-1 accepts R-1 without ever receiving its offer.")
    def _():
        c = s.happy()
        c.remove("new.R-1.in.w-1", "w-1.received.R-1", "w-1.decided.R-1", "w-1.delay.R-1", "w-1.fired.R-1", "w-1.shown.R-1")
        return c

    @bad("flow-3-loser-also-wins-backend", "backend", ["FLOW-3"], "The backend answers both racing WorkerAccepts with success.")
    def _():
        c = s.race()
        for tag in ("w-2.accept.bresp", "w-2.accept.resp"):
            c.find(tag).update(status=200, body=ok(ReqID="R-1"))
        return c

    @bad("flow-3-repeat-wins-backend", "backend", ["FLOW-3"], "The winner's repeated WorkerAccept also gets a success.")
    def _():
        c = s.happy()
        t = c.find("w-1.accept.req")["ts"] + 500
        c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept.again")
        return c

    @bad("flow-4-no-apply-backend", "backend", ["FLOW-4"], "w-1's WorkerAccept succeeds but the backend never sends `apply`.")
    def _():
        c = s.happy()
        c.remove("apply.R-1.out")
        return c

    @bad("flow-4-apply-one-ms-late-backend", "backend", ["FLOW-4"],
         "R-1's `apply` leaves 2001 ms after w-1's WorkerAccept succeeded: 1 ms past emitToleranceMs, both times the backend's.")
    def _():
        return s.backend_at_tolerance(2001, ("apply",))

    @bad("flow-4-two-applies-backend", "backend", ["FLOW-4"], "The backend sends R-1's `apply` twice.")
    def _():
        c = s.happy()
        first = c.find("apply.R-1.out")
        c.add(first["ts"] + 100, "backend", "io.out", tag="apply.again", event="apply", payload=first["payload"], to="c-1")
        return c

    @bad("flow-5-apply-to-channel-backend", "backend", ["FLOW-5"], "The backend sends `apply` to the workers' channel.")
    def _():
        c = s.happy()
        c.find("apply.R-1.out")["to"] = "workers"
        return c

    @bad("flow-5-apply-to-other-client-backend", "backend", ["FLOW-5"], "The backend sends `apply` to another client's room.")
    def _():
        c = s.happy()
        c.find("apply.R-1.out")["to"] = "c-2"
        return c

    @bad("flow-5-apply-reaches-worker-apps", "apps", ["FLOW-5"], "Seen from the apps: w-2 receives R-1's `apply` too.")
    def _():
        c = s.happy()
        c.received_also("apply.R-1.in.client", "w-2", "apply.in.w-2")
        return c

    @bad("flow-6-apply-names-loser-backend", "backend", ["FLOW-6"], "The `apply` names w-2, who lost the race.")
    def _():
        c = s.race()
        c.find("apply.R-1.out")["payload"].update(s.apply_payload("w-2", 4.5, at=s.W2))
        return c

    @bad("flow-6-apply-names-stranger-backend", "backend", ["FLOW-6"], "The `apply` names a worker who never applied.")
    def _():
        c = s.happy()
        c.find("apply.R-1.out")["payload"]["workerId"] = "w-9"
        return c

    @bad("flow-7-accept-after-cancel-backend", "backend", ["FLOW-7"], "After the timeout cancel, w-1's WorkerAccept succeeds and `apply` follows.")
    def _():
        c = s.timeout()
        t = c.find("c.cancel.req")["ts"] + 5000
        c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept.late")
        c.emit(t + 20, "apply", s.apply_payload("w-1", 4.5), "c-1", [], tag="apply.late")
        return c

    @bad("flow-7-accept-after-cancel-apps", "apps", ["FLOW-7"], "Seen by apps playing for a backend test: w-1's WorkerAccept after the cancel wins, `apply` follows.")
    def _():
        c = s.timeout()
        c.header["subject"] = ["backend"]
        t = c.find("cancel.R-1.w.in.w-1")["ts"] + 5000
        c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept.late")
        c.emit(t + 20, "apply", s.apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.late")
        return c

    # A cancel that lost against an accept in flight: both succeed, and the client gets the `cancel`
    # and then, on the same connection and well within the emit tolerance, the `apply`. One
    # connection delivers in order, so the backend sent `apply` after it had ended the request.
    @bad("flow-7-apply-after-cancel-same-app-apps", "apps", ["FLOW-7"], "Seen by apps: the client gets `apply` right after the `cancel` on its own connection.")
    def _():
        c = s.timeout()
        c.header["subject"] = ["backend"]
        t = c.find("c.cancel.req")["ts"]
        c.rest(t - 5, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept.race")
        # The cancel of a won request goes to the winner alone (FLOW-8).
        c.find("cancel.R-1.w.out")["to"] = "w-1"
        c.remove("cancel.R-1.w.in.w-2")
        arrived = c.find("cancel.R-1.c.in.client")["ts"]
        c.emit(arrived + 5 - s.NET, "apply", s.apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.race")
        return c

    # Close against cancel, both won: each call fits the state it started from, but the backend
    # decided one of them second, after the other had ended the request.
    # A racer whose connection dropped unread may be the winner (its answer is unknown), but that
    # explains one `apply`, to it or to a worker whose success the trace shows, and nothing more.
    @bad("flow-6-dropped-racer-apply-names-loser-apps", "apps", ["FLOW-6"],
         "Seen by apps: w-1's accept dropped unread, w-2 and w-3 race_lost, and the `apply` names w-2, a loser.")
    def _():
        c = s.race_dropped()
        c.find("apply.R-1.in.client")["payload"].update(s.apply_payload("w-2", 4.5, at=s.W2))
        return c

    @bad("flow-4-dropped-racer-two-applies-apps", "apps", ["FLOW-4"],
         "Seen by apps: w-1's accept dropped unread, w-2 and w-3 race_lost, and the client gets the `apply` twice.")
    def _():
        c = s.race_dropped()
        again = c.find("apply.R-1.in.client")["ts"] + 5
        c.emit(again - s.NET, "apply", s.apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.R-1.again")
        return c

    @bad("flow-3-dropped-racer-two-successes-apps", "apps", ["FLOW-3"],
         "Seen by apps: w-1's accept dropped unread, and both w-2 and w-3 are answered with success; the `apply` names w-2.")
    def _():
        c = s.race_dropped()
        for worker in ("w-2", "w-3"):
            for tag in (f"{worker}.accept.resp", f"{worker}.accept.bresp"):
                c.find(tag)["status"] = 200
                c.find(tag)["body"] = ok(ReqID="R-1")
        c.find("apply.R-1.in.client")["payload"].update(s.apply_payload("w-2", 4.5, at=s.W2))
        return c

    @bad("rest-8-race-lost-before-dropped-racer-apps", "apps", ["REST-8"],
         "Seen by apps: w-2 and w-3 get race_lost a second before w-1 sends the accept it drops unread: nobody had won yet.")
    def _():
        return s.race_dropped(dropped_late=True)

    @bad("rest-10-close-and-cancel-both-won-apps", "apps", ["REST-10"], "Seen by apps: the client's cancel and w-1's close, in flight together, both succeed.")
    def _():
        return s.race_close_cancel(both_succeed=True)

    @bad("flow-8-cancel-not-to-channel-backend", "backend", ["FLOW-8"], "The timeout cancel goes to the client but not to the channel the `new` went to.")
    def _():
        c = s.timeout()
        c.remove("cancel.R-1.w.out")
        return c

    @bad("flow-8-cancel-not-to-winner-backend", "backend", ["FLOW-8"], "A cancel after w-1 won goes to the client only, not to the winner.")
    def _():
        c = s.cancel_after_win()
        c.remove("cancel.R-1.w.out")
        return c

    @bad("flow-8-cancel-of-won-request-to-channel-backend", "backend", ["FLOW-8"],
         "A cancel after w-1 won goes to the client and the winner, and also to the channel, where the losers get it.")
    def _():
        c = s.cancel_after_win()
        sent = c.find("cancel.R-1.w.out")
        c.emit(sent["ts"], "cancel", sent["payload"], "workers", [], tag="cancel.R-1.channel")
        return c

    @bad("flow-8-cancel-of-won-request-to-loser-apps", "apps", ["FLOW-8"],
         "Seen by apps: the timeout cancel of R-1, which w-1 won just before, reaches w-2 too, whose race_lost comes after it.")
    def _():
        c = s.race_cancel_in_flight()
        c.received_also("cancel.R-1.w.in.w-1", "w-2", "cancel.R-1.w.in.w-2")
        return c

    @bad("flow-8-cancel-to-other-client-apps", "apps", ["FLOW-8"],
         "Seen by apps: the timeout cancel of c-1's R-1 reaches client c-2 too, which posted nothing.")
    def _():
        c = s.timeout()
        c.add(s.T0 + 5, "client", "app.launched", tag="c-2.launch", id="c-2")
        c.add(s.T0 + 6, "client", "view.shown", tag="c-2.home0", id="c-2", view="home")
        c.received_also("cancel.R-1.c.in.client", "c-2", "cancel.R-1.c.in.c-2")
        return c

    @bad("flow-9-close-also-to-channel-backend", "backend", ["FLOW-9"], "The `close` goes to the client and the winner, and also to the channel.")
    def _():
        c = s.happy()
        sent = c.find("close.R-1.w.out")
        c.emit(sent["ts"], "close", sent["payload"], "workers", [], tag="close.R-1.channel")
        return c

    @bad("flow-9-close-also-to-loser-apps", "apps", ["FLOW-9"], "Seen by apps: w-2, which did not win R-1, receives its `close` too.")
    def _():
        c = s.happy()
        c.received_also("close.R-1.w.in.w-1", "w-2", "close.R-1.w.in.w-2")
        return c

    @bad("flow-9-close-not-to-winner-backend", "backend", ["FLOW-9"], "The `close` goes to the client only, not to the winner.")
    def _():
        c = s.happy()
        c.remove("close.R-1.w.out")
        return c

    @bad("flow-9-close-one-ms-late-backend", "backend", ["FLOW-9"],
         "Both `close`s leave 2001 ms after the close's success: 1 ms past emitToleranceMs, both times the backend's.")
    def _():
        return s.backend_at_tolerance(2001, ("close",))

    @bad("flow-9-close-not-to-client-backend", "backend", ["FLOW-9"], "The `close` goes to the winner only, not to the posting client.")
    def _():
        c = s.happy()
        c.remove("close.R-1.c.out")
        return c

    @bad("flow-10-accept-wrong-category-worker", "worker", ["FLOW-10"], "w-2 accepts R-1 although its categories do not hold CatID 9 (ELIG-3).")
    def _():
        c = s.happy()
        fail_accept(c, c.find("w-1.shown.R-1")["ts"] + 100, "w-2", "R-1", 403, "not_eligible")
        return c

    @bad("flow-10-accept-out-of-range-worker", "worker", ["FLOW-10"], "w-2 accepts R-1 although it is farther than its maxKms (ELIG-4).")
    def _():
        c = s.happy(w2=dict(s.W2, categories=["9"], maxKms=1))
        fail_accept(c, c.find("w-1.shown.R-1")["ts"] + 100, "w-2", "R-1", 403, "not_eligible")
        return c

    @bad("flow-11-accept-after-discard-worker", "worker", ["FLOW-11"], "w-1 discards R-1 and takes it off the screen, then accepts it.")
    def _():
        c = s.happy()
        discarded = c.find("w-1.shown.R-1")["ts"] + 1000
        c.add(discarded, "w-1", "offer.discarded", tag="w-1.discarded", req="R-1", stored=["R-1"])
        # Off the screen at once (VIEW-15): the accept 2 s later would leave it there too long.
        c.add(discarded + 1, "w-1", "offer.removed", tag="w-1.removed.R-1", req="R-1", why="discarded")
        return c

    @bad("flow-11-accept-after-discard-and-restart-worker", "worker", ["FLOW-11"], "w-1 discards R-1, restarts, then accepts it.")
    def _():
        c = s.happy()
        t = c.find("w-1.shown.R-1")["ts"]
        c.add(t + 1000, "w-1", "offer.discarded", tag="w-1.discarded", req="R-1", stored=["R-1"])
        c.add(t + 1500, "w-1", "app.terminated", tag="w-1.away")
        c.add(t + 2000, "w-1", "app.launched", tag="w-1.back", discards=["R-1"])
        c.add(t + 2000, "w-1", "profile.updated", tag="w-1.profile.again", profile=s.W1)
        c.add(t + 2001, "w-1", "view.shown", tag="w-1.home.again", view="home")
        s.read_me(c, t + 2002, "w-1", s.W1, tag="w-1.me")
        s.catch_up(c, t + 2002, "w-1", tag="w-1.jobs.back")
        return c

    @bad("flow-12-accept-after-cancel-worker", "worker", ["FLOW-12"], "w-1 accepts R-1 after its `cancel` arrived.")
    def _():
        c = s.timeout()
        fail_accept(c, c.find("cancel.R-1.w.in.w-1")["ts"] + 1000, "w-1", "R-1", 410, "request_cancelled")
        return c

    @bad("flow-12-accept-after-close-worker", "worker", ["FLOW-12"], "The winner accepts R-1 again after its `close` arrived.")
    def _():
        c = s.happy()
        fail_accept(c, c.find("close.R-1.w.in.w-1")["ts"] + 2000, "w-1", "R-1", 410, "request_closed")
        return c

    @bad("flow-13-getjobs-lists-won-backend", "backend", ["FLOW-13"], "getJobs lists R-1 after w-1 won it.")
    def _():
        c = s.happy()
        t = c.find("w-1.accept.bresp")["ts"] + 5000
        c.rest(t, "w-1", "GET", "/api/jobs?workerId=w-1", reply=ok(jobs=[new_payload(c)]), tag="w-1.getjobs")
        return c

    @bad("flow-13-getjobs-lists-cancelled-backend", "backend", ["FLOW-13"], "getJobs lists R-1 after it was cancelled.")
    def _():
        c = s.timeout()
        t = c.find("c.cancel.bresp")["ts"] + 5000
        c.rest(t, "w-1", "GET", "/api/jobs?workerId=w-1", reply=ok(jobs=[new_payload(c)]), tag="w-1.getjobs")
        return c

    @bad("flow-14-client-closes-while-waiting-client", "client", ["FLOW-14"], "The client sends close while still waiting for an `apply`.")
    def _():
        c = s.happy()
        c.rest(c.find("c.waiting")["ts"] + 2000, "client", "POST", "/api/requests/R-1/close", {"outcome": "unhappy", "by": "client", "clientId": "c-1"},
               status=409, reply=failure("not_in_progress", "Nobody is working on this request yet"), tag="c.close.early")
        return c

    @bad("flow-14-loser-closes-worker", "worker", ["FLOW-14"], "w-2 closes R-1 after its WorkerAccept lost the race.")
    def _():
        c = s.race()
        c.rest(c.find("w-2.failure.dismissed")["ts"] + 1000, "w-2", "POST", "/api/requests/R-1/close",
               {"outcome": "unhappy", "by": "worker", "workerId": "w-2"},
               status=403, reply=failure("not_eligible", "You are not working on this request"), tag="w-2.close")
        return c

    @bad("flow-14-close-echoed-worker", "worker", ["FLOW-14"], "w-1 answers the client's `close` of R-1 with a close of its own, out of Work in Progress by then.")
    def _():
        c = s.happy()
        c.rest(c.find("w-1.closed.dismissed")["ts"] + 1, "w-1", "POST", "/api/requests/R-1/close", {"outcome": "happy", "by": "worker", "workerId": "w-1"},
               status=410, reply=failure("request_closed", "This request is closed"), tag="w-1.close.echo")
        return c


# ---- ALERT ------------------------------------------------------------------------------------

def register_alert(bad) -> None:
    for transport in (False, True):
        kind = "transport-error" if transport else "race-lost"

        @bad(f"alert-1-view-before-failure-alert-{kind}-worker", "worker", ["ALERT-1"], f"After a failed WorkerAccept ({kind}) w-2 changes view before the failure alert.")
        def _(transport=transport):
            c = s.race(transport=transport)
            alert = c.find("w-2.failure")
            c.add(alert["ts"], "w-2", "view.shown", tag="w-2.history", view="history")
            alert["ts"] += 5
            return c

        @bad(f"alert-2-wip-after-failure-{kind}-worker", "worker", ["ALERT-2"], f"After a failed WorkerAccept ({kind}) w-2 shows R-1's Work in Progress view.")
        def _(transport=transport):
            c = s.race(transport=transport)
            c.add(c.find("w-2.failure.dismissed")["ts"] + 1, "w-2", "view.shown", tag="w-2.wip", view="workInProgress", req="R-1",
                  elements=s.worker_wip_elements(s.W2_ELIGIBLE))
            return c

    @bad("alert-3-no-failure-alert-race-lost-worker", "worker", ["ALERT-3", "ALERT-9"], "w-2 loses the race and shows no alert at all.")
    def _():
        c = s.race()
        c.remove("w-2.failure", "w-2.failure.dismissed")
        return c

    @bad("alert-3-failure-alert-one-ms-late-worker", "worker", ["ALERT-3", "ALERT-9"],
         "w-2 shows its race_lost alert 2001 ms after the answer arrived: 1 ms past reactionToleranceMs, both times w-2's.")
    def _():
        c = s.race()
        answered = c.find("w-2.accept.resp")["ts"]
        shift(c, "w-2.failure", answered + 2001 - c.find("w-2.failure")["ts"])
        shift(c, "w-2.failure.dismissed", 2000)
        return c

    @bad("alert-3-success-alert-for-transport-error-worker", "worker", ["ALERT-3", "ALERT-9"], "w-2's WorkerAccept times out and it shows a success alert, no failure alert.")
    def _():
        c = s.race(transport=True)
        c.find("w-2.failure").update(alert="acceptSuccess", result="success")
        c.find("w-2.failure.dismissed").update(alert="acceptSuccess")
        return c

    @bad("alert-3-failure-alert-after-success-worker", "worker", ["ALERT-3"],
         "w-1's WorkerAccept succeeds, and after its success alert it shows the failure alert too.")
    def _():
        c = s.happy()
        dismissed = c.find("w-1.success.dismissed")["ts"]
        c.add(dismissed + 1, "w-1", "alert.shown", tag="w-1.failure", alert="acceptFailure", result="failure", req="R-1",
              elements={"title": "So close!", "text": "Someone else got this one. More jobs are on the way.", "ok": True})
        c.add(dismissed + 800, "w-1", "alert.dismissed", tag="w-1.failure.dismissed", alert="acceptFailure", req="R-1")
        return c

    @bad("alert-3-failure-alert-for-winner-race-worker", "worker", ["ALERT-3"],
         "Both racers show the failure alert: w-2, which lost, and w-1, which won and is in Work in Progress.")
    def _():
        c = s.race()
        failure = c.find("w-2.failure")
        c.add(failure["ts"], "w-1", "alert.shown", tag="w-1.failure", alert="acceptFailure", result="failure", req="R-1", elements=failure["elements"])
        return c

    @bad("alert-4-apply-alert-before-view-client", "client", ["ALERT-4"], "The apply alert shows just before the change to Work in Progress.")
    def _():
        c = s.happy()
        c.find("c.applyalert")["ts"] = c.find("apply.R-1.in.client")["ts"]
        return c

    @bad("alert-4-apply-alert-while-waiting-client", "client", ["ALERT-4"], "The apply alert shows and is dismissed on the waiting view; Work in Progress follows.")
    def _():
        c = s.happy()
        received = c.find("apply.R-1.in.client")["ts"]
        c.find("c.applyalert")["ts"] = received
        c.find("c.applyalert.dismissed")["ts"] = received + 1
        c.find("c.wip")["ts"] = received + 1200
        return c

    @bad("alert-5-success-alert-before-view-worker", "worker", ["ALERT-5"], "w-1's success alert shows just before the change to Work in Progress.")
    def _():
        c = s.happy()
        c.find("w-1.success")["ts"] = c.find("w-1.accept.resp")["ts"]
        return c

    @bad("alert-5-success-alert-on-home-worker", "worker", ["ALERT-5"], "w-1's success alert shows and is dismissed on the home view; Work in Progress follows.")
    def _():
        c = s.happy()
        answered = c.find("w-1.accept.resp")["ts"]
        c.find("w-1.success")["ts"] = answered
        c.find("w-1.success.dismissed")["ts"] = answered + 1
        c.find("w-1.wip")["ts"] = answered + 1500
        return c

    @bad("alert-5-success-alert-never-accepted-worker", "worker", ["ALERT-5"],
         "w-2, which never sent a WorkerAccept for R-1, shows the success alert for it on its home view.")
    def _():
        c = s.happy()
        success = c.find("w-1.success")
        c.add(success["ts"], "w-2", "alert.shown", tag="w-2.success", alert="acceptSuccess", result="success", req="R-1", elements=success["elements"])
        return c

    @bad("alert-5-success-alert-before-answer-worker", "worker", ["ALERT-5"],
         "w-1 shows its success alert as soon as it sends the WorkerAccept, before the answer and before Work in Progress.")
    def _():
        c = s.happy()
        c.find("w-1.success")["ts"] = c.find("w-1.accept.req")["ts"] + 1
        return c

    @bad("alert-6-no-avatar-client", "client", ["ALERT-6"], "The apply alert lacks the worker's avatar.")
    def _():
        c = s.happy()
        del c.find("c.applyalert")["elements"]["avatar"]
        return c

    @bad("alert-6-wrong-rating-client", "client", ["ALERT-6"], "The apply alert shows rating 3, the `apply` says 4.5.")
    def _():
        c = s.happy()
        c.find("c.applyalert")["elements"]["rating"] = 3
        return c

    @bad("alert-7-zero-stars-for-new-worker-client", "client", ["ALERT-7"], "A worker with no rating is shown as 0 stars instead of New Worker.")
    def _():
        c = s.happy(rating=None)
        elements = c.find("c.applyalert")["elements"]
        del elements["newWorker"]
        elements["rating"] = 0
        return c

    @bad("alert-7-label-and-rating-client", "client", ["ALERT-7"], "The New Worker label shows beside an empty rating.")
    def _():
        c = s.happy(rating=None)
        c.find("c.applyalert")["elements"]["rating"] = None
        return c

    @bad("alert-8-success-alert-after-read-without-address-all", "all", ["ALERT-8"],
         "w-1's accept answer is lost, its state read names it the winner, and its success alert lacks the client's address.")
    def _():
        c = s.lost_accept_won()
        del c.find("w-1.success")["elements"]["address"]
        return c

    @bad("alert-8-no-subtitle-worker", "worker", ["ALERT-8"], "w-1's success alert has no subtitle with the requested action.")
    def _():
        c = s.happy()
        del c.find("w-1.success")["elements"]["subtitle"]
        return c

    @bad("alert-8-wrong-address-worker", "worker", ["ALERT-8"], "w-1's success alert shows another address than the `new`'s.")
    def _():
        c = s.happy()
        c.find("w-1.success")["elements"]["address"] = "Calle Menor 9"
        return c

    @bad("alert-9-no-text-worker", "worker", ["ALERT-9"], "w-2's failure alert has no text.")
    def _():
        c = s.race()
        del c.find("w-2.failure")["elements"]["text"]
        return c

    @bad("alert-9-no-ok-worker", "worker", ["ALERT-9"], "w-2's failure alert after a transport error has no OK button.")
    def _():
        c = s.race(transport=True)
        del c.find("w-2.failure")["elements"]["ok"]
        return c

    @bad("alert-10-view-before-timeout-alert-client", "client", ["ALERT-10"], "After the timeout cancel the client goes home before the alert.")
    def _():
        c = s.timeout()
        c.find("c.home.after")["ts"] = c.find("c.cancel.resp")["ts"]
        return c

    @bad("alert-10-no-image-client", "client", ["ALERT-10"], "The timeout alert has no image.")
    def _():
        c = s.timeout()
        del c.find("c.timeoutalert")["elements"]["image"]
        return c


# ---- TIME -------------------------------------------------------------------------------------

def register_time(bad) -> None:
    @bad("time-1-no-timer-client", "client", ["TIME-1"], "The client never reports starting R-1's timer.")
    def _():
        c = s.happy()
        c.remove("c.timer")
        return c

    @bad("time-1-timer-from-request-client", "client", ["TIME-1"], "The timer's start is a second before the post request was even sent.")
    def _():
        c = s.happy()
        c.find("c.timer")["startedAt"] = c.find("c.post.req")["ts"] - 1000
        return c

    @bad("time-2-no-cancel-client", "client", ["TIME-2"], "The deadline passes in the foreground and the client never cancels.")
    def _():
        c = s.timeout()
        for prefix in ("c.cancel", "c.fired", "c.timeoutalert", "c.home.after", "cancel.R-1.c.in.client"):
            c.remove_prefix(prefix)
        return c

    @bad("time-2-apply-after-deadline-client", "client", ["TIME-2"], "No cancel at the deadline; an `apply` 10 s later does not excuse it.")
    def _():
        c = s.timeout()
        for prefix in ("c.cancel", "c.fired", "c.timeoutalert", "c.home.after", "cancel.R-1.c.in.client"):
            c.remove_prefix(prefix)
        late = c.header["deadline"] + 10_000
        c.add(late, "client", "io.in", tag="apply.late", event="apply", payload=s.apply_payload("w-1", 4.5))
        c.add(late + 1, "client", "view.shown", tag="c.wip", view="workInProgress", req="R-1", elements=s.client_wip_elements(4.5))
        c.add(late + 2, "client", "alert.shown", tag="c.applyalert", alert="apply", result="success", req="R-1",
              elements={"title": "Luis accepted your request", "avatar": s.AVATAR, "rating": 4.5, "ok": True})
        c.find("end")["ts"] = late + 5000
        return c

    @bad("time-2-late-cancel-client", "client", ["TIME-2"], "The client cancels 5 s after the deadline, 3 s past the tolerance.")
    def _():
        return s.timeout(cancel_delay=5000)

    @bad("time-3-early-cancel-client", "client", ["TIME-3"], "The client sends the timeout cancel a minute before the deadline.")
    def _():
        return s.timeout(cancel_delay=-60_000)

    @bad("time-3-early-cancel-after-restart-client", "client", ["TIME-3"], "After a restart the client sends the timeout cancel 5 s early.")
    def _():
        return s.client_restart("restart", cancel_delay=-5000)

    @bad("time-4-timeout-after-apply-client", "client", ["TIME-4"], "w-1 won, yet at the deadline the client sends a timeout cancel.")
    def _():
        c = s.happy()
        for prefix in ("c.close", "c.home.after", "close.R-1.c.in.client"):
            c.remove_prefix(prefix)
        deadline = c.find("c.post.resp")["ts"] + s.TIMEOUT
        s.timeout_cancel(c, deadline, "R-1", [])
        return c

    @bad("time-4-timeout-after-late-apply-client", "client", ["TIME-4"], "The `apply` arrives 100 ms before the deadline; the client still times out.")
    def _():
        c = s.timeout()
        deadline = c.header["deadline"]
        c.add(deadline - 100, "client", "io.in", tag="apply.late", event="apply", payload=s.apply_payload("w-1", 4.5))
        return c

    @bad("time-5-wrong-reason-client", "client", ["TIME-5"], "The timeout cancel carries the reason \"expired\".")
    def _():
        return s.timeout(reason="expired")

    @bad("time-5-wrong-reason-after-background-client", "client", ["TIME-5"], "Back from the background past the deadline, the client cancels with reason \"auto\".")
    def _():
        return s.client_restart("background", reason="auto")

    @bad("time-6-late-after-relaunch-client", "client", ["TIME-6"], "Relaunched after the deadline, the client cancels 3 s after the relaunch.")
    def _():
        return s.client_restart("relaunch-late", cancel_delay=3000)

    @bad("time-6-deadline-moved-by-background-client", "client", ["TIME-6"], "Back from the background before the deadline, the client cancels 5 s after it.")
    def _():
        return s.client_restart("early", cancel_delay=5000)

    @bad("time-7-restarted-after-relaunch-client", "client", ["TIME-7"], "After a relaunch the timer reports a new start.")
    def _():
        c = s.client_restart("restart")
        c.find("c.timer.resumed")["startedAt"] = c.header["back"]
        return c

    @bad("time-7-restarted-after-background-client", "client", ["TIME-7"], "Back from the background the timer reports a new start.")
    def _():
        c = s.client_restart("early")
        c.find("c.timer.resumed")["startedAt"] = c.header["back"]
        return c

    @bad("time-8-shown-before-delay-worker", "worker", ["TIME-8"], "w-1 shows R-1 one second after receipt; its Delay is 5 s.")
    def _():
        c = s.happy()
        received = c.find("w-1.received.R-1")["ts"]
        c.find("w-1.fired.R-1")["ts"] = received + 1000
        c.find("w-1.shown.R-1")["ts"] = received + 1000
        return c

    @bad("time-8-intake-drops-delay-worker", "worker", ["ELIG-6", "TIME-8"],
         "w-1 receives R-1's `new` with Delay 6 but takes it in with the Delay 5 of its offer copy, and shows it after 5 s.")
    def _():
        c = s.happy()
        received = c.find("new.R-1.in.w-1")
        received["payload"] = dict(received["payload"], Delay=6)
        return c

    @bad("time-8-shown-at-relaunch-worker", "worker", ["TIME-8"], "Relaunched during a 30 s Delay, w-1 shows R-1 at once.")
    def _():
        c = s.worker_restart("restart")
        c.find("w-1.fired.R-1")["ts"] = c.header["back"] + 5
        c.find("w-1.shown.R-1")["ts"] = c.header["back"] + 5
        return c

    @bad("time-9-wait-restarted-after-relaunch-worker", "worker", ["TIME-9"], "Relaunched during the Delay, w-1 starts the wait again.")
    def _():
        c = s.worker_restart("restart")
        c.find("w-1.delay.resumed")["startedAt"] = c.header["back"]
        return c

    @bad("time-9-wait-restarted-after-background-worker", "worker", ["TIME-9"], "Back from the background during the Delay, w-1 starts the wait again.")
    def _():
        c = s.worker_restart("background")
        c.find("w-1.delay.resumed")["startedAt"] = c.header["back"]
        return c

    @bad("time-10-new-received-before-sent-all", "all", ["TIME-10"], "w-1 records receiving R-1's `new` a second before the backend sent it.")
    def _():
        c = s.happy()
        c.find("new.R-1.in.w-1")["ts"] -= 1000
        return c

    @bad("time-10-accept-received-before-sent-all", "all", ["TIME-10"], "The backend records receiving w-1's WorkerAccept 800 ms before w-1 sent it.")
    def _():
        c = s.happy()
        c.find("w-1.accept.breq")["ts"] = c.find("w-1.accept.req")["ts"] - 800
        return c

    @bad("time-10-answer-recorded-before-request-client", "client", ["TIME-10"],
         "The client records its close's answer 5 ms before the close request itself, both lines in time order.")
    def _():
        c = s.happy()
        request = c.find("c.close.req")
        c.find("c.close.resp")["ts"] = request["ts"] - 5
        return c

    @bad("time-10-clock-goes-back-client", "client", ["TIME-10"], "The client's clock jumps two seconds back between two of its lines.")
    def _():
        c = s.happy()
        c.keep_line_order()
        c.find("c.applyalert.ok")["ts"] -= 2000
        return c


# ---- ELIG and VIEW-4 --------------------------------------------------------------------------

W2_FAILING = {
    "ELIG-1": (dict(s.W2_ELIGIBLE, expertActive=False), {}),
    "ELIG-2": (dict(s.W2_ELIGIBLE, expertSource="P-2"), {"exclusive": "P-7"}),
    "ELIG-3": (s.W2, {}),
    "ELIG-4": (dict(s.W2_ELIGIBLE, maxKms=1), {}),
    "ELIG-5": (s.W2_ELIGIBLE, {"BlockedXP": ["w-2"]}),
}


def register_elig(bad) -> None:
    for rule, (profile, overrides) in W2_FAILING.items():
        number = rule.split("-")[1]

        @bad(f"elig-{number}-ineligible-shown-worker", "worker", [rule], f"w-2 shows R-1 although it fails {rule}.")
        def _(profile=profile, overrides=overrides):
            c = s.happy(w2=profile, new_overrides=overrides)
            shown = c.find("w-1.shown.R-1")["ts"]
            c.add(shown, "w-2", "offer.shown", tag="w-2.shown.R-1", req="R-1")
            return c

        @bad(f"elig-{number}-eligible-hidden-worker", "worker", [rule], f"w-1 decides R-1 fails {rule}, which it passes, and hides it.")
        def _(rule=rule):
            c = s.happy()
            c.find("w-1.decided.R-1").update(eligible=False, failed=[rule])
            w1_gives_up(c)
            return c

    @bad("elig-6-showat-ignores-delay-worker", "worker", ["ELIG-6"], "w-1 reports showAt equal to the receipt, ignoring Delay 5.")
    def _():
        c = s.happy()
        c.find("w-1.decided.R-1")["showAt"] = c.find("w-1.received.R-1")["ts"]
        return c

    @bad("elig-6-showat-delay-as-ms-worker", "worker", ["ELIG-6"], "w-1 adds Delay as milliseconds, not seconds.")
    def _():
        c = s.happy()
        c.find("w-1.decided.R-1")["showAt"] = c.find("w-1.received.R-1")["ts"] + 5
        return c

    @bad("elig-7-direct-offer-filtered-worker", "worker", ["ELIG-7"], "w-1 filters the direct offer R-1 as out of range and never shows it.")
    def _():
        c = s.direct()
        received = c.find("w-1.received.R-1")["ts"]
        c.add(received + 1, "w-1", "offer.decided", tag="w-1.decided.R-1", req="R-1", eligible=False, failed=["ELIG-4"],
              distanceKm=1.4, showAt=received)
        w1_gives_up(c)
        return c

    @bad("elig-7-direct-offer-delayed-worker", "worker", ["ELIG-7"], "w-1 waits the direct offer's Delay of 10 s before showing it.")
    def _():
        return s.direct(delay=10, show_after=10_000)

    @bad("elig-8-lists-wrong-category-backend", "backend", ["ELIG-8"], "getJobs for w-1 also lists a job in a category w-1 does not work in.")
    def _():
        c = s.getjobs()
        payload = c.find("new.R-1.out")["payload"]
        for tag in ("w-1.getjobs.bresp", "w-1.getjobs.resp"):
            c.find(tag)["body"] = ok(jobs=[payload, dict(payload, ReqID="R-2", CatID=7)])
        return c

    @bad("elig-8-leaves-out-for-own-profile-backend", "backend", ["ELIG-8"],
         "No fixture: getJobs for w-1 lists nothing; R-1 is open, past its Delay, eligible by the backend's meProfile answer.")
    def _():
        c = s.getjobs()
        for tag in ("w-1.getjobs.bresp", "w-1.getjobs.resp"):
            c.find(tag)["body"] = ok(jobs=[])
        return c

    @bad("elig-8-lists-wrong-category-own-profile-backend", "backend", ["ELIG-8"],
         "No profiles in the header: getJobs for w-1 lists a category-7 job; its meProfile answer gave categories 9 and 12.")
    def _():
        c = s.getjobs()
        del c.header["profiles"]
        payload = c.find("new.R-1.out")["payload"]
        for tag in ("w-1.getjobs.bresp", "w-1.getjobs.resp"):
            c.find(tag)["body"] = ok(jobs=[payload, dict(payload, ReqID="R-2", CatID=7)])
        return c

    @bad("elig-8-lists-before-delay-backend", "backend", ["ELIG-8"], "getJobs lists a job whose createdAt plus its 60 s Delay has not passed.")
    def _():
        c = s.getjobs()
        payload = c.find("new.R-1.out")["payload"]
        fresh = dict(payload, ReqID="R-3", Delay=60, createdAt=s.iso(c.header["got"] - 1000))
        for tag in ("w-1.getjobs.bresp", "w-1.getjobs.resp"):
            c.find(tag)["body"] = ok(jobs=[payload, fresh])
        return c

    @bad("elig-9-malformed-delay-decided-worker", "worker", ["ELIG-9"], "R-1's Delay is 1.5 and both workers decide it instead of refusing it.")
    def _():
        c = s.happy(new_overrides={"Delay": 1.5})
        c.header["subject"] = ["worker"]  # the worker app under test; the backend's bad Delay is MSG-6's
        return c

    @bad("elig-9-wrong-field-named-worker", "worker", ["ELIG-9"], "R-1's BlockedXP is not an array; w-1 refuses it naming `BlockedXP`, not `job.BlockedXP`.")
    def _():
        c = s.happy(new_overrides={"BlockedXP": "w-9"})
        c.header["subject"] = ["worker"]  # the worker app under test; the backend's bad BlockedXP is MSG-5's
        for worker, field in (("w-1", "BlockedXP"), ("w-2", "job.BlockedXP")):
            decided = c.find(f"{worker}.decided.R-1")
            for key in ("eligible", "failed", "distanceKm", "showAt"):
                decided.pop(key, None)
            decided["invalid"] = {"field": field}
        w1_gives_up(c)
        return c

    @bad("elig-10-decided-after-moving-worker", "worker", ["ELIG-10"], "w-1 moves right after receipt and decides with its new position.")
    def _():
        c = s.happy()
        received = c.find("w-1.received.R-1")["ts"]
        moved = dict(s.W1, lat=40.005, lng=-3.005)
        c.add(received, "w-1", "profile.updated", tag="w-1.moved", profile=moved)
        decided = c.find("w-1.decided.R-1")
        decided.update(s.decide(moved, c.find("new.R-1.out")["payload"], received), profile=moved)
        c.find("w-1.wip")["elements"]["map"]["worker"] = [moved["lat"], moved["lng"]]
        return c

    @bad("elig-10-decided-with-new-categories-worker", "worker", ["ELIG-10"], "w-1's categories change right after receipt and it decides with the new ones.")
    def _():
        c = s.happy()
        received = c.find("w-1.received.R-1")["ts"]
        changed = dict(s.W1, categories=["9", "12", "15"])
        # The backend's record changed: a meProfile read brings the new categories (ELIG-12).
        s.read_me(c, received - 2 * s.NET - s.PROC, "w-1", changed, tag="w-1.me.changed")
        c.add(received, "w-1", "profile.updated", tag="w-1.changed", profile=changed)
        c.find("w-1.decided.R-1")["profile"] = changed
        return c

    @bad("elig-11-first-failure-only-worker", "worker", ["ELIG-11"], "w-2 fails ELIG-3 and ELIG-4 but reports only ELIG-3.")
    def _():
        c = s.happy(w2=dict(s.W2, maxKms=1))
        c.find("w-2.decided.R-1")["failed"] = ["ELIG-3"]
        return c

    @bad("elig-11-failed-out-of-order-worker", "worker", ["ELIG-11"], "w-2 fails ELIG-3 and ELIG-4 and reports them as ELIG-4, ELIG-3.")
    def _():
        c = s.happy(w2=dict(s.W2, maxKms=1))
        c.find("w-2.decided.R-1")["failed"] = ["ELIG-4", "ELIG-3"]
        return c

    @bad("elig-11-wrong-distance-worker", "worker", ["ELIG-11"], "w-1 reports a distance 0.5 km off the haversine one.")
    def _():
        c = s.happy()
        c.find("w-1.decided.R-1")["distanceKm"] += 0.5
        return c

    @bad("view-4-eligible-never-shown-worker", "worker", ["VIEW-4"], "w-1 decides R-1 is eligible and never shows it.")
    def _():
        c = s.happy()
        w1_gives_up(c)
        return c

    @bad("view-4-new-never-taken-in-worker", "worker", ["VIEW-4"], "w-1 receives R-1's `new` but never takes it in (no offer.received), so never shows it.")
    def _():
        c = s.happy()
        c.remove("w-1.received.R-1", "w-1.decided.R-1")
        w1_gives_up(c)
        return c

    @bad("view-4-getjobs-job-not-shown-worker", "worker", ["VIEW-4"], "w-1 gets R-1 from getJobs and never shows it.")
    def _():
        c = s.getjobs()
        w1_gives_up(c)
        return c


# ---- DISC -------------------------------------------------------------------------------------

def register_disc(bad) -> None:
    @bad("disc-1-not-stored-worker", "worker", ["DISC-1"], "w-1 discards R-1 but its stored discard list stays empty.")
    def _():
        c = s.discards()
        c.find("w-1.discarded")["stored"] = []
        return c

    @bad("disc-1-other-stored-worker", "worker", ["DISC-1"], "w-1 discards R-1 but stores another request's id.")
    def _():
        c = s.discards()
        c.find("w-1.discarded")["stored"] = ["R-9"]
        return c

    @bad("disc-2-shown-from-getjobs-worker", "worker", ["DISC-2"], "w-1 shows R-1 again when getJobs lists it, without any restart.")
    def _():
        c = s.discards()
        c.remove("w-1.away", "w-1.back", "w-1.profile.again", "w-1.home.again")
        c.add(c.header["got"] + 10, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        return c

    @bad("disc-2-shown-after-background-worker", "worker", ["DISC-2"], "w-1 shows R-1 again when it returns from the background.")
    def _():
        c = s.discards()
        t = c.header["discarded"]
        c.remove("w-1.away", "w-1.back", "w-1.profile.again", "w-1.home.again")
        c.remove_prefix("w-1.getjobs")
        c.remove("w-1.received.again")
        c.add(t + 5000, "w-1", "app.backgrounded", tag="w-1.bg")
        c.add(t + 8000, "w-1", "app.foregrounded", tag="w-1.fg")
        s.catch_up(c, t + 8000, "w-1", tag="w-1.jobs.fg")
        c.add(t + 8001, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        return c

    @bad("disc-3-shown-after-relaunch-worker", "worker", ["DISC-3"], "After a relaunch w-1 shows the discarded R-1 that getJobs lists.")
    def _():
        c = s.discards()
        c.add(c.header["got"] + 10, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        return c

    @bad("disc-3-discards-lost-worker", "worker", ["DISC-3"], "w-1's discard list reads back empty after the relaunch.")
    def _():
        c = s.discards()
        c.find("w-1.back")["discards"] = []
        return c

    @bad("disc-4-discard-posted-worker", "worker", ["DISC-4"], "w-1 tells the backend about its discard with a REST call.")
    def _():
        c = s.discards()
        c.rest(c.header["discarded"] + 100, "w-1", "POST", "/api/requests/R-1/discard", {"workerId": "w-1"}, status=404,
               reply=failure("not_found", "No such call"), tag="w-1.discard.call")
        return c

    @bad("disc-4-discard-emitted-worker", "worker", ["DISC-4"], "w-1 emits a Socket.IO `discard` event for R-1.")
    def _():
        c = s.discards()
        c.add(c.header["discarded"] + 100, "w-1", "io.out", tag="w-1.discard.emit", event="discard", payload={"ReqID": "R-1"})
        return c
