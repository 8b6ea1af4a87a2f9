#!/usr/bin/env python3
"""A python-socketio client harness that checks a Socket.IO v5 server's app behaviour.

Usage: python_client.py URL [--transports polling,websocket] [--timeout 5] [--heartbeat-wait 1.5] [--min-pings 1]

Connects a python-socketio AsyncClient to URL with the given transports and exercises the
behaviour python_server.py implements (the official testee's, plus a few events): `auth` on
connect, `message` -> `message-back`, `message-with-ack`, binary both ways, the server asking
the client for an ACK, a second namespace, a refused namespace, heartbeats, a server-side
namespace disconnect and a clean disconnect. The heartbeat check idles until the client has
answered --min-pings server pings (for --heartbeat-wait seconds when that is 0), and fails when
that takes longer than --heartbeat-wait seconds; then it needs an ack on the same connection. Prints one JSON line per check:
{"check": NAME, "result": "passed"|"failed", "detail": TEXT}. Exits 0 when every check
passed, 1 otherwise. Needs only python-socketio and aiohttp.
"""

import argparse
import asyncio
import json
import sys

import engineio
import socketio

AUTH = {"token": "123"}
BINARY = b"\x01\x02\x03"
results = []


def report(check, passed, detail=""):
    results.append(passed)
    line = {"check": check, "result": "passed" if passed else "failed", "detail": detail}
    sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Inbox:
    """Collects the events of one namespace so checks can wait for them in any order."""

    def __init__(self):
        self.queues = {}

    def queue(self, name):
        return self.queues.setdefault(name, asyncio.Queue())

    def put(self, name, args):
        self.queue(name).put_nowait(list(args))

    async def get(self, name, timeout):
        return await asyncio.wait_for(self.queue(name).get(), timeout)


async def check(name, coroutine, timeout):
    """Runs one check; an exception or a timeout is a failure with its text as detail."""
    try:
        passed, detail = await asyncio.wait_for(coroutine, timeout)
        report(name, passed, detail)
    except Exception as error:  # noqa: BLE001 - every failure becomes a failed check
        report(name, False, f"{type(error).__name__}: {error}")


def expect(observed, expected):
    return observed == expected, f"expected {expected!r}, observed {observed!r}"


def count_pings(sio):
    """Counts the server's PING packets the client's engine receives (and answers with PONG)."""
    pings = []
    receive = sio.eio._receive_packet

    async def counting_receive(pkt):
        if pkt.packet_type == engineio.packet.PING:
            pings.append(pkt.data)
        return await receive(pkt)

    sio.eio._receive_packet = counting_receive
    return pings


