#!/usr/bin/env python3
"""A client app and a worker app on python-socketio, for `jobwire record` tests.

Usage: record_apps.py URL --transport polling|upgrade|websocket [--password P] [--hold]

Both apps connect to URL (the recording proxy) with auth {"userId", "role"} (MSG-2) over the
given transport: `polling` only, `upgrade` (polling first, then the WebSocket upgrade, which the
script waits for), or `websocket` only. Then one request runs its happy path through the
reference backend: the worker's record is put with the worker fixture, the client posts, the
worker takes the `new` and sends WorkerAccept, the client gets `apply` and closes, both get
`close`. Then the task API: a sign-up with the password P and a call bearing its token in an
Authorization header. It prints `token: T` and then `done`; with --hold it waits for its stdin to
close before disconnecting (so a test can kill the recorder mid-session). Every wait is bounded.
"""

import argparse
import uuid
import asyncio
import sys

import aiohttp
import socketio

WAIT = 10


async def main(url, transport, password, hold):
    transports = {"polling": ["polling"], "upgrade": ["polling", "websocket"], "websocket": ["websocket"]}[transport]
    loop = asyncio.get_running_loop()
    seen = {name: loop.create_future() for name in ["new", "apply", "close-worker", "close-client"]}

    def arrived(name, payload):
        if not seen[name].done():
            seen[name].set_result(payload)

    worker = socketio.AsyncClient()
    client = socketio.AsyncClient()
    worker.on("new", lambda payload: arrived("new", payload))
    worker.on("close", lambda payload: arrived("close-worker", payload))
    client.on("apply", lambda payload: arrived("apply", payload))
    client.on("close", lambda payload: arrived("close-client", payload))

    async with aiohttp.ClientSession() as http:
        async def call(method, path, body=None, token=None):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            async with http.request(method, url + path, json=body, headers=headers) as answer:
                return answer.status, await answer.json(content_type=None)

        profile = {"userID": "w-1", "expertActive": True, "expertSource": None, "categories": [9], "maxKms": 50, "lat": 40.0, "lng": -3.0}
        status, _ = await call("PUT", "/api/workers/w-1", {"name": "Wes", "avatar": "https://example.test/w.png", "rating": 4.5, "profile": profile})
        assert status == 200, status
        await worker.connect(url, auth={"userId": "w-1", "role": "worker"}, transports=transports, wait_timeout=WAIT)
        await client.connect(url, auth={"userId": "c-1", "role": "client"}, transports=transports, wait_timeout=WAIT)
        if transport == "upgrade":
            for app in (worker, client):
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
        offer = await asyncio.wait_for(seen["new"], WAIT)
        assert offer["ReqID"] == req, offer
        status, accepted = await call("POST", f"/api/requests/{req}/accept", {"workerId": "w-1"})
        assert status == 200, accepted
        await asyncio.wait_for(seen["apply"], WAIT)
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
    args = parser.parse_args()
    asyncio.run(main(args.url, args.transport, args.password, args.hold))
