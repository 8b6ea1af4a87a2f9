import Foundation
import JobWire
import SocketIOWire
import Synchronization

/// The live side of `jobwire broker --console` (Docs/BROKER.md, "The console"): one scenario's
/// session, its capture as it is written (``ConsoleFeed``) with the checker's findings so far, and
/// the person's controls: pause, step, resume, inject a step of the scenario vocabulary.
///
/// Pausing stops the session's ``ConsoleClock``, so nothing of the scenario falls due while it
/// stands; stepping moves it to the next moment the scenario waits for (``BrokerSession/nextWake``)
/// and runs that moment at once, and its lines are written before the answer, so a page that
/// waits for them waits for events, never for a time. The app under test is a real app: its own
/// timers run on.
public final class BrokerConsole: Sendable {
    /// The session driven.
    public let session: BrokerSession
    /// The session's clock.
    public let clock: ConsoleClock
    /// The capture the session writes.
    public let recorder: CaptureRecorder
    /// Its lines, drawn, for pages.
    public let feed = ConsoleFeed()
    /// Gives violations their requirement's sentence.
    public let catalog: RequirementCatalog?
    private let injected = Mutex<[ScenarioStep]>([])

    /// A console of `session`, which must run on `clock` and record into `recorder`; every line
    /// written from now on is drawn by the report's ``TimelineBuilder`` and reaches the feed.
    public init(session: BrokerSession, clock: ConsoleClock, recorder: CaptureRecorder, catalog: RequirementCatalog? = nil) {
        self.session = session
        self.clock = clock
        self.recorder = recorder
        self.catalog = catalog
        let feed = feed
        let builder = Mutex(TimelineBuilder(title: session.scenario.name, header: recorder.header, catalog: catalog))
        // The recorder calls this in line order, under its lock: the steps are made in that order.
        recorder.observeLines { event, _ in
            let entry = builder.withLock { builder in
                let (steps, lanes, spans) = builder.add(event)
                return ConsoleFeed.Entry(step: steps[0], lanes: lanes, spans: spans)
            }
            feed.append(entry)
        }
        if clock.isPaused { writeHeld() }
    }

    /// What a control request did: its HTTP status and JSON answer.
    public struct Answer: Sendable {
        /// 200, 400 (a malformed request) or 409 (not now: before the start, after the end).
        public var status: Int
        /// `{"ok": true, "state": ...}` or `{"ok": false, "error": {"field", "message"}}`.
        public var body: JSONValue
    }

    /// Runs one control request (``ConsoleCommand``).
    public func control(_ body: [UInt8]) -> Answer {
        let command: ConsoleCommand
        do {
            // An inject is read against the aliases declared so far and run under one lock, so two
            // pages injecting at once cannot both declare one alias, and the steps run in the
            // order their indexes say.
            let refusal: Answer?
            (command, refusal) = try injected.withLock { steps throws(InputError) -> (ConsoleCommand, Answer?) in
                let index = session.scenario.steps.count + steps.count
                let command = try ConsoleCommand.read(body, scenario: session.scenario, aliases: declaredAliases(steps), index: index)
                guard case .inject(let step) = command else { return (command, nil) }
                if let refusal = notRunning() { return (command, refusal) }
                steps.append(step)
                _ = session.inject(step)
                return (command, nil)
            }
            if let refusal { return refusal }
        } catch {
            return Answer(status: 400, body: ["ok": false, "error": ["field": .string(error.field ?? "body"), "message": .string(error.message)]])
        }
        switch command {
        case .pause:
            clock.pause()
            writeHeld()
        case .resume:
            clock.resume()
        case .step:
            if let refusal = notRunning() { return refusal }
            clock.pause()
            if let wake = session.nextWake { clock.step(to: wake) }
            session.advance()
            writeHeld()
        case .inject:
            if clock.isPaused { writeHeld() }
        }
        feed.touch()
        return Answer(status: 200, body: ["ok": true, "state": state])
    }

    /// The console's state: the scenario, whether it started, stands still or ended, the clock's
    /// time and the next moment due, and the cursor of the last line written.
    public var state: JSONValue {
        let scenario = session.scenario
        return [
            "scenario": .string(scenario.name), "play": .string(scenario.play.rawValue),
            "app": ["role": .string(scenario.app.role.rawValue), "id": .string(scenario.app.id)],
            "started": .bool(session.hasStarted), "paused": .bool(clock.isPaused), "finished": .bool(session.isFinished),
            "now": .int(clock.now()), "nextWake": session.nextWake.map { .int($0) } ?? .null,
            "cursor": .int(Int64(feed.cursor)), "version": .int(Int64(feed.version)),
        ]
    }

    /// The swimlane steps (with the lanes and spans they open) after line `cursor`, the findings
    /// so far and the state; waits for a line or a change of state (`seen` is the version the
    /// page has) when there is none yet.
    public func poll(after cursor: Int, seen: Int, limit: Duration = ConsoleFeed.longPoll) async -> JSONValue {
        await feed.wait(after: cursor, seen: seen, limit: limit)
        let entries = feed.entries(after: cursor)
        let verdict = recorder.verdictSoFar
        let violations = verdict.rules.filter(\.failed).flatMap(\.violations).map { TimelineViolation($0, catalog: catalog) }
        return [
            "cursor": .int(Int64(entries.last?.line ?? cursor)),
            "steps": Self.json(entries.map(\.step)), "lanes": Self.json(entries.flatMap(\.lanes)), "spans": Self.json(entries.flatMap(\.spans)),
            "violations": Self.json(violations), "verdict": Self.findings(verdict), "state": state,
        ]
    }

    /// A timeline part as JSON, as the report's page reads it.
    private static func json(_ value: some Encodable) -> JSONValue {
        let data = (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
        return (try? JSONParser.parse(Array(data))) ?? .null
    }

    /// The checker's findings so far, by requirement id: each failed requirement with its check and
    /// the violations kept, each with the lines it cites.
    static func findings(_ verdict: TraceVerdict) -> JSONValue {
        .array(
            verdict.rules.filter(\.failed).map { rule in
                [
                    "id": .string(rule.info.id.rawValue), "check": .string(rule.info.check), "count": .int(Int64(rule.violationCount)),
                    "violations": .array(
                        rule.violations.map { violation in
                            ["lines": .array(violation.lines.map { .int(Int64($0)) }), "expected": .string(violation.expected), "observed": .string(violation.observed)]
                        }),
                ]
            })
    }

    /// The aliases the scenario's posts and the injected ones declare.
    private func declaredAliases(_ injected: [ScenarioStep]) -> Set<String> {
        var aliases: Set<String> = []
        for step in session.scenario.steps + injected {
            if case .post(let alias, _) = step.action { aliases.insert(alias) }
        }
        return aliases
    }

    /// Why the scenario cannot be stepped or injected into now, or nil.
    private func notRunning() -> Answer? {
        let why: String
        if session.isFinished {
            why = "the scenario is over"
        } else if !session.hasStarted {
            why = "the scenario has not started: it starts when the \(session.scenario.app.role.protocolName) under test (\(session.scenario.app.id)) connects"
        } else {
            return nil
        }
        return Answer(status: 409, body: ["ok": false, "error": ["field": "command", "message": .string(why)]])
    }

    /// Writes what the capture holds for ordering up to the clock's time, so a paused session
    /// shows every line of the moment it stands at (and a line stamped then is written at once).
    private func writeHeld() {
        recorder.flush(now: clock.now() + (recorder.reorderWindowMs ?? 0) + 1)
    }
}
