#!/usr/bin/env python3
"""Check the contract documents (Docs/jobwire.openapi.json, Docs/jobwire.asyncapi.json) with the
ecosystem's own tools and hold their schemas to the checker's verdicts.

Usage:  python3 Scripts/check_contract.py [--jobwire PATH]

1. openapi-spec-validator validates the OpenAPI 3.1 document, and the documents of a profile
   that renames events, namespace, room and paths are valid and renamed too.
2. A structural check of the AsyncAPI 3.0 document, written from the AsyncAPI 3.0.0
   specification: the fixed fields of each object, required members, every $ref resolving,
   each operation's channel a channel of the document and its messages a subset of that
   channel's messages, channel address parameters declared, component keys well formed, and
   each message's examples accepted by its payload schema.
3. openapi-core validates the requests and the real answers of the reference backend
   (`jobwire broker --port 0`, which serves the job flow, the task API and the fixtures) for
   every operation the document describes, successes and failures: each is sent once valid and,
   unless it takes nothing but path parameters, once made invalid on purpose (a body the schema
   refuses, a query member missing, no bearer token), which the document must refuse; every
   answer must be accepted. A documented operation the backend answers "no route" for, or one
   this script sends no request of, is a failure naming it.
4. asyncapi-payload-validator (reads AsyncAPI 3) accepts every well-formed event payload of the
   shipped traces and refuses every one the checker finds malformed.
5. Agreement: every payload and body of every shipped trace goes through the checker's shape
   check (`jobwire spec shapes`) and through the exported JSON Schema (python jsonschema,
   draft 2020-12); the verdicts and the requirement ids (x-requirement) must be the same. The
   output counts what was compared by kind of payload and schema, and names every kind left out
   (fixtures, the settings call among them, answers that never came, calls of no documented
   path) with its reason.

Exit status 0 when all agree, 1 otherwise (each disagreement printed), 2 on unusable input.
Needs the packages of Scripts/requirements-test.txt; the binary defaults to .build/debug/jobwire.
"""

from __future__ import annotations

import argparse
import copy
import glob
import json
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import jsonschema
from asyncapi_payload_validator import validate_payload
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_spec_validator import validate as validate_openapi

ROOT = Path(__file__).resolve().parent.parent
OPENAPI = ROOT / "Docs" / "jobwire.openapi.json"
ASYNCAPI = ROOT / "Docs" / "jobwire.asyncapi.json"
EVENT_SHAPES = {"NewPayload": "new", "ApplyPayload": "apply", "CancelPayload": "cancel", "ClosePayload": "close"}

failures: list[str] = []


def fail(message: str) -> None:
    failures.append(message)


# ---------------------------------------------------------------- 2. AsyncAPI structure

EXTENSION = re.compile(r"^x-")
COMPONENT_KEY = re.compile(r"^[a-zA-Z0-9.\-_]+$")
FIELDS = {
    "root": ({"asyncapi", "info"}, {"id", "servers", "defaultContentType", "channels", "operations", "components"}),
    "info": ({"title", "version"}, {"description", "termsOfService", "contact", "license", "tags", "externalDocs"}),
    "server": ({"host", "protocol"}, {"protocolVersion", "pathname", "description", "title", "summary", "variables", "security", "tags", "externalDocs", "bindings"}),
    "channel": (set(), {"address", "messages", "title", "summary", "description", "servers", "parameters", "tags", "externalDocs", "bindings"}),
    "parameter": (set(), {"enum", "default", "description", "examples", "location"}),
    "operation": ({"action", "channel"}, {"title", "summary", "description", "security", "tags", "externalDocs", "bindings", "traits", "messages", "reply"}),
    "message": (set(), {"headers", "payload", "correlationId", "contentType", "name", "title", "summary", "description", "tags", "externalDocs", "bindings", "examples", "traits"}),
    "messageExample": (set(), {"headers", "payload", "name", "summary"}),
    "components": (set(), {
        "schemas", "servers", "channels", "operations", "messages", "securitySchemes", "serverVariables", "parameters", "correlationIds",
        "replies", "replyAddresses", "externalDocs", "tags", "operationTraits", "messageTraits", "serverBindings", "channelBindings",
        "operationBindings", "messageBindings",
    }),
}


