import Foundation
import JobWire
import NIOCore
import SocketIONIO
import SocketIOWire
import Synchronization

/// `jobwire record`: a ``SocketIOProxy`` between real apps and their backend whose traffic becomes
/// a capture in the trace format (Docs/TRACE.md, Docs/RECORD.md), written by a ``CaptureRecorder``
/// line by line, so a recorder killed at any moment leaves a capture `jobwire check` reads to its
/// last line.
///
/// The capture is the apps' side of the wire, as verify records it (``TraceHeader/recording(of:profile:)``):
/// one actor per app connection, named by its handshake `auth` (MSG-2); `io.out` for what an app
/// sent, `io.in` for what it received, `http.request` and `http.response` for its REST calls (whose
/// app ``RecordedCallers`` tells), each stamped when it passed the proxy, so one clock orders them
/// all. Secrets are replaced with stand-ins (``SecretRedaction``).
public final class TrafficRecorder: Sendable {
    /// The capture being written.
    public let capture: CaptureRecorder
    private let proxy: Mutex<SocketIOProxy?> = Mutex(nil)
    private let state: Mutex<State>
    private let enginePath: String
    private let now: @Sendable () -> Int64
    private let log: @Sendable (String) -> Void

    private struct State: Sendable {
        var sockets = RecordedSockets()
        var callers: RecordedCallers
        var secrets: SecretPseudonyms
        /// REST requests waiting for their answers, by exchange.
        var calls: [Int: PendingCall] = [:]
        /// Polling requests waiting for their answers: the session id they name, nil for a handshake.
        var polls: [Int: String?] = [:]
        var lastTs: Int64 = .min
        /// The REST exchanges as HAR, when asked for.
        var har: HARLog?
        /// The HAR on disk, whole after each exchange; the error that kept it from being written, if any.
        var harFile: Result<HARFile, InputError>?
        /// The upstream's URL, without a trailing slash, for the HAR's URLs.
        var upstream = ""
    }

    struct PendingCall {
        var actor: TraceActor
        var xid: String
        var method: String
        var path: String
        var body: JSONValue?
    }

    /// A recorder writing `capture`, and the REST exchanges as HAR 1.2 to `harPath` as they are answered;
    /// `enginePath` is where the backend serves Engine.IO, `now` the clock in Unix milliseconds,
    /// `log` gets each line the capture refused (none should be).
    public init(
        capture: CaptureRecorder, redaction: SecretRedaction = SecretRedaction(), enginePath: String = "/socket.io/", harPath: String? = nil,
        now: @escaping @Sendable () -> Int64 = { TraceWriter.now() }, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.capture = capture
        self.log = log
        self.enginePath = enginePath.hasSuffix("/") ? enginePath : enginePath + "/"
        self.now = now
        let har = harPath.map { _ in HARLog() }
        let file = harPath.flatMap { path in har.map { log in Result { () throws(InputError) in try HARFile(path: path, log: log) } } }
        state = Mutex(State(callers: RecordedCallers(profile: capture.header.profile), secrets: SecretPseudonyms(redaction), har: har, harFile: file))
    }

    /// Starts forwarding to `upstream` on `host:port` (port 0 picks one); returns the bound address.
    public func start(upstream: URL, host: String = "127.0.0.1", port: Int = 0) async throws -> SocketAddress {
        state.withLock { $0.upstream = upstream.absoluteString.hasSuffix("/") ? String(upstream.absoluteString.dropLast()) : upstream.absoluteString }
        let proxy = try SocketIOProxy(upstream: upstream) { [self] observation in observe(observation) }
        self.proxy.withLock { $0 = proxy }
        return try await proxy.start(host: host, port: port)
    }

    /// Whether the upstream accepts connections now; false before ``start(upstream:host:port:)``.
    public func upstreamAnswers() async -> Bool {
        guard let proxy = proxy.withLock({ $0 }) else { return false }
        return await proxy.upstreamAnswers()
    }

    /// Stops listening, ends the capture with `trace.end`, writes the HAR when asked for, and
    /// returns the checker's verdict on the capture.
    public func stop() async throws(InputError) -> TraceVerdict {
        let proxy = self.proxy.withLock { proxy in
            defer { proxy = nil }
            return proxy
        }
        await proxy?.shutdown()
        let (verdict, file) = state.withLock { state in (capture.finish(at: stamp(&state), actor: TraceActor(.client)), state.harFile) }
        if case .success(let har)? = file { har.close() }
        _ = try file?.get()
        return verdict
    }

    /// The REST exchanges so far as HAR 1.2, when asked for.
    public var har: JSONValue? { state.withLock { $0.har?.json } }

