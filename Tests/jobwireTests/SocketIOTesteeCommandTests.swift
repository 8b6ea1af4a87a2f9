import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `jobwire socketio-testee` as a user runs it: prints its address, serves, stops on a signal.
struct SocketIOTesteeCommandTests {
    @Test func helpShowsHowToPointTheOfficialSuitesAtIt() throws {
        let result = try CLIRunner.run(["socketio-testee", "--help"])
        #expect(result.stdout.contains("npm test"))
        #expect(result.stdout.contains("--engine-io"))
        #expect(result.stdout.contains("--port"))
        for flag in ["--max-outbound-bytes", "--outbound-soft-limit", "--outbound-soft-seconds", "--no-outbound-limit", "--max-connections"] {
            #expect(result.stdout.contains(flag), "\(flag)")
        }
    }

    /// An outbound limit that cannot be used is refused before anything listens.
    @Test func anUnusableOutboundLimitIsRefused() throws {
        let result = try CLIRunner.run(["socketio-testee", "--port", "0", "--max-outbound-bytes", "1000", "--outbound-soft-limit", "2000"])
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
        let firstLine = try await Self.readLine(stdout.fileHandleForReading, deadline: .seconds(20))
        let path = engineIO ? "/engine.io/" : "/socket.io/"
        #expect(firstLine.hasPrefix("http://127.0.0.1:"))
        #expect(firstLine.hasSuffix(path))
        let url = try #require(URL(string: firstLine + "?EIO=4&transport=polling"))
        let body = try await Self.fetch(url)
        #expect(body.hasPrefix("0{\"sid\":"))
        #expect(body.contains("\"pingInterval\":300,\"pingTimeout\":200,\"maxPayload\":1000000"))
        process.interrupt()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        while process.isRunning, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
    }

    /// The first line the process writes, read off the main thread with a deadline.
    static func readLine(_ handle: FileHandle, deadline: Duration) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")[0]
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw CancellationError()
            }
            let line = try await group.next()!
            group.cancelAll()
            return line
        }
    }

    /// A plain GET through Foundation's HTTP client.
    static func fetch(_ url: URL) async throws -> String {
        var request = URLRequest(url: url)
        request.timeoutInterval = 5
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }
}
