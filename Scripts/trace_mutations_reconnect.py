"""The bad traces of reconnections inside a round (Scripts/generate_traces.py): an app that was
connected again well before the call whose event it then misses was reachable, so the event is
the backend's to deliver. One mutation each, tripping exactly the rule named. Python 3.11,
standard library only."""

from __future__ import annotations

import trace_reconnect_scenarios as r


def register_reconnect(bad) -> None:
    @bad("flow-4-apply-missing-after-client-back-apps", "apps", ["FLOW-4"],
         "Seen by apps: the client reconnected a second before w-1 won R-1, and no `apply` reaches it.")
    def _():
        return r.race_client_away(back_before=True)

    @bad("flow-3-both-win-client-away-apps", "apps", ["FLOW-3"],
         "Seen by apps: w-1 and w-2 both win R-1 while the client is away; the lost `apply` is owed once, so no FLOW-4.")
    def _():
        return r.race_client_away(both_win=True)

    @bad("flow-8-cancel-missing-after-winner-back-apps", "apps", ["FLOW-8"],
         "Seen by apps: w-1 reconnected a second before the client cancelled R-1, which w-1 had won, and no `cancel` reaches w-1.")
    def _():
        return r.cancel_winner_away(back_before=True)

    @bad("msg-3-new-missing-after-worker-back-apps", "apps", ["MSG-3"],
         "Seen by apps: w-2 reconnected a second before the client posted R-1 to the channel, and no `new` reaches w-2.")
    def _():
        return r.new_worker_away(back_before=True)