def resolve(document: dict, ref: str):
    if not ref.startswith("#/"):
        raise KeyError(f"{ref} is not a local reference")
    node = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[part]
    return node


def check_fields(kind: str, where: str, value) -> None:
    if not isinstance(value, dict):
        fail(f"asyncapi: {where} is not an object")
        return
    if "$ref" in value and kind in ("message", "channel", "operation", "parameter", "server"):
        return
    required, optional = FIELDS[kind]
    for key in required - value.keys():
        fail(f"asyncapi: {where} lacks the required `{key}` of a {kind} object")
    for key in value.keys() - required - optional:
        if not EXTENSION.match(key):
            fail(f"asyncapi: {where} has `{key}`, no field of a {kind} object")


def check_asyncapi(document: dict) -> None:
    check_fields("root", "the document", document)
    if document.get("asyncapi") != "3.0.0":
        fail(f"asyncapi: version is {document.get('asyncapi')!r}, not 3.0.0")
    check_fields("info", "info", document.get("info"))
    for name, server in document.get("servers", {}).items():
        check_fields("server", f"servers.{name}", server)
        if not re.match(r"^[A-Za-z0-9_\-]+$", name):
            fail(f"asyncapi: server key {name!r} is not a valid identifier")
    channels = document.get("channels", {})
    for name, channel in channels.items():
        check_fields("channel", f"channels.{name}", channel)
        address = channel.get("address")
        declared = set(channel.get("parameters", {}).keys())
        used = set(re.findall(r"\{([^}]+)\}", address or ""))
        if used != declared:
            fail(f"asyncapi: channels.{name} address parameters {sorted(used)} differ from its parameters {sorted(declared)}")
        for parameter, value in channel.get("parameters", {}).items():
            check_fields("parameter", f"channels.{name}.parameters.{parameter}", value)
        for key, message in channel.get("messages", {}).items():
            target = resolve(document, message["$ref"]) if "$ref" in message else message
            check_fields("message", f"channels.{name}.messages.{key}", target)
    for name, operation in document.get("operations", {}).items():
        check_fields("operation", f"operations.{name}", operation)
        if operation.get("action") not in ("send", "receive"):
            fail(f"asyncapi: operations.{name} action is {operation.get('action')!r}, not send or receive")
        ref = operation.get("channel", {}).get("$ref", "")
        match = re.fullmatch(r"#/channels/([^/]+)", ref)
        if not match or match.group(1) not in channels:
            fail(f"asyncapi: operations.{name} channel {ref!r} is not a channel of the document")
            continue
        for message in operation.get("messages", []):
            prefix = f"#/channels/{match.group(1)}/messages/"
            if not message.get("$ref", "").startswith(prefix):
                fail(f"asyncapi: operations.{name} message {message} is not one of its channel's messages")
    components = document.get("components", {})
    check_fields("components", "components", components)
    for group, members in components.items():
        for key in members:
            if not COMPONENT_KEY.match(key):
                fail(f"asyncapi: components.{group} key {key!r} breaks ^[a-zA-Z0-9.\\-_]+$")
    for key, message in components.get("messages", {}).items():
        check_fields("message", f"components.messages.{key}", message)
        if "payload" not in message:
            fail(f"asyncapi: components.messages.{key} has no payload")
        for index, example in enumerate(message.get("examples", [])):
            # Mock servers (Microcks) publish these: each must be a payload its schema accepts.
            check_fields("messageExample", f"components.messages.{key}.examples[{index}]", example)
            validator = schema_validator(document, message.get("payload", {}).get("$ref", "").rsplit("/", 1)[-1])
            for error in validator.iter_errors(example.get("payload")) if validator else []:
                fail(f"asyncapi: components.messages.{key}.examples[{index}] breaks its payload schema: {error.message}")

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            if "$ref" in node:
                try:
                    resolve(document, node["$ref"])
                except (KeyError, TypeError):
                    fail(f"asyncapi: {where} refers to {node['$ref']}, which does not resolve")
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}[{index}]")

    walk(document, "#")


