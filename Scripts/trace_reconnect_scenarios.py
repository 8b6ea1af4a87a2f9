"""Reconnections inside a round for Scripts/generate_traces.py: an app lets its Socket.IO
connection go and connects again (a new session, the same identity) while a request it takes
part in is being won or ended, as apps playing for a backend test record it (verify's race
cases). Socket.IO keeps nothing for a socket that is gone, so an event sent while the app was
away is lost to it and not held against the backend (FLOW-4, FLOW-8, FLOW-9); one sent after it
was back must reach it (Docs/TRACE.md, "Connections").

Python 3.11, standard library only.
"""

from __future__ import annotations

import trace_scenarios as s
from trace_scenarios import NET, PROC, T0, W1, W2_ELIGIBLE, Capture, failure, ok

AWAY = 50                       # how long the app's socket is gone, ms
EARLY = 1000                    # a reconnection this long before the call: well past the clock skew tolerance


WORKERS = {"w-1": W1, "w-2": W2_ELIGIBLE}


def _connected() -> Capture:
    """The client, w-1 and w-2 launched and connected, recording their connections; only backend rules judge."""
    c = Capture()
    c.header["subject"] = ["backend"]
    s.launch(c, T0, WORKERS)
    s.connected(c, T0 + 5, "client", "client", "c-1", tag="conn.c-1")
    s.connected(c, T0 + 6, "w-1", "worker", "w-1", tag="conn.w-1")
    s.connected(c, T0 + 7, "w-2", "worker", "w-2", tag="conn.w-2")
    return c


def _cast() -> tuple[Capture, int]:
    """The apps connected and a channel request R-1 both workers were offered; the time they may accept."""
    c = _connected()
    answered, payload = s.post(c, T0 + 1000, "R-1")
    return c, max(s.broadcast(c, answered - NET, payload, WORKERS).values()) + 3000


def reconnect(c: Capture, t: int, app: str, role: str, user: str) -> None:
    """`app` lets its connection go at `t` and is connected again AWAY ms later."""
    s.disconnected(c, t, app, role, user, tag=f"away.{app}")
    s.connected(c, t + AWAY - NET, app, role, user, tag=f"back.{app}")


def race_client_away(back_before: bool = False, both_win: bool = False) -> Capture:
    """w-1 and w-2 accept R-1 together: w-1 wins, w-2 gets race_lost. Right after the accepts
    left, the client lets its connection go and connects again, so the `apply` the backend sent
    meanwhile never reaches it. With `back_before` the client was back a second before the accepts
    were sent, so the missing `apply` is the backend's. With `both_win` w-2's accept succeeds too."""
    c, t = _cast()
    if back_before:
        reconnect(c, t - EARLY, "client", "client", "c-1")
    c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept")
    if both_win:
        c.rest(t + 1, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, reply=ok(ReqID="R-1"), tag="w-2.accept")
    else:
        c.rest(t + 1, "w-2", "POST", "/api/requests/R-1/accept", {"workerId": "w-2"}, status=409,
               reply=failure("race_lost", "Another worker already accepted this request"), tag="w-2.accept")
    if not back_before:
        reconnect(c, t + 2, "client", "client", "c-1")
    # Sent to the client's room while (or as if) nobody was in it.
    c.emit(t + NET + PROC + PROC, "apply", s.apply_payload("w-1", 4.5), "c-1", [], tag="apply.R-1")
    s.end(c, t + 6000)
    return c


def cancel_winner_away(back_before: bool = False) -> Capture:
    """w-1 wins R-1; later the client cancels it. Right after the cancel left, w-1 lets its
    connection go and connects again, so the `cancel` sent to its room meanwhile never reaches it;
    the client gets its own. With `back_before` w-1 was back a second before the cancel was sent,
    so the `cancel` missing at w-1 is the backend's."""
    c, t = _cast()
    c.rest(t, "w-1", "POST", "/api/requests/R-1/accept", {"workerId": "w-1"}, reply=ok(ReqID="R-1"), tag="w-1.accept")
    c.emit(t + NET + PROC + PROC, "apply", s.apply_payload("w-1", 4.5), "c-1", ["client"], tag="apply.R-1")
    t += 5000
    if back_before:
        reconnect(c, t - EARLY, "w-1", "worker", "w-1")
    c.rest(t, "client", "POST", "/api/requests/R-1/cancel", {"reason": "race", "clientId": "c-1"}, reply=ok(ReqID="R-1"), tag="c.cancel")
    if not back_before:
        reconnect(c, t + 2, "w-1", "worker", "w-1")
    cancel = {"ReqID": "R-1", "reason": "race"}
    c.emit(t + NET + PROC + PROC, "cancel", cancel, "c-1", ["client"], tag="cancel.R-1.c")
    c.emit(t + NET + PROC + PROC, "cancel", cancel, "w-1", [], tag="cancel.R-1.w")
    s.end(c, t + 6000)
    return c


def new_worker_away(back_before: bool = False) -> Capture:
    """The client posts R-1 to the channel. Right after the post left, w-2 lets its connection go
    and connects again, so the channel `new` sent meanwhile reaches w-1 alone. With `back_before`
    w-2 was back a second before the post was sent, so the `new` missing at w-2 is the backend's."""
    c = _connected()
    t = T0 + 3000
    if back_before:
        reconnect(c, t - EARLY, "w-2", "worker", "w-2")
    answered, payload = s.post(c, t, "R-1")
    if not back_before:
        reconnect(c, t + 2, "w-2", "worker", "w-2")
    s.broadcast(c, answered - NET, payload, {"w-1": W1})
    s.end(c, answered + 6000)
    return c
