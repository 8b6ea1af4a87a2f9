"""The bad traces of the backend's records and reads (Scripts/generate_traces.py): state and history
reads (REST-15, REST-16), meProfile and position (REST-17, REST-18), the callers of cancel and close
(REST-19), the client's BlockedXP and Delay (MSG-14), identities (MSG-16) and ends nobody asked for
(FLOW-15); one scenario and one mutation each, tripping exactly the rule named.
Python 3.11, standard library only."""

from __future__ import annotations

import trace_scenarios as s
from trace_mutations import fail_accept
from trace_scenarios import Capture, ok


def answer(c: Capture, tag: str) -> dict:
    """The body of a REST answer; the app's and the backend's halves share it."""
    return c.find(f"{tag}.bresp")["body"]


def register_reads(bad) -> None:
    @bad("rest-15-won-read-as-open-backend", "backend", ["REST-15"], "Back from the background, the client reads R-1 as open though w-1 won it.")
    def _():
        c = s.retake()
        answer(c, "c.state")["request"].update(status="open", workerId=None, apply=None)
        return c

    @bad("rest-15-cancelled-read-forgets-winner-apps", "apps", ["REST-15"],
         "Seen by apps: w-1's accept won R-1 just before the timeout cancel, and the read says cancelled with no winner.")
    def _():
        return s.race_cancel_in_flight_read(winner=None)

    @bad("rest-15-apply-not-as-emitted-backend", "backend", ["REST-15"], "The state read's `apply` says workerRating 3, the emitted one 4.5.")
    def _():
        c = s.retake()
        state = answer(c, "c.state")["request"]
        state["apply"] = dict(state["apply"], workerRating=3.0)
        return c

    @bad("rest-15-new-not-as-emitted-apps", "apps", ["REST-15"], "Seen from the apps: the state read's `new` says Delay 0, the `new` received 5.")
    def _():
        c = s.retake()
        state = answer(c, "c.state")["request"]
        state["new"] = dict(state["new"], Delay=0)
        return c

    @bad("rest-15-status-unknown-backend", "backend", ["REST-15"], "The state read's `status` is \"done\", none of REST-15's: a wrong shape, as the schema says too.")
    def _():
        c = s.retake()
        answer(c, "c.state")["request"]["status"] = "done"
        return c

    @bad("rest-16-entry-without-client-backend", "backend", ["REST-16"], "The client's history lists R-1 without its clientId: a wrong shape, as the schema says too.")
    def _():
        c = s.retake()
        listed = {key: value for key, value in answer(c, "c.history")["requests"][0].items() if key != "clientId"}
        answer(c, "c.history")["requests"] = [listed]
        return c

    @bad("rest-16-won-request-missing-backend", "backend", ["REST-16"], "w-1's history is empty though it won R-1.")
    def _():
        c = s.retake()
        answer(c, "w-1.history")["requests"] = []
        return c

    @bad("rest-16-end-not-as-emitted-backend", "backend", ["REST-16"], "The client's history gives R-1's end as unhappy; the `close` said happy.")
    def _():
        c = s.retake()
        answer(c, "c.history")["requests"] = [dict(answer(c, "c.history")["requests"][0])]
        listed = answer(c, "c.history")["requests"][0]
        listed["end"] = dict(listed["end"], outcome="unhappy")
        return c

    @bad("rest-16-oldest-first-backend", "backend", ["REST-16"], "The client's history lists R-1 before a request created a minute later.")
    def _():
        c = s.retake()
        listed = answer(c, "c.history")["requests"][0]
        later = s.iso(s.T0 + 61_000)
        newer = dict(listed, ReqID="R-0", new=dict(listed["new"], ReqID="R-0", createdAt=later))
        answer(c, "c.history")["requests"] = [listed, newer]
        return c

    @bad("rest-17-categories-differ-backend", "backend", ["REST-17"], "w-1's meProfile lists category 12 only; the worker fixture set 9 and 12.")
    def _():
        c = s.retake()
        body = answer(c, "w-1.me")
        body["profile"] = dict(body["profile"], categories=["12"])
        return c

    @bad("rest-17-rating-differs-backend", "backend", ["REST-17"], "w-1's meProfile says rating 3; the worker fixture set 4.5.")
    def _():
        c = s.retake()
        answer(c, "w-1.me")["rating"] = 3.0
        return c

    @bad("rest-17-read-after-position-shows-old-backend", "backend", ["REST-17"],
         "After a read in flight with them, a meProfile read sent after the fixture and position answers shows the old position.")
    def _():
        c = s.profile_read_in_flight()
        answer(c, "w-1.me.after")["profile"] = s.W1
        return c

    @bad("rest-17-in-flight-read-shows-neither-backend", "backend", ["REST-17"],
         "w-1's meProfile read in flight with a fixture shows rating 3, which no version of its record had.")
    def _():
        c = s.profile_read_in_flight()
        answer(c, "w-1.me")["rating"] = 3.0
        return c

    @bad("rest-18-apply-at-old-position-backend", "backend", ["REST-18"], "w-1 reported a new position before winning; the `apply` carries the old one.")
    def _():
        c = s.retake()
        c.find("apply.R-1.out")["payload"].update(lat=s.W1["lat"], lng=s.W1["lng"])
        return c

    @bad("rest-18-position-refused-backend", "backend", ["REST-18"], "w-1's well-formed position report is refused with 403 not_eligible.")
    def _():
        c = s.retake()
        c.find("w-1.position.bresp").update(status=403, body=s.failure("not_eligible", "Not now"))
        return c


