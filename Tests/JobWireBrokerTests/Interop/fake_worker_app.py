#!/usr/bin/env python3
"""A fake worker app on python-socketio's client, for a live broker scenario.

Usage: fake_worker_app.py URL [--bug NAME]

Asks the broker who it is (GET URL/jobwire/session), connects a python-socketio AsyncClient with
auth {"userId", "role"} (MSG-2), and runs the worker app logic of
Examples/worker-app-adapter-python/adapter.py on the live wire: Socket.IO events and
jobwire:control inputs go in, its REST calls go out with aiohttp, its timers run on asyncio, and
its UI events are reported with jobwire:trace, stamped with the wall clock. With --bug NAME it
runs the deliberately wrong app of Examples/worker-app-adapter-python-wrong instead. It exits
when its stdin closes, so it also ends when the test process dies. Needs python-socketio and
aiohttp.
"""

import argparse
import asyncio
import importlib.util
import os
import sys
import time

import aiohttp
import socketio

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "Examples")


def load(name, folder):
    spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, folder, "adapter.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def now():
    return int(time.time() * 1000)


async def main(url, make_app):
    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/jobwire/session") as response:
            config = (await response.json())["app"]
        app = make_app(config)
        sio = socketio.AsyncClient()
        lock = asyncio.Lock()

        async def call(action):
            try:
                async with http.request(action["method"], url + action["path"], json=action.get("body")) as answer:
                    body = await answer.json(content_type=None)
                    await handle({"kind": "http", "xid": action["xid"], "status": answer.status, "body": body})
            except aiohttp.ClientError:
                await handle({"kind": "http", "xid": action["xid"], "error": "refused"})

        async def perform(actions, stamp):
            reports = []
            for action in actions:
                if "kind" in action:
                    reports.append({"ts": stamp, **action})
                    continue
                if reports:
                    await sio.emit("jobwire:trace", reports)
                    reports = []
                if action["do"] == "http":
                    asyncio.create_task(call(action))
                elif action["do"] == "timer":
                    delay = max(0.0, (action["at"] - now()) / 1000)
                    loop.call_later(delay, lambda: asyncio.create_task(handle({"kind": "clock"})))
                elif action["do"] == "emit":
                    await sio.emit(action["event"], action.get("payload"))
                # "connect": python-socketio reconnects on its own after a dropped transport.
            if reports:
                await sio.emit("jobwire:trace", reports)

        async def handle(message):
            async with lock:
                stamp = now()
                await perform(app.handle(message, stamp), stamp)

        @sio.on("*")
        async def any_event(event, data=None):
            if event == "jobwire:control":
                await handle(data)
            else:
                await handle({"kind": "socket", "event": event, "payload": data or {}})

        await sio.connect(url, auth={"userId": config["id"], "role": config["role"]}, transports=["websocket"])
        async with lock:
            stamp = now()
            await perform(app.launch(stamp), stamp)
        await loop.run_in_executor(None, sys.stdin.read)
        await sio.disconnect()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A fake worker app on python-socketio.")
    parser.add_argument("url")
    parser.add_argument("--bug")
    args = parser.parse_args()
    if args.bug:
        make_app = load("worker_app_wrong", "worker-app-adapter-python-wrong").BUGS[args.bug]
    else:
        make_app = load("worker_app", "worker-app-adapter-python").WorkerApp
    asyncio.run(main(args.url, make_app))
