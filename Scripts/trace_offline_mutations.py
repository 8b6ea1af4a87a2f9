"""The bad traces of the offline workflow (OFFL-1 ... OFFL-14, OFFL-16 ... OFFL-19, AUTH-1 ... AUTH-7) for
Scripts/generate_traces.py: one session of Scripts/trace_offline_scenarios.py and one mistake
each, tripping exactly the rule ids named. Python 3.11, standard library only."""

from __future__ import annotations

import copy

import trace_late_scenarios as late
import trace_offline_scenarios as o
from trace_offline import DAY, LISTED
from trace_scenarios import T0, Capture


# ---- editing a capture --------------------------------------------------------------------------

def replace(c: Capture, tag: str, kind: str, **fields) -> dict:
    """Turns event `tag` into another event at the same time and place."""
    event = c.find(tag)
    keep = {k: event[k] for k in ("ts", "actor", "id", "_tag", "_seq") if k in event}
    event.clear()
    event.update(keep, kind=kind, **fields)
    return event


def insert_before(c: Capture, tag: str, *events: tuple[str, dict]) -> None:
    """Puts `events` (kind, fields) just before event `tag`, at its time."""
    original = copy.deepcopy(c.find(tag))
    first_kind, first_fields = events[0]
    replace(c, tag, first_kind, **first_fields)
    for kind, fields in events[1:]:
        c.add(original["ts"], "client", kind, tag=None, **fields)
    c.add(original["ts"], "client", original["kind"], tag=f"{tag}@", **{k: v for k, v in original.items() if k not in ("ts", "actor", "id", "kind", "_tag", "_seq")})


def add_after(c: Capture, tag: str, kind: str, gap: int = 1, **fields) -> None:
    c.add(c.find(tag)["ts"] + gap, "client", kind, tag=None, **fields)


def truncate(c: Capture, tag: str) -> Capture:
    """Drops event `tag` and everything after it; the recorder stops 5 s later."""
    cut = c.find(tag)["ts"]
    c.events = [e for e in c.events if e["ts"] < cut or e["_tag"] == "end"]
    c.find("end")["ts"] = max(e["ts"] for e in c.events if e["_tag"] != "end") + 5000
    return c


def announced_only(session, change: str, cut: str) -> Capture:
    """`session()` without the change `change`, stopped at `cut`: the change's notification
    announces a create or edit the app never sent nor queued."""
    c = session()
    c.remove(change)
    return truncate(c, cut)


def rename(c: Capture, old: str, new: str, tags: list[str]) -> None:
    """Writes entity id `new` for `old` in the calls, entries, paths and notifications of `tags`."""
    for tag in tags:
        event = c.find(tag)
        for key in ("call", "entry"):
            if event.get(key, {}).get("id") == old:
                event[key]["id"] = new
        if event.get("entity") == old:
            event["entity"] = new
        if "path" in event:
            event["path"] = event["path"].replace(f"/{old}", f"/{new}")


def remove_refresh(c: Capture, seq: int, render: int = 1) -> None:
    """Drops the list refresh of request `seq` (OFFL-16): its GET, the render of the state after it
    (the `render`-th of the session), its answer and the render marked updated after that."""
    def tag(n: int) -> str:
        return "render" if n == 1 else f"render#{n}"
    c.remove(f"req.{seq}", tag(render), f"resp.{seq}", tag(render + 1))


def entry(c: Capture, tag: str) -> dict:
    return copy.deepcopy(c.find(tag)["entry"])


def request_of(entry: dict) -> dict:
    """The `http.request` fields of a queued create or edit (Scripts/trace_offline.py's paths)."""
    path = "/api/tasks" if entry["kind"] == "create" else f"/api/tasks/{entry['id']}"
    return {"xid": f"x-{entry['seq']}", "method": "POST" if entry["kind"] == "create" else "PUT", "path": path,
            "call": {"seq": entry["seq"], "kind": entry["kind"], "id": entry["id"]}, "body": entry["data"]}


