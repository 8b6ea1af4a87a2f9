"""The offline workflow sessions of Scripts/generate_traces.py (OFFL-1 ... OFFL-14, AUTH-1 ...
AUTH-7), each a client or worker app's capture built on the reference model by
Scripts/trace_offline.py. Every branch of seed 002's tables appears in one of them.

Python 3.11, standard library only.
"""

from __future__ import annotations

from trace_offline import DAY, SINK, TAP, OfflineSession, state
from trace_scenarios import T0, Capture


def refresh(actor: str = "client") -> Capture:
    """Online: launch with an active JWT onto the list, the options GET, the list's refresh
    (OFFL-16) and its updated render, an edit sent at once (OFFL-7); offline: a refresh does
    nothing; online again: the options GET."""
    s = OfflineSession(state(), actor)
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    s.wait(3000).edit("T-7", {"maxBudget": 45})
    s.wait(40).respond(3)
    s.wait(5000).go_offline()
    s.wait(2000).refresh()
    s.wait(5000).go_online()
    s.wait(25).respond(4)
    return s.end()


def create_edit(actor: str = "client") -> Capture:
    """A create online; offline a create and edits of it (OFFL-8) and of a backend task
    (OFFL-9); online again the queue replays one request at a time, each temporary id replaced."""
    s = OfflineSession(state(), actor)
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    first = s.wait(2000).create(TAP)
    s.wait(40).respond(3)
    s.wait(3000).go_offline()
    second = s.wait(2000).create(SINK)
    s.wait(2000).edit(second, {"Description": "Unblock the sink and the bath"})
    s.wait(2000).edit(second, {"maxBudget": 70})
    s.wait(2000).edit("T-20", {"maxBudget": 90})
    s.wait(2000).edit("T-20", {"address": "Calle Mayor 1, 2B"})
    s.wait(5000).go_online()
    for seq in (9, 4, 6, 8):
        s.wait(40).respond(seq)
    assert first == "tmp-1" and second == "tmp-2"
    return s.end()


def online_edit() -> Capture:
    """While the replay's create is in flight: an online edit of a backend task is sent at once
    and supersedes its queued edit (OFFL-7); edits of the unanswered create wait behind it (OFFL-14)."""
    s = OfflineSession(state())
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    s.wait(2000).go_offline()
    local = s.wait(2000).create(TAP)
    s.wait(2000).edit("T-7", {"maxBudget": 45})
    s.wait(5000).go_online()
    s.wait(10).edit("T-7", {"maxBudget": 50})
    s.wait(10).edit(local, {"maxBudget": 85})
    s.wait(10).edit(local, {"Description": "Fix the tap and its valve"})
    for seq in (5, 6, 3, 8):
        s.wait(40).respond(seq)
    return s.end()


def transport(actor: str = "client") -> Capture:
    """The replayed create meets a transport error and waits at the head; back online it goes
    first again, is refused, and its queued edit is dropped with it (OFFL-6, OFFL-11)."""
    s = OfflineSession(state(), actor)
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    s.wait(2000).go_offline()
    local = s.wait(2000).create(TAP)
    s.wait(2000).edit(local, {"maxBudget": 95})
    s.wait(2000).create(SINK)
    s.wait(5000).go_online()
    s.wait(500).transport_error(3)
    s.wait(20_000).go_online()
    s.wait(30).respond(7)
    s.wait(40).respond(3, ok=False)
    s.wait(40).respond(5)
    return s.end()


def online_refusals(actor: str = "client") -> Capture:
    """Online, a create and an edit sent at once are refused: each gets its error alert, and the
    refused create is undone (TASK-24, OFFL-6)."""
    s = OfflineSession(state(), actor)
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    local = s.wait(2000).create(TAP)
    s.wait(40).respond(3, ok=False)
    s.wait(2000).edit("T-7", {"maxBudget": 45})
    s.wait(40).respond(4, ok=False)
    assert local == "tmp-1"
    return s.end()


def foreground_returns() -> Capture:
    """Online with a token expiring a minute after the launch: back from the background before
    the expiry the app keeps the list and refreshes it (OFFL-16); back after it, the login screen
    (TASK-5)."""
    s = OfflineSession(state(jwt_expires=T0 + 60_000))
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    s.wait(1000).background()
    s.wait(10_000).foreground()
    s.wait(30).respond(3)
    s.wait(25).respond(4)
    s.wait(1000).background()
    s.wait(60_000).foreground()
    s.wait(30).respond(5)
    return s.end()


def relaunch() -> Capture:
    """Terminated with a create in flight and an edit queued; relaunched offline with an active
    JWT it shows the list at once with no request (AUTH-5) and reads its queue back (OFFL-12)."""
    s = OfflineSession(state())
    s.launch()
    s.wait(30).respond(1)
    s.wait(25).respond(2)
    s.wait(2000).go_offline()
    s.wait(2000).create(TAP)
    s.wait(2000).edit("T-7", {"maxBudget": 45})
    s.wait(5000).go_online()
    s.wait(200).terminate()
    s.wait(60_000).go_offline()
    s.wait(1000).launch()
    s.wait(30_000).go_online()
    for seq in (6, 3, 4):
        s.wait(40).respond(seq)
    return s.end()


def login(expires: int | None = None) -> Capture:
    """Online without an active JWT (none, or `expires` in the past): the login screen (AUTH-3),
    JWT-Auth and the list, refreshed as it appears (AUTH-4, OFFL-16); the next launch, offline,
    finds the stored token and shows the list (AUTH-5)."""
    s = OfflineSession(state(jwt_expires=expires, ever_online=expires is not None))
    s.launch()
    s.wait(30).respond(1)
    s.wait(8000).login()
    s.wait(40).respond(2)
    s.wait(25).respond(3)
    s.wait(60_000).terminate()
    s.wait(1000).go_offline()
    s.wait(60_000).launch()
    return s.end()


def login_list_first() -> Capture:
    """`login`, with the app sending the list's refresh GET just before it shows the list: OFFL-16
    allows either order."""
    c = login()
    shown, sent = c.find("view.contacts"), c.find("req.3")
    shown["ts"], sent["ts"] = sent["ts"], shown["ts"]
    return c


def login_expired() -> Capture:
    return login(T0 - DAY)


def pin(expires: int, ever_online: bool = True) -> Capture:
    """Offline without an active JWT: the PIN, then HOME after an earlier online session
    (AUTH-6) or the list on a device never online (AUTH-7)."""
    s = OfflineSession(state("offline", jwt_expires=expires, ever_online=ever_online))
    s.launch()
    s.wait(4000).enter_pin(accepted=False)
    s.wait(3000).enter_pin()
    return s.end()


def pin_expired() -> Capture:
    return pin(T0 - DAY)


def pin_at_expiry() -> Capture:
    """The cached JWT expires at the very millisecond of the launch: it is not active (AUTH-1)."""
    return pin(T0 + 1)


def first_offline() -> Capture:
    return pin(None, ever_online=False)
