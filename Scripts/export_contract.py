#!/usr/bin/env python3
"""Regenerate Docs/jobwire.asyncapi.json and Docs/jobwire.openapi.json with `jobwire spec export`.

Usage:  python3 Scripts/export_contract.py [--check] [--jobwire PATH]

The documents are generated from the shapes the checker judges with (Sources/JobWire/Contract);
the checked-in copies are what a team without the kit loads into its tools (AsyncAPI Studio,
Microcks, swift-openapi-generator). --check compares them with what the binary writes instead of
writing them (exit 1 when they differ: run this script without --check and commit the result).
The binary defaults to .build/debug/jobwire; build it first (swift build).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = {"--asyncapi": ROOT / "Docs" / "jobwire.asyncapi.json", "--openapi": ROOT / "Docs" / "jobwire.openapi.json"}


def exported(jobwire: str, flag: str) -> str:
    result = subprocess.run([jobwire, "spec", "export", flag, "-"], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"export_contract.py: {jobwire} spec export {flag} - failed: {result.stderr.strip()}")
    return result.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--jobwire", default=str(ROOT / ".build" / "debug" / "jobwire"), help="the jobwire binary")
    args = parser.parse_args()
    stale = []
    for flag, path in DOCUMENTS.items():
        text = exported(args.jobwire, flag)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.relative_to(ROOT))
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"export_contract.py: stale: {', '.join(map(str, stale))}; run Scripts/export_contract.py and commit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
