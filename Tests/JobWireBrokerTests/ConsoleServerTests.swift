import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The console's HTTP side: the token guards every path, and control requests are validated with
/// errors naming the field (an unknown step kind lists the valid ones).
@Suite(.serialized, .timeLimit(.minutes(30)))
struct ConsoleServerTests {
    @Test func aWrongOrMissingTokenGets403AndNothingElse() async throws {
        let live = try await LiveConsole("worker-happy")
        try await live.connectApp()
        let before = live.captureLines
        let wrong = String(live.server.token.reversed())
        for target in ["/jobwire/console", "/jobwire/console?token=", "/jobwire/console?token=\(wrong)", "/jobwire/console/events?after=1", "/jobwire/console/events?after=1&token=\(wrong)", "/elsewhere"] {
            let (status, body) = try await live.request("GET", target)
            #expect(status == 403 && body.isEmpty, "\(target): \(status) \(body)")
        }
        let (status, body) = try await live.request("POST", "/jobwire/console/control?token=\(wrong)", body: #"{"command":"step"}"#)
        #expect(status == 403 && body.isEmpty, "\(status) \(body)")
        try await live.quiet()
        #expect(live.captureLines == before, "a refused step ran")
        let page = try await live.request("GET", "/jobwire/console?token=\(live.server.token)")
        #expect(page.status == 200)
        #expect(page.body.contains("<title>JobWire console</title>"))
        #expect(page.body.contains(#""lose-answer":["call","from","req"]"#), "the page offers the fault steps")
        #expect(!page.body.contains(#""relaunch""#), "the page offers a step the broker cannot run live")
        #expect(live.url.hasPrefix("http://127.0.0.1:") && live.url.hasSuffix("/jobwire/console?token=\(live.server.token)"), "\(live.url)")
        #expect(live.server.token.count == 32 && live.server.token != ConsoleServer.newToken())
        await live.shutdown()
    }

    static let refusals: [(body: String, status: Int, field: String, message: String)] = [
        ("{", 400, "body", "invalid JSON"),
        ("{}", 400, "command", "is required"),
        (#"{"command":"jump"}"#, 400, "command", #"expected one of inject, pause, resume, step, found "jump""#),
        (#"{"command":"pause","step":{}}"#, 400, "step", "only inject takes a step"),
        (#"{"command":"inject"}"#, 400, "step", "is required"),
        (#"{"command":"inject","step":{"do":"explode"}}"#, 400, "step.do", #"unknown step kind "explode"; expected one of accept, background, cancel, close, closeWorkInformation, delay, discard, disconnect, drop, duplicate, end, fail, foreground, hang, kill, lose-answer, malformed-answer, ok, openWorkInformation, post, refuse-connect, restart, send"#),
        (#"{"command":"inject","step":{"do":"relaunch","actor":"w-1"}}"#, 400, "step.do", "relaunch cannot run live: "),
        (#"{"command":"inject","step":{"do":"accept","actor":"w-1","req":"r9"}}"#, 400, "step.req", #"r9 is not declared by any post step's "as"; declared: r1"#),
        (#"{"command":"inject","step":{"do":"accept","actor":"c-1","req":"r1"}}"#, 400, "step.actor", "c-1 is a client app; only a worker app can accept"),
        (#"{"command":"inject","step":{"do":"drop","event":"new","at":5}}"#, 400, "step.at", "is not a member here"),
        (#"{"command":"inject","step":{"do":"lose-answer","call":"teleport"}}"#, 400, "step.call", "expected one of postRequest, workerAccept, getJobs, cancel, close"),
        (#"{"command":"step"}"#, 409, "command", "the scenario has not started: it starts when the worker app under test (w-1) connects"),
    ]

    @Test func controlRequestsAreValidatedWithPreciseErrors() async throws {
        let live = try await LiveConsole("worker-happy")
        for refusal in Self.refusals {
            let (status, answer) = try await live.control(refusal.body)
            #expect(status == refusal.status, "\(refusal.body): \(answer)")
            #expect(answer["ok"] == false)
            #expect(answer["error"]?["field"]?.stringValue == refusal.field, "\(refusal.body): \(answer)")
            let message = answer["error"]?["message"]?.stringValue ?? ""
            #expect(message.contains(refusal.message), "\(refusal.body): \(message)")
        }
        #expect(live.captureLines.isEmpty, "a refused request recorded something")
        let wrongMethod = try await live.request("GET", "/jobwire/console/control?token=\(live.server.token)")
        #expect(wrongMethod.status == 405, "\(wrongMethod)")
        await live.shutdown()
    }
}
