import SocketIOWire

/// A conformant trace of any length, for `jobwire bench check`: the happy path of
/// `Scripts/trace_scenarios.py` (a channel request, one eligible worker who wins, one filtered
/// out, a happy close) repeated for many requests by several independent groups of one client
/// and two workers, overlapping in time, with every actor recording.
///
/// Lines come out in time order as they are made, holding only about one cycle of requests, so
/// a trace of millions of events is written in constant memory.
public struct SyntheticTrace: Sendable {
    /// How many events to write at least; whole requests are written, so a few more may come.
    public var events: Int
    /// How many client-and-two-workers groups post requests side by side.
    public var groups: Int
    /// 2026-01-01T00:00:00Z.
    public static let start: Int64 = 1_767_225_600_000
    /// A group posts a request every this many ms; each request lasts about 69 s.
    static let cycleMs: Int64 = 80_000

    /// A trace of at least `events` events from `groups` groups.
    public init(events: Int, groups: Int = 8) {
        self.events = events
        self.groups = max(1, min(groups, 8))
    }

    /// The header: every role recording, every parameter at its default.
    public var header: TraceHeader {
        var header = TraceHeader(roles: [.client, .worker, .backend])
        header.description = "Synthetic happy-path trace for benchmarks: \(groups) groups of one client and two workers."
        return header
    }

    /// Calls `body` with every line, each ending in a newline: the header, the events in time
    /// order, and `trace.end`. Returns the number of events.
    @discardableResult
    public func forEachLine(_ body: (String) throws -> Void) rethrows -> Int {
        let encoder = TraceEncoder(header: header)
        try body(encoder.headerLine)
        var pending: [(seq: Int, event: TraceEvent)] = []
        var sequence = 0
        var made = 0
        var written = 0
        var last = Self.start
        var cycle: Int64 = 0
        while made < events {
            for group in 0..<groups {
                let base = Self.start + cycle * Self.cycleMs + Int64(group) * 10_000
                var lines = Events(group: group, request: Int(cycle) * groups + group)
                if cycle == 0 { lines.launch(at: base) }
                lines.request(at: base + 1000)
                for event in lines.out {
                    pending.append((sequence, event))
                    sequence += 1
                }
                made += lines.out.count
            }
            cycle += 1
            // Nothing made from now on starts before the next cycle.
            let boundary = Self.start + cycle * Self.cycleMs
            pending.sort { $0.event.ts != $1.event.ts ? $0.event.ts < $1.event.ts : $0.seq < $1.seq }
            let ready = made >= events ? pending.count : pending.firstIndex { $0.event.ts >= boundary } ?? pending.count
            for entry in pending[..<ready] {
                try body(encoder.line(entry.event))
                last = entry.event.ts
            }
            written += ready
            pending.removeFirst(ready)
        }
        try body(encoder.line(TraceEvent(ts: last + 10_000, actor: .backend, body: .end)))
        return written
    }

    /// The events of one group: launches, and one request's whole life.
    private struct Events {
        let client: TraceActor
        let worker1: TraceActor
        let worker2: TraceActor
        let req: String
        let request: Int
        var out: [TraceEvent] = []

        init(group: Int, request: Int) {
            client = TraceActor(.client, id: "c-\(group)")
            worker1 = TraceActor(.worker, id: "w-\(group)-1")
            worker2 = TraceActor(.worker, id: "w-\(group)-2")
            req = "R-\(request)"
            self.request = request
        }

        /// The names of the header's profile, PROTOCOL.md's.
        static let names = ProtocolProfile.standard
        static let job = GeoPoint(lat: 40.01, lng: -3.01)
        static let distance1 = GeoPoint(lat: 40.0, lng: -3.0).haversineKm(to: job)
        static let distance2 = GeoPoint(lat: 40.02, lng: -3.02).haversineKm(to: job)

        mutating func add(_ ts: Int64, _ actor: TraceActor, _ body: TraceEventBody) {
            out.append(TraceEvent(ts: ts, actor: actor, body: body))
        }

