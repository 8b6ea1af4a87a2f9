#!/usr/bin/env python3
"""A deliberately WRONG JobWire adapter for the `eligibility` suite.

It shows what failures look like: the correct adapter from ../eligibility-adapter-python
with seven bugs, one overridden method each, marked `# BUG(ID):`, that the vectors must
catch. known-failures.txt beside it lists exactly the vectors it fails and the bug behind
each (Scripts/explain_wrong_adapter_failures.py writes it). Copy the correct adapter, never
this one:

    swift run jobwire vectors run --suite eligibility \\
        --adapter "python3 Examples/eligibility-adapter-python-wrong/adapter.py"

`--bug NAME` keeps one bug alone (flat-earth, strict-boundary, job-before-profile,
failed-out-of-order, blockedxp-object, first-failed-only, delay-from-created-at), so `jobwire vectors fuzz` can show
the smallest input that reveals it:

    swift run jobwire vectors fuzz \\
        --adapter "python3 Examples/eligibility-adapter-python-wrong/adapter.py --bug strict-boundary"
"""

import importlib.util
import math
from datetime import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("eligibility", os.path.join(HERE, "..", "eligibility-adapter-python", "adapter.py"))
eligibility = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eligibility)

NAME = "example-python-wrong 1.0"


class WrongEligibility(eligibility.Eligibility):
    """The correct decision with seven bugs."""

    def distance_km(self, lat1, lng1, lat2, lng2):
        # BUG(ELIG-4): flat-earth distance, 111.19492664455873 km per degree (6371 * pi / 180)
        # in both axes, and Δlng taken naively, with no wrap at the antimeridian.
        d_lat, d_lng = lat2 - lat1, lng2 - lng1
        return 111.19492664455873 * math.sqrt(d_lat ** 2 + d_lng ** 2)

    def in_range(self, distance, max_kms):
        # BUG(ELIG-4): strict <, no tolerance: a distance exactly at maxKms is out of range.
        return distance < max_kms

    def read_fields(self, profile, job):
        # BUG(ELIG-9): the job is checked before the profile, so with a bad field in each the job's is named.
        offer = self.read_job(job)
        return self.read_profile(profile), offer

    def failed_rules(self, verdicts):
        # BUG(ELIG-11): the cheap comparisons first and the distance, the costly one, last; the failed
        # rules come in the order they were checked, so ELIG-4 follows ELIG-5 instead of preceding it.
        cheap_first = [v for v in verdicts if v[0] != "ELIG-4"] + [v for v in verdicts if v[0] == "ELIG-4"]
        return [rule for rule, passed in cheap_first if not passed]

    def blocked_workers(self, job):
        # BUG(MSG-15): only the array form is read; the seed's {"userID": [...]} is refused as malformed.
        return eligibility.as_ids(job["BlockedXP"], "job.BlockedXP") if "BlockedXP" in job else []

    def show_at(self, received_at, delay, job):
        # BUG(ELIG-6): Delay counted from the job's createdAt, the backend's moment, not from the
        # receipt; a job without a readable createdAt falls back to the receipt.
        try:
            created = datetime.fromisoformat(job["createdAt"].replace("Z", "+00:00"))
        except (KeyError, AttributeError, ValueError):
            return received_at + delay * 1000
        return round(created.timestamp() * 1000) + delay * 1000

    def decide(self, case_input):
        output = eligibility.Eligibility.decide(self, case_input)
        # BUG(ELIG-11): only the first failed rule is reported, not all of them.
        output["failed"] = output["failed"][:1]
        return output


# `--bug NAME`: the method of WrongEligibility that holds each bug.
BUG_METHODS = {"flat-earth": "distance_km", "strict-boundary": "in_range", "job-before-profile": "read_fields",
               "failed-out-of-order": "failed_rules", "blockedxp-object": "blocked_workers", "first-failed-only": "decide",
               "delay-from-created-at": "show_at"}


def chosen_rules(arguments):
    """All seven bugs, or with `--bug NAME` the correct decision with that one method swapped in."""
    if not arguments:
        return WrongEligibility()
    if len(arguments) != 2 or arguments[0] != "--bug" or arguments[1] not in BUG_METHODS:
        sys.exit(f"usage: adapter.py [--bug {'|'.join(BUG_METHODS)}]")
    method = BUG_METHODS[arguments[1]]
    return type("OneBug", (eligibility.Eligibility,), {method: vars(WrongEligibility)[method]})()


if __name__ == "__main__":
    sys.exit(eligibility.serve(chosen_rules(sys.argv[1:]), NAME))
