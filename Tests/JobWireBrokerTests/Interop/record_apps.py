#!/usr/bin/env python3
"""A client app and a worker app on python-socketio, for `jobwire record` tests.

Usage: record_apps.py URL --transport polling|upgrade|websocket [--password P] [--hold] [--report]
                      [--client-connects-late] [--late-report]

Both apps connect to URL (the recording proxy) with auth {"userId", "role"} (MSG-2) over the
given transport: `polling` only, `upgrade` (polling first, then the WebSocket upgrade, which the
script waits for), or `websocket` only. Then one request runs its happy path through the
reference backend: the worker's record is put with the worker fixture, the client posts, the
worker takes the `new` and sends WorkerAccept, the client gets `apply` and closes, both get
`close`. Then the task API: a sign-up with the password P and a call bearing its token in an
Authorization header. It prints `token: T` and then `done`; with --hold it waits for its stdin to
close before disconnecting (so a test can kill the recorder mid-session). Every wait is bounded.

With --report the apps also report what they show with `jobwire:trace`, as an app under test
reports it to `jobwire broker` (Docs/BROKER.md): the worker its profile and the offer it received
and showed, both their views and alerts, the client its timer (for `jobwire broker --replay`,
which judges the apps). With --client-connects-late the client connects only 3 s after its post
succeeded, a bug (STATE-8: a waiting client holds its connection). With --late-report the client
shows its home view when the `close` comes, stamped then, but reports it only LATE_S seconds after
its last call, just before it disconnects: a slow reporter, not a bug.
"""

import argparse
import uuid
import asyncio
import sys
import time

import aiohttp
import socketio

WAIT = 600  # a hang guard on what must come (a connect, an answer), never a verdict: the first pass starves processes
LATE_S = 3  # longer than the reactionToleranceMs (2 s) a served session used to wait after its last step


def now():
    return int(time.time() * 1000)


