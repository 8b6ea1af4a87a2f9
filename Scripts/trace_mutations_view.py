"""The bad traces of the views (VIEW-1 ... VIEW-15 but VIEW-4 and VIEW-7) and of the alerts that
must appear (ALERT-2's early Work in Progress, ALERT-3 alone, ALERT-4 ... ALERT-9 when missing,
ALERT-11, ALERT-12), for Scripts/generate_traces.py: one scenario and one mutation each, tripping
exactly the rules named. Python 3.11, standard library only."""

from __future__ import annotations

import trace_scenarios as s
from trace_scenarios import Capture

W2_AT = {"lat": s.W2_ELIGIBLE["lat"], "lng": s.W2_ELIGIBLE["lng"]}


def at(c: Capture, tag: str) -> int:
    return c.find(tag)["ts"]


def register_view(bad) -> None:
    register_waiting_and_progress(bad)
    register_contents(bad)
    register_work_information(bad)
    register_endings(bad)
    register_alerts(bad)


# ---- VIEW-1, VIEW-2, VIEW-3 ---------------------------------------------------------------------

def register_waiting_and_progress(bad) -> None:
    @bad("view-1-no-waiting-view-client", "client", ["VIEW-1"], "After its post succeeds the client never shows the waiting view.")
    def _():
        c = s.happy()
        c.remove("c.waiting")
        return c

    @bad("view-1-counter-in-minutes-client", "client", ["VIEW-1"], "The waiting view's counter says 10 (minutes) where 600 seconds are left.")
    def _():
        c = s.happy()
        c.find("c.waiting")["elements"]["counter"] = 10
        return c

    @bad("view-1-left-waiting-early-client", "client", ["VIEW-1"], "The client goes home while R-1 still waits, before any `apply`.")
    def _():
        c = s.happy()
        c.add(at(c, "c.waiting") + 5000, "client", "view.shown", tag="c.home.early", view="home")
        return c

    @bad("view-2-no-wip-on-apply-client", "client", ["VIEW-2"], "The `apply` arrives and the client stays on the waiting view, with no alert either.")
    def _():
        c = s.happy()
        c.remove("c.wip", "c.applyalert", "c.applyalert.ok", "c.applyalert.dismissed")
        return c

    @bad("view-2-wip-before-apply-client", "client", ["VIEW-2"], "The client shows Work in Progress half a second before the `apply` arrives.")
    def _():
        c = s.happy()
        c.find("c.wip")["ts"] = at(c, "apply.R-1.in.client") - 500
        return c

    @bad("view-2-wip-one-ms-late-client", "client", ["VIEW-2"],
         "The client shows Work in Progress 2001 ms after the `apply` arrived: 1 ms past reactionToleranceMs.")
    def _():
        c = s.happy()
        late = at(c, "apply.R-1.in.client") + 2001 - at(c, "c.wip")
        for tag in ("c.wip", "c.applyalert", "c.applyalert.ok", "c.applyalert.dismissed"):
            c.find(tag)["ts"] += late
        return c

    @bad("view-3-no-wip-on-success-worker", "worker", ["VIEW-3"], "w-1's WorkerAccept succeeds and it stays on the home view, with no alert either.")
    def _():
        c = s.happy()
        c.remove("w-1.wip", "w-1.success", "w-1.success.dismissed")
        return c

    @bad("view-3-wip-one-ms-late-worker", "worker", ["VIEW-3"],
         "w-1 shows Work in Progress 2001 ms after its WorkerAccept's success arrived: 1 ms past reactionToleranceMs.")
    def _():
        c = s.happy()
        late = at(c, "w-1.accept.resp") + 2001 - at(c, "w-1.wip")
        for tag in ("w-1.wip", "w-1.success", "w-1.success.dismissed"):
            c.find(tag)["ts"] += late
        return c

    @bad("view-3-wip-before-accept-worker", "worker", ["VIEW-3"], "w-1 shows R-1's Work in Progress view before it even sends its WorkerAccept.")
    def _():
        c = s.happy()
        c.add(at(c, "w-1.accept.req") - 100, "w-1", "view.shown", tag="w-1.wip.early", view="workInProgress", req="R-1",
              elements=s.worker_wip_elements({"lat": s.W1["lat"], "lng": s.W1["lng"]}))
        return c


# ---- VIEW-5, VIEW-6, VIEW-8 ---------------------------------------------------------------------

