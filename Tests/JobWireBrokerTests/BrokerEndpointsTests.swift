import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIONIO
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The hooks an app under test uses besides its protocol: `GET /jobwire/session`, reports by
/// `POST /jobwire/trace` and by the `jobwire:trace` event, each refused with its field named.
@Suite(.timeLimit(.minutes(30)))
struct BrokerEndpointsTests {
    static func send(_ url: URL, _ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue) {
        var request = URLRequest(guarding: URL(string: path, relativeTo: url)!)
        request.httpMethod = method
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONParser.parse(Array(data))) ?? .null)
    }

    @Test func anAppLearnsWhoItIsAndReportsByHTTPAndSocketIO() async throws {
        let scenario = ScenarioFixtures.scenario("worker-happy")
        let clock = ManualBrokerClock()
        let recorder = try CaptureRecorder(header: scenario.header, path: nil, name: scenario.name, keepText: true)
        let session = BrokerSession(scenario: scenario, clock: clock, recorder: recorder)
        let server = ReferenceBackendServer(host: session, logger: LiveScenario.quiet)
        let address = try await server.start(host: "127.0.0.1", port: 0)
        let url = URL(string: "http://127.0.0.1:\(address.port ?? 0)")!
        defer { Task { await server.shutdown() } }

        let (status, info) = try await Self.send(url, "GET", "/jobwire/session")
        #expect(status == 200)
        #expect(info["play"] == "client" && info["app"]?["id"] == "w-1" && info["app"]?["role"] == "worker")
        #expect(info["app"]?["profile"]?["categories"] == ["9"])

        let (accepted, _) = try await Self.send(url, "POST", "/jobwire/trace", #"[{"kind":"app.launched","discards":[]},{"kind":"view.shown","view":"home"}]"#)
        #expect(accepted == 200)
        let (missing, missingBody) = try await Self.send(url, "POST", "/jobwire/trace", #"{"kind":"view.shown","elements":{}}"#)
        #expect(missing == 400)
        #expect(missingBody["error"]?["message"]?.stringValue?.contains("view") == true, "\(missingBody)")
        let (wire, wireBody) = try await Self.send(url, "POST", "/jobwire/trace", #"{"kind":"io.in","event":"new"}"#)
        #expect(wire == 400)
        #expect(wireBody["error"]?["message"]?.stringValue?.contains("recorded by the kit from the wire") == true)
        let (stranger, strangerBody) = try await Self.send(url, "POST", "/jobwire/trace", #"{"actor":"client","kind":"app.launched"}"#)
        #expect(stranger == 400)
        #expect(strangerBody["error"]?["message"]?.stringValue?.contains("the worker w-1") == true)

        let client = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
        try await client.connect(auth: ["userId": "w-1", "role": "worker"])
        let good = try await client.emitWithAck("jobwire:trace", SocketIOValue(["kind": "app.backgrounded"] as JSONValue))
        #expect(good.first?.jsonValue?["ok"] == true)
        let bad = try await client.emitWithAck("jobwire:trace", SocketIOValue(["kind": "alert.shown", "alert": "x"] as JSONValue))
        #expect(bad.first?.jsonValue?["ok"] == false)
        #expect(bad.first?.jsonValue?["error"]?.stringValue?.contains("result") == true, "\(String(describing: bad.first?.jsonValue))")
        await client.disconnect()

        session.stop("the test is over")
        let result = await session.run()
        let capture = result.capture ?? ""
        #expect(capture.contains(#""actor":"worker","id":"w-1","kind":"app.launched","discards":[]"#), "\(capture)")
        #expect(capture.contains(#""actor":"worker","id":"w-1","kind":"view.shown","view":"home"}"#))
        #expect(capture.contains(#""actor":"worker","id":"w-1","kind":"app.backgrounded"}"#))
        #expect(!capture.contains("io.in\",\"event\":\"new\""))
    }
}