async def main(url, transport, password, hold, report=False, late=False, late_report=False):
    transports = {"polling": ["polling"], "upgrade": ["polling", "websocket"], "websocket": ["websocket"]}[transport]
    loop = asyncio.get_running_loop()
    seen = {name: loop.create_future() for name in ["new", "apply", "close-worker", "close-client"]}

    def arrived(name, payload):
        if not seen[name].done():
            seen[name].set_result(payload)

    worker = socketio.AsyncClient()
    client = socketio.AsyncClient()
    async def shows(app, *events):
        # Acknowledged, so a report is in before what the app does next (the broker orders by ts,
        # and an app's REST call may arrive in the same millisecond as its report).
        if report:
            answer = await app.call("jobwire:trace", [{"ts": now(), **event} for event in events], timeout=WAIT)
            assert answer == {"ok": True}, answer

    async def on_new(payload):
        await shows(worker, {"kind": "offer.received", "req": payload["ReqID"], "via": "new", "offer": payload}, {"kind": "offer.shown", "req": payload["ReqID"]})
        arrived("new", payload)

    async def on_apply(payload):
        await shows(
            client,
            {"kind": "view.shown", "view": "workInProgress", "req": payload["ReqID"], "elements": {
                "distance": 1.4, "rating": payload["workerRating"], "avatar": payload["workerAvatar"], "workerName": payload["workerName"],
                "description": "Leaking kitchen tap", "category": "Plumbing", "pay": True, "chat": True, "call": True, "closeRequest": True}},
            {"kind": "alert.shown", "alert": "apply", "result": "success", "req": payload["ReqID"], "elements": {
                "title": payload["workerName"] + " accepted your request", "avatar": payload["workerAvatar"], "ok": True, "rating": payload["workerRating"]}},
            {"kind": "user.input", "input": "ok", "req": payload["ReqID"], "alert": "apply"},
            {"kind": "alert.dismissed", "alert": "apply", "req": payload["ReqID"]})
        arrived("apply", payload)

    async def on_worker_close(payload):
        await shows(
            worker, {"kind": "view.shown", "view": "home"},
            {"kind": "alert.shown", "alert": "closed", "result": "info", "req": payload["ReqID"], "elements": {"title": "Request closed", "text": "Ana closed the request.", "ok": True}},
            {"kind": "user.input", "input": "ok", "req": payload["ReqID"], "alert": "closed"},
            {"kind": "alert.dismissed", "alert": "closed", "req": payload["ReqID"]})
        arrived("close-worker", payload)

    held = []  # the client's reports held back (--late-report)

    async def on_client_close(payload):
        if late_report:
            held.append({"ts": now(), "kind": "view.shown", "view": "home"})
        else:
            await shows(client, {"kind": "view.shown", "view": "home"})
        arrived("close-client", payload)

    worker.on("new", on_new)
    worker.on("close", on_worker_close)
    client.on("apply", on_apply)
    client.on("close", on_client_close)

    async with aiohttp.ClientSession() as http:
        async def call(method, path, body=None, token=None):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            async with http.request(method, url + path, json=body, headers=headers) as answer:
                return answer.status, await answer.json(content_type=None)

        profile = {"userID": "w-1", "expertActive": True, "expertSource": None, "categories": [9], "maxKms": 50, "lat": 40.0, "lng": -3.0}
        status, _ = await call("PUT", "/api/workers/w-1", {"name": "Wes", "avatar": "https://example.test/w.png", "rating": 4.5, "profile": profile})
        assert status == 200, status
        await worker.connect(url, auth={"userId": "w-1", "role": "worker"}, transports=transports, wait_timeout=WAIT)
        await shows(worker, {"kind": "profile.updated", "profile": profile}, {"kind": "view.shown", "view": "home"})
        if not late:
            await client.connect(url, auth={"userId": "c-1", "role": "client"}, transports=transports, wait_timeout=WAIT)
        if transport == "upgrade":
            for app in (worker,) if late else (worker, client):
                for _ in range(WAIT * 50):
                    if app.transport() == "websocket":
                        break
                    await asyncio.sleep(0.02)
                assert app.transport() == "websocket", app.transport()

        status, posted = await call("POST", "/api/requests", {
            "clientId": "c-1", "CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap",
            "clientName": "Ana", "address": "Calle Mayor 1", "lat": 40.01, "lng": -3.01,
        })
        assert status == 200, posted
        req = posted["ReqID"]
        arrival = now()
        if late:
            await asyncio.sleep(3)
            await client.connect(url, auth={"userId": "c-1", "role": "client"}, transports=transports, wait_timeout=WAIT)
        await shows(client, {"ts": arrival, "kind": "timer.started", "timer": "timeout", "req": req, "startedAt": arrival},
                    {"ts": arrival, "kind": "view.shown", "view": "waiting", "req": req, "elements": {"counter": 600}})
        offer = await asyncio.wait_for(seen["new"], WAIT)
        assert offer["ReqID"] == req, offer
        status, accepted = await call("POST", f"/api/requests/{req}/accept", {"workerId": "w-1"})
        assert status == 200, accepted
        await shows(
            worker,
            {"kind": "view.shown", "view": "workInProgress", "req": req, "elements": {
                "clientName": "Ana", "map": {"worker": [40.0, -3.0], "job": [40.01, -3.01]}, "workInformation": True, "chat": True, "call": True, "closeRequest": True}},
            {"kind": "alert.shown", "alert": "acceptSuccess", "result": "success", "req": req, "elements": {
                "title": "You got the job!", "subtitle": "Call Ana now", "image": "https://example.test/go.png", "close": True, "clientName": "Ana", "address": "Calle Mayor 1"}},
            {"kind": "alert.dismissed", "alert": "acceptSuccess", "req": req})
        await asyncio.wait_for(seen["apply"], WAIT)
        await shows(client, {"kind": "user.input", "input": "closeRequest", "req": req, "choices": ["happy", "unhappy"], "choice": "happy"})
        status, closed = await call("POST", f"/api/requests/{req}/close", {"outcome": "happy", "by": "client", "clientId": "c-1"})
        assert status == 200, closed
        await asyncio.wait_for(seen["close-worker"], WAIT)
        await asyncio.wait_for(seen["close-client"], WAIT)

        status, signed = await call("POST", "/api/auth/signup", {"email": f"ana-{uuid.uuid4().hex[:8]}@example.test", "password": password, "name": "Ana"})
        assert status == 200, signed
        token = signed["token"]
        status, me = await call("GET", "/api/users/me", token=token)
        assert status == 200, me
        print(f"token: {token}", flush=True)
        print("done", flush=True)
        if held:
            await asyncio.sleep(LATE_S)
            await shows(client, *held)
        if hold:
            await loop.run_in_executor(None, sys.stdin.read)
        await worker.disconnect()
        await client.disconnect()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A client and a worker app through jobwire record.")
    parser.add_argument("url")
    parser.add_argument("--transport", choices=["polling", "upgrade", "websocket"], required=True)
    parser.add_argument("--password", default="correct-horse-battery")
    parser.add_argument("--hold", action="store_true")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--client-connects-late", action="store_true")
    parser.add_argument("--late-report", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.url, args.transport, args.password, args.hold, args.report, args.client_connects_late, args.late_report))