def register_records(bad) -> None:
    @bad("rest-19-cancel-by-other-client-backend", "backend", ["REST-19"], "A cancel of c-1's R-1 naming client c-2 is answered with success.")
    def _():
        c = s.timeout()
        c.find("c.cancel.breq")["body"]["clientId"] = "c-2"
        return c

    @bad("rest-19-close-by-other-client-backend", "backend", ["REST-19"], "A close of c-1's R-1 naming client c-9 is answered with success.")
    def _():
        c = s.happy()
        c.find("c.close.breq")["body"]["clientId"] = "c-9"
        return c

    @bad("msg-14-delay-differs-backend", "backend", ["MSG-14"], "The client fixture set Delay 5; R-1's `new` says 10.")
    def _():
        c = s.retake()
        c.find("new.R-1.out")["payload"]["Delay"] = 10
        return c

    @bad("msg-14-ban-missing-backend", "backend", ["MSG-14"], "The client fixture banned w-2; R-1's `new` has an empty BlockedXP.")
    def _():
        c = s.retake()
        c.find("new.R-1.out")["payload"]["BlockedXP"] = []
        return c

    @bad("elig-8-leaves-out-eligible-backend", "backend", ["ELIG-8"],
         "getJobs for w-1 while R-1 is open, eligible for w-1's record and past its Delay, answers no jobs.")
    def _():
        c = s.retake()
        t = c.find("w-2.getjobs.req")["ts"] + 2
        c.rest(t, "w-1", "GET", "/api/jobs?workerId=w-1", reply=s.ok(jobs=[]), tag="w-1.getjobs")
        return c

    @bad("elig-8-leaves-out-after-move-backend", "backend", ["ELIG-8"],
         "After w-1 reported its new position, still in reach of R-1, its getJobs answers no jobs.")
    def _():
        c = s.retake()
        t = c.find("w-1.position.resp")["ts"] + 300
        c.rest(t, "w-1", "GET", "/api/jobs?workerId=w-1", reply=s.ok(jobs=[]), tag="w-1.getjobs")
        return c

    @bad("msg-2-client-connects-as-worker-client", "client", ["MSG-2"], "The client app c-1 connects with the role worker.")
    def _():
        c = s.retake()
        c.find("conn.c-1.a")["auth"] = {"userId": "c-1", "role": "worker"}
        return c

    @bad("msg-2-worker-connects-as-another-worker", "worker", ["MSG-2"], "The worker app w-1 connects as w-2.")
    def _():
        c = s.retake()
        c.find("conn.w-1.a")["auth"] = {"userId": "w-2", "role": "worker"}
        return c

    @bad("msg-16-no-user-id-backend", "backend", ["MSG-16"], "The backend accepts a handshake whose auth has a role but no userId.")
    def _():
        c = s.retake()
        c.add(s.T0 + 500, "backend", "io.connected", tag="conn.anonymous", nsp="/", auth={"role": "client"})
        return c

    @bad("msg-16-fractional-user-id-backend", "backend", ["MSG-16"], "The backend accepts a handshake whose userId is 1.5, not an id.")
    def _():
        c = s.retake()
        c.add(s.T0 + 500, "backend", "io.connected", tag="conn.fraction", nsp="/", auth={"userId": 1.5, "role": "worker"})
        return c

    @bad("msg-16-unknown-role-apps", "apps", ["MSG-2", "MSG-16"], "Seen from the apps: a worker app connects claiming the role admin (MSG-2) and is accepted (MSG-16).")
    def _():
        c = s.retake()
        t = c.find("c.post.resp")["ts"] + 5000
        c.add(t, "worker", "io.connected", tag="conn.admin", id="a-1", nsp="/", auth={"userId": "a-1", "role": "admin"})
        return c

    @bad("flow-15-backend-cancels-at-timeout-backend", "backend", ["FLOW-15"], "Nobody sends a cancel for R-1; at the timeout the backend sends `cancel` itself.")
    def _():
        c = s.timeout()
        c.remove_prefix("c.cancel")
        return c

    @bad("flow-15-close-for-unknown-request-backend", "backend", ["FLOW-15"],
         "Beside R-1's closes the backend sends c-1 a `close` for R-7, a request nobody posted or closed.")
    def _():
        c = s.happy()
        c.resend_for("close.R-1.c.out", "R-7", "close.R-7.c.out")
        return c

    @bad("flow-15-read-as-cancelled-backend", "backend", ["FLOW-15"], "A state read of the open R-1 says cancelled; nobody cancelled it.")
    def _():
        c = s.happy()
        t = c.find("w-1.shown.R-1")["ts"]
        state = dict(s.state_of(c, "R-1", "cancelled"), end={"ReqID": "R-1", "reason": "expired"})
        c.rest(t, "w-2", "GET", "/api/requests/R-1", reply=ok(request=state), tag="w-2.state")
        return c

    @bad("flow-15-accept-answered-cancelled-apps", "apps", ["FLOW-15"], "Seen from the apps: w-1 accepts R-1 before the timeout and is told request_cancelled.")
    def _():
        c = s.timeout()
        fail_accept(c, c.header["deadline"] - 60_000, "w-1", "R-1", 410, "request_cancelled")
        return c


