"""The bad traces of late events (Scripts/generate_traces.py): acts on a request long after it
ended (more than `retainMs`), judged with their true reason, and an answer that truly arrives
before it was sent beside an app's give-up, which is not an arrival. One mutation each, tripping
exactly the rule named. Python 3.11, standard library only."""

from __future__ import annotations

import trace_late_scenarios as late
import trace_scenarios as s
from trace_mutations import fail_accept
from trace_scenarios import failure


def register_late(bad) -> None:
    @bad("flow-12-late-accept-after-cancel-worker", "worker", ["FLOW-12"],
         "Two minutes after R-1's `cancel` arrived, its winner w-1 sends a WorkerAccept for it again.")
    def _():
        c = s.cancel_after_win()
        c.remove("end")
        answered = fail_accept(c, c.find("cancel.R-1.w.in.w-1")["ts"] + 2 * late.LATE, "w-1", "R-1", 410, "request_cancelled")
        s.end(c, answered + 6000)
        return c

    @bad("rest-15-late-read-new-not-as-emitted-backend", "backend", ["REST-15"],
         "90 s after R-1 was closed (past retainMs), the client's state read gives its `new` with Delay 6; the emitted one had 5.")
    def _():
        c = late.discarded_then_closed()
        state = c.find("c.state.late.bresp")["body"]["request"]
        assert state["new"]["Delay"] == 5
        state["new"] = dict(state["new"], Delay=6)
        return c

    @bad("rest-15-late-read-apply-missing-backend", "backend", ["REST-15"],
         "90 s after R-1 was closed (past retainMs), the client's state read gives `apply` null; w-2's was emitted.")
    def _():
        c = late.discarded_then_closed()
        c.find("c.state.late.bresp")["body"]["request"]["apply"] = None
        return c

    @bad("rest-11-forgotten-before-a-day-backend", "backend", ["REST-11", "REST-16"],
         "A minute short of a day after R-1 was closed, its state read is not_found and the history leaves it out.")
    def _():
        c = late.forgotten_after_a_day(late.DAY - 60_000)
        # Kept whole for two days: a history read is judged missing only requests not yet reduced
        # to tombstones (Docs/TRACE.md, "Memory and retention").
        c.header["retainMs"] = 2 * late.DAY
        return c

    @bad("state-6-timeout-cancel-before-read-client", "client", ["STATE-6"],
         "Back after R-1's deadline, the client sends the timeout cancel without first reading R-1's state.")
    def _():
        c = late.back_within_tolerance()
        c.remove_prefix("c.state.")
        return c

    @bad("state-7-stays-after-close-met-request-closed-all", "all", ["STATE-7"],
         "Back late, w-1's own close meets request_closed and its read says closed, yet it stays in Work in Progress.")
    def _():
        c = late.late_worker_close()
        c.remove("w-1.home.after")
        return c

    @bad("alert-12-no-alert-after-close-met-request-closed-all", "all", ["ALERT-12"],
         "Back late, w-1's own close meets request_closed; its read says the client closed R-1 and it leaves without an alert.")
    def _():
        c = late.late_worker_close()
        c.remove("w-1.closed")
        return c

    @bad("flow-14-late-close-by-loser-worker", "worker", ["FLOW-14"],
         "Two minutes after R-1 was closed, w-2, whose WorkerAccept lost the race, sends a close for it.")
    def _():
        c = s.race()
        c.remove("end")
        answered = c.rest(c.find("close.R-1.c.out")["ts"] + 2 * late.LATE, "w-2", "POST", "/api/requests/R-1/close",
                          {"outcome": "unhappy", "by": "worker", "workerId": "w-2"}, status=410,
                          reply=failure("request_closed", "This request is closed"), tag="w-2.close")
        s.end(c, answered + 6000)
        return c

    @bad("time-10-answer-before-sent-beside-give-up-all", "all", ["TIME-10"],
         "w-2's app receives race_lost 10 s before the backend sends it (not a give-up, which may come first).")
    def _():
        c = late.accept_given_up()
        given_up = c.find("w-2.accept.resp")
        del given_up["error"]
        given_up.update(status=409, body=failure("race_lost", "Another worker took this job"))
        # VIEW-15: race_lost says another worker won, so the offer leaves the screen.
        c.add(given_up["ts"] + 2, "w-2", "offer.removed", tag="w-2.removed.R-1", req="R-1", why="taken")
        return c

    # ---- deferrals: the kit waits longer, and the app still does not act -----------------------

    @bad("time-6-back-within-tolerance-late-client", "client", ["TIME-6"],
         "Back 1 s after the deadline, inside the tolerance, the client cancels 2.5 s after the return: 0.5 s too late.")
    def _():
        return late.back_within_tolerance(cancel_after=2500)

    @bad("view-4-back-after-show-at-late-worker", "worker", ["VIEW-4"],
         "w-1, away at R-1's showAt, comes back 100 ms after it and shows the offer only 400 ms after its return.")
    def _():
        return late.back_after_show_at(show_after=400)

    @bad("view-14-alert-holds-wip-stays-all", "all", ["VIEW-14"],
         "w-1's user reads the cancelled alert 5 s over Work in Progress; w-1 leaves it only 3 s after its dismissal.")
    def _():
        return late.alert_holds_wip(leave_after=3000)

    @bad("state-9-reconnect-offline-late-client", "client", ["STATE-9"],
         "After a drop the client is offline 5 s; back online, its first attempt to connect comes 15.6 s later.")
    def _():
        return late.reconnect_offline(attempt_after=15_600)

    @bad("state-10-read-fails-no-retry-worker", "worker", ["STATE-10"],
         "w-2's WorkerAccept answer is lost, then its state read's too, and it never reads R-1 again.")
    def _():
        return late.lost_accept_read_fails(retry=False)

    @bad("state-11-away-no-history-read-client", "client", ["STATE-11"],
         "The post's answer is lost and the client goes away; back 30 s later it never reads its requests.")
    def _():
        return late.lost_post_away(read=False)

    @bad("flow-6-slow-answer-apply-names-loser-apps", "apps", ["FLOW-6"],
         "Seen by apps: w-1's success reaches it 3 s after the client got the `apply`, which names w-2.")
    def _():
        c = late.slow_accept_answer()
        c.header["subject"] = ["backend"]  # the backend under test: the client showing the `apply` it got is not judged
        c.find("apply.R-1.in.client")["payload"] = s.apply_payload("w-2", 4.5, at=s.W2)
        return c

    @bad("flow-4-apply-before-late-race-lost-apps", "apps", ["FLOW-4"],
         "Seen by apps: the client gets an `apply` naming w-1, whose only WorkerAccept is answered race_lost 3 s later.")
    def _():
        return late.slow_accept_answer(answer="lost")

    @bad("offl-11-replay-unannounced-out-of-order-client", "client", ["OFFL-11"],
         "Replays recorded only as their requests (no `send` op): edit #8 goes before edit #6, ahead of it in the queue.")
    def _():
        c = late.replay_unannounced()
        six = [c.find("req.6"), c.find("resp.6")]
        eight = [c.find("req.8"), c.find("resp.8")]
        for a, b in zip(six, eight):
            a["ts"], b["ts"] = b["ts"], a["ts"]
        return c

    @bad("msg-4-early-new-kept-past-thousand-backend", "backend", ["MSG-4"],
         "The backend sends 1002 `new`s before answering their posts; the first, R-1's, has CatID 4 where the post said 9.")
    def _():
        return late.early_news(wrong=1)

    register_late_discard(bad)