def register_notification_order(bad) -> None:
    """OFFL-18: the create's notification comes before its response is acted on."""

    def render_before_notification(actor: str) -> Capture:
        """The online create #3 is answered with T-20 and the list is rendered with T-20 before its
        notification, which comes 2 ms after the answer (still within OFFL-5's tolerance)."""
        c = o.create_edit(actor)
        answered = c.find("resp.3")["ts"]
        note = c.find("note.3")
        c.events.remove(note)
        c.add(answered + 1, actor, "view.shown", tag=None, view="contacts", elements={"updated": False, "items": ["T-20", "T-7", "T-8"]})
        c.add(answered + 2, actor, "alert.shown", tag="note.3", **{k: v for k, v in note.items() if k not in ("ts", "actor", "id", "kind", "_tag", "_seq")})
        return c

    @bad("offl-18-render-before-notification-client", "client", ["OFFL-18"], "The client renders T-20, the id its create's answer gave, before the create's notification.")
    def _():
        return render_before_notification("client")

    @bad("offl-18-render-before-notification-worker", "worker", ["OFFL-18"], "A worker app renders T-20, the id its create's answer gave, before the create's notification.")
    def _():
        return render_before_notification("w-1")


def register_session(bad) -> None:
    """TASK-5: logged in until the token's expiry, the login screen after it."""

    @bad("task-5-list-after-expiry-client", "client", ["TASK-5"], "Back online after the token expired, the app shows the list as if still logged in.")
    def _():
        c = o.foreground_returns()
        c.find("view.login")["view"] = "contacts"
        # As if logged in, it refreshes the list it shows (OFFL-16, OFFL-1).
        add_after(c, "req.5", "http.request", xid="x-6", method="GET", path="/api/tasks", call={"seq": 6, "kind": "list"})
        add_after(c, "req.5", "view.shown", gap=2, view="contacts", elements={"updated": False, "items": sorted(LISTED)})
        return c

    @bad("task-5-login-before-expiry-client", "client", ["TASK-5"], "Back before the token's expiry, the app asks the user to log in again.")
    def _():
        c = o.foreground_returns()
        c.find("view.contacts#2")["view"] = "login"
        remove_refresh(c, 4, render=3)  # the list, no longer shown, is not refreshed
        return c


def register_options(bad) -> None:
    """OFFL-17 (SHOULD): the option values survive termination."""

    @bad("offl-17-options-lost-client", "client", ["OFFL-17"], "Relaunched, the app reads back no categories though the last options answer gave 4, 9 and 12.")
    def _():
        c = o.relaunch()
        c.find("launch#2")["options"] = {"categories": []}
        return c

    @bad("offl-17-options-stale-client", "client", ["OFFL-17"], "Relaunched, the app reads back categories 4 and 9, not the 4, 9 and 12 of the last options answer.")
    def _():
        c = o.relaunch()
        c.find("launch#2")["options"] = {"categories": [4, 9]}
        return c


