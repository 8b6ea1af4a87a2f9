import Testing
@testable import JobWire

/// REST-1's content type: an answer whose trace records its `Content-Type` is judged on it
/// (parameters aside), and one whose trace does not is not.
struct RESTContentTypeTests {
    /// A worker's getJobs and its answer, as the backend under test recorded them, with
    /// `contentType` on the answer when given.
    static func trace(contentType: String?) -> String {
        let member = contentType.map { #","contentType":"\#($0)""# } ?? ""
        return """
            {"format":"jobwire-trace","version":1,"roles":["backend"],"subject":["backend"]}
            {"ts":1000,"actor":"backend","kind":"http.request","xid":"x-1","method":"GET","path":"/api/jobs?workerId=w-1"}
            {"ts":1001,"actor":"backend","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"jobs":[]}\(member)}
            {"ts":2000,"actor":"backend","kind":"trace.end"}

            """
    }

    @Test(arguments: [
        (nil, [RequirementID]()), ("application/json", []), ("Application/JSON; charset=utf-8", []),
        ("text/html; charset=utf-8", ["REST-1"]), ("text/plain", ["REST-1"]), ("application/problem+json", ["REST-1"]),
    ] as [(String?, [RequirementID])])
    func theRecordedContentTypeIsJudged(_ contentType: String?, _ failed: [RequirementID]) throws {
        let verdict = try TraceChecker.check(text: Self.trace(contentType: contentType), file: "content-type.jsonl")
        #expect(verdict.failedIDs == failed, "\(contentType ?? "no contentType")")
    }

    @Test func theContentTypeRoundTripsAndATransportErrorHasNone() throws {
        let text = Self.trace(contentType: "text/html")
        let verdict = try TraceChecker.check(text: text, file: "content-type.jsonl")
        #expect(verdict.rules.first { $0.info.id == "REST-1" }?.violations.first?.lines == [3])
        let header = TraceHeader(roles: [.backend])
        let line = TraceEncoder(header: header).line(TraceEvent(ts: 1, actor: .backend, body: .httpResponse(HTTPResponseRecord(xid: "x-1", status: 200, body: ["ok": true], contentType: "text/html"))))
        #expect(line == #"{"ts":1,"actor":"backend","kind":"http.response","xid":"x-1","status":200,"body":{"ok":true},"contentType":"text/html"}"# + "\n")
        #expect(throws: InputError.self) {
            try TraceChecker.check(text: """
                {"format":"jobwire-trace","version":1,"roles":["client"]}
                {"ts":1,"actor":"client","id":"c-1","kind":"http.response","xid":"x-1","error":"reset","contentType":"text/html"}

                """, file: "error.jsonl")
        }
    }
}
