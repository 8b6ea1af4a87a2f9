import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

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
    /// compares it; one that does not come by the deadline is a difference saying how long it was awaited.
    func awaitEvent(_ index: Int, until deadline: ContinuousClock.Instant? = nil) async {
        guard !compared.contains(index) else { return }
        compared.insert(index)
        let expected = script.events[index]
        let subject = "the \(expected.message.event) \(expected.actor) got"
        guard let payload = await app(expected.actor).waitFor(expected.message.event, occurrence: expected.occurrence, until: deadline ?? .now + .milliseconds(options.stepTimeoutMs)) else {
            let how = options.fast ? "--fast, a step timeout of \(options.stepTimeoutMs) ms" : "a step timeout of \(options.stepTimeoutMs) ms"
            differences.append(ReplayDifference(line: expected.line, subject: subject, detail: "the replay never got it (waited \(how), then fenced its connection)"))
            return
        }
        compare(expected.message.payload, payload, line: expected.line, subject: subject)
    }

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
        var header = TraceHeader.recording(of: options.against.absoluteString, profile: script.header.profile)
        header.timeoutMs = script.header.timeoutMs
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
