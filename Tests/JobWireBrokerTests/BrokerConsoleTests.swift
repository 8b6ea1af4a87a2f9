import Foundation
import JobWire
import SocketIOWire
import Synchronization
import Testing
@testable import JobWireBroker

/// The console drives a live scenario: a paused one stays paused, a step runs the next moment,
/// the stream gives every capture line once and in order, and an injected fault shows in the
/// capture and, where the app breaks a rule over it, in the verdict with the requirement's id.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct BrokerConsoleTests {
    /// Whether `line` is the kit client's post request.
    static func isPost(_ line: String) -> Bool { line.contains(#""actor":"client","id":"c-1","kind":"http.request""#) && line.contains(#""method":"POST""#) }

    @Test func aPausedScenarioStaysStillAndAStepRunsItsNextMoment() async throws {
        let live = try await LiveConsole("worker-happy")
        try await live.connectApp()
        let before = live.captureLines
        #expect(!before.isEmpty && !before.contains(where: Self.isPost), "\(before)")
        // An hour of the wall clock passes and the session's own loop looks: nothing falls due,
        // not even the kit client's 10-minute timeout, since the scenario's clock stands still.
        live.wall.advance(by: 3_600_000)
        live.session.advance()
        try await live.quiet()
        #expect(live.captureLines == before)
        let (status, answer) = try await live.control(#"{"command":"step"}"#)
        #expect(status == 200, "\(answer)")
        #expect(answer["state"]?["paused"] == true && answer["state"]?["started"] == true, "\(answer)")
        // The step's lines are written before the answer: no waiting for them.
        let stepped = live.captureLines
        #expect(stepped.contains(where: Self.isPost), "\(stepped)")
        let index = try #require(stepped.firstIndex(where: Self.isPost))
        #expect(try JSONParser.parse(stepped[index])["ts"]?.integerValue == ScenarioRunner.virtualStart + 100, "the post is steps[0], at 100 ms")
        // The answer's cursor is past the step's lines (the app's reactions may follow later).
        #expect((answer["state"]?["cursor"]?.integerValue ?? 0) >= Int64(index + 2), "\(answer)")
        await live.shutdown()
    }

    @Test func theStreamGivesEveryLineOnceAndInOrder() async throws {
        let live = try await LiveConsole("worker-happy")
        // A page polls from the start, while the scenario is stepped to its end.
        let reader = Task { () throws -> [JSONValue] in
            var cursor = 1
            var seen = -1
            var lines: [JSONValue] = []
            var numbers: [Int64] = []
            while !lines.contains(where: { $0["kind"] == "trace.end" }) {
                let news = try await live.poll(after: cursor, seen: seen)
                numbers += (news["steps"]?.arrayValue ?? []).compactMap { $0["line"]?.integerValue }
                lines += try (news["steps"]?.arrayValue ?? []).map { try JSONParser.parse($0["payload"]?.stringValue ?? "") }
                cursor = Int(news["cursor"]?.integerValue ?? Int64(cursor))
                seen = Int(news["state"]?["version"]?.integerValue ?? -1)
            }
            #expect(numbers == Array(2..<Int64(numbers.count + 2)), "steps are numbered by capture line, each once, in order")
            return lines
        }
        try await live.connectApp()
        var steps = 0
        while !live.session.isFinished, steps < 40 {
            let (status, answer) = try await live.control(#"{"command":"step"}"#)
            #expect(status == 200, "\(answer)")
            try await live.quiet()
            steps += 1
        }
        #expect(live.session.isFinished, "worker-happy did not end in \(steps) steps")
        let result = await live.session.run()
        #expect(result.conforms, "\(result.failedIDs): \(result.capture ?? "")")
        let streamed = try await reader.value
        let written = try live.captureLines.map { try JSONParser.parse($0) }
        #expect(streamed == written, "streamed \(streamed.count) lines, written \(written.count)")
        await live.shutdown()
    }

    /// Steps until `done` holds for the capture, at most `limit` times; the capture then.
    static func step(_ live: LiveConsole, until done: ([String]) -> Bool, limit: Int = 20) async throws -> [String] {
        var count = 0
        while !done(live.captureLines), !live.session.isFinished, count < limit {
            let (status, answer) = try await live.control(#"{"command":"step"}"#)
            #expect(status == 200, "\(answer)")
            try await live.quiet()
            count += 1
        }
        return live.captureLines
    }

    /// Two pages may inject at once: of eight posts that declare one alias, run on as many threads
    /// as the machine has, exactly one is taken, and each other is refused naming `step.as`, as a
    /// post declaring an alias taken earlier is.
    @Test func injectsFromPagesAtOnceDeclareAnAliasOnce() async throws {
        let live = try await LiveConsole("worker-happy")
        try await live.connectApp()
        let post = Array(#"{"command":"inject","step":{"actor":"c-1","do":"post","as":"twice","request":{"CatID":9,"category":"Plumbing","description":"Leaking kitchen tap","address":"Calle Mayor 1","lat":40.01,"lng":-3.01}}}"#.utf8)
        let answers = Mutex<[BrokerConsole.Answer]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let answer = live.console.control(post)
            answers.withLock { $0.append(answer) }
        }
        let all = answers.withLock { $0 }
        #expect(all.filter { $0.status == 200 }.count == 1, "\(all.map(\.body))")
        for answer in all where answer.status != 200 {
            #expect(answer.status == 400 && answer.body["error"]?["field"] == "step.as", "\(answer.body)")
        }
        await live.shutdown()
    }

    @Test(arguments: [false, true])
    func anInjectedFaultShowsInTheCaptureAndWhatItBreaksInTheVerdict(_ wrongApp: Bool) async throws {
        let live = try await LiveConsole("worker-happy", faults: wrongApp ? .transportErrorIgnored : [])
        try await live.connectApp()
        _ = try await Self.step(live) { $0.contains(where: Self.isPost) }
        let (status, answer) = try await live.control(#"{"command":"inject","step":{"do":"lose-answer","call":"workerAccept"}}"#)
        #expect(status == 200, "\(answer)")
        let reset = { (line: String) in line.contains(#""kind":"http.response""#) && line.contains(#""error":"reset""#) }
        let capture = try await Self.step(live) { $0.contains(where: reset) }
        let lost = try #require(capture.firstIndex(where: reset), "the lost answer is not in the capture:\n\(capture.joined(separator: "\n"))")
        // Steps go on until the checker's clock passes the alert's deadline (ALERT-3).
        _ = try await Self.step(live) { lines in lines.count > lost + 1 && (try? JSONParser.parse(lines.last!)["ts"]?.integerValue ?? 0) ?? 0 > ScenarioRunner.virtualStart + 60_000 }
        let news = try await live.poll(after: 1, seen: -1)
        let findings = news["verdict"]?.arrayValue ?? []
        let alert = findings.first { $0["id"] == "ALERT-3" }
        if wrongApp {
            let cited = alert?["violations"]?.arrayValue?.first?["lines"]?.arrayValue ?? []
            #expect(cited.contains(.int(Int64(lost + 2))), "ALERT-3 cites the lost answer's line \(lost + 2): \(findings)")
        } else {
            #expect(findings.isEmpty, "the correct app broke \(findings)")
        }
        await live.shutdown()
    }
}
