#!/usr/bin/env python3
"""A deliberately wrong worker app adapter: the correct one from ../worker-app-adapter-python with
one bug switched on by `--bug NAME`. `jobwire scenario run` must catch each bug with the
requirement id marked `# BUG(ID)` below; known-failures/NAME.txt lists exactly what it catches.

    swift run jobwire scenario run --adapter "python3 Examples/worker-app-adapter-python-wrong/adapter.py --bug ineligible-shown" \\
        --known-failures Examples/worker-app-adapter-python-wrong/known-failures/ineligible-shown.txt
"""

import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("worker_app", os.path.join(HERE, "..", "worker-app-adapter-python", "adapter.py"))
worker_app = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(worker_app)
event = worker_app.event


class FailureAlertAfterView(worker_app.WorkerApp):
    """Goes back to the list before saying the WorkerAccept failed."""

    def after_failed_accept(self, req):
        # BUG(ALERT-1): the view changes before the failure alert.
        return [event("view.shown", view="home"), self.failure_alert(req)]


class IneligibleShown(worker_app.WorkerApp):
    """Decides eligibility correctly, then shows the offer anyway."""

    def may_show(self, decision):
        # BUG(ELIG-3): an offer that fails a rule (the category, or ELIG-1, ELIG-2, ELIG-4, ELIG-5) is
        # shown all the same, and the user's Accept goes out for it (FLOW-10).
        return True


class DiscardShownAgain(worker_app.WorkerApp):
    """Forgets that a discard is final when the offer comes back."""

    def discarded_offer_again(self, req):
        # BUG(DISC-2): a discarded offer that comes back in getJobs or a new is shown again.
        return [event("offer.shown", req=req)]


class StrictRangeBoundary(worker_app.WorkerApp):
    """Compares the distance with maxKms strictly and without the tolerance."""

    def decide(self, job, now):
        decision = super().decide(job, now)
        # BUG(ELIG-4): a job at exactly maxKms (or within the 1e-6 km tolerance beyond it) is out of range.
        if "invalid" not in decision and decision["distanceKm"] >= self.profile["maxKms"] and "ELIG-4" not in decision["failed"]:
            decision["failed"] = sorted(decision["failed"] + ["ELIG-4"], key=lambda rule: int(rule.split("-")[1]))
            decision["eligible"] = False
        return decision


class TransportErrorIgnored(worker_app.WorkerApp):
    """Takes an answer that never came (a reset, a timeout, an unreadable body) as no answer."""

    def answered(self, message, now):
        if "error" in message:
            # BUG(ALERT-3): a WorkerAccept lost in transport gets no failure alert.
            self.calls.pop(message["xid"], None)
            return []
        return super().answered(message, now)


class OfferStaysAfterCancel(worker_app.WorkerApp):
    """Keeps a cancelled offer on screen."""

    def take_off(self, req, why):
        # BUG(VIEW-15): the offer stays on screen when its cancel arrives.
        return [] if why == "cancelled" else super().take_off(req, why)


class NoProfileRead(worker_app.WorkerApp):
    """Judges offers with the profile it was configured with, never the backend's record."""

    def read_me(self):
        # BUG(ELIG-12): no meProfile read at launch or on a return to the foreground.
        return []


BUGS = {"failure-alert-after-view": FailureAlertAfterView, "ineligible-shown": IneligibleShown,
        "discard-shown-again": DiscardShownAgain, "strict-range-boundary": StrictRangeBoundary,
        "transport-error-ignored": TransportErrorIgnored, "offer-stays-after-cancel": OfferStaysAfterCancel,
        "no-profile-read": NoProfileRead}

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A worker app adapter with one deliberate bug.")
    parser.add_argument("--bug", choices=sorted(BUGS), required=True)
    bug = parser.parse_args().bug
    sys.exit(worker_app.serve(BUGS[bug], f"example-worker-python-wrong 1.0 ({bug})", "worker"))