    /// Turns one observation of the proxy into trace events.
    func observe(_ observation: ProxyObservation) {
        state.withLock { state in
            switch observation {
            case .request(let exchange, let request):
                if let sid = engineSession(request.target) {
                    state.polls[exchange] = sid
                    guard request.method == "POST", let sid, let packets = try? EngineIOPayload(bytes: request.body).packets else { return }
                    write(state.sockets.events(of: packets, sid: sid, fromApp: true, secrets: &state.secrets).events, &state)
                } else {
                    call(exchange, request, &state)
                    let (ts, upstream) = (stamp(&state), state.upstream)
                    state.har?.request(exchange, request, at: ts, upstream: upstream, secrets: &state.secrets)
                }
            case .response(let exchange, let response):
                if let polled = state.polls.removeValue(forKey: exchange) {
                    guard let packets = try? EngineIOPayload(bytes: response.body).packets else { return }
                    write(state.sockets.events(of: packets, sid: polled, fromApp: false, secrets: &state.secrets).events, &state)
                } else if let call = state.calls.removeValue(forKey: exchange) {
                    answer(call, response, &state)
                    let ts = stamp(&state)
                    if let entry = state.har?.response(exchange, response, at: ts, secrets: &state.secrets), case .success(let file)? = state.harFile {
                        do throws(InputError) { try file.append(entry) } catch { state.harFile = .failure(error) }
                    }
                }
            case .failed(let exchange, _):
                state.polls[exchange] = nil
                state.har?.abandon(exchange)
                guard let call = state.calls.removeValue(forKey: exchange) else { return }
                write([(call.actor, .httpResponse(HTTPResponseRecord(xid: call.xid, error: "reset")))], &state)
            case .webSocketOpened(let link, let request):
                if case let sid?? = engineSession(request.target) { state.sockets.attach(link: link, to: sid) }
            case .webSocketMessage(let link, let fromApp, let message):
                guard case .text(let text) = message, let packet = try? EngineIOPacket(text: text) else { return }
                let (sid, events) = state.sockets.events(of: [packet], sid: state.sockets.session(of: link), fromApp: fromApp, secrets: &state.secrets)
                if let sid, state.sockets.session(of: link) == nil { state.sockets.attach(link: link, to: sid) }
                write(events, &state)
            case .webSocketClosed(let link, let byApp):
                write(state.sockets.closed(link: link, reason: byApp == true ? .client : byApp == false ? .server : .transport), &state)
            }
        }
    }

    /// For an Engine.IO request: `.some(sid)`, nil inside for a handshake; nil for any other request.
    private func engineSession(_ target: String) -> String?? {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        guard path == enginePath || path + "/" == enginePath else { return nil }
        let sid = URLComponents(string: target)?.queryItems?.first { $0.name == "sid" }?.value
        return .some(sid)
    }

    private func call(_ exchange: Int, _ request: ProxyHTTPRequest, _ state: inout State) {
        let body = request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
        let bearer = BearerToken.from(authorization: request.header("Authorization"))
        let actor = state.callers.caller(method: request.method, path: request.target, body: body, bearer: bearer)
        let xid = Self.xid(of: request, exchange: exchange, inFlight: state.calls.values)
        state.calls[exchange] = PendingCall(actor: actor, xid: xid, method: request.method, path: request.target, body: body)
        let record = HTTPRequestRecord(
            xid: xid, method: request.method, path: state.secrets.target(request.target),
            body: body.map { state.secrets.json($0) }, bearer: bearer.map { state.secrets.text($0) }
        )
        write([(actor, .httpRequest(record))], &state)
    }

    /// The `xid` a call is recorded under: its `X-Request-Id`, so a line can be found beside the
    /// backend's own logs, else `x-N` after the proxy's exchange number. An id a call still in
    /// flight was recorded under (two apps that each count their calls from 1, or a retry
    /// sent before the first answer) gets `#N` after it: `jobwire check` pairs halves by `xid` and
    /// refuses a line written under another app's unfinished call (Docs/TRACE.md), so a capture
    /// keeps the `xid`s of its calls in flight distinct.
    static func xid(of request: ProxyHTTPRequest, exchange: Int, inFlight: some Sequence<PendingCall>) -> String {
        let id = request.header("X-Request-Id") ?? "x-\(exchange)"
        return inFlight.contains { $0.xid == id } ? "\(id)#\(exchange)" : id
    }

    private func answer(_ call: PendingCall, _ response: ProxyHTTPResponse, _ state: inout State) {
        let body = response.body.isEmpty ? nil : try? JSONParser.parse(response.body)
        state.callers.learn(method: call.method, path: call.path, request: call.body, status: response.status, answer: body)
        var record = HTTPResponseRecord(xid: call.xid, status: Int64(response.status), body: body.map { state.secrets.json($0) }, error: body == nil && !response.body.isEmpty ? "malformed" : nil)
        // The upstream's content type goes in the capture, where REST-1 judges it.
        record.contentType = response.headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        write([(call.actor, .httpResponse(record))], &state)
    }

    /// Records `events` now, in order.
    private func write(_ events: [(TraceActor, TraceEventBody)], _ state: inout State) {
        for (actor, body) in events {
            do {
                try capture.record(TraceEvent(ts: stamp(&state), actor: actor, body: body))
            } catch {
                log("jobwire record: a line not recorded: \(error)")
            }
        }
    }

    /// The time now, never before the last line's.
    private func stamp(_ state: inout State) -> Int64 {
        state.lastTs = max(state.lastTs, now())
        return state.lastTs
    }
}

extension TraceHeader {
    /// The header of a `jobwire record` capture: the apps' side of the wire, with the backend under
    /// test (the proxy sees what the apps sent and received, not what they showed), in `profile`'s names.
    public static func recording(of upstream: String, profile: ProtocolProfile = .standard) -> TraceHeader {
        var header = TraceHeader(roles: [.client, .worker])
        header.subject = [.backend]
        header.profile = profile
        header.description = "recorded by jobwire record between the apps and \(upstream)"
        return header
    }
}
