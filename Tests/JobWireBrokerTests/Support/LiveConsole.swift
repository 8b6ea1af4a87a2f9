import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire
@testable import JobWireBroker

/// A scenario run live behind a console, as `jobwire broker --console --paused` runs it: the
/// session on a paused ``ConsoleClock`` over a ``ManualBrokerClock`` that a test moves as the
/// wall clock would move (only the console's steps move the scenario's time), the fake app over real sockets in lockstep (``PendingWork``, so
/// a test waits until the app has handled what it was sent, never for a time), and the console
/// on its own port.
final class LiveConsole: Sendable {
    let session: BrokerSession
    let console: BrokerConsole
    let recorder: CaptureRecorder
    let pending = PendingWork()
    let backend: ReferenceBackendServer
    let server: ConsoleServer
    let app: LiveFakeApp
    /// The clock under the console's: the wall clock of a real broker, moved by hand here.
    let wall = ManualBrokerClock(start: ScenarioRunner.virtualStart)
    /// The console's URL, token included.
    let url: String
    /// The console's address without path or token.
    let base: URL

    /// Serves `name` behind a paused console; the app under test is not connected yet.
    init(_ name: String, faults: AppFaults = []) async throws {
        let scenario = ScenarioFixtures.scenario(name)
        let clock = ConsoleClock(base: wall, paused: true)
        recorder = try CaptureRecorder(header: scenario.header, path: nil, name: name, keepText: true, reorderWindowMs: BrokerSession.reorderWindowMs)
        session = BrokerSession(scenario: scenario, clock: clock, recorder: recorder, pending: pending)
        backend = ReferenceBackendServer(host: session, logger: LiveScenario.quiet)
        let address = try await backend.start(host: "127.0.0.1", port: 0)
        console = BrokerConsole(session: session, clock: clock, recorder: recorder)
        server = ConsoleServer(console: console, logger: LiveScenario.quiet)
        url = try await server.start()
        base = URL(string: String(url.prefix { $0 != "?" }).replacingOccurrences(of: ConsoleServer.pagePath, with: ""))!
        app = LiveFakeApp(url: URL(string: "http://127.0.0.1:\(address.port ?? 0)")!, config: session.appConfig, faults: faults, clock: clock, lockstep: pending,
            serverSockets: { [backend, id = session.appConfig.id] in backend.sockets(in: id).count })
    }

    /// Connects the app under test, which starts the scenario, and waits until it is quiet.
    func connectApp() async throws {
        try await app.start()
        try await quiet()
    }

    /// Waits until nothing is under way between the session and the app (events, not time).
    func quiet() async throws {
        guard await pending.quiet(within: .hangGuard) else { throw LiveScenario.Timeout(description: "the app stayed busy: \(pending.now) under way") }
    }

    /// Stops the app and both servers.
    func shutdown() async {
        session.stop("the test ended")
        await app.stop()
        await server.shutdown()
        await backend.shutdown()
    }

    /// A request to the console: the status and the body's text.
    func request(_ method: String, _ pathAndQuery: String, body: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(guarding: URL(string: pathAndQuery, relativeTo: base)!)
        request.httpMethod = method
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Posts one control request with the token; the status and the JSON answer.
    func control(_ body: String) async throws -> (status: Int, answer: JSONValue) {
        let (status, text) = try await request("POST", "\(ConsoleServer.pagePath)/control?token=\(server.token)", body: body)
        return (status, try JSONParser.parse(text))
    }

    /// One poll of the event stream after `cursor`, having seen state `seen`.
    func poll(after cursor: Int, seen: Int) async throws -> JSONValue {
        let (status, text) = try await request("GET", "\(ConsoleServer.pagePath)/events?token=\(server.token)&after=\(cursor)&seen=\(seen)")
        guard status == 200 else { throw LiveScenario.Timeout(description: "poll answered \(status): \(text)") }
        return try JSONParser.parse(text)
    }

    /// The capture's event lines so far, as written.
    var captureLines: [String] { (recorder.text ?? "").split(separator: "\n").dropFirst().map(String.init) }
}
