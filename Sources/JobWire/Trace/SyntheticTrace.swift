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
        try body(header.json.compactText + "\n")
        var pending: [(ts: Int64, seq: Int, line: String)] = []
        var sequence = 0
        var made = 0
        var written = 0
        var last = Self.start
        var cycle: Int64 = 0
        while made < events {
            for group in 0..<groups {
                let base = Self.start + cycle * Self.cycleMs + Int64(group) * 10_000
                var lines = Lines(group: group, request: Int(cycle) * groups + group)
                if cycle == 0 { lines.launch(at: base) }
                lines.request(at: base + 1000)
                for (ts, line) in lines.out {
                    pending.append((ts, sequence, line))
                    sequence += 1
                }
                made += lines.out.count
            }
            cycle += 1
            // Nothing made from now on starts before the next cycle.
            let boundary = Self.start + cycle * Self.cycleMs
            pending.sort { $0.ts != $1.ts ? $0.ts < $1.ts : $0.seq < $1.seq }
            let ready = made >= events ? pending.count : pending.firstIndex { $0.ts >= boundary } ?? pending.count
            for entry in pending[..<ready] {
                try body(entry.line)
                last = entry.ts
            }
            written += ready
            pending.removeFirst(ready)
        }
        try body("{\"ts\":\(last + 10_000),\"actor\":\"backend\",\"kind\":\"trace.end\"}\n")
        return written
    }

    /// The events of one group: launches, and one request's whole life.
    private struct Lines {
        let client: String
        let worker1: String
        let worker2: String
        let req: String
        let request: Int
        var out: [(Int64, String)] = []

        init(group: Int, request: Int) {
            client = "c-\(group)"
            worker1 = "w-\(group)-1"
            worker2 = "w-\(group)-2"
            req = "R-\(request)"
            self.request = request
        }

        /// The names of the header's profile, PROTOCOL.md's.
        static let names = ProtocolProfile.standard
        static let job = GeoPoint(lat: 40.01, lng: -3.01)
        static let distance1 = GeoPoint(lat: 40.0, lng: -3.0).haversineKm(to: job)
        static let distance2 = GeoPoint(lat: 40.02, lng: -3.02).haversineKm(to: job)

        mutating func add(_ ts: Int64, _ actor: String, _ kind: String, _ rest: String = "") {
            let who: String
            switch actor {
            case "backend": who = "\"actor\":\"backend\""
            case client: who = "\"actor\":\"client\",\"id\":\"\(client)\""
            default: who = "\"actor\":\"worker\",\"id\":\"\(actor)\""
            }
            out.append((ts, "{\"ts\":\(ts),\(who),\"kind\":\"\(kind)\"\(rest.isEmpty ? "" : ",")\(rest)}\n"))
        }

        func profile(_ worker: String, eligible: Bool) -> String {
            eligible
                ? "{\"userID\":\"\(worker)\",\"expertActive\":true,\"expertSource\":\"P-7\",\"categories\":[\"9\",\"12\"],\"maxKms\":50,\"lat\":40.0,\"lng\":-3.0}"
                : "{\"userID\":\"\(worker)\",\"expertActive\":true,\"expertSource\":null,\"categories\":[\"4\"],\"maxKms\":50,\"lat\":40.02,\"lng\":-3.02}"
        }

        mutating func launch(at t: Int64) {
            add(t, client, "app.launched")
            add(t + 1, client, "view.shown", "\"view\":\"home\"")
            for (offset, worker) in [worker1, worker2].enumerated() {
                let at = t + 2 + Int64(offset)
                add(at, worker, "app.launched")
                add(at, worker, "profile.updated", "\"profile\":\(profile(worker, eligible: offset == 0))")
                add(at, worker, "view.shown", "\"view\":\"home\"")
            }
        }

        mutating func rest(_ t: Int64, _ app: String, _ xid: String, _ call: RESTCallKind, _ body: String, _ reply: String) {
            let route = Self.names.routes[call]!
            let request = "\"xid\":\"\(xid)\",\"method\":\"\(route.method)\",\"path\":\"\(route.path(["ReqID": req]))\",\"body\":\(body)"
            add(t, app, "http.request", request)
            add(t + 10, "backend", "http.request", request)
            add(t + 15, "backend", "http.response", "\"xid\":\"\(xid)\",\"status\":200,\"body\":\(reply)")
            add(t + 25, app, "http.response", "\"xid\":\"\(xid)\",\"status\":200,\"body\":\(reply)")
        }

        mutating func request(at b: Int64) {
            let created = ISO8601Time.string(milliseconds: b + 15)
            let answered = b + 25
            rest(b, client, "x-\(request)-1", .postRequest,
                 "{\"clientId\":\"\(client)\",\"CatID\":9,\"category\":\"Plumbing\",\"description\":\"Leaking kitchen tap\",\"clientName\":\"Ana\",\"address\":\"Calle Mayor 1\",\"lat\":40.01,\"lng\":-3.01}",
                 "{\"ok\":true,\"ReqID\":\"\(req)\",\"createdAt\":\"\(created)\"}")
            add(answered, client, "timer.started", "\"timer\":\"timeout\",\"req\":\"\(req)\",\"startedAt\":\(answered)")
            add(answered + 1, client, "view.shown", "\"view\":\"waiting\",\"req\":\"\(req)\",\"elements\":{\"counter\":600}")
            let payload = "{\"ReqID\":\"\(req)\",\"CatID\":9,\"exclusive\":\"0\",\"lat\":40.01,\"lng\":-3.01,\"BlockedXP\":[],\"Delay\":5,\"clientName\":\"Ana\",\"address\":\"Calle Mayor 1\",\"category\":\"Plumbing\",\"description\":\"Leaking kitchen tap\",\"createdAt\":\"\(created)\"}"
            add(b + 15, "backend", "io.out", "\"event\":\"\(Self.names.name(of: .new))\",\"payload\":\(payload),\"to\":\"\(Self.names.channelRoom)\"")
            let received = b + 25
            let showAt = received + 5000
            for worker in [worker1, worker2] {
                add(received, worker, "io.in", "\"event\":\"\(Self.names.name(of: .new))\",\"payload\":\(payload)")
                add(received, worker, "offer.received", "\"req\":\"\(req)\",\"via\":\"new\",\"offer\":\(payload)")
            }
            add(received + 1, worker1, "offer.decided", "\"req\":\"\(req)\",\"eligible\":true,\"failed\":[],\"distanceKm\":\(Self.distance1),\"showAt\":\(showAt)")
            add(received + 1, worker2, "offer.decided", "\"req\":\"\(req)\",\"eligible\":false,\"failed\":[\"ELIG-3\"],\"distanceKm\":\(Self.distance2),\"showAt\":\(showAt)")
            add(received + 2, worker1, "timer.started", "\"timer\":\"delay\",\"req\":\"\(req)\",\"startedAt\":\(received)")
            add(showAt, worker1, "timer.fired", "\"timer\":\"delay\",\"req\":\"\(req)\"")
            add(showAt, worker1, "offer.shown", "\"req\":\"\(req)\"")
            accept(at: showAt + 3000)
        }

        mutating func accept(at a: Int64) {
            rest(a, worker1, "x-\(request)-2", .workerAccept, "{\"workerId\":\"\(worker1)\"}", "{\"ok\":true,\"ReqID\":\"\(req)\"}")
            add(a + 26, worker1, "view.shown", "\"view\":\"workInProgress\",\"req\":\"\(req)\",\"elements\":{\"clientName\":\"Ana\",\"map\":true,\"workInformation\":true,\"chat\":true,\"call\":true,\"closeRequest\":true}")
            add(a + 27, worker1, "alert.shown", "\"alert\":\"acceptSuccess\",\"result\":\"success\",\"req\":\"\(req)\",\"elements\":{\"title\":\"You got the job!\",\"subtitle\":\"Call Ana now\",\"image\":\"https://img.example.com/go.png\",\"close\":true,\"clientName\":\"Ana\",\"address\":\"Calle Mayor 1\"}")
            add(a + 1525, worker1, "alert.dismissed", "\"alert\":\"acceptSuccess\",\"req\":\"\(req)\"")
            let apply = "{\"ReqID\":\"\(req)\",\"workerId\":\"\(worker1)\",\"workerName\":\"Luis\",\"workerAvatar\":\"https://img.example.com/w-1.png\",\"workerRating\":4.5,\"lat\":40.0,\"lng\":-3.0}"
            add(a + 20, "backend", "io.out", "\"event\":\"\(Self.names.name(of: .apply))\",\"payload\":\(apply),\"to\":\"\(client)\"")
            let got = a + 30
            add(got, client, "io.in", "\"event\":\"\(Self.names.name(of: .apply))\",\"payload\":\(apply)")
            add(got + 1, client, "view.shown", "\"view\":\"workInProgress\",\"req\":\"\(req)\",\"elements\":{\"distance\":1.4,\"rating\":4.5,\"avatar\":\"https://img.example.com/w-1.png\",\"workerName\":\"Luis\",\"pay\":true,\"chat\":true,\"call\":true,\"closeRequest\":true}")
            add(got + 2, client, "alert.shown", "\"alert\":\"apply\",\"result\":\"success\",\"req\":\"\(req)\",\"elements\":{\"title\":\"Luis accepted your request\",\"avatar\":\"https://img.example.com/w-1.png\",\"ok\":true,\"rating\":4.5}")
            add(got + 1200, client, "alert.dismissed", "\"alert\":\"apply\",\"req\":\"\(req)\"")
            close(at: got + 60_000)
        }

        mutating func close(at k: Int64) {
            rest(k, client, "x-\(request)-3", .close, "{\"outcome\":\"happy\",\"by\":\"client\",\"clientId\":\"\(client)\"}", "{\"ok\":true,\"ReqID\":\"\(req)\"}")
            add(k + 26, client, "view.shown", "\"view\":\"home\"")
            let payload = "{\"ReqID\":\"\(req)\",\"outcome\":\"happy\",\"by\":\"client\"}"
            add(k + 20, "backend", "io.out", "\"event\":\"\(Self.names.name(of: .close))\",\"payload\":\(payload),\"to\":\"\(client)\"")
            add(k + 20, "backend", "io.out", "\"event\":\"\(Self.names.name(of: .close))\",\"payload\":\(payload),\"to\":\"\(worker1)\"")
            add(k + 30, client, "io.in", "\"event\":\"\(Self.names.name(of: .close))\",\"payload\":\(payload)")
            add(k + 30, worker1, "io.in", "\"event\":\"\(Self.names.name(of: .close))\",\"payload\":\(payload)")
            add(k + 31, worker1, "view.shown", "\"view\":\"home\"")
            add(k + 32, worker1, "alert.shown", "\"alert\":\"closed\",\"result\":\"info\",\"req\":\"\(req)\",\"elements\":{\"title\":\"Request closed\",\"text\":\"Ana closed the request.\"}")
            add(k + 930, worker1, "alert.dismissed", "\"alert\":\"closed\",\"req\":\"\(req)\"")
        }
    }
}
