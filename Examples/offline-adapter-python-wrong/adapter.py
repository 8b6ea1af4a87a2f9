#!/usr/bin/env python3
"""A deliberately WRONG JobWire adapter for the `offline` suite.

It shows what failures look like: the correct adapter from ../offline-adapter-python with
five bugs, one overridden method each, marked `# BUG(OFFL-n):` or `# BUG(AUTH-n):`, that
the vectors must catch. known-failures.txt beside it lists exactly the vectors it fails
and which bug trips each (Scripts/explain_offline_wrong_adapter_failures.py writes it).
Copy the correct adapter, never this one:

    swift run jobwire vectors run --suite offline \\
        --adapter "python3 Examples/offline-adapter-python-wrong/adapter.py"
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("offline", os.path.join(HERE, "..", "offline-adapter-python", "adapter.py"))
offline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(offline)

NAME = "example-offline-python-wrong 1.0"


class WrongApp(offline.App):
    """The correct offline workflow with five bugs."""

    def refresh(self, step, path):
        self.require_running(path)
        # BUG(OFFL-2): no connectivity check, so offline the list GET is sent (and rendered) anyway.
        self.send(self.new_request("list"))
        self.effects.append({"type": "render", "updated": False})

    def drop_superseded_edits(self, entity_id):
        # BUG(OFFL-8): every queued request of the id goes, the create too (no UNLESS).
        self.drop(lambda r: r["id"] == entity_id)

    def replay_next(self):
        pushing = any(r["kind"] in ("create", "edit") for r in self.in_flight)
        if self.online() and self.running() and self.queue and not pushing:
            # BUG(OFFL-11): pops the newest request, so the queue is replayed newest first.
            self.send(self.queue.pop())

    def login(self, step, path):
        # BUG(OFFL-15): no screen check, so a login off the login screen is taken instead of refused.
        if self.online():
            self.send(self.new_request("login"))

    def jwt_is_active(self, now):
        # BUG(AUTH-1): >= counts a token expiring exactly now as still active.
        return self.jwt is not None and self.jwt["expiresAt"] >= now


if __name__ == "__main__":
    sys.exit(offline.serve(WrongApp, NAME))