def register_refusals(bad) -> None:
    """OFFL-19 and TASK-24: a refused change is never lost without a word."""

    @bad("offl-19-refused-replay-without-alert-client", "client", ["OFFL-19"], "The replayed create of tmp-1 is refused and the app says nothing.")
    def _():
        c = o.transport()
        c.remove("error.tmp-1")
        return c

    @bad("offl-19-alert-names-another-entity-client", "client", ["OFFL-19"], "The refused replay of tmp-1 is followed by an error alert naming tmp-2.")
    def _():
        c = o.transport()
        c.find("error.tmp-1")["entity"] = "tmp-2"
        return c

    def error_alert(c: Capture) -> dict:
        """The fields of the session's error alert for tmp-1, to show it elsewhere."""
        return {k: v for k, v in c.find("error.tmp-1").items() if k not in ("ts", "actor", "id", "kind", "_tag", "_seq")}

    @bad("offl-19-alert-for-transport-error-client", "client", ["OFFL-19"],
         "The replayed create of tmp-1 meets a transport error; the app says it was not saved, though it is queued.")
    def _():
        c = o.transport()
        add_after(c, "enq.3#2", "alert.shown", **error_alert(c))
        return c

    @bad("offl-19-alert-for-transport-error-worker", "worker", ["OFFL-19"],
         "A worker app's replayed create meets a transport error; it says it was not saved, though it is queued.")
    def _():
        c = o.transport("w-1")
        c.add(c.find("enq.3#2")["ts"] + 1, "w-1", "alert.shown", tag=None, **error_alert(c))
        return c

    @bad("offl-19-alert-before-replay-answer-client", "client", ["OFFL-19"],
         "Back online, with the replayed create of tmp-1 in flight again, the app says it was not saved.")
    def _():
        c = o.transport()
        add_after(c, "req.3#2", "alert.shown", gap=5, **error_alert(c))
        return c

    @bad("task-24-refused-create-without-alert-client", "client", ["TASK-24"], "Online, the create sent at once is refused and the app says nothing.")
    def _():
        c = o.online_refusals()
        c.remove("error.tmp-1")
        return c

    @bad("task-24-refused-edit-alert-too-late-client", "client", ["TASK-24"], "Online, the refused edit of T-7 is told to the user 3 s later.")
    def _():
        c = o.online_refusals()
        c.find("error.T-7")["ts"] += 3000
        return c


def register_offline(bad) -> None:
    register_refresh_and_create(bad)
    register_notification_order(bad)
    register_session(bad)
    register_options(bad)
    register_refusals(bad)
    register_identity_and_edit(bad)
    register_replay(bad)
    register_auth(bad)
    register_more_branches(bad)


# ---- OFFL-1 ... OFFL-5 --------------------------------------------------------------------------

