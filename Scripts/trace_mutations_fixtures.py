"""The bad traces of the test fixtures a backend offers (FIX-1 ... FIX-5) and of the caller's id an
app sends with a cancel or close (REST-20), for Scripts/generate_traces.py; one scenario and one
mutation each, tripping exactly the rule named. Python 3.11, standard library only."""

from __future__ import annotations

import trace_late_scenarios as late
import trace_scenarios as s
from trace_task_scenarios import answer, tasks


def register_fixtures(bad) -> None:
    @bad("fix-1-worker-id-differs-backend", "backend", ["FIX-1"], "The worker fixture for w-1 answers success naming w-2.")
    def _():
        c = s.retake()
        answer(c, "fix.w-1")["workerId"] = "w-2"
        return c

    @bad("fix-1-worker-id-missing-backend", "backend", ["FIX-1"], "The worker fixture for w-1 answers success with no workerId.")
    def _():
        c = s.retake()
        del answer(c, "fix.w-1")["workerId"]
        return c

    @bad("fix-1-other-workers-record-taken-backend", "backend", ["FIX-1"],
         "The worker fixture for w-1 carries a profile whose userID is w-9, and the backend takes it instead of a bad_request.")
    def _():
        c = s.retake()
        request = c.find("fix.w-1.breq")
        request["body"] = dict(request["body"], profile=dict(request["body"]["profile"], userID="w-9"))
        return c

    @bad("fix-2-malformed-delay-taken-backend", "backend", ["FIX-2"],
         "The client fixture for c-1 carries Delay -1, no whole number of seconds, and the backend takes it.")
    def _():
        c = s.retake()
        request = c.find("fix.c-1.breq")
        request["body"] = dict(request["body"], Delay=-1)
        return c

    @bad("fix-2-client-id-differs-backend", "backend", ["FIX-2"], "The client fixture for c-1 answers success naming c-2.")
    def _():
        c = s.retake()
        answer(c, "fix.c-1")["clientId"] = "c-2"
        return c

    @bad("fix-2-client-id-not-an-id-backend", "backend", ["FIX-2"], "The client fixture for c-1 answers success with clientId true.")
    def _():
        c = s.retake()
        answer(c, "fix.c-1")["clientId"] = True
        return c

    @bad("fix-3-timeout-missing-backend", "backend", ["FIX-3"], "The settings answer announces no timeoutMs.")
    def _():
        c = tasks()
        del answer(c, "settings")["timeoutMs"]
        return c

    @bad("fix-3-timeout-negative-client", "client", ["FIX-3"], "Seen from the app: the settings answer announces timeoutMs -1.")
    def _():
        c = tasks()
        answer(c, "settings")["timeoutMs"] = -1
        return c

    @bad("fix-4-clock-did-not-move-backend", "backend", ["FIX-4"],
         "Asked to move its clock 60 s forward, the backend answers a now 60 s short of that: its clock did not move.")
    def _():
        c = s.retake()
        c.find("fix.clock1.breq")["body"] = {"advanceMs": 60_000}
        return c

    @bad("fix-4-clock-went-back-backend", "backend", ["FIX-4"],
         "The backend's clock reads an hour ahead, then, asked to move 0 ms, reads 5 s earlier than that.")
    def _():
        c = s.retake()
        answer(c, "fix.clock0")["now"] = s.T0 + 3_600_000
        answer(c, "fix.clock1")["now"] = s.T0 + 3_595_000
        return c

    @bad("fix-4-clock-now-not-number-backend", "backend", ["FIX-4"], "The clock fixture answers now as an ISO 8601 string, not ms.")
    def _():
        c = s.retake()
        answer(c, "fix.clock1")["now"] = s.iso(s.T0 - 4000)
        return c

    @bad("fix-5-session-ttl-not-number-backend", "backend", ["FIX-5"], "The settings answer announces sessionTtlMs as the string \"1 day\".")
    def _():
        c = tasks()
        answer(c, "settings")["sessionTtlMs"] = "1 day"
        return c

    @bad("fix-5-cutoff-negative-backend", "backend", ["FIX-5"], "The settings answer announces taskCancelCutoffMs -1.")
    def _():
        c = tasks()
        answer(c, "settings")["taskCancelCutoffMs"] = -1
        return c

    @bad("fix-1-answer-not-object-backend", "backend", ["FIX-1"], "The worker fixture for w-1 answers 200 with the plain string \"OK\", no JSON object.")
    def _():
        c = s.retake()
        c.find("fix.w-1.bresp")["body"] = "OK"
        return c

    @bad("fix-3-answer-not-object-backend", "backend", ["FIX-3"], "The settings call is answered 200 with an array, not an object announcing timeoutMs.")
    def _():
        c = tasks()
        for tag in ("settings.bresp", "settings.resp"):
            c.find(tag)["body"] = [600_000]
        return c

    @bad("fix-4-answer-not-object-backend", "backend", ["FIX-4"], "The clock fixture answers 200 with the bare number of its time, not {\"ok\": true, \"now\"}.")
    def _():
        c = s.retake()
        c.find("fix.clock1.bresp")["body"] = s.T0 - 4000
        return c

    @bad("rest-1-task-answer-as-html-backend", "backend", ["REST-1"], "The task read's JSON answer is sent with content type text/html.")
    def _():
        c = tasks()
        c.find("read.T-1.bresp")["contentType"] = "text/html; charset=utf-8"
        return c


def register_caller_ids(bad) -> None:
    @bad("rest-20-cancel-without-client-id-client", "client", ["REST-20"], "The client cancels R-1 without its clientId.")
    def _():
        c = s.cancel_after_win()
        del c.find("c.cancel.req")["body"]["clientId"]
        return c

    @bad("rest-20-close-without-client-id-client", "client", ["REST-20"], "The client closes R-1 with `by` client and no clientId.")
    def _():
        c = s.happy()
        del c.find("c.close.req")["body"]["clientId"]
        return c

    @bad("rest-20-close-without-worker-id-all", "all", ["REST-20"], "Back late, w-1 closes R-1 with `by` worker and no workerId.")
    def _():
        c = late.late_worker_close()
        del c.find("w-1.close.req")["body"]["workerId"]
        return c
