import Foundation
import JobWire
import SocketIONIO
import SocketIOWire

/// Plays a capture's apps against a backend (Docs/RECORD.md, `jobwire replay`): each recorded
/// connection, emit, REST call and disconnection in the recorded order, at the recorded pace or
/// as fast as causality allows, with the ids the new backend assigns put in place of the
/// recorded ones. The new traffic is recorded as `jobwire verify` records its apps' and judged by
/// the ``TraceChecker``; what the backend answered and emitted is compared with the recording.
public actor Replayer {
    let script: ReplayScript
    let options: ReplayOptions
    let recorder = VerifyRecorder(clock: WallVerifyClock())
    let http: VerifyHTTP
    var ids = ReplayIDMap()
    var apps: [TraceActor: ReplayApp] = [:]
    var differences: [ReplayDifference] = []
    /// The recorded events already compared, by index into the script's events.
    var compared: Set<Int> = []
    /// Recorded events a wait gave up on, with why, to judge after the final fence.
    var unresolved: [Int: String] = [:]
    /// The REST exchanges, for `--har`: the request as sent, the answer as it came (nil: none), and when.
    var exchanges: [(request: ProxyHTTPRequest, response: ProxyHTTPResponse?, sent: Int64, answered: Int64)] = []

    init(script: ReplayScript, options: ReplayOptions) {
        self.script = script
        self.options = options
        http = VerifyHTTP(base: options.against, recorder: recorder, xidPrefix: "replay")
    }

    /// Replays `script` with `options` and returns the verdict on the new traffic and the
    /// differences; throws ``VerifyUnreachable`` when nothing answers at the backend's address,
    /// as `jobwire verify` does before its first case.
    public static func run(_ script: ReplayScript, _ options: ReplayOptions) async throws -> ReplayRun {
        _ = try await VerifyRunner.preflight(VerifyOptions(base: options.against, profile: script.header.profile, vectors: URL(fileURLWithPath: "/")))
        return try await Replayer(script: script, options: options).play()
    }

    func play() async throws(InputError) -> ReplayRun {
        let started = ContinuousClock.now
        let firstTs = script.steps.first?.ts ?? 0
        for step in script.steps {
            if !options.fast { try? await Task.sleep(until: started + .milliseconds(step.ts - firstTs)) }
            for index in step.waitsFor { await awaitEvent(index) }
            await perform(step)
        }
        // The events still owed: each until it comes or the step timeout passes, then a fence on
        // every open connection so nothing the backend sent before is left unread.
        let deadline = ContinuousClock.now + .milliseconds(options.stepTimeoutMs)
        for index in script.events.indices where !compared.contains(index) { await awaitEvent(index, until: deadline) }
        for app in apps.values { await app.fence() }
        resolveOverdueEvents()
        noteExtraEvents()
        for app in apps.values { await app.disconnect() }
        return try finish()
    }

    /// The app playing `actor` (its id mapped when the backend assigned it).
    func app(_ actor: TraceActor) -> ReplayApp {
        if let app = apps[actor] { return app }
        let app = ReplayApp(actor: TraceActor(actor.role, id: actor.id.map { ids.rewrite(text: $0) }), recorder: recorder)
        apps[actor] = app
        return app
    }

    /// Waits for the recorded event at `index` on the replay, learns the ids it carries and
    /// compares it. One that has not come when the event the recording has after it on the same
    /// connection came, or by the deadline, is left unresolved, to be judged after the final fence.
    func awaitEvent(_ index: Int, until deadline: ContinuousClock.Instant? = nil) async {
        guard !compared.contains(index) else { return }
        compared.insert(index)
        let expected = script.events[index]
        let overtaker = script.events[(index + 1)...].first { $0.actor == expected.actor }.map { ReplayApp.Occurrence(event: $0.message.event, occurrence: $0.occurrence) }
        let awaited = ReplayApp.Occurrence(event: expected.message.event, occurrence: expected.occurrence)
        switch await app(expected.actor).waitFor(awaited, overtaker: overtaker, until: deadline ?? .now + .milliseconds(options.stepTimeoutMs)) {
        case .arrived(let payload): compare(expected.message.payload, payload, line: expected.line, subject: subject(of: expected))
        case .overtaken: unresolved[index] = "the event the recording has after it (line \(script.events[(index + 1)...].first { $0.actor == expected.actor }?.line ?? 0)) came first"
        case .timedOut: unresolved[index] = "it had not come after a step timeout of \(options.stepTimeoutMs) ms"
        case .connectionEnded(let why): unresolved[index] = "its connection ended first: \(why)"
        }
    }

    /// Judges the events a wait gave up on, once every connection was fenced: one that came
    /// after all is compared and reported late or out of order; one that did not is missing.
    func resolveOverdueEvents() {
        for (index, why) in unresolved.sorted(by: { $0.key < $1.key }) {
            let expected = script.events[index]
            let received = app(expected.actor).received(expected.message.event)
            guard expected.occurrence < received.count else {
                differences.append(ReplayDifference(line: expected.line, subject: subject(of: expected), detail: "the replay never got it (\(why), and a fence found nothing more)"))
                continue
            }
            compare(expected.message.payload, received[expected.occurrence], line: expected.line, subject: subject(of: expected), also: ["came late: \(why)"])
        }
    }

    func subject(of event: ReplayExpectedEvent) -> String { "the \(event.message.event) \(event.actor) got" }

    /// Learns the ids of `replayed` and notes how it differs from `recorded`, as one difference.
    func compare(_ recorded: JSONValue?, _ replayed: JSONValue?, line: Int, subject: String, also: [String] = []) {
        ids.learn(recorded: recorded, new: replayed)
        let found = also + ReplayComparison(volatile: options.volatile).differences(recorded: recorded, replayed: replayed, ids: ids)
        if !found.isEmpty { differences.append(ReplayDifference(line: line, subject: subject, detail: found.joined(separator: "; "))) }
    }

    /// Events a replayed app got beyond those its recording got (after the final fence).
    func noteExtraEvents() {
        for (actor, app) in apps.sorted(by: { $0.key.description < $1.key.description }) {
            for name in Set(app.receivedNames).sorted() {
                let recorded = script.events.filter { $0.actor == actor && $0.message.event == name }.count
                for payload in app.received(name).dropFirst(recorded) {
                    differences.append(ReplayDifference(line: nil, subject: "the \(name) \(actor) got", detail: "not on the recording: \(payload.map(ReplayComparison.show) ?? "no payload")"))
                }
            }
        }
    }

    /// The checker's verdict on the new traffic, written to the capture path when one was given.
    func finish() throws(InputError) -> ReplayRun {
        // The recording's header, its names and tolerances, for the new traffic of the same apps.
        var header = script.header
        header.description = "replayed by jobwire replay from \(script.file) against \(options.against.absoluteString)"
        let capture = try CaptureRecorder(header: header, path: options.capturePath, name: options.capturePath ?? "replay", keepText: true)
        let entries = recorder.entries()
        var secrets = SecretPseudonyms(options.redaction)
        for entry in entries {
            var event = entry.event
            event.body = secrets.event(event.body)
            try capture.record(event)
        }
        if let harPath = options.harPath {
            // After the trace, so a secret has the same stand-in in both.
            var har = HARLog()
            har.creator = "jobwire replay"
            let upstream = options.against.absoluteString.hasSuffix("/") ? String(options.against.absoluteString.dropLast()) : options.against.absoluteString
            for (index, exchange) in exchanges.enumerated() {
                har.request(index, exchange.request, at: exchange.sent, upstream: upstream, secrets: &secrets)
                if let response = exchange.response { har.response(index, response, at: exchange.answered, secrets: &secrets) } else { har.abandon(index) }
            }
            try har.write(to: harPath)
        }
        let verdict = capture.finish(at: max(entries.last?.event.ts ?? 0, WallVerifyClock().now()), actor: TraceActor(.client))
        return ReplayRun(script: script, verdict: verdict, differences: differences, captureText: capture.text ?? "")
    }
}