# ---------------------------------------------------------------- 5. agreement with the checker

def schema_validator(document: dict, name: str):
    try:
        resolve(document, f"#/components/schemas/{name}")
    except KeyError:
        return None
    root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": f"#/components/schemas/{name}", "components": document["components"]}
    return jsonschema.Draft202012Validator(root)


def ids_of(document: dict, validator, value) -> set[str]:
    ids: set[str] = set()

    def visit(error) -> None:
        requirement = None
        node = validator.schema
        # jsonschema leaves `$ref` out of schema paths: a reference is followed where the next part is not in it.
        for part in error.absolute_schema_path:
            while isinstance(node, dict) and "$ref" in node and part not in node:
                node = resolve(document, node["$ref"])
                if isinstance(node, dict) and "x-requirement" in node:
                    requirement = node["x-requirement"]
            if not isinstance(node, (dict, list)):
                break
            node = node[part]
            if isinstance(node, dict) and "x-requirement" in node:
                requirement = node["x-requirement"]
        if error.validator == "required":
            # A missing member breaks the requirement of that member, written on its property.
            missing = re.match(r"'([^']*)' is a required property", error.message)
            member = (error.schema.get("properties") or {}).get(missing.group(1)) if missing else None
            if isinstance(member, dict) and "x-requirement" in member:
                requirement = member["x-requirement"]
        if requirement:
            ids.add(requirement)
        elif error.context:
            for sub in error.context:
                visit(sub)
        else:
            ids.add(f"(no x-requirement at {'/'.join(map(str, error.absolute_schema_path))})")

    for error in validator.iter_errors(value):
        visit(error)
    return ids


# Good traces whose backend breaks a requirement on purpose, to show an app that copes: the file
# and the only ids its backend payloads may break.
DELIBERATE = {
    # MSG-15: a worker app reads BlockedXP in the seed's object form, which a backend sending it breaks MSG-5.
    "blocked-object-worker.jsonl": {"MSG-5"},
}