def register_late_discard(bad) -> None:
    """A discard kept past retainMs (the tombstone's offerDiscarded, rebuilt when a late event about
    the request comes), and FLOW-15 from app events for a request with a winner (the close branch of
    TraceSession.endsUnexplained that asks whether the winner's app is recorded)."""

    @bad("disc-3-late-shown-after-close-worker", "worker", ["DISC-3"],
         "w-1 discards R-1 and relaunches; 90 s after w-2 and the client closed R-1, w-1 shows R-1's offer again.")
    def _():
        c = late.discarded_then_closed(read_after=None)
        c.remove("end")
        shown = c.header["closed"] + late.LATE
        c.add(shown, "w-1", "offer.shown", tag="w-1.shown.late", req="R-1")
        s.end(c, shown + 6000)
        return c

    @bad("disc-2-late-shown-after-close-worker", "worker", ["DISC-2"],
         "w-1 relaunches, then discards R-1; 90 s after R-1 was closed, w-1 (not relaunched since) shows its offer again.")
    def _():
        # The relaunch comes before the discard: DISC-2, not DISC-3, though R-1 is read back from its tombstone.
        c = late.discarded_then_closed(read_after=None)
        c.remove("end", "w-1.discarded", "w-1.removed.R-1")
        c.find("w-1.back")["discards"] = []
        got = c.find("w-1.received.again")["ts"]
        c.add(got + 50, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        c.add(got + 2000, "w-1", "offer.discarded", tag="w-1.discarded", req="R-1", stored=["R-1"])
        c.add(got + 2001, "w-1", "offer.removed", tag="w-1.removed.R-1", req="R-1", why="discarded")
        shown = c.header["closed"] + late.LATE
        c.add(shown, "w-1", "offer.shown", tag="w-1.shown.late", req="R-1")
        s.end(c, shown + 6000)
        return c

    @bad("disc-4-late-read-after-discard-worker", "worker", ["DISC-4"],
         "w-1 discards R-1; 90 s after R-1 was closed, it reads R-1's state from the backend.")
    def _():
        c = late.discarded_then_closed(read_after=None)
        c.remove("end")
        read = s.read_state(c, c.header["closed"] + late.LATE, "w-1", "R-1", "closed", worker="w-2", end="close.R-1.c.out",
                            tag="w-1.state.late")
        s.end(c, read + 6000)
        return c

    @bad("view-13-late-wip-again-worker", "worker", ["VIEW-13"],
         "R-1 is closed and w-1 goes home; 90 s later, never away meanwhile, it shows R-1's Work in Progress again.")
    def _():
        c = s.happy()
        c.remove("end")
        shown = c.find("close.R-1.w.in.w-1")["ts"] + late.LATE
        s.wip_view(c, shown, "w-1", "R-1", tag="w-1.wip.late")
        s.end(c, shown + 6000)
        return c

    @bad("view-14-late-offer-again-worker", "worker", ["VIEW-14"],
         "R-1 is cancelled at its timeout and w-1 removes its offer; 90 s later, never away meanwhile, it shows it again.")
    def _():
        c = s.timeout()
        c.remove("end")
        shown = c.find("cancel.R-1.w.in.w-1")["ts"] + late.LATE
        c.add(shown, "w-1", "offer.shown", tag="w-1.shown.late", req="R-1")
        s.end(c, shown + 6000)
        return c

    @bad("state-4-long-away-wip-back-worker", "worker", ["STATE-4"],
         "w-1, relaunched 2 minutes after the client cancelled R-1 (past retainMs), shows R-1's Work in Progress again.")
    def _():
        c = s.restart_after_cancel(back_after=late.LATE + 30_000)
        s.wip_view(c, c.header["back"] + 1, "w-1", "R-1", tag="w-1.wip.again")
        c.remove("w-1.home.again")
        return c

    @bad("state-4-long-away-offer-back-worker", "worker", ["STATE-4"],
         "After the timeout cancel reached w-1, it is relaunched 2 minutes later and shows the offer of R-1 again.")
    def _():
        c = s.timeout()
        c.remove("end")
        arrived = c.find("cancel.R-1.w.in.w-1")["ts"]
        back = arrived + late.LATE + 30_000
        c.add(arrived + 5000, "w-1", "app.terminated", tag="w-1.away")
        s.relaunch_worker(c, back)
        c.add(back + 500, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        s.end(c, back + 6000)
        return c

    @bad("rest-16-late-history-misses-backend", "backend", ["REST-16"],
         "Two minutes after R-1 was closed, past retainMs, the client's history read answers an empty list.")
    def _():
        c = s.happy()
        c.remove("end")
        t = c.find("close.R-1.c.out")["ts"] + late.LATE + 30_000
        read = c.rest(t, "client", "GET", "/api/requests?userId=c-1", reply=s.ok(requests=[]), tag="c.history.late")
        s.end(c, read + 5000)
        return c

    @bad("flow-11-late-accept-after-discard-worker", "worker", ["FLOW-11"],
         "w-1 discards R-1; 90 s after R-1 was closed it sends a WorkerAccept for it (answered request_closed).")
    def _():
        c = late.discarded_then_closed(read_after=None)
        c.remove("end")
        answered = fail_accept(c, c.header["closed"] + late.LATE, "w-1", "R-1", 410, "request_closed")
        s.end(c, answered + 6000)
        return c

    @bad("flow-15-unasked-close-won-apps", "apps", ["FLOW-15"],
         "Seen by apps: 30 s after w-1 won R-1, the client and w-1 receive a `close`; neither sent a close call.")
    def _():
        c, t = s.won_by_w1()
        # As `race_close_cancel`: only the backend is judged, the apps show no views for the end.
        c.header["subject"] = ["backend"]
        close = {"ReqID": "R-1", "outcome": "happy", "by": "worker"}
        c.emit(t + s.NET + s.PROC + s.PROC, "close", close, "c-1", ["client"], tag="close.R-1.c")
        c.emit(t + s.NET + s.PROC + s.PROC, "close", close, "w-1", ["w-1"], tag="close.R-1.w")
        s.end(c, t + 6000)
        return c
