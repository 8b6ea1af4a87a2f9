import SocketIOWire

/// A conformant trace of many distinct short-lived requests, for `jobwire bench check --requests`:
/// the backend alone records, and each request is posted, offered to the channel, cancelled by
/// its client 20 ms later and announced cancelled, seven events in all.
///
/// It measures what the checker keeps per request once the request ended (a tombstone each,
/// ``TraceSession``): a million requests make a seven-million-event trace whose memory is
/// mostly those tombstones. Requests start 60 ms apart, so about a thousand are within
/// `retainMs` of their end at any time. Lines are written as they are made, in constant memory.
public struct SyntheticRequestTrace: Sendable {
    /// How many distinct requests (`R-0`, `R-1`, ...) to write.
    public var requests: Int
    /// A request starts every this many ms.
    static let spacingMs: Int64 = 60

    /// A trace of `requests` requests.
    public init(requests: Int) {
        self.requests = requests
    }

    /// The header: the backend recording, every parameter at its default.
    public var header: TraceHeader {
        var header = TraceHeader(roles: [.backend])
        header.description = "Synthetic trace for benchmarks: \(requests) distinct requests, each posted and cancelled by its client."
        return header
    }

    /// Calls `body` with every line, each ending in a newline: the header, the events in time
    /// order, and `trace.end`. Returns the number of events.
    @discardableResult
    public func forEachLine(_ body: (String) throws -> Void) rethrows -> Int {
        let encoder = TraceEncoder(header: header)
        let names = ProtocolProfile.standard
        try body(encoder.headerLine)
        var written = 0
        var last = SyntheticTrace.start
        for index in 0..<requests {
            let t = SyntheticTrace.start + Int64(index) * Self.spacingMs
            let req = "R-\(index)"
            let client = "c-\(index % 8)"
            let created = ISO8601Time.string(milliseconds: t + 5)
            let post: JSONValue = [
                "clientId": .string(client), "CatID": 9, "category": "Plumbing", "description": "Leaking kitchen tap", "clientName": "Ana",
                "address": "Calle Mayor 1", "lat": 40.01, "lng": -3.01,
            ]
            let offer: JSONValue = [
                "ReqID": .string(req), "CatID": 9, "exclusive": "0", "lat": 40.01, "lng": -3.01, "BlockedXP": [], "Delay": 5, "clientName": "Ana",
                "address": "Calle Mayor 1", "category": "Plumbing", "description": "Leaking kitchen tap", "createdAt": .string(created),
            ]
            let cancel: JSONValue = ["ReqID": .string(req), "reason": "no-longer-needed"]
            let postRoute = names.routes[.postRequest]!
            let cancelRoute = names.routes[.cancel]!
            let events: [TraceEvent] = [
                TraceEvent(ts: t, actor: .backend, body: .httpRequest(HTTPRequestRecord(xid: "p-\(index)", method: postRoute.method, path: postRoute.path([:]), body: post))),
                TraceEvent(ts: t + 5, actor: .backend, body: .httpResponse(HTTPResponseRecord(xid: "p-\(index)", status: 200, body: ["ok": true, "ReqID": .string(req), "createdAt": .string(created)]))),
                TraceEvent(ts: t + 5, actor: .backend, body: .socketOut(SocketMessage(event: names.name(of: .new), payload: offer, room: names.channelRoom))),
                TraceEvent(
                    ts: t + 20, actor: .backend,
                    body: .httpRequest(HTTPRequestRecord(
                        xid: "k-\(index)", method: cancelRoute.method, path: cancelRoute.path(["ReqID": req]),
                        body: ["reason": "no-longer-needed", "clientId": .string(client)]))),
                TraceEvent(ts: t + 25, actor: .backend, body: .httpResponse(HTTPResponseRecord(xid: "k-\(index)", status: 200, body: ["ok": true, "ReqID": .string(req)]))),
                TraceEvent(ts: t + 30, actor: .backend, body: .socketOut(SocketMessage(event: names.name(of: .cancel), payload: cancel, room: client))),
                TraceEvent(ts: t + 30, actor: .backend, body: .socketOut(SocketMessage(event: names.name(of: .cancel), payload: cancel, room: names.channelRoom))),
            ]
            for event in events { try body(encoder.line(event)) }
            written += events.count
            last = t + 30
        }
        try body(encoder.line(TraceEvent(ts: last + 10_000, actor: .backend, body: .end)))
        return written
    }
}
