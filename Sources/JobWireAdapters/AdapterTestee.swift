import Foundation
import JobWire
import SocketIOWire

/// A program in any language that answers over the JSON-lines protocol of Docs/ADAPTER.md.
///
/// The runner starts it, says `hello`, sends one message at a time and waits for one answer with a
/// time limit, then says `stop`. A testee that hangs, exits early or breaks the protocol is
/// reported as such: the case in flight gets an error naming what happened and every later case
/// an error "not run: ...". Vector suites send one `case` per vector (``answer(_:suite:)``);
/// suites whose cases are conversations, such as `scenario`, use ``request(_:id:what:)``. The
/// messages themselves are ``AdapterMessages``'; this actor owns the process and its pipes.
public actor AdapterTestee: Testee {

    private let command: AdapterCommand
    private let timeout: Duration
    private let process = Process()
    private let stdin = Pipe()
    private let inbox = LineInbox()
    private let stderrTail = StderrTail()
    private var declaredName: String?
    private var declaredSuites: [String] = []
    /// The adapter's whole hello answer, for suites that read more of it (the scenario suite's `roles`).
    public private(set) var hello: JSONValue?
    /// Why the session ended early, once it has.
    private var broken: String?

    /// Launches the adapter and completes the handshake for `suite`.
    ///
    /// A program that cannot be launched is an error; a program that launches but fails the
    /// handshake yields a testee whose every answer is that failure.
    public static func start(_ command: AdapterCommand, suite: String, timeout: Duration) async throws(InputError) -> AdapterTestee {
        let testee = AdapterTestee(command: command, timeout: timeout)
        try await testee.launch()
        await testee.handshake(suite: suite)
        return testee
    }

    private init(command: AdapterCommand, timeout: Duration) {
        self.command = command
        self.timeout = timeout
    }

    public var name: String { declaredName ?? command.text }

    private func launch() throws(InputError) {
        // A testee that dies while we write to it must give us EPIPE, not kill the runner.
        signal(SIGPIPE, SIG_IGN)
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw InputError(file: "--adapter", message: "cannot start \"\(command.text)\": \(error.localizedDescription)")
        }
        inbox.startReading(stdout.fileHandleForReading)
        stderrTail.startReading(stderr.fileHandleForReading)
    }

    private func handshake(suite: String) async {
        guard let reply = await exchange(AdapterMessages.hello(suites: [suite]), expecting: nil, what: "the hello handshake") else { return }
        switch AdapterMessages.hello(from: reply) {
        case .failure(let error):
            breakSession(error.message)
        case .success(let hello):
            declaredName = hello.name
            declaredSuites = hello.suites
            self.hello = hello.reply
        }
    }

    /// Whether the adapter declared `suite` in its hello.
    public func supports(_ suite: String) -> Bool { declaredSuites.contains(suite) }

    /// Why the session ended early, once it has.
    public var brokenReason: String? { broken }

    /// What one ``request(_:id:what:)`` produced.
    public enum Reply: Sendable {
        /// The adapter's answer, carrying the request's `id`.
        case answer(JSONValue)
        /// No usable answer; the session is over and the reason says why.
        case broken(String)
    }

    /// Sends one message carrying `id` and waits, within the time limit, for the one answer with
    /// the same `id`. A hang, an early exit or a malformed answer ends the session.
    public func request(_ message: JSONValue, id: String, what: String) async -> Reply {
        if let broken { return .broken("not run: \(broken)") }
        guard let reply = await exchange(message, expecting: id, what: what) else { return .broken(broken ?? "testee failed") }
        return .answer(reply)
    }

    public func answer(_ vector: VectorCase, suite: any VectorSuite) async -> TesteeAnswer {
        if let broken { return .error("not run: \(broken)") }
        guard declaredSuites.contains(suite.name) else {
            return .skipped("testee does not support suite \(suite.name)")
        }
        return await answer(inputText: vector.inputText, id: vector.id, suite: suite.name)
    }

    /// Sends a `case` of `suite` whose input is the JSON text `inputText`, byte for byte (one
    /// valid JSON value on one line), and reads the answer: for inputs made as text, such as
    /// `vectors fuzz`'s, which a parsed value could not carry (`9.0`, integers beyond 64 bits).
    public func answer(inputText: String, id: String, suite: String) async -> TesteeAnswer {
        if let broken { return .error("not run: \(broken)") }
        let line = AdapterMessages.caseRequestLine(suite: suite, id: id, inputText: inputText)
        guard let reply = await exchange(line: line, expecting: id, what: "case \(id)") else {
            return .error(broken ?? "testee failed")
        }
        return AdapterMessages.answer(from: reply)
    }

    /// Sends one message and reads one reply; on any failure records why and returns nil.
    private func exchange(_ message: JSONValue, expecting id: String?, what: String) async -> JSONValue? {
        await exchange(line: message.compactText, expecting: id, what: what)
    }

    /// Sends one line and reads one reply; on any failure records why and returns nil.
    private func exchange(line: String, expecting id: String?, what: String) async -> JSONValue? {
        do {
            try stdin.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            breakSession(await exitDescription(during: what))
            return nil
        }
        switch await inbox.next(timeout: timeout) {
        case .timedOut:
            breakSession("testee hung: no answer to \(what) within \(timeout)")
            await kill()
            return nil
        case .closed:
            breakSession(await exitDescription(during: what))
            return nil
        case .overlong:
            breakSession("testee wrote a line longer than \(LineInbox.maximumLineBytes) bytes during \(what)")
            await kill()
            return nil
        case .line(let line):
            let reply: JSONValue
            do {
                reply = try JSONParser.parse(line)
            } catch {
                breakSession("testee's answer to \(what) is not JSON (\(error.reason)): \(line.prefix(200))")
                return nil
            }
            if let id, reply["id"]?.stringValue != id {
                breakSession("testee's answer to \(what) has id \(reply["id"]?.compactText ?? "(none)"), expected \"\(id)\"")
                return nil
            }
            return reply
        }
    }

    private func breakSession(_ reason: String) {
        if broken == nil { broken = reason }
    }

    /// Waits briefly for the process to end and says how it ended, with its last stderr lines.
    private func exitDescription(during what: String) async -> String {
        for _ in 0..<50 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(20))
        }
        var text: String
        if process.isRunning {
            text = "testee closed its output during \(what)"
        } else if process.terminationReason == .uncaughtSignal {
            text = "testee was killed by signal \(process.terminationStatus) during \(what)"
        } else {
            text = "testee exited with status \(process.terminationStatus) during \(what)"
        }
        let tail = stderrTail.text
        if !tail.isEmpty { text += "; its last stderr lines:\n" + tail }
        return text
    }

    /// Asks the testee to end (SIGTERM), and ends it (SIGKILL) if it is still running half a second
    /// later; returns once it is gone. The escalation is awaited, not left to a task the runner may
    /// exit before: a child that Foundation's `Process` starts on Linux inherits the spawning
    /// thread's blocked signals, SIGTERM among them, so a testee asleep in a loop outlived the run.
    private func kill() async {
        guard process.isRunning else { return }
        process.terminate()
        let grace = ContinuousClock.now + .milliseconds(500)
        while process.isRunning, ContinuousClock.now < grace { try? await Task.sleep(for: .milliseconds(10)) }
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        let reaped = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < reaped { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// Says `stop` and waits for a clean exit as long as for an answer (``timeout``): a slow exit
    /// on a busy machine is no fault. Anything else is a problem to report.
    public func finish() async -> String? {
        guard process.isRunning else {
            return broken == nil ? "testee exited before it was asked to stop (status \(process.terminationStatus))" : nil
        }
        try? stdin.fileHandleForWriting.write(contentsOf: Data((AdapterMessages.stop.compactText + "\n").utf8))
        try? stdin.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning {
            await kill()
            return "testee did not exit within \(timeout) of stop; it was killed"
        }
        if broken == nil, process.terminationStatus != 0 {
            return "testee exited with status \(process.terminationStatus) after stop"
        }
        return nil
    }
}
