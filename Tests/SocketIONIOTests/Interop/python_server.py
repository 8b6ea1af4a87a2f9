#!/usr/bin/env python3
"""A python-socketio reference server for JobWire's interop tests.

Runs a python-socketio AsyncServer in aiohttp mode on 127.0.0.1 and prints the bound port
as the first line of stdout; every later line is one JSON object describing what the server
saw (connects, disconnects, raw packets, pongs), for the tests to assert on. It exits by
itself when stdin closes or when the deadline passes.

App behaviour mirrors the official Socket.IO test suite's testee (socket.io-protocol
Readme, "Test suite"), plus a few events for client-side checks:

- namespaces `/` and `/custom` connect; right after the CONNECT reply the server emits
  `auth` with the CONNECT payload (`{}` when there is none);
- every other namespace is refused with CONNECT_ERROR `{"message":"Invalid namespace"}`;
- `message` (any args) is answered with `message-back` and the same args (binary included);
- `message-with-ack` (args...) is acked with the same args;
- `ask-me` (args...): the server emits `question` with those args and an ack id, then emits
  `answer-received` with the arguments of the client's ACK;
- `binary-please`: the server emits `binary-from-server` with bytes 01 02 03 and an object
  holding bytes ff;
- `disconnect-me`: the server disconnects the client from that namespace.
"""

import argparse
import asyncio
import json
import os
import sys

import engineio
import socketio
from aiohttp import web


def log(**fields):
    """Writes one JSON line to stdout."""
    sys.stdout.write(json.dumps(fields, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def describe(data):
    """A JSON-friendly view of one Engine.IO message: text as is, bytes as hex."""
    if isinstance(data, (bytes, bytearray)):
        return {"binary": bytes(data).hex()}
    return {"text": data}


def make_server(ping_interval, ping_timeout):
    sio = socketio.AsyncServer(
        async_mode="aiohttp",
        ping_interval=ping_interval,
        ping_timeout=ping_timeout,
        namespaces="*",
        cors_allowed_origins="*",
    )

    # Log every Socket.IO message the server receives, before it is handled.
    original_message = sio._handle_eio_message

    async def logging_message(eio_sid, data):
        log(event="received", eio_sid=eio_sid, **describe(data))
        return await original_message(eio_sid, data)

    sio._handle_eio_message = logging_message
    sio.eio.on("message", logging_message)

    original_eio_disconnect = sio._handle_eio_disconnect

    async def logging_eio_disconnect(eio_sid, reason):
        log(event="engine-disconnect", eio_sid=eio_sid, reason=reason)
        return await original_eio_disconnect(eio_sid, reason)

    sio.eio.on("disconnect", logging_eio_disconnect)

    # Log every pong the engine receives: the heartbeat seen from the server.
    original_receive = engineio.async_socket.AsyncSocket.receive

    async def logging_receive(self, pkt):
        if pkt.packet_type == engineio.packet.PONG:
            log(event="pong", eio_sid=self.sid, data=pkt.data)
        elif pkt.packet_type == engineio.packet.CLOSE:
            log(event="engine-close-packet", eio_sid=self.sid)
        return await original_receive(self, pkt)

    engineio.async_socket.AsyncSocket.receive = logging_receive

    async def emit_auth(sid, namespace, auth):
        # A background task runs after python-socketio queued the CONNECT reply, so the
        # client sees `40...` before `42["auth",...]`, as with the reference testee.
        await sio.emit("auth", auth if auth is not None else {}, to=sid, namespace=namespace)

    def connect_handler(namespace):
        async def on_connect(sid, environ, auth):
            log(event="connect", namespace=namespace, sid=sid, auth=auth)
            sio.start_background_task(emit_auth, sid, namespace, auth)

        return on_connect

    def disconnect_handler(namespace):
        async def on_disconnect(sid, reason):
            log(event="disconnect", namespace=namespace, sid=sid, reason=reason)

        return on_disconnect

    async def refuse(namespace, sid, environ, auth):
        log(event="refused", namespace=namespace, auth=auth)
        raise socketio.exceptions.ConnectionRefusedError("Invalid namespace")

    sio.on("connect", refuse, namespace="*")

    for namespace in ("/", "/custom"):
        sio.on("connect", connect_handler(namespace), namespace=namespace)
        sio.on("disconnect", disconnect_handler(namespace), namespace=namespace)

        def handlers(namespace):
            async def message(sid, *args):
                await sio.emit("message-back", args, to=sid, namespace=namespace)

            async def message_with_ack(sid, *args):
                return args

            async def ask_me(sid, *args):
                async def answered(*answer):
                    await sio.emit("answer-received", answer, to=sid, namespace=namespace)

                await sio.emit("question", args, to=sid, namespace=namespace, callback=answered)

            async def binary_please(sid, *args):
                await sio.emit(
                    "binary-from-server",
                    (b"\x01\x02\x03", {"nested": b"\xff", "text": "bytes"}),
                    to=sid,
                    namespace=namespace,
                )

            async def disconnect_me(sid, *args):
                await sio.disconnect(sid, namespace=namespace)

            sio.on("message", message, namespace=namespace)
            sio.on("message-with-ack", message_with_ack, namespace=namespace)
            sio.on("ask-me", ask_me, namespace=namespace)
            sio.on("binary-please", binary_please, namespace=namespace)
            sio.on("disconnect-me", disconnect_me, namespace=namespace)

        handlers(namespace)
    return sio


async def watch_stdin():
    """Returns when stdin reaches end of file (the parent closed it or died)."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.buffer.read)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ping-interval", type=float, default=0.3, help="seconds (default 0.3)")
    parser.add_argument("--ping-timeout", type=float, default=0.5, help="seconds (default 0.5)")
    parser.add_argument("--deadline", type=float, default=60.0, help="exit after this many seconds (default 60)")
    parser.add_argument("--path", default="socket.io", help="Engine.IO path without slashes (default socket.io)")
    args = parser.parse_args()

    sio = make_server(args.ping_interval, args.ping_timeout)
    app = web.Application()
    sio.attach(app, socketio_path=args.path)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    sys.stdout.write(f"{port}\n")
    sys.stdout.flush()

    stdin_closed = asyncio.ensure_future(watch_stdin())
    await asyncio.wait([stdin_closed], timeout=args.deadline)
    log(event="exit", reason="stdin closed" if stdin_closed.done() else "deadline")
    # Exit at once: open connections and executor threads must not keep the process alive.
    os._exit(0)


if __name__ == "__main__":
    asyncio.run(main())
