"""The bad traces of retaking state and connections (STATE-1 ... STATE-4, STATE-6 ... STATE-11), of a
worker's intake of `new` (MSG-12, MSG-13) and of its meProfile reads (ELIG-12) for Scripts/generate_traces.py; one scenario and one mutation
each, tripping exactly the rule named.
Python 3.11, standard library only."""

from __future__ import annotations

import trace_scenarios as s
from trace_scenarios import Capture, ok


def home_instead(c: Capture, tag: str) -> None:
    """The view of event `tag` becomes the home view, about no request."""
    event = c.find(tag)
    event.update(view="home")
    del event["req"], event["elements"]


def refused(field: str) -> Capture:
    """w-2 refuses the `new` carrying unknown members, naming `field`, and never shows it."""
    c = s.unknown_fields()
    decided = c.find("w-2.decided.R-1")
    for key in ("eligible", "failed", "distanceKm", "showAt"):
        del decided[key]
    decided["invalid"] = {"field": field}
    c.remove("w-2.delay.R-1", "w-2.fired.R-1", "w-2.shown.R-1")
    return c


def register_catch_up(bad) -> None:
    """STATE-5 (SHOULD): getJobs after each launch and each return."""

    @bad("state-5-no-getjobs-after-restart-worker", "worker", ["STATE-5"], "w-1 is relaunched during R-1's Delay and does not call getJobs (a SHOULD).")
    def _():
        c = s.worker_restart("restart")
        c.remove_prefix("w-1.jobs.back")
        return c

    @bad("state-5-no-getjobs-at-launch-worker", "worker", ["STATE-5"], "w-2 launches and never calls getJobs (a SHOULD).")
    def _():
        c = s.happy()
        c.remove_prefix("w-2.jobs0")
        return c


def register_retake(bad) -> None:
    register_catch_up(bad)
    register_views(bad)
    register_reads(bad)
    register_connections(bad)
    register_offers(bad)
    register_profile_reads(bad)
    register_backend_reads(bad)
    register_backend_read_values(bad)


