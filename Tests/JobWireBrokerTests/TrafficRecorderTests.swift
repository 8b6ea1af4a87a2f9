import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Testing
@testable import JobWireBroker

/// ``TrafficRecorder`` fed the proxy's observations directly, on a fixed clock: what it reads out
/// of polling payloads and WebSocket messages, whose each REST call is, and what it redacts.
struct TrafficRecorderTests {
    static func recorder(_ redaction: SecretRedaction = SecretRedaction(), har: String? = nil) throws -> TrafficRecorder {
        let capture = try CaptureRecorder(header: .recording(of: "http://backend"), path: nil)
        return TrafficRecorder(capture: capture, redaction: redaction, harPath: har, now: { 1_767_225_600_000 })
    }

    static func request(_ method: String, _ target: String, _ body: String = "", headers: [(name: String, value: String)] = []) -> ProxyHTTPRequest {
        ProxyHTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8))
    }

    static func response(_ body: String, status: Int = 200) -> ProxyHTTPResponse {
        ProxyHTTPResponse(status: status, headers: [], body: Data(body.utf8))
    }

    static func lines(_ recorder: TrafficRecorder) -> [String] {
        (recorder.capture.text ?? "").split(separator: "\n").dropFirst().map(String.init)
    }

    @Test func pollingAndWebSocketPacketsBecomeTheAppsEventsUnderTheirHandshakeIdentity() throws {
        let recorder = try Self.recorder()
        recorder.observe(.request(exchange: 1, Self.request("GET", "/socket.io/?EIO=4&transport=polling&t=1")))
        recorder.observe(.response(exchange: 1, Self.response(#"0{"sid":"s1","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#)))
        recorder.observe(.request(exchange: 2, Self.request("POST", "/socket.io/?EIO=4&transport=polling&sid=s1", #"40{"userId":"w-1","role":"worker","token":"t0p"}"#)))
        recorder.observe(.response(exchange: 2, Self.response("ok")))
        recorder.observe(.request(exchange: 3, Self.request("GET", "/socket.io/?EIO=4&transport=polling&sid=s1")))
        recorder.observe(.response(exchange: 3, Self.response("40{\"sid\":\"x\"}\u{1E}42[\"new\",{\"ReqID\":\"R-1\"}]")))
        recorder.observe(.webSocketOpened(link: 4, Self.request("GET", "/socket.io/?EIO=4&transport=websocket&sid=s1")))
        recorder.observe(.webSocketMessage(link: 4, fromApp: true, .text("2probe")))
        recorder.observe(.webSocketMessage(link: 4, fromApp: true, .text(#"42["jobwire:ping",{"n":1}]"#)))
        recorder.observe(.webSocketMessage(link: 4, fromApp: false, .text(#"42["close",{"ReqID":"R-1"}]"#)))
        recorder.observe(.webSocketClosed(link: 4, byApp: nil))
        #expect(Self.lines(recorder) == [
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.connecting","auth":{"userId":"w-1","role":"worker","token":"redacted-1"}}"#,
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.connected","auth":{"userId":"w-1","role":"worker","token":"redacted-1"}}"#,
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.in","event":"new","payload":{"ReqID":"R-1"}}"#,
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.out","event":"jobwire:ping","payload":{"n":1}}"#,
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.in","event":"close","payload":{"ReqID":"R-1"}}"#,
            #"{"ts":1767225600000,"actor":"worker","id":"w-1","kind":"io.disconnected","reason":"transport"}"#,
        ])
    }

    @Test func eachRESTCallIsTheAppItsBodyPathOrTokenNames() throws {
        let recorder = try Self.recorder()
        recorder.observe(.request(exchange: 1, Self.request("POST", "/api/requests", #"{"clientId":"c-1","workerId":"w-9"}"#)))
        recorder.observe(.response(exchange: 1, Self.response(#"{"ok":true,"ReqID":"R-1"}"#)))
        recorder.observe(.request(exchange: 2, Self.request("POST", "/api/requests/R-1/accept", #"{"workerId":"w-2"}"#)))
        recorder.observe(.response(exchange: 2, Self.response(#"{"ok":true,"ReqID":"R-1"}"#)))
        recorder.observe(.request(exchange: 3, Self.request("POST", "/api/requests/R-1/close", #"{"outcome":"happy","by":"worker"}"#)))
        recorder.observe(.request(exchange: 4, Self.request("POST", "/api/requests/R-1/cancel", #"{"reason":"late"}"#)))
        recorder.observe(.request(exchange: 5, Self.request("GET", "/api/jobs?workerId=w-3")))
        recorder.observe(.request(exchange: 6, Self.request("POST", "/api/auth/login", #"{"email":"a@b.test","password":"pw"}"#)))
        recorder.observe(.response(exchange: 6, Self.response(#"{"ok":true,"userId":"U-7","token":"tok"}"#)))
        recorder.observe(.request(exchange: 7, Self.request("GET", "/api/users/me?access_token=tok", headers: [("authorization", "Bearer tok"), ("X-Request-Id", "r-7")])))
        recorder.observe(.failed(exchange: 7, reason: "reset"))
        let actors = Self.lines(recorder).map { line -> String in
            let json = try? JSONParser.parse(line)
            return "\(json?["actor"]?.stringValue ?? "?") \(json?["id"]?.stringValue ?? "-") \(json?["kind"]?.stringValue ?? "?")"
        }
        #expect(actors == [
            "client c-1 http.request", "client c-1 http.response", "worker w-2 http.request", "worker w-2 http.response",
            "worker w-2 http.request", "client c-1 http.request", "worker w-3 http.request", "client - http.request",
            "client - http.response", "client U-7 http.request", "client U-7 http.response",
        ])
        let last = try #require(Self.lines(recorder).suffix(2).first)
        #expect(last == #"{"ts":1767225600000,"actor":"client","id":"U-7","kind":"http.request","xid":"r-7","method":"GET","path":"/api/users/me?access_token=redacted-2","bearer":"redacted-2"}"#)
        #expect(Self.lines(recorder).last == #"{"ts":1767225600000,"actor":"client","id":"U-7","kind":"http.response","xid":"r-7","error":"reset"}"#)
    }

    @Test func anXRequestIdACallInFlightHasIsMadeDistinctSoTheCaptureChecks() throws {
        let recorder = try Self.recorder()
        // Two worker apps that each number their calls from 1, the second asking before the first is answered.
        recorder.observe(.request(exchange: 1, Self.request("GET", "/api/jobs?workerId=w-1", headers: [("X-Request-Id", "1")])))
        recorder.observe(.request(exchange: 2, Self.request("GET", "/api/jobs?workerId=w-2", headers: [("X-Request-Id", "1")])))
        recorder.observe(.response(exchange: 2, Self.response(#"{"ok":true,"jobs":[]}"#)))
        recorder.observe(.response(exchange: 1, Self.response(#"{"ok":true,"jobs":[]}"#)))
        // Once both are answered, "1" is free again.
        recorder.observe(.request(exchange: 3, Self.request("GET", "/api/jobs?workerId=w-2", headers: [("X-Request-Id", "1")])))
        recorder.observe(.response(exchange: 3, Self.response(#"{"ok":true,"jobs":[]}"#)))
        let calls = Self.lines(recorder).map { line -> String in
            let json = try? JSONParser.parse(line)
            return "\(json?["id"]?.stringValue ?? "-") \(json?["kind"]?.stringValue ?? "?") \(json?["xid"]?.stringValue ?? "-")"
        }
        #expect(calls == [
            "w-1 http.request 1", "w-2 http.request 1#2", "w-2 http.response 1#2", "w-1 http.response 1",
            "w-2 http.request 1", "w-2 http.response 1",
        ])
        let text = try #require(recorder.capture.text)
        #expect(throws: Never.self, "jobwire check reads the capture rather than refusing a line as another app's call") {
            _ = try TraceChecker.check(text: text, file: "capture")
        }
    }

    @Test func aProfileRenamesThePathsTheCallersAreToldApartBy() throws {
        var profile = ProtocolProfile.standard
        profile.routes[.postRequest] = RESTRoute("POST /v2/requests")
        let renamed = TrafficRecorder(capture: try CaptureRecorder(header: .recording(of: "http://backend", profile: profile), path: nil))
        let standard = try Self.recorder()
        for recorder in [renamed, standard] {
            recorder.observe(.request(exchange: 1, Self.request("POST", "/v2/requests", #"{"clientId":"c-1","workerId":"w-9"}"#)))
        }
        #expect(Self.lines(renamed).first?.contains(#""actor":"client","id":"c-1""#) == true, "a post request under the profile's path is its client's")
        #expect(Self.lines(standard).first?.contains(#""actor":"worker","id":"w-9""#) == true, "an unknown path falls back to the body's workerId")
        #expect(renamed.capture.header.profile.routes[.postRequest]?.description == "POST /v2/requests")
    }

    @Test func secretsBecomeStableStandInsAndNoRedactKeepsThem() throws {
        var secrets = SecretPseudonyms(SecretRedaction(paths: ["address", "profile.phones[1]"]))
        let body: JSONValue = ["password": "pw", "newPassword": "pw", "refreshToken": 42, "jwt": .null, "address": "Calle Mayor 1",
                               "profile": ["phones": ["111", "222"], "name": "Ana"], "items": [["apiKey": "k"]]]
        #expect(secrets.json(body) == ["password": "redacted-1", "newPassword": "redacted-1", "refreshToken": "redacted-2", "jwt": .null, "address": "redacted-4",
                                       "profile": ["phones": ["111", "redacted-5"], "name": "Ana"], "items": [["apiKey": "redacted-3"]]])
        #expect(secrets.target("/x?token=pw&a=1") == "/x?token=redacted-1&a=1")
        var kept = SecretPseudonyms(SecretRedaction(enabled: false, paths: ["address"]))
        #expect(kept.json(body) == body)
        #expect(kept.target("/x?token=pw") == "/x?token=pw")
        #expect(kept.text("pw") == "pw")
    }

    @Test func theRESTExchangesAreAHARWithTheCapturesStandIns() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-har-\(UUID().uuidString).har").path
        let recorder = try Self.recorder(har: path)
        recorder.observe(.request(exchange: 1, Self.request("GET", "/socket.io/?EIO=4&transport=polling")))
        recorder.observe(.response(exchange: 1, Self.response(#"0{"sid":"s1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#)))
        recorder.observe(.request(exchange: 2, Self.request(
            "POST", "/api/auth/login?x=1", #"{"email":"a@b.test","password":"pw"}"#,
            headers: [("Authorization", "Bearer tok"), ("Cookie", "sid=abc"), ("Content-Type", "application/json")]
        )))
        recorder.observe(.response(exchange: 2, ProxyHTTPResponse(status: 200, reason: "OK", headers: [("Set-Cookie", "sid=def"), ("Content-Type", "application/json")], body: Data(#"{"ok":true,"token":"tok2"}"#.utf8))))
        // Whole on disk as soon as the answer passed, before the recorder stops (a SIGKILL keeps it).
        let early = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(early["log"]?["entries"]?.arrayValue?.count == 1 && early["log"]?["creator"]?["name"] == "jobwire record")
        recorder.observe(.request(exchange: 3, Self.request("GET", "/api/jobs?workerId=w-1")))
        recorder.observe(.failed(exchange: 3, reason: "reset"))
        _ = try await recorder.stop()
        let har = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(har["log"]?["version"] == "1.2")
        let entries = try #require(har["log"]?["entries"]?.arrayValue)
        #expect(entries.count == 1, "only the answered REST exchange: no Engine.IO request, no unanswered call")
        let entry = try #require(entries.first)
        #expect(entry["request"]?["method"] == "POST" && entry["request"]?["url"] == "/api/auth/login?x=1")
        #expect(entry["request"]?["queryString"] == [["name": "x", "value": "1"]])
        #expect(entry["request"]?["headers"] == [
            ["name": "Authorization", "value": "Bearer redacted-2"], ["name": "Cookie", "value": "redacted-3"], ["name": "Content-Type", "value": "application/json"],
        ])
        #expect(entry["request"]?["postData"]?["text"] == #"{"email":"a@b.test","password":"redacted-1"}"#)
        #expect(entry["response"]?["status"] == 200 && entry["response"]?["statusText"] == "OK")
        #expect(entry["response"]?["headers"]?.arrayValue?.first == ["name": "Set-Cookie", "value": "redacted-5"])
        #expect(entry["response"]?["content"]?["text"] == #"{"ok":true,"token":"redacted-4"}"#)
        #expect(recorder.capture.text?.contains(#""bearer":"redacted-2""#) == true, "the capture and the HAR share stand-ins")
    }
}
