import Foundation
import JobWire

/// Runs a scenario in virtual time against an app under test (`jobwire scenario run`): the
/// ``ScenarioEngine`` jumps from one due moment to the next, so a 10-minute timeout takes
/// milliseconds, and every input waits for the app's answer before time moves on.
public enum ScenarioRunner {
    /// The start of virtual time: 2026-01-01T00:00:00Z, as in the shipped traces.
    public static let virtualStart: Int64 = 1_767_225_600_000
    /// More inputs than any scenario needs: an app that asks for timers in a loop is stopped.
    static let inputLimit = 20_000

    /// Runs `scenario` against `testee`, writing the capture to `capturePath` when given. The
    /// testee stays up for the next scenario; its owner calls ``ScenarioTestee/finish()``.
    public static func run(_ scenario: Scenario, testee: any ScenarioTestee, capturePath: String? = nil, start: Int64 = virtualStart) async -> ScenarioResult {
        guard await testee.plays(scenario.app.role) else {
            return ScenarioResult(scenario: scenario, skipped: "\(await testee.name) plays no \(scenario.app.role.protocolName)")
        }
        let recorder: CaptureRecorder
        do {
            recorder = try CaptureRecorder(header: scenario.header, path: capturePath, name: scenario.name, keepText: true)
        } catch {
            return ScenarioResult(scenario: scenario, error: error.description)
        }
        var engine = ScenarioEngine(scenario: scenario, start: start)
        var result = ScenarioResult(scenario: scenario)
        var pending = engine.begin()
        var inputs = 0
        switch await testee.start(scenario.app.config(scenario: scenario), now: start) {
        case .actions(let actions): pending += engine.appDid(actions, at: start)
        case .broken(let message): return broken(message, scenario, recorder, &engine, result)
        }
        while true {
            while !pending.isEmpty {
                let output = pending.removeFirst()
                switch output {
                case .record(let event):
                    do {
                        try recorder.record(event)
                    } catch {
                        return broken("the kit wrote a bad line: \(error.description)", scenario, recorder, &engine, result)
                    }
                case .refused(let message):
                    return broken(message, scenario, recorder, &engine, result)
                case .toApp(let input):
                    inputs += 1
                    guard inputs <= inputLimit else {
                        return broken("the app needed more than \(inputLimit) inputs; does it set a timer for the current time again and again?", scenario, recorder, &engine, result)
                    }
                    switch await testee.handle(input, now: engine.now) {
                    case .actions(let actions): pending += engine.appDid(actions, at: engine.now)
                    case .broken(let message): return broken(message, scenario, recorder, &engine, result)
                    }
                case .note(let note):
                    result.notes.append(note)
                case .stepFailed(let failure):
                    result.stepFailures.append(failure)
                case .finished:
                    break
                }
            }
            guard let wake = engine.nextWake else { break }
            pending = engine.advance(to: wake)
        }
        result.verdict = recorder.finish()
        result.capture = recorder.text
        return result
    }

    /// Ends a run whose app broke the protocol: the capture so far is kept, the case is an error.
    private static func broken(_ message: String, _ scenario: Scenario, _ recorder: CaptureRecorder, _ engine: inout ScenarioEngine, _ partial: ScenarioResult) -> ScenarioResult {
        var result = partial
        for case .record(let event) in engine.stop(message) { try? recorder.record(event) }
        result.verdict = recorder.finish()
        result.capture = recorder.text
        result.error = message
        return result
    }
}
