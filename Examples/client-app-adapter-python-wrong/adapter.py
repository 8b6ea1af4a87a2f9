#!/usr/bin/env python3
"""A deliberately wrong client app adapter: the correct one from ../client-app-adapter-python with
one bug switched on by `--bug NAME`. `jobwire scenario run` must catch each bug with the
requirement id marked `# BUG(ID)` below; known-failures/NAME.txt lists exactly what it catches.

    swift run jobwire scenario run --adapter "python3 Examples/client-app-adapter-python-wrong/adapter.py --bug no-timeout-cancel" \\
        --known-failures Examples/client-app-adapter-python-wrong/known-failures/no-timeout-cancel.txt
"""

import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("client_app", os.path.join(HERE, "..", "client-app-adapter-python", "adapter.py"))
client_app = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(client_app)
event = client_app.event


class FailureAlertAfterView(client_app.ClientApp):
    """Leaves the waiting view before the timeout alert."""

    def after_timeout_cancel(self, req):
        # BUG(ALERT-10): the view changes first and the timeout alert only comes after it.
        return [event("view.shown", view="home"), self.timeout_alert(req)]


class NoTimeoutCancel(client_app.ClientApp):
    """Lets the deadline pass without cancelling."""

    def timeouts(self, now):
        # BUG(TIME-2): the timer runs out and nothing is sent (TIME-6 when the app was away).
        return []


class TimerRestarted(client_app.ClientApp):
    """Starts the timer again after a restart or a return from the background."""

    def resumed_start(self, req, now):
        # BUG(TIME-7): the timer restarts from now instead of its original start (and so the
        # cancel misses the original deadline, TIME-6).
        self.requests[req]["started_at"] = now
        return now


class RatingZeroNewWorker(client_app.ClientApp):
    """Tests the rating for truth, so a worker rated 0 looks new."""

    def show_rating(self, elements, apply):
        # BUG(ALERT-6): a rating of 0 is taken for no rating, and the alert says "New Worker" instead of 0.
        if not apply.get("workerRating"):
            elements["newWorker"] = "New Worker"
        else:
            elements["rating"] = apply["workerRating"]


class OutcomeNotChosen(client_app.ClientApp):
    """Offers happy and unhappy on Close Request, then sends the other one."""

    def sent_outcome(self, chosen):
        # BUG(VIEW-12): the close carries the outcome the user did not choose.
        return "unhappy" if chosen == "happy" else "happy"


class NoStateRead(client_app.ClientApp):
    """Comes back without reading what happened to its requests meanwhile."""

    def state_reads(self):
        # BUG(STATE-6): no state read after a restart, a return or a reconnection, so a missed
        # apply stays missed.
        return []


BUGS = {"failure-alert-after-view": FailureAlertAfterView, "no-timeout-cancel": NoTimeoutCancel,
        "timer-restarted": TimerRestarted, "rating-zero-new-worker": RatingZeroNewWorker,
        "outcome-not-chosen": OutcomeNotChosen, "no-state-read": NoStateRead}

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A client app adapter with one deliberate bug.")
    parser.add_argument("--bug", choices=sorted(BUGS), required=True)
    bug = parser.parse_args().bug
    sys.exit(client_app.serve(BUGS[bug], f"example-client-python-wrong 1.0 ({bug})", "client"))
