import Foundation
import JobWire
import SocketIOWire

/// An HTTP request as the REST surface sees it: method, path, query, headers and raw body.
public struct RESTRequest: Sendable, Hashable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var body: [UInt8]
    /// Header values by lower-cased name, e.g. `authorization` (TASK-6).
    public var headers: [String: String]

    public init(method: String, path: String, query: [String: String] = [:], body: [UInt8] = [], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Splits a request target such as `/api/jobs?workerId=w-1` into path and decoded query.
    public init(method: String, target: String, body: [UInt8] = [], headers: [String: String] = [:]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(keyValue[0]).removingPercentEncoding ?? String(keyValue[0])
                let value = keyValue.count == 2 ? (String(keyValue[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(keyValue[1])) : ""
                query[key] = value
            }
        }
        self.init(method: method, path: String(parts[0]), query: query, body: body, headers: headers)
    }
}

/// Routes REST requests to the backend's calls by the profile's routes (REST-2 ... REST-6,
/// REST-15 ... REST-18, and the test fixtures FIX-1 ... FIX-3),
/// answering malformed JSON with `bad_request` and unknown routes with `not_found` (REST-13, REST-11).
public enum BackendRouter {
    /// Handles one request against `backend` at time `now` (ms).
    public static func handle(_ request: RESTRequest, backend: inout JobDispatchBackend, now: Int64) -> BackendReply {
        var reply = route(request, backend: &backend, now: now)
        // answersAsHTML: the JSON text sent as a framework's default string response is (REST-1).
        if backend.faults.contains(.answersAsHTML) { reply.contentType = "text/html; charset=utf-8" }
        if backend.faults.contains(.failuresWithoutOk), !(200..<300).contains(reply.status), case .object(var object) = reply.body {
            object["ok"] = nil
            reply.body = .object(object)
        }
        return reply
    }

    /// The call `request` names, run against `backend`.
    private static func route(_ request: RESTRequest, backend: inout JobDispatchBackend, now: Int64) -> BackendReply {
        backend.forgetEnded(now: now)
        let profile = backend.profile
        let body: JSONValue?
        switch parseBody(request.body) {
        case .success(let parsed): body = parsed
        case .failure(let error): return .failure(error)
        }
        let routes = profile.routes
        if match(request, routes[.postRequest]) != nil { return backend.postRequest(body: body, now: now) }
        if let reqID = match(request, routes[.workerAccept]) { return backend.workerAccept(reqID: reqID, body: body, now: now) }
        if let reqID = match(request, routes[.cancel]) { return backend.cancel(reqID: reqID, body: body, now: now) }
        if let reqID = match(request, routes[.close]) { return backend.close(reqID: reqID, body: body, now: now) }
        if let route = routes[.getJobs], match(request, route) != nil {
            return backend.getJobs(workerID: request.query[route.queryKey(for: "workerId") ?? "workerId"], now: now)
        }
        if match(request, profile.taskRoutes[.settings]) != nil { return backend.settings() }
        if let route = routes[.listRequests], match(request, route) != nil {
            return backend.listRequests(userID: request.query[route.queryKey(for: "userId") ?? "userId"], now: now)
        }
        if let reqID = match(request, routes[.getRequest]) { return backend.getRequest(reqID: reqID, now: now) }
        if let id = match(request, routes[.meProfile]) { return backend.meProfile(workerID: id) }
        if let id = match(request, routes[.position]) { return backend.putPosition(workerID: id, body: body) }
        if let id = match(request, routes[.workerFixture]) { return backend.putWorker(id: id, body: body) }
        if let id = match(request, routes[.clientFixture]) { return backend.putClient(id: id, body: body) }
        return .failure(BackendError(.notFound, "no route for \(request.method) \(request.path)"))
    }

    /// The JSON of a request body: nil when empty, `bad_request` on field `body` when not JSON (REST-13).
    static func parseBody(_ bytes: [UInt8]) -> Result<JSONValue?, BackendError> {
        guard !bytes.isEmpty else { return .success(nil) }
        do {
            return .success(try JSONParser.parse(bytes))
        } catch {
            return .failure(.badRequest("body", "is not JSON: \(error.reason) at byte \(error.offset + 1)"))
        }
    }

    /// The value of the one placeholder in `route`'s path (`{ReqID}`, `{objectId}` ...), empty when
    /// it has none, percent-decoded, when `request` has the route's method and its path fits the
    /// route's path exactly; nil otherwise, and for a route the profile does not have. The query is
    /// left to the caller.
    static func match(_ request: RESTRequest, _ route: RESTRoute?) -> String? {
        guard let route, request.method == route.method else { return nil }
        let template = route.template.prefix { $0 != "?" }
        let path = request.path
        guard let open = template.firstIndex(of: "{"), let close = template[open...].firstIndex(of: "}") else {
            return path == template ? "" : nil
        }
        let range = open..<template.index(after: close)
        let prefix = template[..<range.lowerBound]
        let suffix = template[range.upperBound...]
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let raw = path.dropFirst(prefix.count).dropLast(suffix.count)
        guard !raw.contains("/") else { return nil }
        return String(raw).removingPercentEncoding ?? String(raw)
    }
}
