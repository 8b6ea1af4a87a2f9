#!/usr/bin/env python3
"""A JobWire adapter for the `eligibility` suite: the model to copy for your own.

An adapter is a small program that puts your implementation under test (the
"testee") behind the runner's pipe protocol. The runner starts it, writes JSON
requests to its stdin and reads JSON answers from its stdout (this one is
Python 3.11, standard library only):

    swift run jobwire vectors run --suite eligibility \\
        --adapter "python3 Examples/eligibility-adapter-python/adapter.py"

The whole protocol (Docs/ADAPTER.md has the details and a transcript):

  * One compact JSON object per line, UTF-8, ending in "\\n", in both directions.
    Flush stdout after every line, or the runner waits forever and reports
    "testee hung". Logs go to stderr only: anything else on stdout is an error.
  * runner: {"type":"hello","protocol":1,"suites":["eligibility"]}
    you:    {"type":"hello","protocol":1,"name":"...","suites":["eligibility"]}
  * runner: {"type":"case","suite":"eligibility","id":"...","input":{...}}
    you, exactly one line with the same id, one of:
            {"type":"result","id":"...","output":{...}}
            {"type":"skipped","id":"...","reason":"..."}   (you chose not to run it)
            {"type":"error","id":"...","message":"..."}    (you failed to run it)
  * runner: {"type":"stop"}   you: exit with status 0 (within --timeout, 10 s by default).

How to write yours: make the decision a pure function of the case input (here
`Eligibility.decide`; in a real adapter, a call into your app's own code, not a
copy of it), wrap it in the read-answer loop at the bottom, and map the three
ways a case ends: an output (`{"invalid": ...}` for malformed input is a correct
output, not an error), a deliberate skip, or an error for a failure of the
adapter itself. The distance and the range test are methods of their own, so a
variant can change one (../eligibility-adapter-python-wrong does, once per bug).
"""

import json
import math
import sys

PROTOCOL = 1
NAME = "example-python 1.0"
SUITES = ["eligibility"]

EARTH_RADIUS_KM = 6371.0  # ELIG-4: the mean Earth radius all parties use.
TOLERANCE_KM = 1e-6  # ELIG-4: a distance within this of maxKms is in range.
MAX_DELAY = 2147483647  # ELIG-6: Delay is a 32-bit signed count of seconds.


# --- Validation: the first malformed field, in the documented order, wins. ---

class Invalid(Exception):
    """Malformed input, answered as {"invalid": {"field": ..., "message": ...}}."""

    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def json_type(value):
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: bool is a subclass of int
        return "boolean"
    if isinstance(value, (int, float)):
        return "number" if is_number(value) else "non-finite number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "value")


def is_number(value):
    """True for a finite JSON number; booleans are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)


def member(obj, name, path):
    """A required member of an object; its absence is malformed."""
    if name not in obj:
        raise Invalid(path, "missing required field")
    return obj[name]


def as_id(value, path):
    """An id as canonical text: integer 9 and string "9" are the same id."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise Invalid(path, f"expected a string or integer id, got {json_type(value)}")


def as_ids(value, path):
    """An array of ids; a bad element is named by its index."""
    if not isinstance(value, list):
        raise Invalid(path, f"expected an array of ids, got {json_type(value)}")
    return [as_id(item, f"{path}[{i}]") for i, item in enumerate(value)]


def out_of_range(value, path, low, high):
    """The Invalid for a number outside [low, high] (high None: no upper bound)."""
    bound = f">= {low}" if high is None else f"in [{low}, {high}]"
    return Invalid(path, f"{value} is out of range: must be {bound}")


def as_number(value, path, low, high=None):
    """A finite number within [low, high]."""
    if not is_number(value):
        raise Invalid(path, f"expected a number, got {json_type(value)}")
    if value < low or (high is not None and value > high):
        raise out_of_range(value, path, low, high)
    return float(value)