def check_agreement(jobwire: str, openapi: dict, asyncapi: dict) -> tuple[int, list[dict]]:
    traces = sorted(glob.glob(str(ROOT / "Vectors" / "traces" / "good" / "*.jsonl"))) + sorted(glob.glob(str(ROOT / "Vectors" / "traces" / "bad" / "*.jsonl")))
    result = subprocess.run([jobwire, "spec", "shapes", *traces], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        print(f"check_contract.py: jobwire spec shapes failed: {result.stderr}", file=sys.stderr)
        sys.exit(2)
    every = [json.loads(line) for line in result.stdout.splitlines()]
    records = [record for record in every if "leftOut" not in record]
    validators: dict[str, object] = {}
    for record in records:
        shape = record["shape"]
        document = asyncapi if shape in EVENT_SHAPES else openapi
        if shape not in validators:
            validators[shape] = schema_validator(document, shape)
        validator = validators[shape]
        checker = set(record["requirements"])
        where = f"{Path(record['file']).relative_to(ROOT)}:{record['line']} ({shape})"
        if validator is None:
            if not checker:
                fail(f"agreement: {where}: the checker accepts it but the documents have no schema {shape}")
            continue
        schema = ids_of(document, validator, record["value"])
        # A good trace may send a backend a malformed body (to see it refused), but what the
        # backend answers or emits there is the protocol's, whoever the trace judges, unless the
        # trace shows an app coping with a known backend deviation (DELIBERATE).
        name = Path(record["file"]).name
        if schema and "/good/" in record["file"] and not record["kind"].startswith("body") and set(schema) != DELIBERATE.get(name):
            fail(f"agreement: {where}: a good trace carries a backend {record['kind']} the schema calls malformed: {sorted(schema)}")
        if bool(schema) != bool(checker):
            fail(f"agreement: {where}: the checker says {sorted(checker) or 'well formed'}, the schema {sorted(schema) or 'valid'}")
        elif schema != checker:
            fail(f"agreement: {where}: the checker breaks {sorted(checker)}, the schema {sorted(schema)}")
    return records, [record for record in every if "leftOut" in record]


def coverage(records: list[dict], left_out: list[dict]) -> list[str]:
    """What the agreement compared, by kind of payload and schema, and what it left out, by kind and reason."""
    lines = ["agreement: compared, by kind of payload (schema: well formed / malformed):"]
    kinds: dict[tuple[str, str], list[int]] = {}
    for record in records:
        counts = kinds.setdefault((record["kind"], record["shape"]), [0, 0])
        counts[1 if record["requirements"] else 0] += 1
    for (kind, shape), (good, bad) in sorted(kinds.items()):
        lines.append(f"  {kind} ({shape}): {good} / {bad}")
    lines.append("agreement: left out, by kind and reason:")
    reasons: dict[str, dict[str, int]] = {}
    for record in left_out:
        reasons.setdefault(record["leftOut"], {}).setdefault(record["kind"], 0)
        reasons[record["leftOut"]][record["kind"]] += 1
    for reason, counted in sorted(reasons.items()):
        lines.append(f"  {sum(counted.values())}: {reason}")
        lines.append("     " + ", ".join(f"{kind} {count}" for kind, count in sorted(counted.items())))
    return lines


# ---------------------------------------------------------------- 4. asyncapi-payload-validator

NULL_FOR_NUMBER = re.compile(r"^[^:]+: non-numeric value 'None' for numeric constraint$")


def check_payload_validator(asyncapi: dict, records: list[dict]) -> tuple[int, int]:
    # The tool validates against the first operation's message; one view per event keeps only the
    # backend's send of that event, so it reads our document, not a copy written for it.
    views = {}
    for shape, event in EVENT_SHAPES.items():
        view = copy.deepcopy(asyncapi)
        key = f"backendSends{event.capitalize()}ToUserRoom"
        view["operations"] = {key: asyncapi["operations"][key]}
        views[shape] = view
    count = excused = 0
    for record in records:
        shape = record["shape"]
        if shape not in views:
            continue
        count += 1
        verdict = validate_payload(record["value"], views[shape])
        # Two things the tool reads otherwise than JSON Schema, neither a verdict on our schema:
        # it lists members the schema does not name even where the object says
        # additionalProperties: true (it honours that below the top level only), which MSG-12
        # allows; and it applies minimum/maximum to a null where the type admits null
        # (workerRating), which JSON Schema does not. Every other finding is a refusal.
        refused = {}
        for kind, found in verdict["violations"].items():
            if kind == "numeric_violations":
                found = [entry for entry in found if not NULL_FOR_NUMBER.match(entry)]
            if found and kind != "extra_attributes":
                refused[kind] = found
        where = f"{Path(record['file']).relative_to(ROOT)}:{record['line']} ({shape})"
        if record["requirements"] and not refused:
            # The tool type-checks no element of an array of scalars (BlockedXP: [null]); such a
            # miss is counted and shown, any other is a failure.
            validator = schema_validator(asyncapi, shape)
            if all(any(isinstance(part, int) for part in error.absolute_path) for error in validator.iter_errors(record["value"])):
                excused += 1
                continue
            fail(f"asyncapi-payload-validator: {where}: accepts a payload the checker finds breaking {record['requirements']}")
        if not record["requirements"] and refused:
            fail(f"asyncapi-payload-validator: {where}: refuses a well-formed payload: {refused}")
    return count, excused


# ---------------------------------------------------------------- 3. openapi-core against the broker

class Broker:
    def __init__(self, jobwire: str):
        self.process = subprocess.Popen([jobwire, "broker", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self.url = None
        found = threading.Event()

        def read() -> None:
            for line in self.process.stdout:
                self.lines.append(line)
                match = re.search(r"http://127\.0\.0\.1:[0-9]+", line)
                if match and not self.url:
                    self.url = match.group(0)
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(60):
            self.stop()
            sys.exit(f"check_contract.py: jobwire broker printed no URL: {''.join(self.lines)}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def call(openapi: OpenAPI, base: str, method: str, target: str, body=None, valid_request: bool = True, status: int | None = None, token: str | None = None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + target, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            code, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        code, raw = error.code, error.read()
    path, _, query = target.partition("?")
    args = dict(pair.split("=", 1) if "=" in pair else (pair, "") for pair in query.split("&") if pair)
    mock = MockRequest(base, method.lower(), path, args=args, data=data or b"", content_type="application/json" if data else None, headers=headers)
    where = f"{method} {target}"
    try:
        openapi.validate_request(mock)
        if not valid_request:
            fail(f"openapi-core: {where}: the document accepts a request the kit made malformed on purpose")
    except Exception as error:  # noqa: BLE001 - any refusal of the library is a verdict
        if valid_request:
            fail(f"openapi-core: {where}: the document refuses the request: {error}")
    if status is not None and code != status:
        fail(f"openapi-core: {where}: the broker answered {code}, the test expected {status}: {raw[:200]!r}")
    try:
        openapi.validate_response(mock, MockResponse(raw, status_code=code, content_type="application/json"))
    except Exception as error:  # noqa: BLE001
        fail(f"openapi-core: {where}: the document refuses the broker's {code} answer {raw[:300]!r}: {error} {getattr(error, '__cause__', '')}")
    return json.loads(raw) if raw else None


def operation_of(spec: dict, method: str, target: str) -> tuple[str, str] | None:
    """The documented operation (method, path template) a call reaches, nil for none."""
    path = urllib.parse.unquote(target.partition("?")[0])
    for template, item in spec["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if method.lower() in item and re.match(pattern, path):
            return method.upper(), template
    return None


def check_broker(jobwire: str, spec: dict) -> tuple[int, int]:
    """Drives every documented operation against the reference backend, once with a valid request
    and once with one made invalid on purpose; a documented operation the backend does not serve,
    or one the script has no call for, is reported."""
    openapi = OpenAPI.from_dict(spec)
    broker = Broker(jobwire)
    calls = 0
    driven: dict[tuple[str, str], set[str]] = {}
    unserved: set[tuple[str, str]] = set()

    def do(method, target, *args, **kwargs):
        nonlocal calls
        calls += 1
        answer = call(openapi, broker.url, method, target, *args, **kwargs)
        operation = operation_of(spec, method, target)
        if operation:
            driven.setdefault(operation, set()).add("valid" if kwargs.get("valid_request", True) else "invalid")
            message = ((answer or {}).get("error") or {}).get("message", "") if isinstance(answer, dict) else ""
            if message.startswith("no route for"):
                unserved.add(operation)
        return answer

    try:
        profile = {"userID": "w-1", "expertActive": True, "expertSource": None, "categories": ["9"], "maxKms": 50, "lat": 40.0, "lng": -3.0}
        do("PUT", "/api/workers/w-1", {"name": "Luis", "avatar": "https://img.example.com/w-1.png", "rating": 4.5, "profile": profile}, status=200)
        far = dict(profile, userID="w-2", categories=["12"])
        do("PUT", "/api/workers/w-2", {"name": "Eva", "avatar": "https://img.example.com/w-2.png", "rating": None, "profile": far}, status=200)
        do("PUT", "/api/workers/w-3", {"name": "Eva", "avatar": "https://img.example.com/w-3.png"}, valid_request=False, status=400)
        do("PUT", "/api/clients/c-1", {"BlockedXP": [], "Delay": 0}, status=200)
        do("PUT", "/api/clients/c-2", {"Delay": -1}, valid_request=False, status=400)
        do("GET", "/api/settings", status=200)
        post = {"clientId": "c-1", "CatID": "9", "category": "Plumbing", "description": "A leak", "clientName": "Ana", "address": "Calle 1", "lat": 40.001, "lng": -3.001}
        first = do("POST", "/api/requests", post, status=200)["ReqID"]
        do("POST", "/api/requests", {k: v for k, v in post.items() if k != "CatID"}, valid_request=False, status=400)
        do("POST", "/api/requests", dict(post, lat=95), valid_request=False, status=400)
        do("POST", "/api/requests", dict(post, workerId="w-none"), status=404)
        do("GET", "/api/jobs?workerId=w-1", status=200)
        do("GET", "/api/jobs", valid_request=False, status=400)
        do("GET", "/api/jobs?workerId=w-none", status=404)
        do("POST", f"/api/requests/{first}/accept", {"workerId": "w-2"}, status=403)
        do("POST", f"/api/requests/{first}/accept", {}, valid_request=False, status=400)
        do("POST", f"/api/requests/{first}/accept", {"workerId": "w-1"}, status=200)
        do("POST", f"/api/requests/{first}/accept", {"workerId": "w-1"}, status=409)
        do("POST", "/api/requests/R-none/accept", {"workerId": "w-1"}, status=404)
        do("GET", f"/api/requests/{first}", status=200)
        do("GET", "/api/requests/R-none", status=404)
        do("GET", "/api/requests?userId=c-1", status=200)
        do("GET", "/api/requests?userId=", valid_request=False, status=400)
        do("GET", "/api/workers/w-1", status=200)
        do("GET", "/api/workers/w-none", status=404)
        do("PUT", "/api/workers/w-1/position", {"lat": 40.0005, "lng": -3.0005}, status=200)
        do("PUT", "/api/workers/w-1/position", {"lat": 95, "lng": 0}, valid_request=False, status=400)
        do("PUT", "/api/workers/w-none/position", {"lat": 1, "lng": 1}, status=404)
        do("POST", f"/api/requests/{first}/close", {"outcome": "happy", "by": "worker", "clientId": "c-1"}, valid_request=False, status=400)
        do("POST", f"/api/requests/{first}/close", {"outcome": "happy", "by": "client", "clientId": "c-9"}, status=403)
        do("POST", f"/api/requests/{first}/close", {"outcome": "happy", "by": "client", "clientId": "c-1"}, status=200)
        do("POST", f"/api/requests/{first}/close", {"outcome": "happy", "by": "worker"}, status=410)
        do("POST", f"/api/requests/{first}/cancel", {"reason": "timeout"}, status=410)
        second = do("POST", "/api/requests", post, status=200)["ReqID"]
        do("POST", f"/api/requests/{second}/close", {"outcome": "unhappy", "by": "client"}, status=409)
        do("POST", f"/api/requests/{second}/cancel", {"reason": ""}, valid_request=False, status=400)
        do("POST", f"/api/requests/{second}/cancel", {"reason": "timeout", "clientId": "c-9"}, status=403)
        do("POST", f"/api/requests/{second}/cancel", {"reason": "timeout", "clientId": "c-1"}, status=200)
        do("POST", f"/api/requests/{second}/accept", {"workerId": "w-1"}, status=410)
        do("POST", "/api/requests/R-none/cancel", {"reason": "timeout"}, status=404)
        do("POST", "/api/clock", {"advanceMs": 1000}, status=200)
        do("POST", "/api/clock", {"advanceMs": -1}, valid_request=False, status=400)
        drive_task_api(do)
    finally:
        broker.stop()
    documented = {(method.upper(), template): item[method] for template, item in spec["paths"].items() for method in item if method in ("get", "put", "post", "delete", "patch")}
    no_invalid = []
    for operation, described in sorted(documented.items()):
        # A request can break the document only by its body, its query or its token: an operation
        # with nothing but path parameters (any non-empty segment) has no invalid request.
        can_be_invalid = "requestBody" in described or "security" in described or any(p["in"] == "query" for p in described.get("parameters", []))
        wanted = {"valid", "invalid"} if can_be_invalid else {"valid"}
        if not can_be_invalid:
            no_invalid.append(f"{operation[0]} {operation[1]}")
        if operation in unserved:
            fail(f"openapi-core: {operation[0]} {operation[1]}: documented, but the reference backend serves no such route")
        elif not wanted <= driven.get(operation, set()):
            missing = sorted(wanted - driven.get(operation, set()))
            fail(f"openapi-core: {operation[0]} {operation[1]}: documented, but the check sends it no {' and no '.join(missing)} request")
    print(f"openapi-core: {len(documented)} documented operations driven against the reference backend; with no invalid request possible "
          f"(no body, query or token, only path parameters): {', '.join(no_invalid)}")
    return calls, len(documented)


def drive_task_api(do) -> None:
    """The task API (TASK area) through openapi-core: each call once valid, once invalid (a body the
    schema refuses, a query member missing, or no bearer token)."""
    later = time.time() + 3 * 86_400
    iso = lambda seconds: time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(seconds))  # noqa: E731
    draft = {
        "category": 9, "Description": "Fix the leaking kitchen tap", "image": ["https://img.example.com/tap.jpg"],
        "dates": [{"start": iso(later), "end": iso(later + 3600)}], "address": "Calle Mayor 1, Madrid",
        "location": {"lat": 40.4168, "lng": -3.7038}, "maxBudget": 80, "estimatedDuration": 60,
    }
    do("GET", "/api/users/exists?email=ana%40example.com", status=200)
    do("GET", "/api/users/exists", valid_request=False, status=400)
    contractor = do("POST", "/api/auth/signup", {"email": "luis@example.com", "password": "pw", "contractor": True, "name": "Luis", "categories": [9]}, status=200)
    do("POST", "/api/auth/signup", {"email": "ana@example.com", "password": "pw"}, status=200)
    do("POST", "/api/auth/signup", {"email": "ana@example.com", "password": "pw"}, status=409)
    do("POST", "/api/auth/signup", {"email": "eva@example.com"}, valid_request=False, status=400)
    token = do("POST", "/api/auth/login", {"email": "ana@example.com", "password": "pw", "rememberMe": True}, status=200)["token"]
    do("POST", "/api/auth/login", {"email": "ana@example.com"}, valid_request=False, status=400)
    do("GET", "/api/users/me", token=token, status=200)
    do("GET", "/api/users/me", valid_request=False, status=401)
    do("PUT", "/api/users/me", {"name": "Ana", "phoneNumber": "+34 600 000 000", "contractor": False, "categories": []}, token=token, status=200)
    do("PUT", "/api/users/me", {"name": "Ana"}, token=token, valid_request=False, status=400)
    do("PUT", "/api/users/me/image", {"image": "https://img.example.com/ana.png"}, token=token, status=200)
    do("PUT", "/api/users/me/image", {}, token=token, valid_request=False, status=400)
    task = do("POST", "/api/tasks", draft, token=token, status=200)["task"]["objectId"]
    do("POST", "/api/tasks", {k: v for k, v in draft.items() if k != "address"}, token=token, valid_request=False, status=400)
    other = do("POST", "/api/tasks", draft, token=token, status=200)["task"]["objectId"]
    do("GET", "/api/tasks", token=token, status=200)
    do("GET", "/api/tasks", valid_request=False, status=401)
    do("GET", f"/api/tasks/{task}", token=token, status=200)
    do("GET", f"/api/tasks/{task}", valid_request=False, status=401)
    do("PUT", f"/api/tasks/{task}", dict(draft, maxBudget=90), token=token, status=200)
    do("PUT", f"/api/tasks/{task}", {k: v for k, v in draft.items() if k != "Description"}, token=token, valid_request=False, status=400)
    do("GET", f"/api/tasks/{task}/contractors", token=token, status=200)
    do("GET", f"/api/tasks/{task}/contractors", valid_request=False, status=401)
    do("PUT", f"/api/tasks/{task}/contractor", {"contractor": contractor["userId"]}, token=token, status=200)
    do("PUT", f"/api/tasks/{task}/contractor", {}, token=token, valid_request=False, status=400)
    do("POST", f"/api/tasks/{task}/complete", token=token, status=200)
    do("POST", f"/api/tasks/{other}/complete", valid_request=False, status=401)
    do("POST", f"/api/contractors/{contractor['userId']}/reviews", {"rating": 5, "review": "Quick and tidy", "task": task}, token=token, status=200)
    do("POST", f"/api/contractors/{contractor['userId']}/reviews", {"rating": 9}, token=token, valid_request=False, status=400)
    do("GET", f"/api/contractors/{contractor['userId']}", token=token, status=200)
    do("GET", f"/api/contractors/{contractor['userId']}", valid_request=False, status=401)
    do("POST", f"/api/tasks/{other}/cancel", {"reason": "Found someone else"}, token=token, status=200)
    do("POST", f"/api/tasks/{other}/cancel", {}, token=token, valid_request=False, status=400)
    do("DELETE", "/api/users/me", valid_request=False, status=401)
    do("DELETE", "/api/users/me", token=token, status=200)


PROFILE = {
    "events": {"new": "job.new", "close": "job.close"}, "namespace": "/jobs", "rooms": {"channel": "experts"},
    "paths": {"getJobs": "GET /v2/jobs?worker={workerId}", "workerAccept": "POST /v2/requests/{ReqID}/take", "clientFixture": None},
}


def check_profile_export(jobwire: str) -> None:
    """The documents of a profile that renames events, namespace, room and paths are valid too."""
    with tempfile.TemporaryDirectory() as folder:
        profile = Path(folder) / "names.json"
        profile.write_text(json.dumps(PROFILE), encoding="utf-8")
        out = {flag: Path(folder) / f"{flag[2:]}.json" for flag in ("--openapi", "--asyncapi")}
        arguments = [jobwire, "spec", "export", "--profile", str(profile)] + [part for flag, path in out.items() for part in (flag, str(path))]
        result = subprocess.run(arguments, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            fail(f"profile export: {result.stderr.strip()}")
            return
        openapi = json.loads(out["--openapi"].read_text(encoding="utf-8"))
        asyncapi = json.loads(out["--asyncapi"].read_text(encoding="utf-8"))
    try:
        validate_openapi(openapi)
    except Exception as error:  # noqa: BLE001
        fail(f"openapi-spec-validator, renamed profile: {error}")
    if "/v2/requests/{ReqID}/take" not in openapi["paths"] or "/api/requests/{ReqID}/accept" in openapi["paths"]:
        fail("profile export: the OpenAPI document does not carry the renamed WorkerAccept path")
    if asyncapi["components"]["messages"]["close"]["name"] != "job.close" or asyncapi["channels"]["channelRoom"]["address"] != "experts":
        fail("profile export: the AsyncAPI document does not carry the renamed event and room")
    check_asyncapi(asyncapi)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobwire", default=str(ROOT / ".build" / "debug" / "jobwire"), help="the jobwire binary")
    parser.add_argument("--openapi", default=str(OPENAPI), help="the OpenAPI document (a test passes a spoilt copy)")
    parser.add_argument("--asyncapi", default=str(ASYNCAPI), help="the AsyncAPI document (a test passes a spoilt copy)")
    parser.add_argument("--no-broker", action="store_true", help="leave out part 3 (a test of the AsyncAPI half needs no broker)")
    args = parser.parse_args()
    started = time.monotonic()
    openapi = json.loads(Path(args.openapi).read_text(encoding="utf-8"))
    asyncapi = json.loads(Path(args.asyncapi).read_text(encoding="utf-8"))
    try:
        validate_openapi(openapi)
    except Exception as error:  # noqa: BLE001
        fail(f"openapi-spec-validator: {error}")
    check_asyncapi(asyncapi)
    check_profile_export(args.jobwire)
    calls, operations = (0, 0) if args.no_broker else check_broker(args.jobwire, openapi)
    records, left_out = check_agreement(args.jobwire, openapi, asyncapi)
    count = len(records)
    payloads, excused = check_payload_validator(asyncapi, records)
    for line in coverage(records, left_out):
        print(line)
    for message in failures:
        print(message)
    print(
        f"check_contract.py: {f'{calls} broker calls through openapi-core (every one of {operations} documented operations)' if operations else 'no broker calls (--no-broker)'}, {payloads} event payloads through asyncapi-payload-validator "
        f"({excused} malformed only in an array element, which it does not check), {count} payloads and bodies compared with the checker "
        f"({len(left_out)} left out, each named above with its reason), {len(failures)} disagreements, {time.monotonic() - started:.1f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
