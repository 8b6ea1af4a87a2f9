import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// One scenario over real sockets (`jobwire broker --play ROLE --scenario NAME`): the host behind
/// ``ReferenceBackendServer`` that drives a ``ScenarioEngine`` with the broker's clock. The kit's
/// apps act through the engine's backend directly; the app under test is a real Socket.IO and REST
/// client that connects with the scenario's user id (MSG-2) and reports its UI events with
/// `jobwire:trace` or `POST /jobwire/trace` (Docs/BROKER.md).
///
/// The scenario starts when the app first shows up (it connects, calls REST or reports) and ends
/// when the engine does; ``run()`` returns the checker's verdict on the capture.
public final class BrokerSession: BrokerHost {
    /// How long the capture holds lines to merge the app's reports in timestamp order
    /// (``CaptureRecorder``): well above any loopback delay, well below a scenario.
    public static let reorderWindowMs: Int64 = 1_000

    /// The scenario being run.
    public let scenario: Scenario
    let clock: any BrokerClock
    let recorder: CaptureRecorder
    let log: @Sendable (String) -> Void
    /// Counts messages to the app while they are under way, when a lockstep driver asks for it.
    let pending: PendingWork?
    let state: Mutex<State>
    let server = Mutex<ReferenceBackendServer?>(nil)
    private let results: AsyncStream<ScenarioResult>
    private let resultSink: AsyncStream<ScenarioResult>.Continuation

    struct State: Sendable {
        var engine: ScenarioEngine?
        var notes: [String] = []
        var stepFailures: [ScenarioStepFailure] = []
        /// Calls a `hang` step holds unanswered, by xid.
        var heldCalls: [String: CheckedContinuation<SocketIOHTTPResponse, Never>] = [:]
        /// The socket ids of the app under test now connected.
        var appSockets: Set<String> = []
        var nextXid = 1
        var done = false
    }

    /// A session of `scenario` recording into `recorder`; `log` gets prompts and notes for the
    /// person running it (standard error in the CLI). With `pending`, every message to the app is
    /// counted there until the app says it handled it (lockstep drivers; see ``PendingWork``).
    public init(scenario: Scenario, clock: any BrokerClock, recorder: CaptureRecorder, pending: PendingWork? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.scenario = scenario
        self.clock = clock
        self.recorder = recorder
        self.pending = pending
        self.log = log
        state = Mutex(State())
        (results, resultSink) = AsyncStream.makeStream(of: ScenarioResult.self)
    }

    public func attach(_ server: ReferenceBackendServer) { self.server.withLock { $0 = server } }

    /// What the app under test is told (`GET /jobwire/session`).
    public var appConfig: AppConfig { scenario.app.config(scenario: scenario) }

    /// Waits for the scenario to end and returns the verdict on its capture.
    public func run() async -> ScenarioResult {
        for await result in results { return result }
        return ScenarioResult(scenario: scenario, error: "the session was abandoned")
    }

    /// The next time something is due, in the clock's time; nil before the start and after the end.
    public var nextWake: Int64? { state.withLock { $0.done ? nil : $0.engine?.nextWake } }

    /// True once the scenario has ended.
    public var isFinished: Bool { state.withLock { $0.done || $0.engine?.finished == true } }

    /// Runs what is due by the clock's time now, at once (lockstep drivers call it after moving a
    /// ``ManualBrokerClock``; otherwise the session's own loop does it).
    public func advance() {
        let now = clock.now()
        recorder.flush(now: now)
        execute(step { engine in engine.advance(to: now) })
    }

    /// Ends the scenario now (Ctrl-C): the capture gets its `trace.end` and the verdict is given.
    public func stop(_ reason: String) {
        let outputs = step { engine in engine.stop(reason) }
        execute(outputs)
    }

    /// Starts the scenario the first time the app shows up: the kit's apps launch and the clock runs.
    func startIfNeeded() {
        let started: [ScenarioOutput]? = state.withLock { state in
            guard state.engine == nil, !state.done else { return nil }
            var engine = ScenarioEngine(scenario: scenario, start: clock.now(), recordsAppReceipts: false)
            let outputs = engine.begin()
            state.engine = engine
            return outputs
        }
        guard let started else { return }
        log("jobwire: scenario \(scenario.name) started: the \(scenario.app.role.protocolName) \(scenario.app.id) is here")
        execute(recordAll(started))
        Task { await tick() }
    }