def register_views(bad) -> None:
    @bad("state-1-no-waiting-after-restart-client", "client", ["STATE-1"], "Relaunched while R-1 waits, the client reads it but never shows its waiting view.")
    def _():
        c = s.client_restart("restart")
        c.remove("c.waiting.again")
        return c

    @bad("state-1-home-after-background-client", "client", ["STATE-1"], "Back from the background before the deadline, the client shows home instead of R-1's waiting view.")
    def _():
        c = s.client_restart("early")
        home_instead(c, "c.waiting.again")
        return c

    @bad("state-2-client-wip-not-again-all", "all", ["STATE-2"], "Back from the background with R-1 in Work in Progress, the client shows no view of it.")
    def _():
        c = s.retake()
        c.remove("c.wip.again")
        return c

    @bad("state-2-worker-waiting-not-wip-worker", "worker", ["STATE-2"], "w-1, relaunched in Work in Progress, shows home instead.")
    def _():
        c = s.worker_wip_restart()
        home_instead(c, "w-1.wip.again")
        return c

    @bad("state-3-post-repeated-client", "client", ["STATE-3"], "Relaunched, the client sends its answered post request again.")
    def _():
        c = s.client_restart("restart")
        post = c.find("c.post.req")
        back = c.header["back"]
        c.add(back + 5, "client", "http.request", tag="c.post.again", xid="x-99", method="POST", path="/api/requests", body=post["body"])
        return c

    @bad("state-3-accept-repeated-worker", "worker", ["STATE-3"], "Relaunched in Work in Progress, w-1 sends its answered WorkerAccept again.")
    def _():
        c = s.worker_wip_restart()
        back = c.header["back"]
        c.add(back + 10, "w-1", "http.request", tag="w-1.accept.again", xid="x-99", method="POST", path="/api/requests/R-1/accept",
              body={"workerId": "w-1"})
        return c

    @bad("state-4-cancelled-wip-back-worker", "worker", ["STATE-4"], "Relaunched after the client cancelled R-1, w-1 shows R-1's Work in Progress again.")
    def _():
        c = s.restart_after_cancel()
        s.wip_view(c, c.header["back"] + 1, "w-1", "R-1", tag="w-1.wip.again")
        c.remove("w-1.home.again")
        return c

    @bad("state-4-cancelled-offer-back-worker", "worker", ["STATE-4"], "After the timeout cancel reached w-1, it is relaunched and shows the offer of R-1 again.")
    def _():
        c = s.timeout()
        c.remove("end")
        arrived = c.find("cancel.R-1.w.in.w-1")["ts"]
        c.add(arrived + 5000, "w-1", "app.terminated", tag="w-1.away")
        s.relaunch_worker(c, arrived + 10_000)
        c.add(arrived + 10_002, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        s.end(c, arrived + 15_000)
        return c


def register_reads(bad) -> None:
    @bad("state-6-no-read-after-restart-client", "client", ["STATE-6"], "Relaunched while R-1 waits, the client never reads R-1's state.")
    def _():
        c = s.client_restart("restart")
        c.remove_prefix("c.state.")
        return c

    @bad("state-6-no-read-after-reconnect-client", "client", ["STATE-6"], "The client reconnects after a drop while R-1 waits but never reads R-1's state.")
    def _():
        c = s.reconnect()
        c.remove_prefix("c.state.")
        return c

    @bad("state-6-worker-no-read-worker", "worker", ["STATE-6"], "w-1, relaunched in Work in Progress, never reads R-1's state.")
    def _():
        c = s.worker_wip_restart()
        c.remove_prefix("w-1.state.")
        return c

    @bad("state-7-read-ignored-client", "client", ["STATE-7"], "The client reads R-1 in progress after missing its apply, yet stays in the waiting view.")
    def _():
        c = s.client_missed_apply()
        c.remove("c.wip", "c.applyalert")
        return c

    @bad("state-7-timeout-after-read-client", "client", ["STATE-7"], "After reading R-1 in progress, the client still sends a timeout cancel for it.")
    def _():
        c = s.client_missed_apply()
        got = c.find("c.state.resp")["ts"]
        c.add(got + 1000, "client", "http.request", tag="c.cancel.req", xid="x-99", method="POST", path="/api/requests/R-1/cancel",
              body={"reason": "timeout", "clientId": "c-1"})
        c.add(got + 1001, "client", "alert.shown", tag="c.timeoutalert", alert="timeout", result="failure", req="R-1",
              elements={"title": "No worker yet", "text": "Nobody could take it this time. Try again soon.",
                        "image": "https://img.example.com/clock.png", "ok": True})
        return c

    @bad("alert-4-no-apply-alert-after-read-client", "client", ["ALERT-4", "ALERT-6"],
         "The client reads R-1 in progress after missing its apply and enters Work in Progress with no apply alert.")
    def _():
        c = s.client_missed_apply()
        c.remove("c.applyalert")
        return c

    @bad("alert-6-rating-not-the-read-apply-client", "client", ["ALERT-6"],
         "After reading R-1 in progress, the client's apply alert shows a rating the read's apply does not carry.")
    def _():
        c = s.client_missed_apply()
        c.find("c.applyalert")["elements"]["rating"] = 3.5
        return c

    @bad("view-5-rating-not-the-read-apply-client", "client", ["VIEW-5"],
         "After reading R-1 in progress, the client's Work in Progress view shows a rating the read's apply does not carry.")
    def _():
        c = s.client_missed_apply()
        c.find("c.wip")["elements"]["rating"] = 3.5
        return c

    @bad("state-7-ended-read-stays-worker", "worker", ["STATE-7"], "Relaunched in Work in Progress, w-1 reads R-1 closed but stays in its Work in Progress view.")
    def _():
        c = s.worker_wip_restart()
        # The read says the client closed R-1 while w-1 was away; the backend's side is not judged.
        close = {"ReqID": "R-1", "outcome": "happy", "by": "client"}
        c.find("w-1.state.resp")["body"]["request"].update(status="closed", end=close)
        c.header["subject"] = ["worker"]
        return c

    @bad("state-10-no-read-worker", "worker", ["STATE-10"], "w-1's WorkerAccept answer is lost and it never reads R-1's state.")
    def _():
        c = s.lost_accept_won()
        c.remove_prefix("w-1.state.")
        c.remove("w-1.wip", "w-1.success")
        return c

    @bad("state-10-won-read-no-wip-all", "all", ["STATE-10"], "w-1 reads R-1 won after its WorkerAccept answer was lost, yet never enters Work in Progress.")
    def _():
        c = s.lost_accept_won()
        c.remove("w-1.wip", "w-1.success")
        return c

    @bad("alert-5-no-success-alert-after-read-all", "all", ["ALERT-5", "ALERT-8"],
         "w-1 reads that it won R-1 after its WorkerAccept answer was lost and enters Work in Progress with no success alert.")
    def _():
        c = s.lost_accept_won()
        c.remove("w-1.success")
        return c

    @bad("state-11-no-history-read-client", "client", ["STATE-11"], "The client's post answer is lost and it never reads its requests.")
    def _():
        c = s.lost_post()
        c.remove_prefix("c.history."); c.remove_prefix("c.cancel."); c.remove_prefix("cancel.R-1.")
        return c

    @bad("state-11-lost-not-cancelled-client", "client", ["STATE-11"], "The client's history read lists its open R-1, which it never got, and it cancels it with another reason.")
    def _():
        c = s.lost_post()
        c.find("c.cancel.req")["body"]["reason"] = "no-longer-needed"
        c.find("c.cancel.breq")["body"]["reason"] = "no-longer-needed"
        c.find("cancel.R-1.c.out")["payload"]["reason"] = "no-longer-needed"
        c.find("cancel.R-1.c.in.client")["payload"]["reason"] = "no-longer-needed"
        return c


def register_connections(bad) -> None:
    @bad("state-8-no-connection-apps", "apps", ["STATE-8"], "The workers record their connections; the client never connects while R-1 waits.")
    def _():
        c = s.retake()
        c.remove("conn.c-1.a")
        return c

    @bad("state-8-socket-let-go-client", "client", ["STATE-8"], "While R-1 waits, the client closes its own socket and connects again only 30 s later.")
    def _():
        c = s.reconnect()
        c.find("c.drop")["reason"] = "client"
        c.remove("c.attempt.1")
        return c

    @bad("state-9-first-attempt-late-client", "client", ["STATE-9"], "After the drop, the client's first attempt to connect comes 16 s later.")
    def _():
        c = s.reconnect(first=16_000)
        return c

    @bad("state-9-attempts-too-far-apart-client", "client", ["STATE-9"], "After a refused attempt the client waits 46 s before the next.")
    def _():
        c = s.reconnect(first=2000, second=48_100)
        return c


def register_offers(bad) -> None:
    @bad("msg-12-unknown-member-refused-worker", "worker", ["MSG-12"], "w-2 refuses R-1's `new`, naming its unknown member `tip`.")
    def _():
        return refused("tip")

    @bad("msg-12-refused-other-field-all", "all", ["MSG-12"], "w-2 refuses R-1's `new`, whose only oddity is its unknown members, naming `CatID`.")
    def _():
        return refused("CatID")

    @bad("msg-13-no-description-shown-worker", "worker", ["MSG-13"], "w-1 shows R-1 although its `new` has no description (MSG-7).")
    def _():
        c = s.happy(decisions=False)
        for event in c.find_all("new.R-1.") + [c.find("w-1.received.R-1"), c.find("w-2.received.R-1")]:
            payload = event.get("payload") or event.get("offer")
            payload.pop("description", None)
        c.header["subject"] = ["worker"]
        return c

    @bad("msg-13-bad-created-at-worker", "worker", ["MSG-13"], "w-1 shows R-1 although its `new` has createdAt \"yesterday\" (MSG-7).")
    def _():
        c = s.happy(decisions=False, new_overrides={"createdAt": "yesterday"})
        c.header["subject"] = ["worker"]
        return c


def register_profile_reads(bad) -> None:
    @bad("elig-12-no-read-after-relaunch-worker", "worker", ["ELIG-12"], "w-1 is relaunched during a Delay and never reads its meProfile.")
    def _():
        c = s.worker_restart("restart")
        c.remove_prefix("w-1.me.")
        return c

    @bad("elig-12-answer-not-used-worker", "worker", ["ELIG-12"], "w-1's meProfile answer says maxKms 30; it keeps judging with its own 50.")
    def _():
        c = s.retake()
        c.find("w-1.me.resp")["body"]["profile"] = dict(s.W1, maxKms=30)
        c.header["subject"] = ["worker"]
        return c


    @bad("elig-12-decides-with-stale-profile-worker", "worker", ["ELIG-12"],
         "w-1's meProfile answer lists only category 12; writing no profile.updated, w-1 decides R-1 (CatID 9) eligible.")
    def _():
        c = s.happy()
        c.find("w-1.me0.resp")["body"]["profile"] = dict(s.W1, categories=["12"])
        c.header["subject"] = ["worker"]
        return c


def register_backend_reads(bad) -> None:
    """What the backend answers a worker's or client's reads (REST-15, REST-17, ELIG-8), and the
    worker's intake and Work Information (MSG-12, VIEW-10) these reads feed."""

    @bad("rest-15-read-without-request-backend", "backend", ["REST-15"], "Back from the background, the client's state read of R-1 answers success with no `request`.")
    def _():
        c = s.retake()
        del c.find("c.state.bresp")["body"]["request"]
        return c

    @bad("rest-17-profile-without-rating-backend", "backend", ["REST-17"], "w-1's meProfile answer has no `rating` member; a worker with no rating has null.")
    def _():
        c = s.retake()
        body = dict(c.find("w-1.me.bresp")["body"])
        del body["rating"]
        c.find("w-1.me.bresp")["body"] = body
        return c

    @bad("elig-8-lists-direct-for-other-backend", "backend", ["ELIG-8"], "getJobs for w-2 lists R-1, a direct request for w-1.")
    def _():
        c = s.direct()
        payload = c.find("new.R-1.out")["payload"]
        t = c.find("w-1.shown.R-1")["ts"] + 1000
        c.rest(t, "w-2", "GET", "/api/jobs?workerId=w-2", reply=ok(jobs=[payload]), tag="w-2.getjobs")
        return c

    @bad("msg-12-unknown-new-not-taken-in-worker", "worker", ["MSG-12"], "w-2 records its offers, yet takes no offer.received for R-2, whose `new` carries the unknown `tip`.")
    def _():
        c = s.happy()
        c.remove("end")
        new = dict(c.find("new.R-1.out")["payload"], ReqID="R-2", tip=5)
        t = c.find("c.home.after")["ts"] + 1000
        c.add(t, "w-2", "io.in", tag="new.R-2.in.w-2", event="new", payload=new)
        s.end(c, t + 5000)
        return c

    @bad("view-10-other-image-worker", "worker", ["VIEW-10"], "The `new` carried tap.jpg; w-1's Work Information alert shows another image.")
    def _():
        c = s.happy(image="https://img.example.com/tap.jpg")
        c.find("w-1.workinfo")["elements"]["image"] = "https://img.example.com/sink.jpg"
        return c


def register_backend_read_values(bad) -> None:
    """What the backend's state, history and meProfile answers get wrong against the trace or the
    contract (REST-15, REST-16, REST-17), each in a member no other bad trace reaches."""

    def body(c: Capture, tag: str) -> dict:
        return c.find(f"{tag}.bresp")["body"]

    def state_read(c: Capture, **changes) -> None:
        answered = body(c, "c.state")
        answered["request"] = dict(answered["request"], **changes)

    def profile_read(c: Capture, **changes) -> None:
        answered = body(c, "w-1.me")
        answered["profile"] = dict(answered["profile"], **changes)

    @bad("rest-15-other-client-backend", "backend", ["REST-15"], "The client's state read of R-1 gives clientId c-9; c-1 posted R-1.")
    def _():
        c = s.retake()
        state_read(c, clientId="c-9")
        return c

    @bad("rest-15-other-winner-backend", "backend", ["REST-15"], "The client's state read gives R-1 in progress with workerId w-2; w-1 won it.")
    def _():
        c = s.retake()
        state_read(c, workerId="w-2")
        return c

    @bad("rest-16-created-at-not-date-backend", "backend", ["REST-16"], "The client's history also lists R-0, unknown to the trace, whose `new` has createdAt \"yesterday\".")
    def _():
        c = s.retake()
        listed = body(c, "c.history")["requests"][0]
        other = dict(listed, ReqID="R-0", new=dict(listed["new"], ReqID="R-0", createdAt="yesterday"))
        body(c, "c.history")["requests"] = [listed, other]
        return c

    @bad("rest-16-lists-other-request-backend", "backend", ["REST-16"], "w-2's history lists R-1, which c-1 posted and w-1 won; w-2 never accepted it.")
    def _():
        c = s.retake()
        c.remove("end")
        closed = body(c, "c.history")["requests"][0]
        t = c.find("w-1.history.bresp")["ts"] + 100
        c.rest(t, "w-2", "GET", "/api/requests?userId=w-2", reply=ok(requests=[closed]), tag="w-2.history")
        s.end(c, t + 5000)
        return c

    @bad("rest-17-other-user-id-backend", "backend", ["REST-17"], "w-1's meProfile answer gives profile.userID w-2, not the w-1 of its path.")
    def _():
        c = s.retake()
        profile_read(c, userID="w-2")
        return c

    @bad("rest-17-categories-not-ids-backend", "backend", ["REST-17"], "w-1's meProfile answer gives profile.categories as the string \"9,12\", not an array of ids.")
    def _():
        c = s.retake()
        profile_read(c, categories="9,12")
        return c

    @bad("rest-17-rating-out-of-range-backend", "backend", ["REST-17"], "w-1's meProfile answer gives rating 7, beyond REST-17's 0 to 5.")
    def _():
        c = s.retake()
        body(c, "w-1.me")["rating"] = 7
        return c

    @bad("rest-17-expert-active-differs-backend", "backend", ["REST-17"], "w-1's meProfile says expertActive false; the worker fixture set true.")
    def _():
        c = s.retake()
        profile_read(c, expertActive=False)
        return c

    @bad("rest-17-expert-source-differs-backend", "backend", ["REST-17"], "w-1's meProfile says expertSource P-8; the worker fixture set P-7.")
    def _():
        c = s.retake()
        profile_read(c, expertSource="P-8")
        return c
