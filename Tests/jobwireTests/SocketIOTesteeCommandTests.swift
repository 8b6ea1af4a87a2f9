import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `jobwire socketio-testee` as a user runs it: prints its address, serves, stops on a signal.
struct SocketIOTesteeCommandTests {
    @Test func helpShowsHowToPointTheOfficialSuitesAtIt() async throws {
        let result = try await CLIRunner.run(["socketio-testee", "--help"])
        #expect(result.stdout.contains("npm test"))
        #expect(result.stdout.contains("--engine-io"))
        #expect(result.stdout.contains("--port"))
        for flag in ["--max-outbound-bytes", "--outbound-soft-limit", "--outbound-soft-seconds", "--no-outbound-limit", "--max-connections"] {
            #expect(result.stdout.contains(flag), "\(flag)")
        }
    }

    /// An outbound limit that cannot be used is refused before anything listens.
    @Test func anUnusableOutboundLimitIsRefused() async throws {
        let result = try await CLIRunner.run(["socketio-testee", "--port", "0", "--max-outbound-bytes", "1000", "--outbound-soft-limit", "2000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("must not be below the soft one"))
    }

    @Test(arguments: [false, true])
    func servesTheHandshakeAndStopsOnSIGINT(engineIO: Bool) async throws {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["socketio-testee", "--port", "0"] + (engineIO ? ["--engine-io"] : [])
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Each wait here has a 30-minute hang guard, never a verdict: a busy machine makes the
        // testee slower to print, answer and stop, never wrong.
        let output = OutputCollector(stdout.fileHandleForReading)
        var hangGuard = ContinuousClock.now + .seconds(CLIRunner.hangGuard)
        while !output.text.contains("\n"), !output.done, ContinuousClock.now < hangGuard { try await Task.sleep(for: .milliseconds(20)) }
        let firstLine = output.text.components(separatedBy: "\n")[0]
        let path = engineIO ? "/engine.io/" : "/socket.io/"
        #expect(firstLine.hasPrefix("http://127.0.0.1:"))
        #expect(firstLine.hasSuffix(path))
        let url = try #require(URL(string: firstLine + "?EIO=4&transport=polling"))
        let body = try await Self.fetch(url)
        #expect(body.hasPrefix("0{\"sid\":"))
        #expect(body.contains("\"pingInterval\":300,\"pingTimeout\":200,\"maxPayload\":1000000"))
        process.interrupt()
        hangGuard = ContinuousClock.now + .seconds(CLIRunner.hangGuard)
        while process.isRunning, ContinuousClock.now < hangGuard { try await Task.sleep(for: .milliseconds(20)) }
        try #require(!process.isRunning, "still running after SIGINT")
        #expect(process.terminationStatus == 0)
    }

    /// A plain GET through Foundation's HTTP client.
    static func fetch(_ url: URL) async throws -> String {
        // A hang guard, not a verdict: the server may answer minutes late on a busy machine. Set
        // through the property: FoundationNetworking ignores an interval passed to the initializer.
        var request = URLRequest(url: url)
        request.timeoutInterval = CLIRunner.hangGuard
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }
}