def register_contents(bad) -> None:
    @bad("view-5-no-close-request-client", "client", ["VIEW-5"], "The client's Work in Progress view has no Close Request button.")
    def _():
        c = s.happy()
        del c.find("c.wip")["elements"]["closeRequest"]
        return c

    @bad("view-5-pay-false-client", "client", ["VIEW-5"], "The client's Work in Progress view records its Pay button as `false`: not on screen.")
    def _():
        c = s.happy()
        c.find("c.wip")["elements"]["pay"] = False
        return c

    @bad("view-5-wrong-worker-name-client", "client", ["VIEW-5"], "The client's Work in Progress view names the worker Pedro; the `apply` says Luis.")
    def _():
        c = s.happy()
        c.find("c.wip")["elements"]["workerName"] = "Pedro"
        return c

    @bad("view-6-distance-in-metres-client", "client", ["VIEW-6"], "The client shows the distance in metres (1400) where km are due.")
    def _():
        c = s.happy()
        c.find("c.wip")["elements"]["distance"] = 1400
        return c

    @bad("view-6-distance-off-client", "client", ["VIEW-6"], "The client's distance is 0.1 km off the haversine distance.")
    def _():
        c = s.happy()
        c.find("c.wip")["elements"]["distance"] += 0.1
        return c

    @bad("view-8-no-map-worker", "worker", ["VIEW-8"], "w-1's Work in Progress view has no map.")
    def _():
        c = s.happy()
        del c.find("w-1.wip")["elements"]["map"]
        return c

    @bad("view-8-map-job-elsewhere-worker", "worker", ["VIEW-8"], "w-1's map puts the job at the worker's own position.")
    def _():
        c = s.happy()
        c.find("w-1.wip")["elements"]["map"]["job"] = [s.W1["lat"], s.W1["lng"]]
        return c

    @bad("view-5-no-rating-nor-label-client", "client", ["VIEW-5", "VIEW-7"],
         "The winner has no rating; the client's Work in Progress view shows neither a rating nor a New Worker label.")
    def _():
        c = s.happy(rating=None)
        c.find("c.wip")["elements"].pop("newWorker")
        return c

    @bad("view-8-map-worker-elsewhere-worker", "worker", ["VIEW-8"], "w-1's map puts the worker 0.1° north of its last reported position.")
    def _():
        c = s.happy()
        c.find("w-1.wip")["elements"]["map"]["worker"] = [s.W1["lat"] + 0.1, s.W1["lng"]]
        return c

    @bad("view-8-map-worker-not-a-point-worker", "worker", ["VIEW-8"],
         "w-1 reports no profile; its map gives the worker as an object, not a [lat, lng] position.")
    def _():
        c = s.happy()
        c.remove("w-1.profile")
        c.find("w-1.wip")["elements"]["map"]["worker"] = {"lat": s.W1["lat"], "lng": s.W1["lng"]}
        return c


# ---- VIEW-9, VIEW-10, VIEW-11 -------------------------------------------------------------------

def register_work_information(bad) -> None:
    @bad("view-9-no-address-worker", "worker", ["VIEW-9"], "w-1's Work Information alert has no address.")
    def _():
        c = s.happy()
        del c.find("w-1.workinfo")["elements"]["address"]
        return c

    @bad("view-9-wrong-date-worker", "worker", ["VIEW-9"], "w-1's Work Information alert shows another date than the `new`'s createdAt.")
    def _():
        c = s.happy()
        c.find("w-1.workinfo")["elements"]["createdAt"] = "2025-12-31T23:00:00.000Z"
        return c

    @bad("view-9-no-alert-on-press-worker", "worker", ["VIEW-9"], "w-1 presses Work Information and no alert opens.")
    def _():
        c = s.happy()
        c.remove("w-1.workinfo", "w-1.workinfo.dismissed")
        return c

    @bad("view-10-image-without-one-worker", "worker", ["VIEW-10"], "w-1's Work Information alert shows an image though the `new` carried none.")
    def _():
        c = s.happy()
        c.find("w-1.workinfo")["elements"]["image"] = "https://img.example.com/placeholder.png"
        return c

    @bad("view-10-image-missing-worker", "worker", ["VIEW-10"], "The `new` carried an image; w-1's Work Information alert does not show it.")
    def _():
        c = s.happy(image="https://img.example.com/tap.jpg")
        del c.find("w-1.workinfo")["elements"]["image"]
        return c

    @bad("view-11-opened-as-a-view-worker", "worker", ["VIEW-11"], "w-1 opens Work Information as a view of its own, then goes back to Work in Progress.")
    def _():
        c = s.happy()
        c.add(at(c, "w-1.workinfo.open") + 1, "w-1", "view.shown", tag="w-1.workinfo.view", view="workInformation", req="R-1")
        c.add(at(c, "w-1.workinfo.dismissed") + 1, "w-1", "view.shown", tag="w-1.wip.back", view="workInProgress", req="R-1",
              elements=c.find("w-1.wip")["elements"])
        return c

    @bad("view-11-home-after-closing-worker", "worker", ["VIEW-11"], "Closing Work Information takes w-1 to the home view.")
    def _():
        c = s.happy()
        c.add(at(c, "w-1.workinfo.dismissed") + 1, "w-1", "view.shown", tag="w-1.home.early", view="home")
        return c