def register_refresh_and_create(bad) -> None:
    @bad("offl-1-no-render-after-get-client", "client", ["OFFL-1"], "Online, the list GET is sent but the list is not rendered.")
    def _():
        c = o.refresh()
        c.remove("render")
        return c

    @bad("offl-1-no-updated-render-client", "client", ["OFFL-1"], "The list response arrives and the list is never rendered marked updated.")
    def _():
        c = o.refresh()
        c.remove("render#2")
        return c

    @bad("offl-1-updated-before-response-client", "client", ["OFFL-1"], "The render right after the list GET is already marked updated.")
    def _():
        c = o.refresh()
        c.find("render")["elements"]["updated"] = True
        return c

    @bad("offl-16-no-refresh-at-launch-client", "client", ["OFFL-16"], "Launched online onto the list, the app never refreshes it: no list GET.")
    def _():
        c = o.refresh()
        remove_refresh(c, 2)
        return c

    @bad("offl-16-no-refresh-on-return-client", "client", ["OFFL-16"], "Back in the foreground onto the list, the app sends the options GET but does not refresh the list.")
    def _():
        c = o.foreground_returns()
        remove_refresh(c, 4, render=3)
        # It stays on the list past reactionToleranceMs before it goes to the background again.
        answered = c.find("resp.3")["ts"]
        for event in c.events:
            if event["ts"] > answered:
                event["ts"] += 3000
        return c

    @bad("offl-16-no-refresh-after-login-client", "client", ["OFFL-16"], "After the login the list appears and is never refreshed.")
    def _():
        c = o.login()
        remove_refresh(c, 3)
        return c

    @bad("offl-16-refresh-too-late-client", "client", ["OFFL-16"], "The list appears at launch and its refresh GET goes 3 s later, past reactionToleranceMs.")
    def _():
        c = o.refresh()
        shown = c.find("view.contacts")["ts"]
        for gap, tag in ((3000, "req.2"), (3001, "render"), (3025, "resp.2"), (3026, "render#2")):
            c.find(tag)["ts"] = shown + gap
        return c

    @bad("offl-2-list-get-offline-client", "client", ["OFFL-2"], "Offline, the refresh sends the list GET anyway.")
    def _():
        c = o.refresh()
        t = c.find("net")["ts"] + 2000
        c.add(t, "client", "http.request", xid="x-list-offline", method="GET", path="/api/tasks", call={"seq": 90, "kind": "list"})
        c.add(t + 3, "client", "http.response", xid="x-list-offline", error="refused")
        return c

    @bad("offl-2-rerender-offline-client", "client", ["OFFL-2"], "Offline, the refresh renders the list again.")
    def _():
        c = o.refresh()
        c.add(c.find("net")["ts"] + 2000, "client", "view.shown", view="contacts", elements={"updated": False, "items": sorted(LISTED)})
        return c

    @bad("offl-2-list-queued-client", "client", ["OFFL-2"], "Offline, the refresh puts the list GET in the request queue.")
    def _():
        c = o.refresh()
        c.add(c.find("net")["ts"] + 2000, "client", "queue.changed", length=1, op="enqueue", entry={"seq": 90, "kind": "list"})
        return c

    @bad("offl-3-no-temporary-id-client", "client", ["OFFL-3"], "The online create carries an id the app made up without the tmp- prefix.")
    def _():
        c = o.create_edit()
        rename(c, "tmp-1", "local-1", ["req.3", "note.3"])
        return c

    @bad("offl-3-temporary-id-reused-client", "client", ["OFFL-3"], "Offline, the second create reuses tmp-1, which the first create still holds.")
    def _():
        c = o.transport()
        rename(c, "tmp-2", "tmp-1", ["enq.5", "note.5", "qsend.5", "req.5"])
        return c

    @bad("offl-4-create-sent-offline-client", "client", ["OFFL-4"], "Offline, the create is sent instead of queued; it fails and waits for the replay.")
    def _():
        c = o.create_edit()
        queued = entry(c, "enq.4")
        replace(c, "enq.4", "http.request", **request_of(queued))
        add_after(c, "enq.4", "http.response", gap=0, xid="x-4", error="refused")
        return c

    @bad("offl-4-create-queued-online-client", "client", ["OFFL-4"], "Online, the create goes to the queue first and is only then sent.")
    def _():
        c = o.create_edit()
        made = c.find("req.3")["call"]
        queued = {"seq": 3, "kind": "create", "id": made["id"], "data": c.find("req.3")["body"]}
        insert_before(c, "req.3", ("queue.changed", {"length": 1, "op": "enqueue", "entry": queued}),
                      ("queue.changed", {"length": 0, "op": "send", "entry": queued}))
        return c

    @bad("offl-5-no-notification-for-create-client", "client", ["OFFL-5"], "Offline, the create is queued without a notification.")
    def _():
        c = o.create_edit()
        c.remove("note.4")
        return c

    @bad("offl-5-no-notification-for-edit-client", "client", ["OFFL-5"], "Offline, the second edit of T-20 is queued without a notification.")
    def _():
        c = o.create_edit()
        c.remove("note.8")
        return c

    # A notification announces a change the app never sent nor queued: the user's work is lost.
    @bad("offl-4-create-announced-not-sent-client", "client", ["OFFL-4"], "Online, the create of tmp-1 gets its notification but is never sent.")
    def _():
        return announced_only(o.create_edit, "req.3", "resp.3")

    @bad("offl-4-create-announced-not-queued-client", "client", ["OFFL-4"], "Offline, the create of tmp-2 gets its notification but is never queued.")
    def _():
        return announced_only(o.create_edit, "enq.4", "enq.5")


# ---- OFFL-6 ... OFFL-10, OFFL-14 ----------------------------------------------------------------

