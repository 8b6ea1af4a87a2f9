#!/usr/bin/env python3
"""A fake client or worker app on python-socketio's client, for a live broker scenario.

Usage: fake_app.py URL [--bug NAME]

Asks the broker who it is (GET URL/jobwire/session: the role and id of the scenario's app),
connects a python-socketio AsyncClient with auth {"userId", "role"} (MSG-2), and runs the app logic
of the example adapter of that role (Examples/client-app-adapter-python or
Examples/worker-app-adapter-python) on the live wire: Socket.IO events and jobwire:control inputs
go in, its REST calls go out with aiohttp, its timers run on asyncio, and its UI events are
reported with jobwire:trace, stamped with the wall clock. With --bug NAME it runs the deliberately
wrong app of the `-wrong` example of that role instead. The same logic runs in virtual time behind
`jobwire scenario run --adapter`, so both verdicts can be compared. It exits when its stdin closes,
so it also ends when the test process dies. Needs python-socketio and aiohttp.
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


def app_class(role, bug):
    """The example app of `role`, or its wrong twin with `bug`."""
    if bug:
        return load(f"{role}_app_wrong", f"{role}-app-adapter-python-wrong").BUGS[bug]
    module = load(f"{role}_app", f"{role}-app-adapter-python")
    return module.ClientApp if role == "client" else module.WorkerApp


async def main(url, bug):
    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/jobwire/session") as response:
            config = (await response.json())["app"]
        app = app_class(config["role"], bug)(config)
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
    parser = argparse.ArgumentParser(description="A fake client or worker app on python-socketio.")
    parser.add_argument("url")
    parser.add_argument("--bug")
    args = parser.parse_args()
    asyncio.run(main(args.url, args.bug))