# ---- VIEW-12, VIEW-13, VIEW-14, VIEW-15, ALERT-11, ALERT-12 -----------------------------------------

def register_endings(bad) -> None:
    @bad("view-12-three-choices-client", "client", ["VIEW-12"], "Close Request offers happy, unhappy and later.")
    def _():
        c = s.happy()
        c.find("c.closechoice")["choices"] = ["happy", "unhappy", "later"]
        return c

    @bad("view-12-outcome-not-chosen-client", "client", ["VIEW-12"], "The user chooses unhappy; the close carries happy.")
    def _():
        c = s.happy()
        c.find("c.closechoice")["choice"] = "unhappy"
        return c

    @bad("view-12-no-close-after-choice-client", "client", ["VIEW-12"], "The user chooses happy; the close leaves only 10 s later.")
    def _():
        c = s.happy()
        c.find("c.closechoice")["ts"] -= 10_000
        return c

    @bad("view-13-worker-stays-after-close-worker", "worker", ["VIEW-13"], "The `close` arrives and w-1 keeps showing Work in Progress.")
    def _():
        c = s.happy()
        c.remove("w-1.home.after")
        return c

    @bad("view-13-client-stays-after-own-close-client", "client", ["VIEW-13"], "The client's close succeeds and it keeps showing Work in Progress.")
    def _():
        c = s.happy()
        c.remove("c.home.after")
        return c

    @bad("view-13-wip-again-after-close-worker", "worker", ["VIEW-13"], "w-1 shows R-1's Work in Progress view again 10 s after its `close`.")
    def _():
        c = s.happy()
        c.add(at(c, "w-1.home.after") + 10_000, "w-1", "view.shown", tag="w-1.wip.again", view="workInProgress", req="R-1",
              elements=c.find("w-1.wip")["elements"])
        return c

    @bad("view-14-worker-stays-after-cancel-worker", "worker", ["VIEW-14"], "The `cancel` arrives and w-1 keeps showing Work in Progress.")
    def _():
        c = s.cancel_after_win()
        c.remove("w-1.home.after")
        return c

    @bad("view-14-offer-again-after-cancel-worker", "worker", ["VIEW-14"], "w-1 shows R-1's offer again 3 s after its `cancel` arrived.")
    def _():
        c = s.timeout()
        c.add(at(c, "cancel.R-1.w.in.w-1") + 3000, "w-1", "offer.shown", tag="w-1.shown.again", req="R-1")
        return c

    @bad("view-15-offer-stays-after-cancel-worker", "worker", ["VIEW-15"], "R-1's `cancel` arrives and w-1 keeps its offer on screen.")
    def _():
        c = s.timeout()
        c.remove("w-1.removed.R-1")
        return c

    @bad("view-15-offer-stays-after-race-lost-worker", "worker", ["VIEW-15"], "w-2 loses the race and keeps R-1's offer on screen.")
    def _():
        c = s.race()
        c.remove("w-2.removed.R-1")
        return c

    @bad("view-15-offer-stays-after-discard-worker", "worker", ["VIEW-15"], "w-1 discards R-1 and the offer stays on screen.")
    def _():
        c = s.discards()
        c.remove("w-1.removed.R-1")
        return c

    @bad("view-15-removed-as-taken-worker", "worker", ["VIEW-15"], "R-1's `cancel` arrives and w-1 removes the offer saying another worker took it.")
    def _():
        c = s.timeout()
        c.find("w-1.removed.R-1")["why"] = "taken"
        return c

    for name, leave_after in (("offer", 1), ("offerDetails", 1500)):
        @bad(f"alert-11-cancel-leaves-{name.lower()}-view-worker", "worker", ["ALERT-11"],
             f"w-1 reads R-1 on its {name} view; the `cancel` takes it home without an alert.")
        def _(name=name, leave_after=leave_after):
            c = s.timeout()
            c.add(at(c, "w-1.shown.R-1") + 100, "w-1", "view.shown", tag="w-1.details", view=name, req="R-1")
            c.add(at(c, "cancel.R-1.w.in.w-1") + leave_after, "w-1", "view.shown", tag="w-1.home.after", view="home")
            return c

    @bad("alert-12-closed-without-alert-worker", "worker", ["ALERT-12"], "The `close` moves w-1 out of Work in Progress without an alert.")
    def _():
        c = s.happy()
        c.remove("w-1.closed", "w-1.closed.dismissed")
        return c

    @bad("alert-12-cancelled-without-alert-worker", "worker", ["ALERT-12"], "The `cancel` moves w-1 out of Work in Progress without an alert.")
    def _():
        c = s.cancel_after_win()
        c.remove("w-1.cancelled", "w-1.cancelled.dismissed")
        return c

    @bad("alert-12-no-ok-worker", "worker", ["ALERT-12"], "w-1's alert about the `close` has no OK button.")
    def _():
        c = s.happy()
        del c.find("w-1.closed")["elements"]["ok"]
        return c

    @bad("alert-12-read-closed-without-alert-all", "all", ["ALERT-12"],
         "Back from the background, w-1 reads R-1 closed and leaves Work in Progress without an alert.")
    def _():
        c = s.worker_missed_close()
        c.remove("w-1.closed")
        return c

    @bad("alert-12-cancel-called-closed-worker", "worker", ["ALERT-12"], "The `cancel` moves w-1 home with an alert named closed.")
    def _():
        c = s.cancel_after_win()
        c.find("w-1.cancelled")["alert"] = "closed"
        c.find("w-1.cancelled.dismissed")["alert"] = "closed"
        return c


