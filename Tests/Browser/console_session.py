"""Drives `jobwire broker --console` in headless Chromium as a person would, for the browser test
(test_console.py) and the screenshot script (Scripts/console_screenshot.py).

The broker runs worker-happy paused, with the console; the worker app under test is the fake
python-socketio app of Tests/JobWireBrokerTests/Interop/fake_app.py with the example's
`--bug transport-error-ignored` (it shows no failure alert when WorkerAccept's answer is lost).
The person steps once (the kit's client posts r1, the worker shows the offer), injects the fault
`{"do": "lose-answer", "call": "workerAccept"}`, and steps on until the verdict shows what the
app broke. Every wait is for something on the page or a line from a process, never a sleep.
Selenium is imported only where a browser runs, so a machine without it skips (browser.py).
"""

import json
import os
import queue
import re
import subprocess
import threading
import time

import browser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FAKE_APP = os.path.join(ROOT, "Tests", "JobWireBrokerTests", "Interop", "fake_app.py")
INJECTED = {"do": "lose-answer", "call": "workerAccept"}


def jobwire_binary():
    """The jobwire binary: $JOBWIRE_BIN, else the debug build."""
    return os.environ.get("JOBWIRE_BIN") or os.path.join(ROOT, ".build", "debug", "jobwire")


class Lines:
    """A process's stdout lines, read on a thread, so a wait has a deadline."""

    def __init__(self, process):
        self.queue = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def wait_for(self, prefix, deadline):
        """The first line starting with `prefix`; an error naming what came when it does not come."""
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.queue.get(timeout=max(0.01, left))
            except queue.Empty:
                line = None
            if line is None:
                raise AssertionError(f"no line starting {prefix!r} from the broker; it said: {self.seen}")
            self.seen.append(line)
            if line.startswith(prefix):
                return line


class ConsoleSession:
    """The broker with its console and the fake app; stopped by `close()`."""

    def __init__(self, workdir, python, deadline_s=60):
        self.deadline = time.monotonic() + deadline_s
        capture = os.path.join(workdir, "console.capture.jsonl")
        self.broker = subprocess.Popen(
            [jobwire_binary(), "broker", "--play", "client", "--scenario", "worker-happy", "--port", "0",
             "--console", "--paused", "--capture", capture],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.app = None
        lines = Lines(self.broker)
        backend = lines.wait_for("jobwire broker: scenario worker-happy on ", self.deadline)
        self.backend = re.search(r"http://[0-9.]+:[0-9]+", backend).group(0)
        console = lines.wait_for("jobwire broker: console: ", self.deadline)
        self.url = console.split("console: ", 1)[1].split(" ", 1)[0]
        self.app = subprocess.Popen(
            [python, FAKE_APP, self.backend, "--bug", "transport-error-ignored"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self):
        for process in (self.app, self.broker):
            if process and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.broker.stdout.close()
        if self.app:
            self.app.stdin.close()


def wait(driver, seconds, condition, what):
    """Waits for `condition(driver)`, at most `seconds`; the error says `what` never showed."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition, message=f"never showed: {what}")


def by_css(node, selector):
    """The elements under `node` matching the CSS `selector`."""
    return node.find_elements("css selector", selector)


def by_id(driver, name):
    """The element with id `name`."""
    return driver.find_element("id", name)


# The page redraws rows as lines arrive, so what a person sees is read in one script, never from
# an element kept across a redraw.
SEEN_STEP = """
  const [part, kind] = arguments;
  for (const step of document.querySelectorAll(".jw-step" + (kind ? ".jw-" + kind : ""))) {
    const label = step.querySelector(".jw-label"), badge = step.querySelector(".jw-badge");
    if (label && label.firstChild && label.firstChild.textContent.includes(part)) {
      return {label: label.firstChild.textContent, classes: step.className.split(" "),
              arrow: !!step.querySelector(".jw-arrow"), badge: badge ? badge.textContent : ""};
    }
  }
  return null;
"""


def arrow(label_part, kind=None):
    """A condition: what a person sees of the drawn step whose label contains `label_part` (of
    `kind`): its label, classes, whether it is an arrow, and its badge."""
    return lambda driver: driver.execute_script(SEEN_STEP, label_part, kind) or False


def texts(driver, selector, attribute=None):
    """The text (or `attribute`) of each element matching `selector`, read at one moment."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (e) => arguments[1] ? e.getAttribute(arguments[1]) : e.textContent);",
        selector, attribute)


def control(driver, button):
    """Presses a control button and waits until its answer is on the page."""
    def answered(d):
        return int(by_css(d, "body")[0].get_attribute("data-answered") or 0)

    before = answered(driver)
    by_id(driver, button).click()
    wait(driver, browser.DEADLINE_SECONDS, lambda d: answered(d) > before, f"the answer to {button}")


def drive(driver, session, seconds=browser.DEADLINE_SECONDS):
    """Opens the console, steps once, injects the fault, steps to the lost answer and on until
    ALERT-3 shows. Returns what a person saw: the new request arrow after the first step, the
    refusal of a mistyped step, and at the end the lost answer's arrow, the violation's text, the
    verdict list and the status."""
    driver.get(session.url)
    wait(driver, seconds, lambda d: by_id(d, "status").get_attribute("data-state") == "paused", "the paused scenario (the app connected)")
    control(driver, "step")
    posted = wait(driver, seconds, arrow("POST /api/requests", "request"), "the kit client's post request")
    # The person waits to see the worker show the offer before going on.
    wait(driver, seconds, arrow("offer shown R-1", "ui"), "the worker showing the offer")
    from selenium.webdriver.support.ui import Select

    box = by_id(driver, "injected")
    # A mistyped step is refused, the field named, and nothing runs.
    box.clear()
    box.send_keys(json.dumps({"do": "explode"}))
    control(driver, "inject")
    refused = by_id(driver, "error").text
    Select(by_id(driver, "kind")).select_by_value(INJECTED["do"])
    members = by_id(driver, "members").text
    box.clear()
    box.send_keys(json.dumps(INJECTED))
    control(driver, "inject")
    injected_error = by_id(driver, "error").text
    # The next moment is the worker's accept: the person watches its answer get lost.
    control(driver, "step")
    wait(driver, seconds, arrow("reset ", "answer"), "the lost answer's arrow")
    for _ in range(10):
        if texts(driver, ".jw-violation"):
            break
        if by_id(driver, "status").get_attribute("data-state") == "finished":
            break
        control(driver, "step")

    def alert3(d):
        return next((text for text in texts(d, ".jw-violation") if text.startswith("ALERT-3")), False)

    violation = wait(driver, seconds, alert3, "ALERT-3 in the verdict")
    lost = wait(driver, seconds, arrow("reset ", "answer"), "the lost answer's arrow")
    verdict = texts(driver, "#verdict li", "data-requirement")
    return {"posted": posted, "refused": refused, "members": members, "injected_error": injected_error, "violation": violation, "lost": lost, "verdict": verdict,
            "status": by_id(driver, "status").text}