def register_identity_and_edit(bad) -> None:
    @bad("offl-6-replay-keeps-temporary-id-client", "client", ["OFFL-6"], "After the create's answer the queued edit still goes out under tmp-2.")
    def _():
        c = o.create_edit()
        rename(c, "T-21", "tmp-2", ["qsend.6", "req.6"])
        return c

    @bad("offl-6-state-keeps-temporary-id-client", "client", ["OFFL-6"], "After tmp-1 became T-20 the app still edits it as tmp-1, queued and sent.")
    def _():
        c = o.create_edit()
        rename(c, "T-20", "tmp-1", ["enq.7", "note.7", "drop.7", "enq.8", "note.8", "qsend.8", "req.8"])
        return c

    @bad("offl-14-edit-sent-before-create-answer-client", "client", ["OFFL-14"], "Online, an edit of the unanswered tmp-1 is sent under tmp-1 and refused.")
    def _():
        c = o.online_edit()
        queued = entry(c, "enq.7")
        replace(c, "enq.7", "http.request", **request_of(queued))
        add_after(c, "enq.7", "http.response", gap=0, xid="x-7", status=404,
                  body={"ok": False, "error": {"code": "not_found", "message": "no task tmp-1"}})
        add_after(c, "enq.7", "alert.shown", gap=1, alert="saveFailed", result="failure", entity="tmp-1",
                  elements={"title": "Not saved", "text": "HandyFriends refused the change.", "ok": True})
        c.remove("drop.7")
        return c

    @bad("offl-14-second-edit-not-replacing-client", "client", ["OFFL-14"], "Online, a second edit of the unanswered tmp-1 joins the queue beside the first.")
    def _():
        c = o.online_edit()
        c.remove("drop.7")
        return truncate(c, "resp.3")

    @bad("offl-7-edit-announced-not-sent-client", "client", ["OFFL-7"], "Online, the edit of T-7 gets its notification but is never sent.")
    def _():
        return announced_only(o.online_edit, "req.6", "enq.7")

    @bad("offl-8-edit-announced-not-queued-client", "client", ["OFFL-8"], "Offline, the first edit of tmp-2 gets its notification but is never queued.")
    def _():
        return announced_only(o.create_edit, "enq.5", "drop.5")

    @bad("offl-8-edit-queued-past-tolerance-client", "client", ["OFFL-8"], "Offline, the app shows an edit's notification and queues the edit 2001 ms later, past reactionToleranceMs.")
    def _():
        return late.notification_first(2001)

    @bad("offl-9-edit-announced-not-queued-client", "client", ["OFFL-9"], "Offline, the first edit of T-20 gets its notification but is never queued.")
    def _():
        return announced_only(o.create_edit, "enq.7", "drop.7")

    @bad("offl-14-edit-announced-not-queued-client", "client", ["OFFL-14"], "Online, the edit of the unanswered tmp-1 gets its notification but is never queued.")
    def _():
        return announced_only(o.online_edit, "enq.7", "drop.7")

    @bad("offl-7-online-edit-queued-client", "client", ["OFFL-7"], "Online with nothing in flight, an edit of T-7 is queued and only then sent.")
    def _():
        c = o.refresh()
        request = c.find("req.3")
        queued = {"seq": 3, "kind": "edit", "id": "T-7", "data": request["body"]}
        insert_before(c, "req.3", ("queue.changed", {"length": 1, "op": "enqueue", "entry": queued}),
                      ("queue.changed", {"length": 0, "op": "send", "entry": queued}))
        return c

    @bad("offl-7-older-queued-edit-kept-client", "client", ["OFFL-7"], "Online, a new edit of T-7 is sent while its older queued edit stays in the queue.")
    def _():
        c = o.online_edit()
        c.remove("drop.4")
        return truncate(c, "resp.3")

    @bad("offl-8-older-local-edit-kept-client", "client", ["OFFL-8"], "Offline, a second edit of tmp-2 is queued beside the first instead of replacing it.")
    def _():
        c = o.create_edit()
        c.remove("drop.5")
        return truncate(c, "net#2")

    @bad("offl-8-create-dropped-client", "client", ["OFFL-8"], "Offline, an edit of tmp-2 drops the queued create of tmp-2.")
    def _():
        c = o.create_edit()
        insert_before(c, "enq.5", ("queue.changed", {"length": 0, "op": "drop", "entry": entry(c, "enq.4")}))
        return truncate(c, "net#2")

    @bad("offl-9-older-backend-edit-kept-client", "client", ["OFFL-9"], "Offline, a second edit of T-20 is queued beside the first instead of replacing it.")
    def _():
        c = o.create_edit()
        c.remove("drop.7")
        return truncate(c, "net#2")

    @bad("offl-9-edit-sent-offline-client", "client", ["OFFL-9"], "Offline, an edit of the backend's T-20 is sent instead of queued.")
    def _():
        c = o.create_edit()
        queued = entry(c, "enq.7")
        replace(c, "enq.7", "http.request", **request_of(queued))
        add_after(c, "enq.7", "http.response", gap=0, xid="x-7", error="refused")
        c.remove("drop.7")
        return truncate(c, "net#2")

    @bad("offl-10-queued-edit-partial-client", "client", ["OFFL-10"], "Offline, the edit of T-20 queues only the changed address, not the task's full state.")
    def _():
        c = o.create_edit()
        c.find("enq.8")["entry"]["data"] = {"address": "Calle Mayor 1, 2B"}
        return c

    @bad("offl-10-queued-edit-without-budget-client", "client", ["OFFL-10"], "Offline, the edit of tmp-2 queues its task without the maxBudget it had.")
    def _():
        c = o.create_edit()
        del c.find("enq.6")["entry"]["data"]["maxBudget"]
        return c

    @bad("offl-10-online-edit-partial-client", "client", ["OFFL-10", "TASK-10"], "Online, the edit of T-7 sends only maxBudget: not the full state (OFFL-10) nor the editable state (TASK-10).")
    def _():
        c = o.online_edit()
        c.find("req.6")["body"] = {"maxBudget": 50}
        return c


