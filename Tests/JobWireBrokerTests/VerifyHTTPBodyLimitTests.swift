import Foundation
import JobWire
import Logging
import SocketIONIO
import SocketIOWire
import Testing

@testable import JobWireBroker

/// verify's REST client against a backend whose answers are too long: the call fails naming the
/// URL and the limit, the trace records the app's `reset`, and an answer under the limit is read.
@Suite(.timeLimit(.minutes(30)))
struct VerifyHTTPBodyLimitTests {
    /// Answers every REST call 200 with a JSON body of `bytes` bytes.
    struct LongAnswers: BrokerHost {
        let bytes: Int
        func attach(_ server: ReferenceBackendServer) {}
        func handle(_ request: SocketIOHTTPRequest) async -> SocketIOHTTPResponse {
            .json(200, ["ok": true, "padding": .string(String(repeating: "x", count: max(0, bytes - 24)))])
        }
    }

    static func serve(_ bytes: Int) async throws -> (ReferenceBackendServer, URL) {
        let server = ReferenceBackendServer(host: LongAnswers(bytes: bytes), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let port = try #require(try await server.start().port)
        return (server, URL(string: "http://127.0.0.1:\(port)")!)
    }

    // The client's timeout is the hang guard, never a verdict: in the first pass of Scripts/test
    // the server's handler can wait minutes for a cooperative thread (300 s once ran out beside
    // two `yes`, and the call failed `timeout` instead of `reset`).
    @Test func anAnswerOverTheLimitFailsNamingTheURLAndTheLimit() async throws {
        let (server, base) = try await Self.serve(5_000)
        let recorder = VerifyRecorder(clock: WallVerifyClock())
        let http = VerifyHTTP(base: base, recorder: recorder, xidPrefix: "t", timeout: TimeInterval(Duration.hangGuard.components.seconds), maximumBodySize: 1_000)
        let error = try #require(await #expect(throws: VerifyTransportError.self) {
            _ = try await http.call(TraceActor(.client, id: "c-1"), "GET /api/requests")
        })
        #expect(error.reason == "reset")
        #expect(error.description == "GET \(base.absoluteString)/api/requests: the server at \(base.absoluteString)/api/requests answered with a body over the client's limit of 1000 bytes; the call was cancelled")
        let answers = recorder.entries().compactMap { entry -> HTTPResponseRecord? in
            if case .httpResponse(let record) = entry.event.body { record } else { nil }
        }
        #expect(answers.map(\.error) == ["reset"])
        await server.shutdown()
    }

    @Test func anAnswerUnderTheLimitIsRead() async throws {
        let (server, base) = try await Self.serve(900)
        let http = VerifyHTTP(base: base, recorder: VerifyRecorder(clock: WallVerifyClock()), xidPrefix: "t", timeout: TimeInterval(Duration.hangGuard.components.seconds), maximumBodySize: 1_000)
        let answer = try await http.call(TraceActor(.client, id: "c-1"), "GET /api/requests")
        #expect(answer.status == 200)
        #expect(answer.bytes.count == 900)
        await server.shutdown()
    }

    /// A server that answers with no length and sends body bytes until the client goes: only the
    /// client's limit can end the call.
    static let endlessAnswer = """
        import socket
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
        print(s.getsockname()[1], flush=True)
        c, _ = s.accept(); c.recv(65536)
        c.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nConnection: close\\r\\n\\r\\n")
        try:
            while True: c.sendall(b"x" * 10000)
        except OSError:
            pass
        """

    @Test func anEndlessAnswerIsCancelledAtTheLimit() async throws {
        guard let python = ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"], !python.isEmpty else {
            throw LiveScenario.Timeout(description: "JOBWIRE_PYTHON is not set: run the tests through ./Scripts/test, which sets it to a Python")
        }
        let server = try ChildProgram(python, ["-c", Self.endlessAnswer])
        defer { server.stop() }
        _ = try await eventually { server.stdout.contains("\n") }
        let port = try #require(Int(server.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let url = URL(string: "http://127.0.0.1:\(port)/api/requests")!
        let session = BoundedURLSession(maximumBodySize: 100_000)
        let error = try #require(await #expect(throws: BoundedURLSession.BodyTooLarge.self) { _ = try await session.data(from: url) })
        #expect(error.description == "the server at \(url.absoluteString) answered with a body over the client's limit of 100000 bytes; the call was cancelled")
        // The server saw the client go: its send failed and it ended.
        #expect(await server.exit(within: .hangGuard) == 0)
    }
}