        mutating func view(_ ts: Int64, _ actor: TraceActor, _ view: String, req: String? = nil, _ elements: JSONObject? = nil) {
            add(ts, actor, .viewShown(ViewRecord(view: view, req: req, elements: elements)))
        }

        mutating func alert(_ ts: Int64, _ actor: TraceActor, _ alert: String, _ result: AlertResult, _ elements: JSONObject) {
            add(ts, actor, .alertShown(AlertRecord(alert: alert, result: result, req: req, elements: elements)))
        }

        /// `event` sent by the backend to `room`, and received by each of `receivers` 10 ms later.
        mutating func send(_ ts: Int64, _ event: ProtocolEvent, _ payload: JSONValue, to room: String, receivedBy receivers: [TraceActor]) {
            let name = Self.names.name(of: event)
            add(ts, .backend, .socketOut(SocketMessage(event: name, payload: payload, room: room)))
            for receiver in receivers { add(ts + 10, receiver, .socketIn(SocketMessage(event: name, payload: payload))) }
        }

        func profile(_ worker: TraceActor, eligible: Bool) -> JSONValue {
            eligible
                ? ["userID": .string(worker.id!), "expertActive": true, "expertSource": "P-7", "categories": ["9", "12"], "maxKms": 50, "lat": 40.0, "lng": -3.0]
                : ["userID": .string(worker.id!), "expertActive": true, "expertSource": nil, "categories": ["4"], "maxKms": 50, "lat": 40.02, "lng": -3.02]
        }

        mutating func launch(at t: Int64) {
            add(t, client, .lifecycle(.launched, stored: StoredState()))
            view(t + 1, client, "home")
            for (offset, worker) in [worker1, worker2].enumerated() {
                let at = t + 2 + Int64(offset)
                add(at, worker, .lifecycle(.launched, stored: StoredState()))
                add(at, worker, .profileUpdated(worker: nil, profile: profile(worker, eligible: offset == 0)))
                view(at, worker, "home")
                // ELIG-12: each worker reads its meProfile at launch.
                let id = worker.id!
                rest(at + 1, worker, "x-\(id)-me", .meProfile, nil, [
                    "ok": true, "profile": profile(worker, eligible: offset == 0), "name": "Luis", "avatar": "https://img.example.com/w-1.png", "rating": 4.5,
                ], values: ["workerId": id])
                // STATE-5: and catches up with getJobs; nothing is open yet.
                rest(at + 1, worker, "x-\(id)-jobs", .getJobs, nil, ["ok": true, "jobs": []], values: ["workerId": id])
            }
        }

        mutating func rest(_ t: Int64, _ app: TraceActor, _ xid: String, _ call: RESTCallKind, _ body: JSONValue?, _ reply: JSONValue, values: [String: String]? = nil) {
            let route = Self.names.routes[call]!
            let request = HTTPRequestRecord(xid: xid, method: route.method, path: route.path(values ?? ["ReqID": req]), body: body)
            let response = HTTPResponseRecord(xid: xid, status: 200, body: reply)
            add(t, app, .httpRequest(request))
            add(t + 10, .backend, .httpRequest(request))
            add(t + 15, .backend, .httpResponse(response))
            add(t + 25, app, .httpResponse(response))
        }

