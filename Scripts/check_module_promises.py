#!/usr/bin/env python3
"""Check that JobWire and SocketIOWire keep their promise: Foundation only, for any app's test target.

Usage:  python3 Scripts/check_module_promises.py

Package.swift describes both as usable from an iOS test target, so:

  * their Swift sources call no process, thread or signal API: no `Process`, `Thread`,
    `signal(`, `sigaction`, `posix_spawn`, `fork(`, `pthread`, `kill(` (comments and string
    literals do not count; code inside a string's interpolation does). Such code belongs in
    JobWireAdapters (or another target of its own);
  * in Package.swift (read with `swift package dump-package`) they depend on nothing but each
    other: no product of a package.

Before judging the tree it judges its own examples (EXAMPLES, MANIFEST_EXAMPLES): each good
one must pass and each bad one must fail with exactly the finding it names, so the check
cannot quietly stop finding anything.

Exit status: 0 when both promises hold, 1 naming file:line for each break, 2 when the
package manifest cannot be read.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from jobwirelib import ROOT, Report

PROMISED = ("JobWire", "SocketIOWire")
FORBIDDEN = [
    ("Process", re.compile(r"\bProcess\b")),  # ProcessInfo is fine: every platform has it
    ("Thread", re.compile(r"\bThread\b")),
    ("signal(", re.compile(r"\bsignal\s*\(")),
    ("sigaction", re.compile(r"\bsigaction\b")),
    ("posix_spawn", re.compile(r"\bposix_spawn\w*")),
    ("fork(", re.compile(r"\bv?fork\s*\(")),
    ("pthread", re.compile(r"\bpthread\w*")),
    ("kill(", re.compile(r"\bkill\s*\(")),
]


def code_only(source: str) -> str:
    """`source` with comments and string literal text blanked out (newlines kept, so line numbers
    hold); the code of string interpolations `\\( ... )` is kept, since it runs."""
    out: list[str] = []
    stack: list[tuple] = []  # ("string", hashes, multiline) or ("interpolation", open parentheses)
    i, n = 0, len(source)

    def blank(text: str) -> str:
        return "".join("\n" if ch == "\n" else " " for ch in text)

    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "interpolation":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                out.append(blank(source[i:end]))
                i = end
            elif source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append(blank(source[i:j]))
                i = j
            elif match := re.compile(r'(#*)("""|")').match(source, i):
                hashes, quote = len(match.group(1)), match.group(2)
                stack.append(("string", hashes, quote == '"""'))
                out.append(blank(match.group(0)))
                i = match.end()
            elif top is not None and source[i] == "(":
                stack[-1] = ("interpolation", top[1] + 1)
                out.append("(")
                i += 1
            elif top is not None and source[i] == ")":
                if top[1] == 0:
                    stack.pop()  # back in the string
                    out.append(" ")
                else:
                    stack[-1] = ("interpolation", top[1] - 1)
                    out.append(")")
                i += 1
            else:
                out.append(source[i])
                i += 1
        else:
            _, hashes, multiline = top
            close = ('"""' if multiline else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if source.startswith(close, i):
                stack.pop()
                out.append(blank(close))
                i += len(close)
            elif source.startswith(escape + "(", i):
                stack.append(("interpolation", 0))
                out.append(blank(escape + "("))
                i += len(escape) + 1
            elif source.startswith(escape, i):
                out.append(blank(source[i:i + len(escape) + 1]))
                i += len(escape) + 1
            else:
                out.append(blank(source[i]))
                i += 1
    return "".join(out)


def source_findings(source: str) -> list[tuple[int, str]]:
    """(line, name) of every forbidden call in one Swift file."""
    findings = []
    for number, line in enumerate(code_only(source).split("\n"), start=1):
        for name, pattern in FORBIDDEN:
            if pattern.search(line):
                findings.append((number, name))
    return findings


def manifest_findings(manifest: dict) -> list[tuple[str, str]]:
    """(target, message) for every dependency of a promised target that is not another promised target."""
    findings = []
    for target in manifest["targets"]:
        if target["name"] not in PROMISED:
            continue
        for dependency in target.get("dependencies", []):
            kind, details = next(iter(dependency.items()))
            name = details[0]
            if kind == "product":
                findings.append((target["name"], f"depends on product {name} of package {details[1]}"))
            elif name not in PROMISED:
                findings.append((target["name"], f"depends on {name}, which is not {' or '.join(PROMISED)}"))
    return findings


# Each example: Swift source, and the (line, name) findings it must give, no more, no fewer.
EXAMPLES: list[tuple[str, list[tuple[int, str]]]] = [
    ("let environment = ProcessInfo.processInfo.environment\n", []),
    ("// A Thread would block; Process is for JobWireAdapters; signal(SIGPIPE)\nlet x = 1\n", []),
    ('let text = "a Process, a Thread, kill(9)"\n', []),
    ('let text = #"raw "Thread" \\(Process)"#\n', []),
    ('let text = """\n    Thread and fork() in a\n    multi-line string\n    """\n', []),
    ("/* outer /* nested Thread */ still a comment: Process */\nlet processes = 0\n", []),
    ('let t = "\\(value) and \\(other)"\nlet y = (1)\n', []),
    ("let process = Process()\n", [(1, "Process")]),
    ("\nThread { work() }.start()\n", [(2, "Thread")]),
    ("signal(SIGPIPE, SIG_IGN)\n", [(1, "signal(")]),
    ("var action = sigaction()\n", [(1, "sigaction")]),
    ("posix_spawn(&pid, path, nil, nil, argv, environ)\n", [(1, "posix_spawn")]),
    ("let pid = fork()\n", [(1, "fork(")]),
    ("pthread_create(&thread, nil, body, nil)\n", [(1, "pthread")]),
    ("Foundation.kill(pid, SIGKILL)\n", [(1, "kill(")]),
    ('let name = "\\(Thread.current)"\n', [(1, "Thread")]),
    ('let s = "a" // Process\nlet p: Process? = nil\n', [(2, "Process")]),
]

MANIFEST_EXAMPLES: list[tuple[dict, list[tuple[str, str]]]] = [
    ({"targets": [{"name": "SocketIOWire", "dependencies": []},
                  {"name": "JobWire", "dependencies": [{"byName": ["SocketIOWire", None]}]},
                  {"name": "SocketIONIO", "dependencies": [{"product": ["NIOCore", "swift-nio", None, None]}]}]}, []),
    ({"targets": [{"name": "JobWire", "dependencies": [{"product": ["NIOCore", "swift-nio", None, None]}]}]},
     [("JobWire", "depends on product NIOCore of package swift-nio")]),
    ({"targets": [{"name": "SocketIOWire", "dependencies": [{"target": ["SocketIONIO", None]}]}]},
     [("SocketIOWire", "depends on SocketIONIO, which is not JobWire or SocketIOWire")]),
    ({"targets": [{"name": "JobWire", "dependencies": [{"byName": ["Logging", None]}]}]},
     [("JobWire", "depends on Logging, which is not JobWire or SocketIOWire")]),
]


def self_test(report: Report) -> None:
    for index, (source, expected) in enumerate(EXAMPLES):
        found = source_findings(source)
        if found != expected:
            report.add(f"EXAMPLES[{index}]", f"expected {expected}, found {found}")
    for index, (manifest, expected) in enumerate(MANIFEST_EXAMPLES):
        found = manifest_findings(manifest)
        if found != expected:
            report.add(f"MANIFEST_EXAMPLES[{index}]", f"expected {expected}, found {found}")


def declaration_line(package: str, target: str) -> int:
    """The line of Package.swift that declares `target`, for the message (1 when not found)."""
    match = re.search(rf'\.target\(\s*name:\s*"{re.escape(target)}"', package)
    return package.count("\n", 0, match.end()) + 1 if match else 1


def main() -> int:
    report = Report()
    self_test(report)
    if report.problems:
        print("check_module_promises.py: its own examples fail, so it judges nothing", file=sys.stderr)
        return report.finish()

    files = 0
    for target in PROMISED:
        for path in sorted((ROOT / "Sources" / target).rglob("*.swift")):
            files += 1
            for line, name in source_findings(path.read_text(encoding="utf-8")):
                report.add(f"{path.relative_to(ROOT)}:{line}",
                           f"{name}: {target} promises no processes, threads or signals; move this to JobWireAdapters")

    try:
        dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True)
        manifest = json.loads(dump.stdout)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as error:
        print(f"check_module_promises.py: cannot read the package manifest with swift package dump-package: {error}", file=sys.stderr)
        return 2
    package = (ROOT / "Package.swift").read_text(encoding="utf-8")
    for target, message in manifest_findings(manifest):
        report.add(f"Package.swift:{declaration_line(package, target)}",
                   f"{target} {message}; {' and '.join(PROMISED)} keep no package dependencies")

    return report.finish(f"check_module_promises.py: {files} files of {' and '.join(PROMISED)}: no process, thread or "
                         f"signal calls; no package dependencies: ok")


if __name__ == "__main__":
    sys.exit(main())