def as_whole(value, path, low, high=None):
    """A whole number within [low, high]; 30.0 counts as 30, 30.5 is malformed."""
    if not is_number(value):
        raise Invalid(path, f"expected a whole number, got {json_type(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise Invalid(path, f"{value} has a fractional part")
    if value < low or (high is not None and value > high):
        raise out_of_range(value, path, low, high)
    return int(value)


# --- The decision: ELIG-1 to ELIG-6. ---

class Eligibility:
    """The eligibility decision for one case input; raises Invalid when malformed."""

    def distance_km(self, lat1, lng1, lat2, lng2):
        """ELIG-4: great-circle distance; the half of Δλ wraps the antimeridian.

        a = s² + t² and 1 − a = u² + v², each a sum of squares, so the antipodes lose no digits
        as they would in 1 − a or asin(√a) with a ≈ 1."""
        half_d_phi = math.radians(lat2 - lat1) / 2
        half_sum_phi = math.radians(lat1 + lat2) / 2
        half_d_lambda = math.radians(lng2 - lng1) / 2
        s = math.sin(half_d_phi) * math.cos(half_d_lambda)
        t = math.cos(half_sum_phi) * math.sin(half_d_lambda)
        u = math.cos(half_d_phi) * math.cos(half_d_lambda)
        v = math.sin(half_sum_phi) * math.sin(half_d_lambda)
        return 2 * EARTH_RADIUS_KM * math.atan2(math.sqrt(s * s + t * t), math.sqrt(u * u + v * v))

    def in_range(self, distance, max_kms):
        """ELIG-4: a distance within TOLERANCE_KM of maxKms is in range."""
        return distance <= max_kms + TOLERANCE_KM

    def failed_rules(self, verdicts):
        """ELIG-11: every rule that failed, not only the first, in rule order (the order of `verdicts`)."""
        return [rule for rule, passed in verdicts if not passed]

    def blocked_workers(self, job):
        """BlockedXP: the array of worker ids (MSG-5), or the seed's literal reading, an object whose
        `userID` member is that array (MSG-15); the object's other members are ignored."""
        if "BlockedXP" not in job:
            return []
        value = job["BlockedXP"]
        if isinstance(value, dict):
            return as_ids(member(value, "userID", "job.BlockedXP.userID"), "job.BlockedXP.userID")
        return as_ids(value, "job.BlockedXP")

    def read_profile(self, profile):
        """The profile's fields, each checked in ELIG-9's order."""
        user_id = as_id(member(profile, "userID", "profile.userID"), "profile.userID")
        active = member(profile, "expertActive", "profile.expertActive")
        if not isinstance(active, bool):
            raise Invalid("profile.expertActive", f"expected a boolean, got {json_type(active)}")
        source = profile.get("expertSource")  # absent and null both mean "no partner"
        source = None if source is None else as_id(source, "profile.expertSource")
        categories = as_ids(member(profile, "categories", "profile.categories"), "profile.categories")
        max_kms = as_number(member(profile, "maxKms", "profile.maxKms"), "profile.maxKms", 0)
        lat = as_number(member(profile, "lat", "profile.lat"), "profile.lat", -90, 90)
        lng = as_number(member(profile, "lng", "profile.lng"), "profile.lng", -180, 180)
        return user_id, active, source, categories, max_kms, lat, lng

    def read_job(self, job):
        """The job's fields, each checked in ELIG-9's order."""
        req_id = member(job, "ReqID", "job.ReqID")
        if not isinstance(req_id, str):
            raise Invalid("job.ReqID", f"expected a string, got {json_type(req_id)}")
        cat_id = as_id(member(job, "CatID", "job.CatID"), "job.CatID")
        exclusive = as_id(member(job, "exclusive", "job.exclusive"), "job.exclusive")
        if exclusive == "":
            raise Invalid("job.exclusive", "an empty string is neither \"0\" nor a partner id")
        lat = as_number(member(job, "lat", "job.lat"), "job.lat", -90, 90)
        lng = as_number(member(job, "lng", "job.lng"), "job.lng", -180, 180)
        blocked = self.blocked_workers(job)
        delay = as_whole(job["Delay"], "job.Delay", 0, MAX_DELAY) if "Delay" in job else 0
        return cat_id, exclusive, lat, lng, blocked, delay

    def read_fields(self, profile, job):
        """ELIG-9: the profile's fields before the job's, so of several bad fields the first in ELIG-9's order is named."""
        return self.read_profile(profile), self.read_job(job)

    def decide(self, case_input):
        """The eligibility output: every failed rule, the distance and when to show the job."""
        received_at = as_whole(member(case_input, "receivedAt", "receivedAt"), "receivedAt", 0)
        profile = member(case_input, "profile", "profile")
        if not isinstance(profile, dict):
            raise Invalid("profile", f"expected an object, got {json_type(profile)}")
        job = member(case_input, "job", "job")
        if not isinstance(job, dict):
            raise Invalid("job", f"expected an object, got {json_type(job)}")
        worker, offer = self.read_fields(profile, job)
        user_id, active, source, categories, max_kms, p_lat, p_lng = worker
        cat_id, exclusive, j_lat, j_lng, blocked, delay = offer

        distance = self.distance_km(p_lat, p_lng, j_lat, j_lng)
        failed = self.failed_rules([  # (rule, passed) for every rule, in rule order
            ("ELIG-1", active),  # the expert must be active
            ("ELIG-2", exclusive == "0" or exclusive == source),  # an exclusive job is only for that partner's experts
            ("ELIG-3", cat_id in categories),  # the expert must work in the job's category
            ("ELIG-4", self.in_range(distance, max_kms)),  # the job must be within the expert's range
            ("ELIG-5", user_id not in blocked),  # a blocked expert never sees the job
        ])
        return {
            "eligible": not failed,
            "failed": failed,
            "distanceKm": distance,
            "showAt": self.show_at(received_at, delay, job),
        }

    def show_at(self, received_at, delay, job):
        """ELIG-6: hold the job for Delay seconds from its receipt, whatever its createdAt says."""
        return received_at + delay * 1000


# --- The pipe: read a request, write exactly one answer, flush. ---

def send(message):
    """Write one compact JSON line to stdout and flush it."""
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def answer(case, rules):
    """The one answer line for a case request."""
    case_id = case.get("id")
    if case.get("suite") not in SUITES:
        return {"type": "skipped", "id": case_id, "reason": f"suite {case.get('suite')!r} not supported"}
    case_input = case.get("input")
    if not isinstance(case_input, dict):
        return {"type": "error", "id": case_id, "message": "case has no input object"}
    try:
        output = rules.decide(case_input)
    except Invalid as bad:  # malformed input is a correct answer, not an error
        output = {"invalid": {"field": bad.field, "message": bad.message}}
    except Exception as exc:  # a bug in this adapter: report it, keep serving
        return {"type": "error", "id": case_id, "message": f"{type(exc).__name__}: {exc}"}
    return {"type": "result", "id": case_id, "output": output}


def serve(rules, name):
    """The read-answer loop, deciding with `rules` and saying hello as `name`."""

    def log(text):
        """Diagnostics go to stderr; the runner shows its last lines on failure."""
        print(f"[{name}] {text}", file=sys.stderr, flush=True)

    sys.stdin.reconfigure(encoding="utf-8")
    for line in iter(sys.stdin.readline, ""):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            log(f"request is not JSON ({exc}): {line!r}")
            return 1
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "hello":
            if request.get("protocol") != PROTOCOL:
                log(f"runner speaks protocol {request.get('protocol')!r}; this adapter speaks {PROTOCOL}")
            send({"type": "hello", "protocol": PROTOCOL, "name": name, "suites": SUITES})
        elif kind == "case":
            send(answer(request, rules))
        elif kind == "stop":
            return 0
        else:
            log(f"unknown request type {kind!r}")
            return 1
    return 0  # stdin closed: the runner is gone, nothing left to answer


if __name__ == "__main__":
    sys.exit(serve(Eligibility(), NAME))
