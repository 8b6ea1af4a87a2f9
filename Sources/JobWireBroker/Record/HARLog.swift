import Foundation
import JobWire
import SocketIONIO
import SocketIOWire

/// The REST exchanges of a recording as an HTTP Archive (HAR 1.2), which browser devtools, Charles
/// and Proxyman open (`jobwire record --har FILE`, issue 17 item 5). Engine.IO requests are left
/// out: they are the Socket.IO traffic the capture holds.
///
/// The same secrets as the capture's are redacted, with the same stand-ins: the values of the
/// `Authorization`, `Cookie` and `Set-Cookie` headers (and of any header whose name marks a secret),
/// secret JSON members of the bodies, secret query parameters.
struct HARLog {
    /// The program named as the archive's creator.
    var creator = "jobwire record"
    private var entries: [JSONValue] = []
    private var pending: [Int: (started: Int64, request: JSONValue)] = [:]

    /// Whether a header named `name` carries a secret.
    static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "set-cookie" || SecretRedaction.isSecret(lower)
    }

    /// Notes request `exchange`, sent at `ts`.
    mutating func request(_ exchange: Int, _ request: ProxyHTTPRequest, at ts: Int64, upstream: String, secrets: inout SecretPseudonyms) {
        let target = secrets.target(request.target)
        var object: JSONObject = [
            "method": .string(request.method),
            "url": .string(upstream + target),
            "httpVersion": "HTTP/1.1",
            "cookies": [],
            "headers": Self.headers(request.headers, &secrets),
            "queryString": .array(Self.query(of: target)),
            "headersSize": -1,
            "bodySize": .int(Int64(request.body.count)),
        ]
        if !request.body.isEmpty {
            object["postData"] = ["mimeType": .string(request.header("Content-Type") ?? ""), "text": .string(Self.text(request.body, &secrets))]
        }
        pending[exchange] = (ts, .object(object))
    }

    /// Completes `exchange` with `response`, received at `ts`; returns its entry (nil for an exchange it never saw asked).
    @discardableResult
    mutating func response(_ exchange: Int, _ response: ProxyHTTPResponse, at ts: Int64, secrets: inout SecretPseudonyms) -> JSONValue? {
        guard let (started, request) = pending.removeValue(forKey: exchange) else { return nil }
        let mimeType = response.headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        let answer: JSONObject = [
            "status": .int(Int64(response.status)),
            "statusText": .string(response.reason),
            "httpVersion": "HTTP/1.1",
            "cookies": [],
            "headers": Self.headers(response.headers, &secrets),
            "content": ["size": .int(Int64(response.body.count)), "mimeType": .string(mimeType), "text": .string(Self.text(response.body, &secrets))],
            "redirectURL": "",
            "headersSize": -1,
            "bodySize": .int(Int64(response.body.count)),
        ]
        let entry: JSONValue = .object([
            "startedDateTime": .string(ISO8601Time.string(milliseconds: started)),
            "time": .int(ts - started),
            "request": request,
            "response": .object(answer),
            "cache": [:],
            "timings": ["send": 0, "wait": .int(ts - started), "receive": 0],
        ])
        entries.append(entry)
        return entry
    }

    /// Forgets `exchange`, which got no answer (HAR has no entry without a response).
    mutating func abandon(_ exchange: Int) { pending[exchange] = nil }

    /// The archive: `log` with its version, creator and entries in the order their answers came.
    var json: JSONValue { archive(entries) }

    /// The archive without its entries, which ``HARFile`` fills as they come.
    var emptyJSON: JSONValue { archive([]) }

    private func archive(_ entries: [JSONValue]) -> JSONValue {
        ["log": ["version": "1.2", "creator": ["name": .string(creator), "version": "1"], "entries": .array(entries)]]
    }

    /// Writes the archive to `path` (created or truncated).
    func write(to path: String) throws(InputError) {
        guard FileManager.default.createFile(atPath: path, contents: Data((json.compactText + "\n").utf8)) else {
            throw InputError(file: path, message: "cannot write the HAR file")
        }
    }

    /// How many exchanges it holds.
    var count: Int { entries.count }

    private static func headers(_ headers: [(name: String, value: String)], _ secrets: inout SecretPseudonyms) -> JSONValue {
        .array(headers.map { header in
            var value = header.value
            if isSecretHeader(header.name) {
                value = BearerToken.from(authorization: value).map { "Bearer " + secrets.text($0) } ?? secrets.text(value)
            }
            return ["name": .string(header.name), "value": .string(value)]
        })
    }

    private static func query(of target: String) -> [JSONValue] {
        (URLComponents(string: target)?.queryItems ?? []).map { ["name": .string($0.name), "value": .string($0.value ?? "")] }
    }

    /// A body as text: JSON with its secrets redacted; anything else as it was only without
    /// redaction, since its secrets cannot be found (a placeholder naming its size instead).
    private static func text(_ body: Data, _ secrets: inout SecretPseudonyms) -> String {
        if let json = try? JSONParser.parse(body) { return secrets.json(json).compactText }
        return secrets.redaction.enabled ? "(\(body.count) bytes that are not JSON, left out by redaction)" : String(decoding: body, as: UTF8.self)
    }
}
