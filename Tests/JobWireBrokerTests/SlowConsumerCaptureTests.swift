import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Testing
@testable import JobWireBroker

/// A worker that connects and never reads, beside one that reads, while a client posts 10 KB
/// requests and more piles up: the broker drops the stuck one as a slow consumer, says so in a warning and in its
/// capture (`io.disconnected`, reason `slow`), the capture checks clean, and the reading worker
/// gets every `new`.
@Suite(.timeLimit(.minutes(30)))
struct SlowConsumerCaptureTests {
    /// A post whose description is 10 KB.
    static let post = JSONValue.parsing(
        #"{"clientId":"c-1","CatID":7,"category":"Plumbing","description":"\#(String(repeating: "d", count: 10_000))","clientName":"Ana","address":"Calle 1","lat":19.44,"lng":-99.1332}"#)

    @Test func aStuckWorkerIsDroppedWithAWarningAndACaptureEventAndNoRuleFails() async throws {
        let log = LogLines()
        let recorder = try CaptureRecorder(header: TraceHeader(roles: [.client, .worker, .backend]), path: nil, name: "slow.jsonl")
        var backend = JobDispatchBackend()
        backend.register(JobDispatchBackendTests.worker("w-1"))
        let host = PlainBackendHost(backend: backend, clock: SystemBrokerClock(), recorder: recorder)
        // Fillers go out in bursts the reader takes whole before the next, so at most one burst
        // (480 KB) ever waits for it, under the hard limit; the stuck worker passes it after its
        // kernel buffers fill (about 50 fillers). Few bursts, few suspensions: a test process
        // whose cooperative threads are busy with other suites once took 0.7 s per suspension.
        let burst = 8
        let limit = SocketIOServer.OutboundLimit(hardBytes: 1 << 20, softBytes: 16 << 10, softDuration: .seconds(600))
        // The stuck worker never answers a ping either: a heartbeat of an hour, so that on a busy
        // machine, where the fillers take minutes, only the outbound limit can drop it.
        let server = ReferenceBackendServer(host: host, logger: log.logger, outboundLimit: limit, heartbeat: (.seconds(3600), .seconds(3600)))
        let port = try #require(try await server.start(host: "127.0.0.1", port: 0).port)
        defer { Task { await server.shutdown() } }
        let reader = try await ReferenceBackendServerTests.connect(URL(string: "http://127.0.0.1:\(port)")!, userID: "w-1", role: "worker")
        let events = reader.events()
        let stuck = try await StuckWebSocketClient.connect(port: port, auth: #"{"userId":"w-9","role":"worker"}"#)
        defer { stuck.close() }
        guard try await eventually({ !server.sockets(in: "w-9").isEmpty }) else {
            Issue.record("w-9 never joined")
            return
        }

        // Two real posts, captured as the backend decided them; then 60 KB events (not captured,
        // so the test stays fast) until the kernel's buffers are full and the limit is passed.
        for _ in 0..<2 {
            let reply = host.call(RESTRequest(method: "POST", target: "/api/requests", body: Array(Self.post.compactText.utf8), headers: [:]))
            let new = await ReferenceBackendServerTests.next("new", on: events)
            #expect(new?.arguments.first?.jsonValue?["ReqID"] == reply.body["ReqID"])
        }
        let filler = JSONValue.string(String(repeating: "f", count: 60_000))
        var sent = 0
        while !(recorder.text ?? "").contains(#""reason":"slow""#), sent < 500 {
            for _ in 0..<burst { server.emit("filler", filler, to: "workers") }
            for _ in 0..<burst {
                sent += 1
                #expect(await ReferenceBackendServerTests.next("filler", on: events) != nil, "filler \(sent)")
            }
        }
        #expect(sent < 500)

        let warning = try #require(log.all.first { $0.message == "dropped a slow consumer" })
        #expect(warning.level == .warning)
        #expect(warning.metadata["user"] == "worker w-9")
        #expect(Int(warning.metadata["queuedBytes"] ?? "") ?? 0 > limit.hardBytes)
        #expect(warning.metadata["sid"]?.isEmpty == false)

        let line = try #require((recorder.text ?? "").split(separator: "\n").first { $0.contains(#""reason":"slow""#) })
        let event = try JSONParser.parse(Array(line.utf8))
        #expect(event["actor"] == "backend" && event["kind"] == "io.disconnected")
        #expect(event["auth"]?["userId"] == "w-9" && event["auth"]?["role"] == "worker")
        #expect((event["queued"]?.integerValue ?? 0) > Int64(limit.hardBytes))

        await reader.disconnect()
        let verdict = recorder.finish(at: SystemBrokerClock().now())
        #expect(verdict.failedIDs.isEmpty, "\(verdict.rules.filter(\.failed).flatMap(\.violations))")
    }
}
