import Foundation
import SocketIOWire

/// Runs vectors through a testee and judges each answer with the suite's comparison.
public enum VectorRunner {
    /// Runs every case in order (a known-failures list is applied by the caller, once every
    /// suite has run); after a testee error that ends the session (see `AdapterTestee` in
    /// JobWireAdapters), the testee itself reports the remaining cases as errors.
    public static func run(_ cases: [VectorCase], suite: any VectorSuite, testee: any Testee) async -> RunReport {
        var results: [CaseResult] = []
        results.reserveCapacity(cases.count)
        for vector in cases {
            let start = ContinuousClock.now
            let answer = await testee.answer(vector, suite: suite)
            let elapsed = ContinuousClock.now - start
            let outcome: CaseOutcome
            var violations: [Violation] = []
            switch answer {
            case .output(let output):
                if let mismatch = suite.mismatch(for: vector, observed: output) {
                    outcome = .failed(expected: mismatch.expected, observed: mismatch.observed)
                    violations = suite.violations(for: vector, observed: output)
                } else {
                    outcome = .passed
                }
            case .skipped(let reason): outcome = .skipped(reason: reason)
            case .error(let message): outcome = .error(message: message)
            }
            results.append(
                CaseResult(
                    id: vector.id, description: vector.description, requirement: vector.requirement, outcome: outcome,
                    location: "\(vector.file):\(vector.line)",
                    durationSeconds: elapsed.inSeconds, violations: violations, requirements: vector.requirements
                )
            )
        }
        var report = RunReport(title: "vectors \(suite.name)", testee: await testee.name, results: results)
        if let problem = await testee.finish() { report.testeeProblems.append(problem) }
        return report
    }
}
