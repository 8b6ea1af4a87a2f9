import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire
import Synchronization

/// A REST body as verify sends it: JSON, or raw text for the malformed-body cases (REST-13).
public enum VerifyBody: Sendable {
    case json(JSONValue)
    case raw(String)

    /// How the trace records it: the JSON, or the raw text as a JSON string.
    var traced: JSONValue {
        switch self {
        case .json(let value): return value
        case .raw(let text): return .string(text)
        }
    }

    var bytes: Data {
        switch self {
        case .json(let value): return Data(value.compactText.utf8)
        case .raw(let text): return Data(text.utf8)
        }
    }
}

/// The backend's answer to one call: status and body (raw text that is not JSON becomes a JSON string).
public struct VerifyAnswer: Sendable {
    public var status: Int
    public var body: JSONValue?
    /// The answer's headers and body bytes as they came (`jobwire replay --har` writes them).
    public var headers: [(name: String, value: String)] = []
    public var bytes = Data()

    /// 2xx with `"ok": true` (REST-1).
    public var succeeded: Bool { (200..<300).contains(status) && body?["ok"] == .bool(true) }
    /// The failure's `error.code`, if any.
    public var code: String? { body?["error"]?["code"]?.stringValue }
}

/// A call that got no answer: refused, reset or timed out, or an answer over the client's limit.
public struct VerifyTransportError: Error, Sendable, CustomStringConvertible {
    public var method: String
    public var url: String
    /// As the trace records it: `refused`, `timeout` or `reset`.
    public var reason: String
    /// What happened in words when the reason alone does not say it (an answer over the limit).
    public var detail: String?
    public var description: String { "\(method) \(url): \(detail ?? reason)" }
}

/// REST calls to the backend under test through URLSession, each recorded as an app's
/// `http.request` and `http.response` (or its transport error), paired by an `xid` that the
/// `X-Request-Id` header carries. An answer's body is bounded (``BoundedURLSession``): past the
/// limit the call is cancelled, recorded as `reset`, and fails naming the URL and the limit.
public final class VerifyHTTP: Sendable {
    private let base: URL
    private let session: BoundedURLSession
    private let recorder: VerifyRecorder
    private let prefix: String
    private let counter = Mutex(0)

    /// A client for the backend at `base`, recording into `recorder`, with xids `PREFIX-N`,
    /// accepting answers of at most `maximumBodySize` bytes.
    public init(
        base: URL, recorder: VerifyRecorder, xidPrefix: String, timeout: TimeInterval = 10,
        maximumBodySize: Int = BoundedURLSession.defaultMaximumBodySize
    ) {
        self.base = base
        self.recorder = recorder
        self.prefix = xidPrefix
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 8
        session = BoundedURLSession(configuration: configuration, maximumBodySize: maximumBodySize)
    }

    /// Sends `route` (`METHOD /path/{ReqID}?q={workerId}`) with its placeholders filled, as `actor`,
    /// with `Authorization: Bearer <bearer>` when given, recorded as the request's `bearer` (TASK-6).
    /// `headers` are sent but not recorded.
    public func call(
        _ actor: TraceActor, _ route: String, _ values: [String: String] = [:], body: VerifyBody? = nil, bearer: String? = nil,
        headers: [String: String] = [:]
    ) async throws(VerifyTransportError) -> VerifyAnswer {
        let (method, path) = Self.resolve(route, values)
        let xid = nextXID()
        recorder.record(actor, .httpRequest(HTTPRequestRecord(xid: xid, method: method, path: path, body: body?.traced, bearer: bearer)))
        let url = URL(string: base.absoluteString.trimmingSuffix("/") + path)!
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(xid, forHTTPHeaderField: "X-Request-Id")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.bytes
        }
        do {
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let parsed = Self.parsed(Array(data))
            // The content type goes in the trace, where REST-1 judges it.
            let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
            recorder.record(actor, .httpResponse(HTTPResponseRecord(xid: xid, status: Int64(status), body: parsed, contentType: contentType)))
            let headers = ((response as? HTTPURLResponse)?.allHeaderFields ?? [:]).map { (name: "\($0.key)", value: "\($0.value)") }.sorted { $0.name < $1.name }
            return VerifyAnswer(status: status, body: parsed, headers: headers, bytes: data)
        } catch {
            let reason = Self.reason(error)
            recorder.record(actor, .httpResponse(HTTPResponseRecord(xid: xid, error: reason)))
            throw VerifyTransportError(method: method, url: url.absoluteString, reason: reason, detail: (error as? BoundedURLSession.BodyTooLarge)?.description)
        }
    }

    /// The next xid of this client, `PREFIX-N`.
    func nextXID() -> String {
        counter.withLock { count in
            count += 1
            return "\(prefix)-\(count)"
        }
    }

    /// `route` (`METHOD /path/{ReqID}`) with its placeholders filled: the method and the path.
    static func resolve(_ route: String, _ values: [String: String]) -> (method: String, path: String) {
        let words = route.split(separator: " ", maxSplits: 1)
        var path = String(words.count > 1 ? words[1] : "/")
        for (name, value) in values {
            let escaped = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?&=#"))) ?? value
            path = path.replacingOccurrences(of: "{\(name)}", with: escaped)
        }
        return (String(words[0]), path)
    }

    /// A response body as the trace records it: JSON, raw text as a JSON string, or nil when empty.
    static func parsed(_ bytes: [UInt8]) -> JSONValue? {
        bytes.isEmpty ? nil : ((try? JSONParser.parse(bytes)) ?? .string(String(decoding: bytes, as: UTF8.self)))
    }

    /// `refused`, `timeout` or `reset`, as TRACE.md names transport errors.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "reset" }
        switch error.code {
        case .cannotConnectToHost, .cannotFindHost: return "refused"
        case .timedOut: return "timeout"
        default: return "reset"
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