        mutating func request(at b: Int64) {
            let created = ISO8601Time.string(milliseconds: b + 15)
            let answered = b + 25
            let clientID = JSONValue.string(client.id!)
            rest(b, client, "x-\(request)-1", .postRequest,
                 ["clientId": clientID, "CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap", "clientName": "Ana", "address": "Calle Mayor 1", "lat": 40.01, "lng": -3.01],
                 ["ok": true, "ReqID": .string(req), "createdAt": .string(created)])
            add(answered, client, .timerStarted(timer: .timeout, req: req, startedAt: answered))
            view(answered + 1, client, "waiting", req: req, ["counter": 600])
            let payload: JSONValue = [
                "ReqID": .string(req), "CatID": 9, "exclusive": "0", "lat": 40.01, "lng": -3.01, "BlockedXP": [], "Delay": 5, "clientName": "Ana",
                "address": "Calle Mayor 1", "category": "Plumbing", "description": "Leaking kitchen tap", "createdAt": .string(created),
            ]
            send(b + 15, .new, payload, to: Self.names.channelRoom, receivedBy: [worker1, worker2])
            let received = b + 25
            let showAt = received + 5000
            for worker in [worker1, worker2] {
                add(received, worker, .offerReceived(req: req, via: .new, offer: payload))
            }
            add(received + 1, worker1, .offerDecided(OfferDecisionReport(req: req, eligible: true, failed: [], distanceKm: Self.distance1, showAt: showAt)))
            add(received + 1, worker2, .offerDecided(OfferDecisionReport(req: req, eligible: false, failed: ["ELIG-3"], distanceKm: Self.distance2, showAt: showAt)))
            add(received + 2, worker1, .timerStarted(timer: .delay, req: req, startedAt: received))
            add(showAt, worker1, .timerFired(timer: .delay, req: req))
            add(showAt, worker1, .offerShown(req: req))
            accept(at: showAt + 3000)
        }

        mutating func accept(at a: Int64) {
            let workerID = JSONValue.string(worker1.id!)
            rest(a, worker1, "x-\(request)-2", .workerAccept, ["workerId": workerID], ["ok": true, "ReqID": .string(req)])
            view(a + 26, worker1, "workInProgress", req: req, ["clientName": "Ana", "map": ["worker": [40.0, -3.0], "job": [40.01, -3.01]], "workInformation": true, "chat": true, "call": true, "closeRequest": true])
            alert(a + 27, worker1, "acceptSuccess", .success, [
                "title": "You got the job!", "subtitle": "Call Ana now", "image": "https://img.example.com/go.png", "close": true, "clientName": "Ana", "address": "Calle Mayor 1",
            ])
            add(a + 1525, worker1, .alertDismissed(alert: "acceptSuccess", req: req))
            let apply: JSONValue = [
                "ReqID": .string(req), "workerId": workerID, "workerName": "Luis", "workerAvatar": "https://img.example.com/w-1.png", "workerRating": 4.5, "lat": 40.0, "lng": -3.0,
            ]
            send(a + 20, .apply, apply, to: client.id!, receivedBy: [client])
            let got = a + 30
            view(got + 1, client, "workInProgress", req: req, [
                "distance": 1.4, "rating": 4.5, "avatar": "https://img.example.com/w-1.png", "workerName": "Luis", "description": "Leaking kitchen tap", "category": "Plumbing",
                "pay": true, "chat": true, "call": true, "closeRequest": true,
            ])
            alert(got + 2, client, "apply", .success, ["title": "Luis accepted your request", "avatar": "https://img.example.com/w-1.png", "ok": true, "rating": 4.5])
            add(got + 1200, client, .alertDismissed(alert: "apply", req: req))
            close(at: got + 60_000)
        }

        mutating func close(at k: Int64) {
            rest(k, client, "x-\(request)-3", .close, ["outcome": "happy", "by": "client", "clientId": .string(client.id!)], ["ok": true, "ReqID": .string(req)])
            view(k + 26, client, "home")
            let payload: JSONValue = ["ReqID": .string(req), "outcome": "happy", "by": "client"]
            send(k + 20, .close, payload, to: client.id!, receivedBy: [client])
            send(k + 20, .close, payload, to: worker1.id!, receivedBy: [worker1])
            view(k + 31, worker1, "home")
            alert(k + 32, worker1, "closed", .info, ["title": "Request closed", "text": "Ana closed the request.", "ok": true])
            add(k + 930, worker1, .alertDismissed(alert: "closed", req: req))
        }
    }
}
