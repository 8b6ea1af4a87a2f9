#!/usr/bin/env python3
"""A deliberately WRONG JobWire adapter for the `offline` suite.

It shows what failures look like: the correct adapter from ../offline-adapter-python with
twenty-one bugs, one overridden method each, marked `# BUG(OFFL-n):` or `# BUG(AUTH-n):` (one bug
breaks two requirements and carries both markers), that
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
    """The correct offline workflow with twenty-one bugs, each breaking the requirement ids it is marked with."""

    def apply_list(self, listed):
        # BUG(OFFL-1): keeps only temporary entities over the list, so an unpushed edit of a listed entity is overwritten.
        kept = {entity_id: data for entity_id, data in self.entities.items() if offline.is_temporary(entity_id)}
        self.entities = {**listed, **kept}

    def new_temporary_id(self):
        # BUG(OFFL-3): numbers the id from the temporary entities held, so tmp-1 is reused once its create is answered.
        self.next_temp += 1
        return f"{offline.TEMP_PREFIX}{1 + sum(offline.is_temporary(entity_id) for entity_id in self.entities)}"

    def push_create(self, request):
        # BUG(OFFL-4): online, a create waits behind queued requests instead of being sent at once.
        if self.online() and not self.queue:
            self.send(request)
        else:
            self.enqueue(request)


    def notify(self, kind, entity_id):
        # BUG(OFFL-5): an online create shows no notification; only queued creates and edits do.
        if kind == "edit" or not self.online():
            self.effects.append({"type": "notify", "for": kind, "id": entity_id})

    def replace_id(self, temporary, backend):
        # BUG(OFFL-6): an entity a list already brought under the backend id wins over the local one.
        local = self.entities.pop(temporary)
        self.entities.setdefault(backend, local)
        for request in self.queue + self.in_flight:
            if request.get("id") == temporary:
                request["id"] = backend


    def drop_superseded_edits(self, entity_id):
        # BUG(OFFL-9): offline, de-duplicates only a temporary id's queue, so queued edits of a backend id pile up.
        if offline.is_temporary(entity_id) or self.online():
            self.drop(lambda r: self.supersedes(r, entity_id))


    def send_edit(self, request):
        # BUG(OFFL-7): online, an edit of a backend id waits in the queue while a create is in flight, instead of going out at once.
        if not offline.is_temporary(request["id"]) and any(r["kind"] == "create" for r in self.in_flight):
            self.enqueue(request)
        else:
            self.send(request)

    def edit_request(self, entity_id, data, changes):
        # BUG(OFFL-10): an edit that replaces a queued edit of its entity carries only its own changes, so the replaced edit's are lost.
        replacing = any(r["kind"] == "edit" and r["id"] == entity_id for r in self.queue)
        return self.new_request("edit", entity_id, changes if replacing else data)

    def sends_edit_at_once(self, entity_id):
        # BUG(OFFL-14): waits only for a create still queued, so an edit behind a create in flight is sent under tmp-n.
        return self.online() and not any(r["kind"] == "create" and r["id"] == entity_id for r in self.queue)



    def launch(self, step, path):
        now = step.whole("now", 0)
        if self.running():
            raise offline.Invalid(f"{path}.op", "the app is already running")
        active = self.jwt_is_active(now)
        if self.online():
            # BUG(AUTH-3): an app never online before asks for the PIN online too, instead of showing LOGIN.
            self.navigate(self.online_launch_screen(active) if active or self.ever_online else "pin")
            self.send(self.new_request("options"))
        else:
            self.navigate(self.offline_launch_screen(active))

    def store_token(self, token):
        # BUG(AUTH-4): marks the app as online before but keeps the token out of the JWT cache.
        self.ever_online = True

    def online_launch_screen(self, active):
        # BUG(AUTH-2): online with requests queued, a launch asks for LOGIN to sign in again before the replay, though the JWT is active.
        return "contacts" if active and not self.queue else "login"

    def offline_launch_screen(self, active):
        # BUG(AUTH-5): offline, every launch asks for the PIN, an active JWT too.
        return "pin"

    def enter_pin(self, step, path):
        accepted = step.flag("accepted")
        if self.screen != "pin":
            raise offline.Invalid(f"{path}.op", "enterPIN needs the PIN screen")
        # BUG(AUTH-6): a device that has been online skips the PIN check, so a refused PIN leads on.
        if accepted or self.ever_online:
            self.navigate(self.pin_destination())

    def pin_destination(self):
        # BUG(AUTH-7): an accepted PIN always leads HOME, a never-online app's too.
        return "home"

    def refresh(self, step, path):
        self.require_running(path)
        # BUG(OFFL-2): no connectivity check, so offline the list GET is sent (and rendered) anyway.
        self.send(self.new_request("list"))
        self.effects.append({"type": "render", "updated": False})

    def supersedes(self, request, entity_id):
        # BUG(OFFL-8): every queued request of the id is superseded, the create too (no UNLESS).
        return request["id"] == entity_id

    def replay_next(self):
        pushing = any(r["kind"] in ("create", "edit") for r in self.in_flight)
        if self.online() and self.running() and self.queue and not pushing:
            # BUG(OFFL-11): pops the newest request, so the queue is replayed newest first.
            self.send(self.queue.pop())

    def login(self, step, path):
        # BUG(OFFL-15): no screen check, so a login off the login screen is taken instead of refused.
        if self.online():
            self.send(self.new_request("login"))

    def alert_refused(self, request):
        # BUG(OFFL-19) BUG(TASK-24): only a refused create alerts, so a refused edit is lost without a word, from the queue or sent at once.
        if request["kind"] == "create":
            self.effects.append({"type": "alert", "for": request["kind"], "id": request["id"]})

    def jwt_is_active(self, now):
        # BUG(AUTH-1): >= counts a token expiring exactly now as still active.
        return self.jwt is not None and self.jwt["expiresAt"] >= now


if __name__ == "__main__":
    sys.exit(offline.serve(WrongApp, NAME))