def register_state(bad) -> None:
    register_reads(bad)
    register_records(bad)
    register_more_branches_state(bad)


def register_more_branches_state(bad) -> None:
    """Branches of MSG-8 (a `new` sent before its post's success) and TIME-10 (lines written out of
    time order) that the other bad traces do not go through (Scripts/report_site_coverage.py)."""

    @bad("msg-8-early-channel-new-names-worker-backend", "backend", ["MSG-8"],
         "The channel `new` for R-1, sent 1 ms before the post's success, carries workerId w-1.")
    def _():
        c = s.happy()
        new = c.find("new.R-1.out")
        new["ts"] = c.find("c.post.bresp")["ts"] - 1
        new["payload"]["workerId"] = "w-1"
        return c

    @bad("msg-8-early-direct-new-without-workerid-backend", "backend", ["MSG-8"],
         "The `new` for R-1 to w-1's room, sent 1 ms before the post's success, carries no workerId.")
    def _():
        c = s.direct()
        new = c.find("new.R-1.out")
        new["ts"] = c.find("c.post.bresp")["ts"] - 1
        del new["payload"]["workerId"]
        return c

    @bad("time-10-close-received-before-sent-all", "all", ["TIME-10"],
         "The backend's line for the client's close, written after the client's, says it came 800 ms before it was sent.")
    def _():
        c = s.happy()
        c.keep_line_order()
        c.find("c.close.breq")["ts"] = c.find("c.close.req")["ts"] - 800
        return c

    @bad("time-10-answer-arrives-before-sent-all", "all", ["TIME-10"],
         "w-2's app, in a line after the backend's, gets its launch getJobs answer 800 ms before the backend sent it.")
    def _():
        c = s.happy()
        c.keep_line_order()
        c.find("w-2.jobs0.bresp")["ts"] = c.find("w-2.jobs0.resp")["ts"] + 800
        return c