# ---- OFFL-11 ... OFFL-13 ------------------------------------------------------------------------

def register_replay(bad) -> None:
    def swap_times(c: Capture, first: list[str], second: list[str]) -> None:
        times = [c.find(t)["ts"] for t in first]
        later = [c.find(t)["ts"] for t in second]
        for tag, ts in zip(first, later):
            c.find(tag)["ts"] = ts
        for tag, ts in zip(second, times):
            c.find(tag)["ts"] = ts

    @bad("offl-11-replay-out-of-order-client", "client", ["OFFL-11"], "Back online, the replay sends the queued edit of T-20 before the older one of T-21.")
    def _():
        c = o.create_edit()
        swap_times(c, ["qsend.6", "req.6", "resp.6"], ["qsend.8", "req.8", "resp.8"])
        return c

    @bad("offl-11-two-in-flight-client", "client", ["OFFL-11"], "The replay sends the next queued edit before the previous one was answered.")
    def _():
        c = o.create_edit()
        answered = c.find("resp.6")["ts"]
        c.find("qsend.8")["ts"] = answered - 3
        c.find("req.8")["ts"] = answered - 2
        return c

    @bad("offl-11-queue-stalls-client", "client", ["OFFL-11"], "Back online with nothing in flight, the app never sends its queue.")
    def _():
        c = o.create_edit()
        for tag in ("qsend.4", "req.4", "resp.4", "qsend.6", "req.6", "resp.6", "qsend.8", "req.8", "resp.8"):
            c.remove(tag)
        return c

    @bad("offl-12-queue-lost-client", "client", ["OFFL-12"], "Relaunched, the app reads back an empty queue: the create and the edit are lost.")
    def _():
        c = o.relaunch()
        c.find("launch#2")["queue"] = []
        return c

    @bad("offl-12-in-flight-create-lost-client", "client", ["OFFL-12"], "The create in flight at termination is missing from the queue read back.")
    def _():
        c = o.relaunch()
        launch = c.find("launch#2")
        launch["queue"] = [q for q in launch["queue"] if q["seq"] != 3]
        for tag in ("qsend.3#2", "req.3#2", "resp.3"):
            c.remove(tag)
        return c

    @bad("offl-13-no-get-at-launch-client", "client", ["OFFL-13"], "Launched online, the app sends no background GET.")
    def _():
        c = o.create_edit()
        c.remove("req.1", "resp.1")
        return c

    @bad("offl-13-no-get-on-reconnect-client", "client", ["OFFL-13"], "Connectivity returns while running and the app sends no GET.")
    def _():
        c = o.refresh()
        c.remove("req.4", "resp.4")
        return c