    /// Moves the engine along the broker's clock until the scenario ends, sleeping in short
    /// slices so a moment made due by the app's own activity is never slept through.
    private func tick() async {
        while true {
            let wake = state.withLock { $0.done ? nil : $0.engine?.nextWake }
            guard let wake else { return }
            let now = clock.now()
            recorder.flush(now: now)
            if wake <= now {
                execute(step { engine in engine.advance(to: now) })
            } else {
                let realMs = min(10.0, max(1.0, Double(wake - now) / clock.speed))
                try? await Task.sleep(for: .milliseconds(Int64(realMs.rounded(.up))))
            }
        }
    }

    /// Runs `body` on the engine under the lock and writes its capture lines in order there, so
    /// lines never interleave; the other outputs come back to be acted on outside the lock.
    func step(_ body: (inout ScenarioEngine) -> [ScenarioOutput]) -> [ScenarioOutput] {
        state.withLock { state in
            guard state.engine != nil, !state.done else { return [] }
            return recordAll(body(&state.engine!))
        }
    }

    /// Writes the records among `outputs` and returns the rest.
    func recordAll(_ outputs: [ScenarioOutput]) -> [ScenarioOutput] {
        var rest: [ScenarioOutput] = []
        for output in outputs {
            if case .record(let event) = output {
                do {
                    try recorder.record(event)
                } catch {
                    rest.append(.refused("a line the checker cannot read was not written: \(error.description)"))
                }
            } else {
                rest.append(output)
            }
        }
        return rest
    }

    /// Acts on outputs: events and control messages to the app under test, notes, the end.
    func execute(_ outputs: [ScenarioOutput]) {
        guard let server = server.withLock({ $0 }) else { return }
        let app = scenario.app
        for output in outputs {
            switch output {
            case .toApp(.http(let xid, _, _, _?)):
                // The app gave up on a hung call: its connection closes unanswered.
                if let held = state.withLock({ $0.heldCalls.removeValue(forKey: xid) }) { release(held) }
            case .record, .toApp(.clock), .toApp(.http):
                continue
            case .toApp(.socket(let event, let payload)):
                pending?.add(server.sockets(in: app.id).count)
                server.emit(event, payload, to: app.id)
            case .toApp(.connection(let connected)):
                guard !connected else { continue }
                log("jobwire: \(scenario.name): dropping the connection of the \(app.role.protocolName) \(app.id), as the scenario asks")
                let sockets = server.sockets(in: app.id)
                pending?.add(sockets.count)
                // A network failure, not a server disconnect: the app reconnects on its own.
                for socket in sockets { socket.dropConnection() }
            case .toApp(.connectionRefused):
                continue
            case .toApp(let input):
                log("jobwire: \(scenario.name): now, in the \(app.role.protocolName) \(app.id): \(Self.prompt(input)) (sent as jobwire:control)")
                pending?.add(server.sockets(in: app.id).count)
                server.emit("jobwire:control", input.json, to: app.id)
            case .note(let note), .refused(let note):
                state.withLock { $0.notes.append(note) }
                log("jobwire: note: \(note)")
            case .stepFailed(let failure):
                state.withLock { $0.stepFailures.append(failure) }
                log("jobwire: \(failure)")
            case .finished:
                finish()
            }
        }
    }

    private func finish() {
        let ended: (notes: [String], steps: [ScenarioStepFailure], held: [CheckedContinuation<SocketIOHTTPResponse, Never>])? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            defer { state.heldCalls = [:] }
            return (state.notes, state.stepFailures, Array(state.heldCalls.values))
        }
        guard let ended else { return }
        for call in ended.held { release(call) }
        var result = ScenarioResult(scenario: scenario, verdict: recorder.finish())
        result.notes = ended.notes
        result.stepFailures = ended.steps
        result.capture = recorder.text
        resultSink.yield(result)
        resultSink.finish()
    }

    /// A user action or lifecycle change in words, for the person at the device.
    static func prompt(_ input: AppInput) -> String {
        switch input {
        case .user(.post(let request)): return "post a request \(JSONValue.object(request).compactText)"
        case .user(.accept(let req)): return "accept the offer \(req)"
        case .user(.discard(let req)): return "discard the offer \(req)"
        case .user(.close(let req, let outcome)): return "close \(req) as \(outcome)"
        case .user(.cancel(let req, let reason)): return "cancel \(req) (\(reason))"
        case .lifecycle(.background): return "send the app to the background"
        case .lifecycle(.foreground): return "bring the app back to the foreground"
        case .lifecycle(.restart): return "terminate the app and launch it again"
        case .lifecycle(.kill): return "terminate the app and leave it closed"
        case .lifecycle(.relaunch): return "launch the app again"
        default: return input.json.compactText
        }
    }
}
