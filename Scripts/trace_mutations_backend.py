"""The bad traces of the backend's MSG and REST rules (Scripts/generate_traces.py): one scenario and
one mutation each, tripping exactly the rule named. Python 3.11, standard library only."""

from __future__ import annotations

import trace_scenarios as s
from trace_scenarios import Capture, failure, ok


def payload(c: Capture, tag: str) -> dict:
    return c.find(tag)["payload"]


def bad_request(field: str, message: str) -> dict:
    return {"ok": False, "error": {"code": "bad_request", "message": message, "field": field}}


def with_profiles(c: Capture) -> Capture:
    c.header["profiles"] = {"w-1": s.W1, "w-2": s.W2}
    return c


def register_msg(bad) -> None:
    @bad("msg-1-new-in-other-namespace-backend", "backend", ["MSG-1"], "The backend sends R-1's `new` in namespace /jobs, not the configured /.")
    def _():
        c = s.happy()
        c.find("new.R-1.out")["nsp"] = "/jobs"
        return c

    @bad("msg-1-apply-in-other-namespace-backend", "backend", ["MSG-1"], "The backend sends R-1's `apply` in namespace /jobs.")
    def _():
        c = s.happy()
        c.find("apply.R-1.out")["nsp"] = "/jobs"
        return c

    @bad("msg-3-direct-new-to-channel-backend", "backend", ["MSG-3"], "A `new` for a request addressed to w-1 goes to the whole channel.")
    def _():
        c = s.direct()
        c.find("new.R-1.out")["to"] = "workers"
        return c

    @bad("msg-3-new-one-ms-late-backend", "backend", ["MSG-3"],
         "R-1's `new` leaves 2001 ms after the post's success: 1 ms past emitToleranceMs, both times the backend's.")
    def _():
        return s.backend_at_tolerance(2001, ("new",))

    @bad("msg-3-new-for-unposted-request-backend", "backend", ["MSG-3"],
         "Right after R-1's `new` the backend broadcasts a `new` for R-2, a request no client posted.")
    def _():
        c = s.happy()
        c.resend_for("new.R-1.out", "R-2", "new.R-2.out")
        return c

    @bad("msg-3-new-before-post-received-backend", "backend", ["MSG-3"],
         "The backend emits R-1's `new` 1 ms before it receives the post that creates R-1.")
    def _():
        c = s.happy()
        c.find("new.R-1.out")["ts"] = c.find("c.post.breq")["ts"] - 1
        return c

    @bad("msg-3-channel-new-missed-worker-apps", "apps", ["MSG-3"], "Seen from the apps: w-2 is running and never gets the channel `new` for R-1.")
    def _():
        c = s.happy()
        c.remove("new.R-1.in.w-2", "w-2.received.R-1", "w-2.decided.R-1")
        return c

    @bad("msg-4-no-catid-backend", "backend", ["MSG-4"], "R-1's `new` has no CatID.")
    def _():
        c = s.happy()
        del payload(c, "new.R-1.out")["CatID"]
        return c

    @bad("msg-4-lat-out-of-range-backend", "backend", ["MSG-4"], "R-1's `new` says lat 95.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["lat"] = 95
        return c

    @bad("msg-5-blocked-not-array-backend", "backend", ["MSG-5"], "R-1's BlockedXP is the string \"w-9\", not an array.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["BlockedXP"] = "w-9"
        return c

    @bad("msg-5-blocked-holds-null-backend", "backend", ["MSG-5"], "R-1's BlockedXP holds null.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["BlockedXP"] = [None]
        return c

    @bad("msg-5-blocked-null-backend", "backend", ["MSG-5"], "R-1's BlockedXP is null: a value of the wrong type, not an absent member.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["BlockedXP"] = None
        return c

    @bad("msg-6-delay-fraction-backend", "backend", ["MSG-6"], "R-1's Delay is 1.5 seconds.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["Delay"] = 1.5
        return c

    @bad("msg-6-delay-negative-backend", "backend", ["MSG-6"], "R-1's Delay is -5 seconds.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["Delay"] = -5
        return c

    @bad("msg-7-no-address-backend", "backend", ["MSG-7"], "R-1's `new` has no address.")
    def _():
        c = s.happy()
        del payload(c, "new.R-1.out")["address"]
        return c

    @bad("msg-7-description-not-posted-backend", "backend", ["MSG-7"], "R-1's `new` carries another description than the client posted.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["description"] = "Leaking bathroom tap"
        return c

    @bad("msg-7-createdat-not-iso-backend", "backend", ["MSG-7"], "R-1's createdAt is \"yesterday\".")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["createdAt"] = "yesterday"
        return c

    @bad("msg-8-channel-new-names-worker-backend", "backend", ["MSG-8"], "A channel `new` carries workerId w-1.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["workerId"] = "w-1"
        return c

    @bad("msg-8-direct-new-without-workerid-backend", "backend", ["MSG-8"], "The `new` of a request addressed to w-1 carries no workerId.")
    def _():
        c = s.direct()
        del payload(c, "new.R-1.out")["workerId"]
        return c

    @bad("msg-4-lat-not-posted-backend", "backend", ["MSG-4"], "R-1's `new` puts the job 0.0001 degrees north of where the client posted it.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["lat"] = c.find("c.post.breq")["body"]["lat"] + 0.0001
        return c

    @bad("msg-7-image-dropped-backend", "backend", ["MSG-7"], "The client posted R-1 with an image; its `new` leaves it out.")
    def _():
        c = s.happy(image="https://img.example.com/tap.png")
        del payload(c, "new.R-1.out")["image"]
        return c

    @bad("msg-8-channel-new-null-workerid-backend", "backend", ["MSG-8"], "A channel `new` carries \"workerId\": null, a member that is present, not absent.")
    def _():
        c = s.happy()
        payload(c, "new.R-1.out")["workerId"] = None
        return c

    @bad("msg-9-name-not-fixture-backend", "backend", ["MSG-9"], "R-1's `apply` names its winner w-1 \"Eva\", w-2's name; the worker fixture named w-1 \"Luis\".")
    def _():
        c = s.retake()
        payload(c, "apply.R-1.out")["workerName"] = "Eva"
        return c

    @bad("msg-9-name-not-own-profile-backend", "backend", ["MSG-9"],
         "No worker fixture: R-1's `apply` names w-1 \"Eva\", but the backend's own meProfile answer named w-1 \"Luis\".")
    def _():
        c = s.happy()
        payload(c, "apply.R-1.out")["workerName"] = "Eva"
        return c

    @bad("msg-9-name-not-own-profile-apps", "apps", ["MSG-9"],
         "Seen by apps: w-1's meProfile answer names it \"Lucho\", but the `apply` the client got names it \"Luis\".")
    def _():
        c = s.happy()
        c.find("w-1.me0.bresp")["body"]["name"] = "Lucho"
        return c

    @bad("msg-9-no-avatar-backend", "backend", ["MSG-9"], "R-1's `apply` has no workerAvatar.")
    def _():
        c = s.happy()
        del payload(c, "apply.R-1.out")["workerAvatar"]
        return c

    @bad("msg-9-rating-out-of-range-backend", "backend", ["MSG-9"], "R-1's `apply` says workerRating 7.")
    def _():
        c = s.happy()
        payload(c, "apply.R-1.out")["workerRating"] = 7
        return c

    @bad("msg-10-no-reason-backend", "backend", ["MSG-10"], "The `cancel` of R-1 has no reason.")
    def _():
        c = s.timeout()
        del payload(c, "cancel.R-1.c.out")["reason"]
        return c

    @bad("msg-10-wrong-reason-backend", "backend", ["MSG-10"], "The cancel call says timeout; the `cancel` says expired.")
    def _():
        c = s.timeout()
        payload(c, "cancel.R-1.c.out")["reason"] = "expired"
        return c

    @bad("msg-11-bad-outcome-backend", "backend", ["MSG-11"], "R-1's `close` says outcome \"fine\".")
    def _():
        c = s.happy()
        for tag in ("close.R-1.c.out", "close.R-1.w.out"):
            payload(c, tag)["outcome"] = "fine"
        return c

    @bad("msg-11-wrong-by-backend", "backend", ["MSG-11"], "The client closed R-1; the `close` says by worker.")
    def _():
        c = s.happy()
        for tag in ("close.R-1.c.out", "close.R-1.w.out"):
            payload(c, tag)["by"] = "worker"
        return c


    @bad("msg-14-ban-left-out-backend", "backend", ["MSG-14"], "The client fixture banned w-2; R-1's `new` leaves BlockedXP out.")
    def _():
        c = s.retake()
        del payload(c, "new.R-1.out")["BlockedXP"]
        return c


    @bad("elig-8-direct-left-out-backend", "backend", ["ELIG-8"],
         "With w-1's fixture set, getJobs for w-1 answers no jobs while R-1, addressed to w-1, is open.")
    def _():
        c = s.direct()
        s.hook(c, s.T0 - 1000, "PUT", "/api/workers/w-1", {"name": "Luis", "avatar": s.AVATAR, "rating": 4.5, "profile": s.W1},
               ok(workerId="w-1"), tag="fix.w-1")
        t = c.find("w-1.accept.req")["ts"] - 1500
        c.rest(t, "w-1", "GET", "/api/jobs?workerId=w-1", reply=ok(jobs=[]), tag="w-1.getjobs")
        return c


def register_rest_shapes(bad) -> None:
    @bad("rest-1-answer-not-object-backend", "backend", ["REST-1"], "The cancel is answered 200 with the string \"done\".")
    def _():
        c = s.timeout()
        c.find("c.cancel.bresp")["body"] = "done"
        return c

    @bad("rest-1-answer-as-html-backend", "backend", ["REST-1"], "The cancel's JSON answer is sent with content type text/html.")
    def _():
        c = s.timeout()
        c.find("c.cancel.bresp")["contentType"] = "text/html; charset=utf-8"
        return c

    @bad("rest-1-success-without-ok-backend", "backend", ["REST-1"], "w-1's winning WorkerAccept is answered 200 with its ReqID but no `ok`.")
    def _():
        c = s.race()
        del c.find("w-1.accept.bresp")["body"]["ok"]
        return c

    @bad("rest-7-failure-with-ok-true-backend", "backend", ["REST-7"], "w-2's race_lost answer has status 409 and \"ok\": true.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["body"] = {"ok": True, "error": {"code": "race_lost", "message": "Another worker took this job"}}
        return c

    @bad("rest-2-no-createdat-backend", "backend", ["REST-2"], "The post request's success has no createdAt.")
    def _():
        c = s.happy()
        del c.find("c.post.bresp")["body"]["createdAt"]
        return c

    @bad("rest-2-createdat-not-iso-backend", "backend", ["REST-2"], "The post request's success says createdAt \"now\".")
    def _():
        c = s.happy()
        c.find("c.post.bresp")["body"]["createdAt"] = "now"
        return c

    @bad("rest-3-no-reqid-backend", "backend", ["REST-3"], "w-1's successful WorkerAccept is answered without ReqID.")
    def _():
        c = s.happy()
        c.find("w-1.accept.bresp")["body"] = ok()
        return c

    @bad("rest-3-wrong-reqid-backend", "backend", ["REST-3"], "w-1's successful WorkerAccept for R-1 answers ReqID R-2.")
    def _():
        c = s.happy()
        c.find("w-1.accept.bresp")["body"] = ok(ReqID="R-2")
        return c

    @bad("rest-4-jobs-not-array-backend", "backend", ["REST-4"], "getJobs answers jobs as an object.")
    def _():
        c = s.getjobs()
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs={})
        return c

    @bad("rest-4-job-without-address-backend", "backend", ["REST-4"], "getJobs lists R-1 without its address.")
    def _():
        c = s.getjobs()
        job = dict(c.find("new.R-1.out")["payload"])
        del job["address"]
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=[job])
        return c

    @bad("rest-4-job-without-delay-backend", "backend", ["REST-4"],
         "getJobs lists R-1 without the Delay of 5 its `new` carried, so a worker would see it at once.")
    def _():
        c = s.getjobs()
        job = dict(c.find("new.R-1.out")["payload"])
        assert job["Delay"] > 0
        del job["Delay"]
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=[job])
        return c

    @bad("rest-4-job-without-bans-backend", "backend", ["REST-4"], "getJobs lists R-1 without the BlockedXP its `new` carried.")
    def _():
        c = s.getjobs()
        for sent in [c.find("new.R-1.out")] + c.find_all("new.R-1.in."):
            sent["payload"] = dict(sent["payload"], BlockedXP=["w-9"])
        job = dict(c.find("new.R-1.out")["payload"])
        del job["BlockedXP"]
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=[job])
        return c

    @bad("rest-4-job-description-differs-backend", "backend", ["REST-4"], "getJobs lists R-1 with a description cut short, not its `new`'s.")
    def _():
        c = s.getjobs()
        job = dict(c.find("new.R-1.out")["payload"])
        job["description"] = job["description"][:8] + "…"
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=[job])
        return c

    @bad("rest-4-job-delay-differs-backend", "backend", ["REST-4"], "getJobs lists R-1 with Delay 6; its `new` said 5.")
    def _():
        c = s.getjobs()
        job = dict(c.find("new.R-1.out")["payload"])
        assert job["Delay"] == 5
        job["Delay"] = 6
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=[job])
        return c

    @bad("rest-4-job-not-object-backend", "backend", ["REST-4"], "getJobs lists R-1 as the string \"R-1\", not a job object.")
    def _():
        c = s.getjobs()
        c.find("w-1.getjobs.bresp")["body"] = ok(jobs=["R-1"])
        return c

    @bad("rest-5-no-reqid-backend", "backend", ["REST-5"], "The cancel's success has no ReqID.")
    def _():
        c = s.timeout()
        c.find("c.cancel.bresp")["body"] = ok()
        return c

    @bad("rest-5-wrong-reqid-backend", "backend", ["REST-5"], "The cancel of R-1 answers ReqID R-9.")
    def _():
        c = s.timeout()
        c.find("c.cancel.bresp")["body"] = ok(ReqID="R-9")
        return c

    @bad("rest-6-no-reqid-backend", "backend", ["REST-6"], "The close's success has no ReqID.")
    def _():
        c = s.happy()
        c.find("c.close.bresp")["body"] = ok()
        return c

    @bad("rest-6-wrong-reqid-backend", "backend", ["REST-6"], "The close of R-1 answers ReqID R-9.")
    def _():
        c = s.happy()
        c.find("c.close.bresp")["body"] = ok(ReqID="R-9")
        return c

    @bad("rest-7-status-not-of-code-backend", "backend", ["REST-7"], "w-2's race_lost comes with status 400.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["status"] = 400
        return c

    @bad("rest-7-no-message-backend", "backend", ["REST-7"], "w-2's race_lost error has no message.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["body"] = {"ok": False, "error": {"code": "race_lost"}}
        return c


    @bad("rest-7-unknown-code-backend", "backend", ["REST-7"], "w-2's race_lost answer says code \"lost\", not a code of REST-7.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["body"] = failure("lost", "Another worker took this job")
        return c

    @bad("rest-7-error-not-object-backend", "backend", ["REST-7"], "w-2's race_lost answer gives error as the string \"race_lost\".")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["body"] = {"ok": False, "error": "race_lost"}
        return c

    @bad("rest-7-failure-without-ok-backend", "backend", ["REST-7"], "w-2's race_lost answer has its error but no `ok` member.")
    def _():
        c = s.race()
        del c.find("w-2.accept.bresp")["body"]["ok"]
        return c

    @bad("rest-7-failure-ok-as-string-backend", "backend", ["REST-7"], "w-2's race_lost answer says `\"ok\": \"false\"`, a string, not the boolean false.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp")["body"]["ok"] = "false"
        return c


def register_rest_codes(bad) -> None:
    @bad("rest-8-loser-gets-request-closed-backend", "backend", ["REST-8"], "w-2 loses the race but is told 410 request_closed.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp").update(status=410, body=failure("request_closed", "This request is closed"))
        return c

    @bad("rest-8-loser-gets-bad-request-backend", "backend", ["REST-8"], "w-2 loses the race but is told 400 bad_request for a well-formed body.")
    def _():
        c = s.race()
        c.find("w-2.accept.bresp").update(status=400, body=bad_request("workerId", "Bad worker"))
        return c

    @bad("rest-9-ineligible-gets-race-lost-backend", "backend", ["REST-9"], "w-2, outside CatID 9, accepts before anyone won and is told race_lost.")
    def _():
        c = s.getjobs()
        t = c.find("w-1.getjobs.req")["ts"] - 1000
        c.rest(t, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=409,
               reply=failure("race_lost", "Another worker took this job"), tag="w-2.accept")
        return c

    @bad("rest-9-ineligible-by-own-profile-gets-race-lost-backend", "backend", ["REST-9"],
         "No profiles in the header: w-2, whose meProfile answer gives category 4 only, accepts R-1 and is told race_lost.")
    def _():
        c = s.getjobs()
        del c.header["profiles"]
        t = c.find("w-1.getjobs.req")["ts"] - 1000
        c.rest(t, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=409,
               reply=failure("race_lost", "Another worker took this job"), tag="w-2.accept")
        return c

    @bad("rest-9-not-addressee-gets-not-found-backend", "backend", ["REST-9"], "w-2 accepts a request addressed to w-1 and is told not_found.")
    def _():
        c = with_profiles(s.direct())
        t = c.find("w-1.accept.req")["ts"] - 1000
        c.rest(t, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=404,
               reply=failure("not_found", "No such request"), tag="w-2.accept")
        return c

    @bad("rest-10-accept-after-cancel-gets-race-lost-backend", "backend", ["REST-10"], "w-1 accepts after the cancel and is told race_lost.")
    def _():
        c = s.timeout()
        t = c.find("c.cancel.bresp")["ts"] + 3000
        c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, status=409,
               reply=failure("race_lost", "Another worker took this job"), tag="w-1.accept.late")
        return c

    @bad("rest-10-close-after-close-gets-not-in-progress-backend", "backend", ["REST-10"], "A second close after R-1 closed is told not_in_progress.")
    def _():
        c = s.happy()
        t = c.find("c.close.bresp")["ts"] + 3000
        c.rest(t, "client", "POST", "/api/requests/R-1/close", {"outcome": "happy", "by": "client", "clientId": "c-1"}, status=409,
               reply=failure("not_in_progress", "Nobody works on it"), tag="c.close.again")
        return c

    @bad("rest-11-unknown-request-gets-race-lost-backend", "backend", ["REST-11"], "A WorkerAccept for the made-up R-404 is told race_lost.")
    def _():
        c = s.happy()
        c.header["unknown"] = {"requests": ["R-404"]}
        t = c.find("w-1.accept.req")["ts"] + 2000
        c.rest(t, "w-2", "POST", "/api/requests/R-404/accept", {"workerId": "w-2"}, status=409,
               reply=failure("race_lost", "Another worker took this job"), tag="w-2.accept.unknown")
        return c

    @bad("rest-11-unknown-worker-gets-jobs-backend", "backend", ["REST-11"], "getJobs for the made-up worker w-404 answers an empty list.")
    def _():
        c = s.getjobs()
        c.header["unknown"] = {"workers": ["w-404"]}
        t = c.find("w-1.getjobs.req")["ts"] + 100
        c.rest(t, "w-2", "GET", "/api/jobs?workerId=w-404", reply=ok(jobs=[]), tag="w-404.getjobs")
        return c

    @bad("rest-12-early-close-gets-request-closed-backend", "backend", ["REST-12"], "A close before anyone won R-1 is told request_closed.")
    def _():
        c = s.happy()
        t = c.find("c.waiting")["ts"] + 2000
        c.rest(t, "client", "POST", "/api/requests/R-1/close", {"outcome": "unhappy", "by": "client", "clientId": "c-1"}, status=410,
               reply=failure("request_closed", "This request is closed"), tag="c.close.early")
        return c

    @bad("rest-12-early-close-gets-race-lost-backend", "backend", ["REST-12"], "A close before anyone won R-1 is told race_lost.")
    def _():
        c = s.happy()
        t = c.find("c.waiting")["ts"] + 2000
        c.rest(t, "client", "POST", "/api/requests/R-1/close", {"outcome": "unhappy", "by": "client", "clientId": "c-1"}, status=409,
               reply=failure("race_lost", "Another worker took this job"), tag="c.close.early")
        return c

    @bad("rest-13-missing-field-gets-not-found-backend", "backend", ["REST-13"], "A post request without CatID is told not_found.")
    def _():
        c = s.happy()
        body = {"clientId": "c-1", "category": "Plumbing", "description": "Tap", "clientName": "Ana", "address": "Calle Mayor 1", **s.JOB}
        c.rest(c.find("c.waiting")["ts"] + 500, "client", "POST", "/api/requests", body, status=404,
               reply=failure("not_found", "No such client"), tag="c.post.bad")
        return c

    @bad("rest-13-wrong-field-named-backend", "backend", ["REST-13"], "A cancel with an empty reason is told bad_request naming `body`, not `reason`.")
    def _():
        c = s.happy()
        c.rest(c.find("c.waiting")["ts"] + 500, "client", "POST", "/api/requests/R-1/cancel", {"reason": "", "clientId": "c-1"}, status=400,
               reply=bad_request("body", "Bad body"), tag="c.cancel.bad")
        return c

    @bad("rest-14-malformed-accept-on-cancelled-backend", "backend", ["REST-14"], "A WorkerAccept without workerId after the cancel is told request_cancelled, not bad_request.")
    def _():
        c = s.timeout()
        t = c.find("c.cancel.bresp")["ts"] + 3000
        c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {}, status=410,
               reply=failure("request_cancelled", "This request was cancelled"), tag="w-1.accept.late")
        return c

    @bad("rest-14-close-on-cancelled-backend", "backend", ["REST-14"], "A close of the cancelled R-1 is told not_in_progress, not request_cancelled.")
    def _():
        c = s.timeout()
        t = c.find("c.cancel.bresp")["ts"] + 3000
        c.rest(t, "client", "POST", "/api/requests/R-1/close", {"outcome": "unhappy", "by": "client", "clientId": "c-1"}, status=409,
               reply=failure("not_in_progress", "Nobody works on it"), tag="c.close.late")
        return c


def register_backend(bad) -> None:
    register_msg(bad)
    register_rest_shapes(bad)
    register_rest_codes(bad)
    from trace_mutations_state import register_state
    register_state(bad)
