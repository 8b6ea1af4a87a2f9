#!/usr/bin/env python3
"""python-socketio's side of `jobwire bench fanout`: the same fan-out server as JobWire's.

Runs a python-socketio AsyncServer in aiohttp mode on 127.0.0.1 (port 0 unless --port) and
speaks the benchmark's control lines (see FanoutControlRequest in
Sources/JobWireBench/Fanout/FanoutControl.swift):

- it prints `ready <port>` once listening;
- every socket of `/` joins the room `bench` in its connect handler, before the CONNECT reply;
- `room` on stdin is answered `room <count>`;
- `burst <phase> <events> <rate> <bytes>` emits `events` events to the room, `rate` per
  second (0: back to back), each `fanout` with arguments phase, sequence, the send time from
  time.monotonic_ns() (the clock the Swift load generator reads) and `bytes` padding
  characters, then answers `sent <phase> <events> <seconds>`;
- `quit`, or the end of stdin, stops it; so does --deadline.

Use the project's test virtualenv: .venv-test/bin/python (Scripts/requirements-test.txt pins
python-socketio, python-engineio and aiohttp).
"""

import argparse
import asyncio
import resource
import sys
import time

import socketio
from aiohttp import web

ROOM = "bench"


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def raise_open_file_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def room_size(sio):
    return sum(1 for _ in sio.manager.get_participants("/", ROOM))


async def burst(sio, phase, events, rate, size):
    padding = "x" * size
    loop = asyncio.get_running_loop()
    start = loop.time()
    for sequence in range(events):
        if rate > 0 and sequence > 0:
            delay = start + sequence / rate - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
        sent = time.monotonic_ns()
        await sio.emit("fanout", (phase, sequence, sent, padding), room=ROOM)
    return loop.time() - start


async def control(sio, stop):
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        words = line.split()
        if words == ["quit"]:
            break
        if words == ["room"]:
            reply(f"room {room_size(sio)}")
        elif len(words) == 5 and words[0] == "burst":
            try:
                phase, events, rate, size = int(words[1]), int(words[2]), float(words[3]), int(words[4])
            except ValueError:
                reply(f"error cannot read {line.strip()!r}")
                continue
            seconds = await burst(sio, phase, events, rate, size)
            reply(f"sent {phase} {events} {seconds}")
        else:
            reply(f"error unknown request {line.strip()!r}")
    stop.set()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--deadline", type=float, default=3600, help="seconds after which the server stops by itself")
    args = parser.parse_args()
    raise_open_file_limit()

    sio = socketio.AsyncServer(async_mode="aiohttp", logger=False, engineio_logger=False)

    @sio.event
    async def connect(sid, environ, auth=None):
        await sio.enter_room(sid, ROOM)

    app = web.Application()
    sio.attach(app)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, args.host, args.port, backlog=1024)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    reply(f"ready {port}")

    stop = asyncio.Event()
    task = asyncio.create_task(control(sio, stop))
    try:
        await asyncio.wait_for(stop.wait(), timeout=args.deadline)
    except asyncio.TimeoutError:
        print("python_fanout_server: deadline passed, stopping", file=sys.stderr)
    task.cancel()
    await runner.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
    # The stdin reader thread may still block in readline; leave without waiting for it.
    sys.stdout.flush()
    import os

    os._exit(0)
