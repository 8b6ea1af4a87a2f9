#!/usr/bin/env python3
"""Generate Vectors/traces/: conformant traces (good/) and traces that break exactly one
requirement each (bad/), with Vectors/traces/manifest.json naming the rule ids expected to fire.

Usage:  python3 Scripts/generate_traces.py [--check]

Every trace comes from a scenario of Scripts/trace_scenarios.py: a whole session recorded by the
client app, the worker apps and the backend, with consistent times. A good trace is a scenario
projected on the roles of the team it serves (client, worker, backend, or all). A bad trace is a
scenario with one mutation: an event removed, moved or changed so that one rule, and only that
rule, fires. The output is deterministic; --check compares it with the files on disk instead of
writing them (exit 1 when they differ).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import trace_late_scenarios as late  # noqa: E402
import trace_offline_scenarios as o  # noqa: E402
import trace_reconnect_scenarios as reconnect  # noqa: E402
import trace_scenarios as s  # noqa: E402
import trace_task_scenarios as t  # noqa: E402
from trace_scenarios import Capture  # noqa: E402

ROLES = ["client", "worker", "backend"]
ALL = ("client", "worker", "backend")


def render(capture: Capture, roles: tuple[str, ...], description: str) -> str:
    header = {"format": "jobwire-trace", "version": 1, "roles": [r for r in ROLES if r in roles], "description": description}
    for key in ("subject", "unknown", "profiles", "retainMs"):
        if key in capture.header:
            header[key] = capture.header[key]
    events = capture.events if capture.header.get("keep_order") else capture.in_time_order()
    lines = [json.dumps(header, separators=(",", ":"), ensure_ascii=False)]
    for event in events:
        if event["kind"] == "trace.end":
            # The trace ends where its first recorder stopped.
            event = {"ts": event["ts"], "actor": header["roles"][0], **({"id": "w-1"} if header["roles"][0] == "worker" else {}),
                     **({"id": "c-1"} if header["roles"][0] == "client" else {}), "kind": "trace.end"}
        elif event["actor"] not in roles:
            continue
        lines.append(json.dumps({k: v for k, v in event.items() if not k.startswith("_")}, separators=(",", ":"), ensure_ascii=False))
    return "\n".join(lines) + "\n"


def roles_of(name: str) -> tuple[str, ...]:
    if name == "apps":
        return ("client", "worker")
    return ALL if name == "all" else (name,)


# ---- good traces -----------------------------------------------------------------------------

GOOD: list[tuple[str, str, Callable[[], Capture], str]] = [
    ("happy-all", "all", s.happy, "A channel request: w-1 eligible after its Delay, wins, works and is closed; w-2 is filtered out."),
    ("happy-client", "client", s.happy, "The happy path as the client app records it."),
    ("happy-worker", "worker", s.happy, "The happy path as the worker apps record it."),
    ("happy-backend", "backend", s.happy, "The happy path as the backend records it."),
    ("new-before-post-answer-backend", "backend", s.new_before_post_answer,
     "The backend emits R-1's `new` 1 ms before it writes the post's answer."),
    ("profile-answer-adopted-worker", "worker", s.profile_answer_adopted,
     "w-1's meProfile answer drops a category its device kept; w-1 reports it and decides R-1 by it."),
    ("emit-at-tolerance-backend", "backend", s.backend_at_tolerance,
     "The `new`, the `apply` and both `close`s leave exactly emitToleranceMs (2000 ms) after their answers: on time."),
    ("happy-new-worker-client", "client", lambda: s.happy(rating=None), "The winner has no rating: the apply alert shows New Worker."),
    ("worker-missed-close-all", "all", s.worker_missed_close,
     "w-1 is away when R-1 is closed; back, its state read says closed and it leaves Work in Progress with the closed alert."),
    ("happy-image-worker", "worker", lambda: s.happy(image="https://img.example.com/tap.jpg"),
     "The request carries an image, which w-1's Work Information alert shows (VIEW-10)."),
    ("race-all", "all", s.race, "Both workers accept; w-2 loses the race and shows the failure alert."),
    ("cancel-reaches-late-joiner-apps", "apps", s.cancel_reaches_late_joiner,
     "The winnerless timeout cancel reaches w-3 too, which joined the channel after the `new` went out."),
    ("race-transport-worker", "worker", lambda: s.race(transport=True), "w-2's WorkerAccept times out; it shows the failure alert."),
    ("race-cancel-in-flight-apps", "apps", s.race_cancel_in_flight,
     "Accepts and a cancel in flight, seen by apps: w-2's race_lost arrives after the cancel's answer."),
    ("race-cancel-in-flight-read-apps", "apps", s.race_cancel_in_flight_read,
     "Seen by apps: w-1 wins just before the timeout cancel; R-1 reads back cancelled with w-1 as its winner."),
    ("race-dropped-winner-apps", "apps", s.race_dropped,
     "Racers seen by apps: w-1 drops its accept's connection unread, w-2 and w-3 get race_lost, the `apply` names w-1."),
    ("race-close-cancel-apps", "apps", s.race_close_cancel,
     "The client's cancel and w-1's close in flight together, seen by apps: the close wins, the cancel gets request_closed."),
    ("race-client-away-apps", "apps", reconnect.race_client_away,
     "Seen by apps: the client reconnects right after w-1 and w-2 accept R-1; the `apply` sent meanwhile is lost to it."),
    ("new-worker-away-apps", "apps", reconnect.new_worker_away,
     "Seen by apps: w-2 reconnects right after the client posts R-1 to the channel; the `new` sent meanwhile is lost to it."),
    ("cancel-winner-away-apps", "apps", reconnect.cancel_winner_away,
     "Seen by apps: R-1's winner w-1 reconnects right after the client's cancel; the `cancel` sent meanwhile is lost to it."),
    ("timeout-all", "all", s.timeout, "Nobody accepts; the client cancels at the deadline and shows the timeout alert."),
    ("timeout-client", "client", s.timeout, "The timeout path as the client app records it."),
    ("timeout-backend", "backend", s.timeout, "The timeout path as the backend records it: cancel to the client and the channel."),
    ("client-restart-client", "client", lambda: s.client_restart("restart"), "The client app restarts while waiting and keeps the original deadline."),
    ("client-background-client", "client", lambda: s.client_restart("background"), "The deadline passes in the background; the client cancels on return."),
    ("client-background-early-client", "client", lambda: s.client_restart("early"), "The client returns from the background before the deadline and cancels on time."),
    ("client-relaunch-late-client", "client", lambda: s.client_restart("relaunch-late"), "The client is relaunched after the deadline and cancels at once."),
    ("worker-restart-worker", "worker", lambda: s.worker_restart("restart"), "w-1 restarts during a 30 s Delay and resumes it from the receipt."),
    ("worker-background-worker", "worker", lambda: s.worker_restart("background"), "w-1 spends part of a 30 s Delay in the background."),
    ("discards-all", "all", s.discards, "w-1 discards, restarts, and hides the offer getJobs lists again; w-2 wins."),
    ("direct-all", "all", s.direct, "A direct request to w-1: shown at once, no filtering, accepted."),
    ("getjobs-all", "all", s.getjobs, "w-1 misses the broadcast, finds the job with getJobs, shows it at once and wins."),
    ("getjobs-backend", "backend", s.getjobs, "getJobs as the backend records it, with the workers' profiles in the header."),
    ("cancel-after-win-all", "all", s.cancel_after_win, "The client cancels after w-1 won: cancel to both, w-1 leaves Work in Progress with an alert."),
    ("retake-all", "all", s.retake, "Fixtures, a meProfile read, a reported position in the apply, a state read on return, history reads."),
    ("retake-backend", "backend", s.retake, "The backend's records at work, as the backend records it: fixtures, reads, position, connections."),
    ("profile-read-in-flight-backend", "backend", s.profile_read_in_flight, "w-1's meProfile read, in flight with a fixture and a position report, shows the record between the two."),
    # Retaking state and connections (STATE), unknown and malformed `new` members (MSG-12, MSG-13).
    ("worker-wip-restart-all", "all", s.worker_wip_restart, "w-1 is relaunched in Work in Progress: it shows it again and reads R-1's state."),
    ("restart-after-cancel-worker", "worker", s.restart_after_cancel, "w-1 is relaunched after the client cancelled R-1: home, not Work in Progress."),
    ("client-missed-apply-client", "client", s.client_missed_apply, "The apply comes while the client is away; back, it reads R-1 in progress and moves on."),
    ("reconnect-all", "all", s.reconnect, "The client's connection drops while waiting: a refused attempt, a connection, a state read."),
    ("slow-consumer-all", "all", lambda: s.reconnect(slow=True),
     "The backend drops the waiting client as a slow consumer; the client sees a drop, reconnects and reads R-1's state."),
    ("lost-post-client", "client", s.lost_post, "The post's answer is lost; the client reads its requests and cancels the open R-1 as lost."),
    ("lost-accept-won-all", "all", s.lost_accept_won, "w-1's WorkerAccept answer is lost; its state read shows it won, so it enters Work in Progress."),
    ("unknown-fields-all", "all", s.unknown_fields, "The `new` carries members no requirement defines; both workers decide and show it."),
    ("blocked-object-worker", "worker", s.blocked_object, "A `new` with BlockedXP in MSG-15's object form: the worker reads it and shows the offer."),
    # Late events, beyond retainMs, and an app's give-up (Docs/TRACE.md, "Memory and retention").
    ("late-post-answer-all", "all", late.late_post_answer, "The backend answers the client's post 70 s late; the `new` and the rest follow."),
    ("accept-given-up-all", "all", late.accept_given_up,
     "w-2's app gives up on its WorkerAccept after 10 s and carries on; the backend answers race_lost 20 s after that."),
    ("late-worker-close-all", "all", late.late_worker_close,
     "Back 90 s after R-1 was closed, its winner, still in Work in Progress, closes it too: legal, request_closed."),
    ("forgotten-after-a-day-backend", "backend", late.forgotten_after_a_day,
     "A day and a second after R-1 was closed, its state read is not_found and the history empty (REST-16)."),
    ("relaunch-resend-all", "all", late.relaunch_resend,
     "Killed before its close's answer, the client is relaunched 3 minutes later and sends the close again (request_closed)."),
    # The HandyFriends task API (TASK): three users' apps and the backend.
    ("tasks-backend", "backend", t.tasks, "Sign-ups, log-ins, tasks created, edited, cancelled and read, a contractor chosen and reviewed, accounts."),
    ("tasks-client", "client", t.tasks, "The task API session as the users' apps record it."),
    ("task-stale-list-backend", "backend", t.stale_list, "A list sent before a complete, answered after it, shows T-1 assigned; the profile read later has it as past work."),
    ("task-stale-list-client", "client", t.stale_list, "The stale list as the user's app records it."),
    ("task-stale-read-backend", "backend", t.stale_read, "Reads of a task, an account and a profile, each sent before a write and answered after it, show the old record."),
    ("task-stale-read-client", "client", t.stale_read, "The stale read as the user's app records it."),
    ("task-concurrent-reviews-backend", "backend", t.concurrent_reviews, "Two pairs of reviews in flight together, each handled first but answered last; the ratings are means of what came first."),
    ("task-concurrent-reviews-client", "client", t.concurrent_reviews, "The concurrent reviews as the users' apps record them."),
    # The offline workflow (OFFL, AUTH): one app's capture each, built on the reference offline model.
    ("offline-refresh-client", "client", o.refresh, "Online the list GET, its renders and an edit sent at once; offline a refresh does nothing."),
    ("offline-create-edit-client", "client", o.create_edit, "Creates and edits online and offline; the queue replays in order with ids replaced."),
    ("offline-create-edit-worker", "worker", lambda: o.create_edit("w-1"), "The create and edit session as a worker app records it."),
    ("offline-online-edit-client", "client", o.online_edit, "During the replay an online edit goes at once; edits of the unanswered create wait."),
    ("offline-transport-client", "client", o.transport, "A replayed create meets a transport error, goes first again and is refused."),
    ("offline-online-refusals-client", "client", o.online_refusals, "Online, a create and an edit sent at once are refused; each gets its error alert."),
    ("offline-transport-worker", "worker", lambda: o.transport("w-1"), "The transport error and refused replay as a worker app records it."),
    ("offline-online-refusals-worker", "worker", lambda: o.online_refusals("w-1"),
     "A worker app's online create and edit, refused; it shows the alerts, though only the client app's TASK-24 asks."),
    ("task-session-returns-client", "client", o.foreground_returns, "Back before the token's expiry the app keeps the list; back after it, the login screen."),
    ("offline-relaunch-client", "client", o.relaunch, "Terminated mid-replay, relaunched offline with a JWT: the list at once, the queue kept."),
    ("auth-login-client", "client", o.login, "A fresh install logs in online; the next offline launch finds the token."),
    ("offline-refresh-before-list-client", "client", o.login_list_first, "Logged in, the app sends the list GET and then shows the list it refreshes."),
    ("auth-login-expired-client", "client", o.login_expired, "Online with an expired token: the login screen, JWT-Auth, the list."),
    ("auth-pin-expired-client", "client", o.pin_expired, "Offline with an expired token after an online session: the PIN, then HOME."),
    ("auth-pin-at-expiry-client", "client", o.pin_at_expiry, "The token expires at the launch's millisecond: it counts as none, so the PIN."),
    ("auth-first-offline-client", "client", o.first_offline, "Never online, launched offline: the PIN, then the list."),
    # Deferrals: an obligation falls due while the app may still act, so the kit waits longer.
    ("back-within-tolerance-client", "client", late.back_within_tolerance,
     "Back 1 s after the deadline, within the cancel tolerance: the timeout cancel leaves 1.5 s after the return (TIME-6)."),
    ("back-after-show-at-all", "all", late.back_after_show_at,
     "w-1 is in the background at R-1's showAt; back 100 ms after it, it shows the offer 200 ms after the return."),
    ("alert-holds-wip-all", "all", late.alert_holds_wip,
     "R-1 is cancelled after w-1 won; w-1's user reads the cancelled alert 5 s over Work in Progress, then it leaves."),
    ("reconnect-offline-all", "all", late.reconnect_offline,
     "After a drop the client is offline 5 s; back online it tries to connect 14 s later, 20 s after the drop."),
    ("lost-accept-read-fails-all", "all", late.lost_accept_read_fails,
     "w-2's WorkerAccept answer is lost, then its state read's too; it reads again at once: w-1 won."),
    ("lost-post-away-client", "client", late.lost_post_away,
     "The post's answer is lost and the client goes away; back 30 s later it reads its requests and cancels R-1 as lost."),
    ("slow-accept-answer-apps", "apps", late.slow_accept_answer,
     "Seen by apps: w-1's WorkerAccept success reaches it 3 s after the client received the `apply` naming it."),
    ("replay-unannounced-client", "client", late.replay_unannounced,
     "The offline create and edit session, its replays recorded only as their requests (no `send` op), in order."),
    ("notification-first-client", "client", late.notification_first,
     "Offline, the app shows an edit's notification first and queues the edit reactionToleranceMs (2000 ms) later."),
    # Past retainMs: a return, or a late event, judged on what R-1's tombstone keeps (w-1's discard included).
    ("restart-long-after-cancel-worker", "worker", lambda: s.restart_after_cancel(back_after=late.LATE + 30_000),
     "w-1 is relaunched 2 minutes after the client cancelled R-1, past retainMs: home, not Work in Progress."),
    ("discarded-then-closed-all", "all", late.discarded_then_closed,
     "w-1 discards R-1; w-2 wins, the client closes, and 90 s later reads R-1 closed: judged on R-1's tombstone."),
]

# ---- bad traces: (name, role, expected ids, description, build) -----------------------------

BAD: list[tuple[str, str, list[str], str, Callable[[], Capture]]] = []


def bad(name: str, role: str, expect: list[str], description: str):
    def register(build: Callable[[], Capture]) -> Callable[[], Capture]:
        BAD.append((name, role, expect, description, build))
        return build
    return register


# (mutations are added below, grouped by area)
from trace_mutations import register_all  # noqa: E402

register_all(bad)


def build_all() -> dict[str, str]:
    files: dict[str, str] = {}
    manifest = []
    for name, role, build, description in GOOD:
        path = f"good/{name}.jsonl"
        files[path] = render(build(), roles_of(role), description)
        manifest.append({"file": path, "role": role, "expect": [], "description": description})
    for name, role, expect, description, build in BAD:
        path = f"bad/{name}.jsonl"
        files[path] = render(build(), roles_of(role), description)
        manifest.append({"file": path, "role": role, "expect": expect, "description": description})
    names = [entry["file"] for entry in manifest]
    assert len(names) == len(set(names)), "duplicate trace names"
    files["manifest.json"] = json.dumps({"traces": manifest}, indent=2, ensure_ascii=False) + "\n"
    return files


def main() -> int:
    root = Path(__file__).resolve().parent.parent / "Vectors" / "traces"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files on disk instead of writing")
    args = parser.parse_args()
    files = build_all()
    if args.check:
        stale = [p for p, text in files.items() if not (root / p).exists() or (root / p).read_text(encoding="utf-8") != text]
        extra = [str(p.relative_to(root)) for p in root.rglob("*.jsonl") if str(p.relative_to(root)) not in files]
        for p in stale:
            print(f"Vectors/traces/{p} differs from what Scripts/generate_traces.py writes", file=sys.stderr)
        for p in extra:
            print(f"Vectors/traces/{p} is not generated by Scripts/generate_traces.py", file=sys.stderr)
        return 1 if stale or extra else 0
    for sub in ("good", "bad"):
        (root / sub).mkdir(parents=True, exist_ok=True)
        for old in (root / sub).glob("*.jsonl"):
            if f"{sub}/{old.name}" not in files:
                old.unlink()
    for p, text in files.items():
        (root / p).write_text(text, encoding="utf-8")
    good = sum(1 for p in files if p.startswith("good/"))
    print(f"wrote {good} good and {len(files) - good - 1} bad traces to {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