# ---- AUTH-1 ... AUTH-7 --------------------------------------------------------------------------

def register_auth(bad) -> None:
    def list_at_launch(c: Capture) -> Capture:
        """The session of `o.login` with the list shown at launch instead of the login screen: no
        JWT-Auth, and the list's refresh (OFFL-16) right after the launch's options GET, not after a
        login's answer."""
        c.find("view.login")["view"] = "contacts"
        c.remove("req.2", "resp.2", "view.contacts")
        start = c.find("req.1")["ts"]
        for gap, tag in ((1, "req.3"), (2, "render"), (40, "resp.3"), (41, "render#2")):
            c.find(tag)["ts"] = start + gap
        return c

    @bad("auth-1-expired-token-online-client", "client", ["AUTH-1"], "Online with a token expired a day ago, the app shows the list instead of login.")
    def _():
        return list_at_launch(o.login_expired())

    @bad("auth-1-token-at-expiry-offline-client", "client", ["AUTH-1"], "Offline, a token expiring at the launch's millisecond is taken as active.")
    def _():
        c = o.pin_at_expiry()
        c.find("view.pin")["view"] = "contacts"
        c.remove("view.home")
        return c

    @bad("auth-2-login-with-token-client", "client", ["AUTH-2"], "Online with an active token, the app shows the login screen first.")
    def _():
        c = o.refresh()
        c.find("view.contacts")["view"] = "login"
        return c

    @bad("auth-2-home-with-token-client", "client", ["AUTH-2"], "Online with an active token, the app shows HOME first.")
    def _():
        c = o.refresh()
        c.find("view.contacts")["view"] = "home"
        return c

    @bad("auth-3-list-without-token-client", "client", ["AUTH-3"], "Online with no token, the app shows the list without the login screen.")
    def _():
        return list_at_launch(o.login())

    @bad("auth-3-pin-online-client", "client", ["AUTH-3"], "Online with no token, the app asks for the PIN instead of showing login.")
    def _():
        c = o.login()
        c.find("view.login")["view"] = "pin"
        c.remove("req.2", "resp.2", "view.contacts")
        remove_refresh(c, 3)
        return c

    @bad("auth-4-home-after-login-client", "client", ["AUTH-4"], "After a successful JWT-Auth the app shows HOME, not the list.")
    def _():
        c = o.login()
        c.find("view.contacts")["view"] = "home"
        remove_refresh(c, 3)  # no list on screen, none refreshed
        return c

    @bad("auth-4-token-not-stored-client", "client", ["AUTH-4"], "The token of the login is not in the cache at the next launch, which asks for the PIN.")
    def _():
        c = o.login()
        c.find("launch#2")["jwt"] = None
        c.find("view.contacts#2")["view"] = "pin"
        add_after(c, "view.contacts#2", "view.shown", gap=3000, view="home")
        return c

    @bad("auth-4-list-without-jwt-auth-client", "client", ["AUTH-4"], "The app leaves the login screen for the list without any JWT-Auth.")
    def _():
        c = o.login()
        c.remove("req.2", "resp.2")
        return c

    @bad("auth-5-pin-with-token-offline-client", "client", ["AUTH-5"], "Offline with an active token, the app asks for the PIN.")
    def _():
        c = o.login()
        c.find("view.contacts#2")["view"] = "pin"
        return c

    @bad("auth-5-request-offline-client", "client", ["AUTH-5"], "Offline with an active token, the app tries to check the token with the backend.")
    def _():
        c = o.login()
        add_after(c, "view.contacts#2", "http.request", xid="x-me", method="GET", path="/api/users/me")
        add_after(c, "view.contacts#2", "http.response", gap=2, xid="x-me", error="refused")
        return c

    @bad("auth-6-list-after-pin-client", "client", ["AUTH-6"], "Offline with an expired token after an online session, the PIN leads to the list, not HOME.")
    def _():
        c = o.pin_expired()
        c.find("view.home")["view"] = "contacts"
        return c

    @bad("auth-6-login-queued-offline-client", "client", ["AUTH-6"], "Offline on the PIN screen, the app queues a JWT-Auth for later.")
    def _():
        c = o.pin_expired()
        add_after(c, "view.pin", "queue.changed", gap=100, length=1, op="enqueue", entry={"seq": 1, "kind": "login"})
        return c

    @bad("auth-7-home-after-pin-client", "client", ["AUTH-7"], "Never online, the PIN leads to HOME instead of the list.")
    def _():
        c = o.first_offline()
        c.find("view.contacts")["view"] = "home"
        return c

    @bad("auth-7-no-pin-client", "client", ["AUTH-7"], "Never online and offline, the app shows the list without asking for the PIN.")
    def _():
        c = o.first_offline()
        c.find("view.pin")["view"] = "contacts"
        c.remove("view.contacts")
        return c


