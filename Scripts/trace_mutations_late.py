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

    @bad("rest-11-forgotten-before-a-day-backend", "backend", ["REST-11", "REST-16"],
         "A minute short of a day after R-1 was closed, its state read is not_found and the history leaves it out.")
    def _():
        c = late.forgotten_after_a_day(late.DAY - 60_000)
        # Kept whole for two days: a history read is judged missing only requests not yet reduced
        # to tombstones (Docs/TRACE.md, "Memory and retention").
        c.header["retainMs"] = 2 * late.DAY
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