# ---- ALERT-2 ... ALERT-9: alerts that must appear -----------------------------------------------

def register_alerts(bad) -> None:
    for transport in (False, True):
        kind = "transport-error" if transport else "race-lost"

        @bad(f"alert-2-wip-before-failed-answer-{kind}-worker", "worker", ["ALERT-2"],
             f"w-2 changes to Work in Progress as it sends its WorkerAccept, then rolls back on the failure ({kind}).")
        def _(transport=transport):
            c = s.race(transport=transport)
            c.add(at(c, "w-2.accept.req") + 1, "w-2", "view.shown", tag="w-2.wip.early", view="workInProgress", req="R-1",
                  elements=s.worker_wip_elements(W2_AT))
            c.add(at(c, "w-2.failure.dismissed") + 1, "w-2", "view.shown", tag="w-2.home.back", view="home")
            return c

        @bad(f"alert-3-success-after-failure-alert-{kind}-worker", "worker", ["ALERT-3"],
             f"w-2 shows the failure alert for its failed WorkerAccept ({kind}), then a success alert too.")
        def _(transport=transport):
            c = s.race(transport=transport)
            alert = c.find("w-2.failure")
            c.add(at(c, "w-2.failure.dismissed") + 1, "w-2", "alert.shown", tag="w-2.success", alert="acceptSuccess", result="success", req="R-1",
                  elements={"title": "You got the job!", "subtitle": "Call Ana now", "image": "https://img.example.com/go.png",
                            "close": True, "clientName": "Ana", "address": "Calle Mayor 1"})
            assert alert["result"] == "failure"
            return c

    @bad("alert-4-no-apply-alert-client", "client", ["ALERT-4", "ALERT-6"], "The client changes to Work in Progress and never shows the apply alert.")
    def _():
        c = s.happy()
        c.remove("c.applyalert", "c.applyalert.ok", "c.applyalert.dismissed")
        return c

    @bad("alert-6-wrong-avatar-client", "client", ["ALERT-6"], "The client's apply alert shows another avatar than the `apply`'s workerAvatar.")
    def _():
        c = s.happy()
        c.find("c.applyalert")["elements"]["avatar"] = "https://img.example.com/w-2.png"
        return c

    @bad("alert-4-no-apply-alert-new-worker-client", "client", ["ALERT-4", "ALERT-7"], "The winner has no rating and the client never shows the apply alert.")
    def _():
        c = s.happy(rating=None)
        c.remove("c.applyalert", "c.applyalert.ok", "c.applyalert.dismissed")
        return c

    @bad("view-7-zero-stars-for-new-worker-client", "client", ["VIEW-7"], "The winner has no rating; the client's Work in Progress view shows rating 0, no New Worker label (a SHOULD).")
    def _():
        c = s.happy(rating=None)
        elements = c.find("c.wip")["elements"]
        elements.pop("newWorker")
        elements["rating"] = 0
        return c

    @bad("view-7-no-label-all", "all", ["VIEW-7"], "The winner has no rating; the client's Work in Progress view shows a null rating and no New Worker label (a SHOULD).")
    def _():
        c = s.happy(rating=None)
        elements = c.find("c.wip")["elements"]
        elements.pop("newWorker")
        elements["rating"] = None
        return c

    @bad("alert-5-no-success-alert-worker", "worker", ["ALERT-5", "ALERT-8"], "w-1 changes to Work in Progress and never shows the success alert.")
    def _():
        c = s.happy()
        c.remove("w-1.success", "w-1.success.dismissed")
        return c