# ---- AUTH-4, AUTH-6, OFFL-11: branches the traces above do not go through (report_site_coverage.py)

def register_more_branches(bad) -> None:
    @bad("auth-6-login-sent-offline-client", "client", ["AUTH-6"], "Offline on the PIN screen, the app sends a JWT-Auth that cannot reach the backend.")
    def _():
        c = o.pin_expired()
        add_after(c, "view.pin", "http.request", gap=100, xid="x-login", method="POST", path="/api/auth/login",
                  call={"seq": 1, "kind": "login"}, body={"email": "ana@example.com", "password": "secret-1", "rememberMe": True})
        add_after(c, "view.pin", "http.response", gap=102, xid="x-login", error="refused")
        return c

    @bad("auth-4-ever-online-lost-client", "client", ["AUTH-4"], "After a successful login, the next launch reads back everOnline false.")
    def _():
        c = o.login()
        c.find("launch#2")["everOnline"] = False
        return c

    @bad("auth-4-no-view-after-login-client", "client", ["AUTH-4"], "After a successful JWT-Auth the app stays on the login screen: the list never appears.")
    def _():
        c = o.login()
        c.remove("view.contacts")
        remove_refresh(c, 3)  # no list on screen, none refreshed
        return c

    @bad("offl-11-options-queued-client", "client", ["OFFL-11"], "Connectivity goes and the app puts an option values GET in its request queue.")
    def _():
        c = o.refresh()
        add_after(c, "net", "queue.changed", gap=1000, length=1, op="enqueue", entry={"seq": 90, "kind": "options"})
        return c

    @bad("offl-11-answered-create-requeued-client", "client", ["OFFL-11"], "Offline, the app queues again the create of tmp-1 that the backend already answered.")
    def _():
        c = o.create_edit()
        answered = c.find("req.3")
        add_after(c, "net", "queue.changed", gap=1000, length=1, op="enqueue",
                  entry={"seq": 3, "kind": "create", "id": answered["call"]["id"], "data": copy.deepcopy(answered["body"])})
        return truncate(c, "net#2")

    @bad("offl-11-older-edit-requeued-client", "client", ["OFFL-11"], "Offline, the app puts back the edit of T-20 that its newer queued edit replaced.")
    def _():
        c = o.create_edit()
        add_after(c, "drop.7", "queue.changed", gap=1000, length=4, op="enqueue", entry=entry(c, "enq.7"))
        return truncate(c, "net#2")
