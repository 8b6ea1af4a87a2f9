import Foundation

/// One REST path of the Configuration section of PROTOCOL.md, such as
/// `POST /api/requests/{ReqID}/accept`, and the matching of recorded requests against it.
///
/// Placeholders in braces match one path segment, or one query value, and are captured
/// percent-decoded; other query members are ignored.
public struct RESTRoute: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method, upper case.
    public let method: String
    /// The template as written, e.g. `/api/requests/{ReqID}/accept`.
    public let template: String
    private let segments: [Part]
    private let query: [QueryPart]

    private enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    private struct QueryPart: Sendable, Hashable {
        var key: String
        var value: Part
    }

    /// Parses `METHOD /path/{Name}?key={name}`; nil when it does not have that shape.
    public init?(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[1].hasPrefix("/") else { return nil }
        method = words[0].uppercased()
        template = String(words[1])
        let pieces = words[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        segments = pieces[0].split(separator: "/", omittingEmptySubsequences: true).map(Self.part)
        if pieces.count == 2 {
            query = pieces[1].split(separator: "&").compactMap { pair in
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard keyValue.count == 2 else { return nil }
                return QueryPart(key: String(keyValue[0]), value: Self.part(keyValue[1]))
            }
        } else {
            query = []
        }
    }

    private static func part(_ text: Substring) -> Part {
        if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 {
            return .placeholder(String(text.dropFirst().dropLast()))
        }
        return .literal(String(text))
    }

    /// The placeholders' values when `method` and `path` (with its query, if any) match; else nil.
    public func match(method: String, path: String) -> [String: String]? {
        match(method: method, path: RESTRequestPath(path))
    }

    /// The placeholders' values when `method` and an already split path match; else nil.
    public func match(method: String, path: RESTRequestPath) -> [String: String]? {
        guard path.segments.count == segments.count, method == self.method || method.uppercased() == self.method else { return nil }
        for (segment, actual) in zip(segments, path.segments) {
            if case .literal(let text) = segment, actual != text { return nil }
        }
        var captures: [String: String] = [:]
        for (segment, actual) in zip(segments, path.segments) {
            if case .placeholder(let name) = segment { captures[name] = RESTRequestPath.decoded(actual) }
        }
        for part in query {
            let value = path.query.first { $0.key == part.key }?.value
            switch part.value {
            case .literal(let text): guard value == Substring(text) else { return nil }
            case .placeholder(let name):
                // A missing query value still identifies the call; the value is simply unknown.
                if let value { captures[name] = RESTRequestPath.decoded(value) }
            }
        }
        return captures
    }

    /// The query member whose value is the placeholder `name`, e.g. `workerId` for `{workerId}`
    /// in `GET /api/jobs?workerId={workerId}`; nil when the query has no such member.
    public func queryKey(for name: String) -> String? {
        query.first { $0.value == .placeholder(name) }?.key
    }

    /// The template with each placeholder named in `values` replaced by its value as given (the
    /// caller escapes it), e.g. `/api/requests/R-1/accept`.
    public func path(_ values: [String: String]) -> String {
        var path = template
        for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        return path
    }

    /// `METHOD /template`, as the header writes it.
    public var description: String { "\(method) \(template)" }
}

/// A recorded request path split once into segments and query members, so it can be matched
/// against every route without splitting it again.
public struct RESTRequestPath: Sendable {
    /// The path's segments, without empty ones.
    public let segments: [Substring]
    /// The query's members in order.
    public let query: [(key: Substring, value: Substring)]

    /// Splits `path`, e.g. `/api/jobs?workerId=w-1`.
    public init(_ path: String) {
        if let ascii = Self.asciiParts(path) {
            (segments, query) = ascii
            return
        }
        let pieces = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        segments = pieces[0].split(separator: "/", omittingEmptySubsequences: true)
        if pieces.count == 2 {
            query = pieces[1].split(separator: "&").map { pair in
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (keyValue[0], keyValue.count == 2 ? keyValue[1] : "")
            }
        } else {
            query = []
        }
    }

    /// The text of a segment or query value, percent-decoded when it holds an escape.
    /// The segments and query of an all-ASCII path, split on its bytes: the same parts as the
    /// split by Characters below (with no combining mark, `/`, `?`, `&` and `=` are Characters of
    /// their own), without its per-Character cost. Nil for a path with any other byte.
    private static func asciiParts(_ path: String) -> ([Substring], [(key: Substring, value: Substring)])? {
        let utf8 = path.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let end = utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.endIndex
        var segments: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < end {
            if utf8[index] == UInt8(ascii: "/") {
                if start < index { segments.append(path[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < end { segments.append(path[start..<end]) }
        guard end < utf8.endIndex else { return (segments, []) }
        var query: [(key: Substring, value: Substring)] = []
        for pair in path[utf8.index(after: end)...].utf8.split(separator: UInt8(ascii: "&")) {
            let pairText = Substring(pair)
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                query.append((pairText[pairText.startIndex..<equals], pairText[pair.index(after: equals)...]))
            } else {
                query.append((pairText, ""))
            }
        }
        return (segments, query)
    }

    static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return String(text).removingPercentEncoding ?? String(text)
    }
}

/// The protocol's REST calls that rules reason about (REST-2 ... REST-6, REST-15 ... REST-18), and
/// the test fixtures whose answers tell the checker what the backend's records hold (FIX-1, FIX-2);
/// their routes are the profile's (``ProtocolProfile/routes``).
public enum RESTCallKind: String, Sendable, Hashable, CaseIterable {
    /// `paths.postRequest`: the client posts a request (REST-2).
    case postRequest
    /// `paths.workerAccept`: the seed's WorkerAccept (REST-3).
    case workerAccept
    /// `paths.getJobs`: the worker lists its jobs (REST-4).
    case getJobs
    /// `paths.cancel`: the client cancels (REST-5).
    case cancel
    /// `paths.close`: either app closes (REST-6).
    case close
    /// `paths.getRequest`: a request's current state (REST-15).
    case getRequest
    /// `paths.listRequests`: the requests a client posted or a worker won (REST-16).
    case listRequests
    /// `paths.meProfile`: a worker's meProfile and record (REST-17).
    case meProfile
    /// `paths.position`: a worker reports its position (REST-18).
    case position
    /// `paths.workerFixture`: a test sets a worker's record (FIX-1).
    case workerFixture
    /// `paths.clientFixture`: a test sets a client's BlockedXP and Delay (FIX-2).
    case clientFixture

    /// True for the test fixtures (FIX area): hooks of a test, not calls of the apps, so the REST
    /// rules do not judge their answers.
    public var isFixture: Bool { self == .workerFixture || self == .clientFixture }

    /// The calls of the apps, without the fixtures.
    public static var protocolCalls: [RESTCallKind] { allCases.filter { !$0.isFixture } }

    /// True for the calls that act on one request and so learn first that it ended (REST-10, REST-14).
    public var actsOnRequest: Bool { self == .workerAccept || self == .cancel || self == .close }
}