async def run(url, transports, timeout, heartbeat_wait, min_pings):
    inboxes = {"/": Inbox(), "/custom": Inbox()}
    disconnected = {"/": asyncio.Event(), "/custom": asyncio.Event()}
    sio = socketio.AsyncClient(reconnection=False)
    pings = count_pings(sio)

    for namespace, inbox in inboxes.items():
        def bind(namespace, inbox):
            @sio.on("*", namespace=namespace)
            async def any_event(event, *args):
                inbox.put(event, args)

            @sio.on("question", namespace=namespace)
            async def question(*args):
                inbox.put("question", args)
                return ("answer",) + args

            @sio.on("disconnect", namespace=namespace)
            async def on_disconnect(*reason):
                disconnected[namespace].set()

        bind(namespace, inbox)

    async def connect():
        await sio.connect(
            url, transports=transports, namespaces=["/", "/custom"], auth=AUTH, wait_timeout=timeout
        )
        return expect(sio.transport(), transports[-1])

    await check("connect", connect(), timeout)
    if not sio.connected:
        report("remaining-checks", False, "not connected; the other checks were not run")
        return

    root = inboxes["/"]

    async def auth_event():
        return expect(await root.get("auth", timeout), [AUTH])

    async def auth_event_custom():
        return expect(await inboxes["/custom"].get("auth", timeout), [AUTH])

    async def message_back():
        args = [1, "2", {"3": [True]}]
        await sio.emit("message", tuple(args))
        return expect(await root.get("message-back", timeout), args)

    async def ack():
        args = [1, "2", {"3": [False]}]
        answer = await sio.call("message-with-ack", tuple(args), timeout=timeout)
        return expect(list(answer) if isinstance(answer, tuple) else [answer], args)

    async def binary_echo():
        await sio.emit("message", (BINARY, {"nested": b"\xff"}))
        return expect(await root.get("message-back", timeout), [BINARY, {"nested": b"\xff"}])

    async def binary_ack():
        answer = await sio.call("message-with-ack", (BINARY, "text"), timeout=timeout)
        return expect(list(answer) if isinstance(answer, tuple) else [answer], [BINARY, "text"])

    async def binary_from_server():
        await sio.emit("binary-please")
        return expect(
            await root.get("binary-from-server", timeout), [BINARY, {"nested": b"\xff", "text": "bytes"}]
        )

    async def server_asks():
        await sio.emit("ask-me", ("q", 7))
        asked = await root.get("question", timeout)
        answered = await root.get("answer-received", timeout)
        return expect([asked, answered], [["q", 7], ["answer", "q", 7]])

    async def custom_namespace():
        await sio.emit("message", ("on custom",), namespace="/custom")
        return expect(await inboxes["/custom"].get("message-back", timeout), ["on custom"])

    async def heartbeat():
        loop = asyncio.get_running_loop()
        before, start = len(pings), loop.time()
        if min_pings == 0:
            await asyncio.sleep(heartbeat_wait)
        while len(pings) - before < min_pings and loop.time() - start < heartbeat_wait:
            await asyncio.sleep(0.02)
        seen, idle = len(pings) - before, loop.time() - start
        answer = await sio.call("message-with-ack", ("still here",), timeout=timeout)
        passed = sio.connected and answer == "still here" and seen >= min_pings
        detail = (
            f"{seen} pings answered in {idle:.2f} s (at least {min_pings} expected within {heartbeat_wait} s); "
            f"connected {sio.connected}, ack {answer!r} (expected 'still here')"
        )
        return passed, detail

    async def server_disconnect():
        await sio.emit("disconnect-me", namespace="/custom")
        await asyncio.wait_for(disconnected["/custom"].wait(), timeout)
        return expect(sorted(sio.namespaces), ["/"])

    await check("auth-event", auth_event(), timeout)
    await check("auth-event-custom-namespace", auth_event_custom(), timeout)
    await check("message-back", message_back(), timeout)
    await check("message-with-ack", ack(), timeout)
    await check("binary-echo", binary_echo(), timeout)
    await check("binary-ack", binary_ack(), timeout)
    await check("binary-from-server", binary_from_server(), timeout)
    await check("server-asks-for-ack", server_asks(), timeout)
    await check("custom-namespace", custom_namespace(), timeout)
    await check("heartbeat", heartbeat(), timeout + heartbeat_wait)
    await check("server-disconnects-namespace", server_disconnect(), timeout)

    async def refused_namespace():
        refused = socketio.AsyncClient(reconnection=False)
        errors = []

        @refused.on("connect_error", namespace="/random")
        async def on_connect_error(data):
            errors.append(data)

        try:
            await refused.connect(url, transports=transports, namespaces=["/random"], wait_timeout=timeout)
        except socketio.exceptions.ConnectionError:
            pass
        finally:
            await refused.disconnect()
        return expect(errors, [{"message": "Invalid namespace"}])

    await check("refused-namespace", refused_namespace(), timeout)

    async def clean_disconnect():
        await sio.disconnect()
        await asyncio.wait_for(disconnected["/"].wait(), timeout)
        return expect(sio.connected, False)

    await check("clean-disconnect", clean_disconnect(), timeout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:3000")
    parser.add_argument("--transports", default="polling,websocket", help="comma-separated, in order")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per check (default 5)")
    parser.add_argument("--heartbeat-wait", type=float, default=1.5, help="longest idle time in the heartbeat check, in seconds")
    parser.add_argument("--min-pings", type=int, default=1, help="server pings the heartbeat check waits for (default 1)")
    args = parser.parse_args()
    transports = [name.strip() for name in args.transports.split(",") if name.strip()]
    asyncio.run(run(args.url, transports, args.timeout, args.heartbeat_wait, args.min_pings))
    sys.exit(0 if results and all(results) else 1)


if __name__ == "__main__":
    main()
