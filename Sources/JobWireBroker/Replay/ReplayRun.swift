import JobWire

/// A replay's outcome: the checker's verdict on the new traffic and how it differs from the recording.
public struct ReplayRun: Sendable {
    /// What was played.
    public var script: ReplayScript
    /// The checker's verdict on the new traffic.
    public var verdict: TraceVerdict
    /// Where the backend answered or emitted otherwise than the recording, in the order found.
    public var differences: [ReplayDifference]
    /// The new traffic as a trace.
    public var captureText: String

    /// The requirements the new traffic failed.
    public var failedIDs: [RequirementID] { verdict.failedIDs }

    /// One case per requirement the checker judges, then one failed case per difference.
    public func caseResults() -> [CaseResult] {
        verdict.caseResults() + differences.enumerated().map { $0.element.caseResult(file: script.file, index: $0.offset + 1) }
    }
}
