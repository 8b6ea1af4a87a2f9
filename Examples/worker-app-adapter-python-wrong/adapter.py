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
        # BUG(ELIG-3): an offer that fails a rule (here the category) is shown all the same.
        return True


class DiscardShownAgain(worker_app.WorkerApp):
    """Forgets that a discard is final when the offer comes back."""

    def discarded_offer_again(self, req):
        # BUG(DISC-2): a discarded offer that comes back in getJobs or a new is shown again.
        return [event("offer.shown", req=req)]


class NoProfileRead(worker_app.WorkerApp):
    """Judges offers with the profile it was configured with, never the backend's record."""

    def read_me(self):
        # BUG(ELIG-12): no meProfile read at launch or on a return to the foreground.
        return []


BUGS = {"failure-alert-after-view": FailureAlertAfterView, "ineligible-shown": IneligibleShown, "discard-shown-again": DiscardShownAgain,
        "no-profile-read": NoProfileRead}

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A worker app adapter with one deliberate bug.")
    parser.add_argument("--bug", choices=sorted(BUGS), required=True)
    bug = parser.parse_args().bug
    sys.exit(worker_app.serve(BUGS[bug], f"example-worker-python-wrong 1.0 ({bug})", "worker"))
