import JobWire

/// The match verdict of a served session (`jobwire broker --replay`) as failed cases beside the
/// checker's, under the pseudo-requirement `REPLAY` as `jobwire replay`'s differences: no
/// requirement of Docs/PROTOCOL.md says an app does what a recording did, so a call the recording
/// never saw, or a recorded step the app never did, is its own kind of failure.
public enum ServedMatchCases {
    /// One failed case per mismatch (`CAPTURE:unmatched-N`) and per recorded step never done
    /// (`CAPTURE:line-N`), for the text, JSON and JUnit reports and a known-failures file.
    public static func caseResults(file: String, mismatches: [ReplayMismatch], remaining: [RecordedScript.Step]) -> [CaseResult] {
        let unmatched = mismatches.enumerated().map { index, mismatch in
            CaseResult(
                id: "\(file):unmatched-\(index + 1)", description: "the apps do only what the recording saw", requirement: ReplayDifference.requirement,
                outcome: .failed(expected: "a call or event the recording holds", observed: mismatch.description), location: file)
        }
        let undone = remaining.map { step in
            CaseResult(
                id: "\(file):line-\(step.line)", description: "the apps do every step the recording holds", requirement: ReplayDifference.requirement,
                outcome: .failed(expected: "\(step.actor) \(step.action) as on line \(step.line)", observed: "never done"), location: "\(file):\(step.line)")
        }
        return unmatched + undone
    }
}
