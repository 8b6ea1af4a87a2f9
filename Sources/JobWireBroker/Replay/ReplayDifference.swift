import JobWire

/// One place where the new backend answered or emitted otherwise than the recording: the
/// recorded line, what it was (an answer, an event an app got), and how it differs.
public struct ReplayDifference: Sendable, Hashable, CustomStringConvertible {
    /// The recorded line the difference is about, nil for an event only the replay got.
    public var line: Int?
    /// What the line was: `the answer to POST /api/requests`, `the new worker w-1 got`.
    public var subject: String
    /// How the replay differs.
    public var detail: String

    /// A difference about recorded `line` (nil: an event only the replay got).
    public init(line: Int?, subject: String, detail: String) {
        self.line = line
        self.subject = subject
        self.detail = detail
    }

    /// `line N: subject: detail`.
    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(subject): \(detail)"
    }

    /// The pseudo-requirement a difference is reported under, `REPLAY`: no requirement of Docs/PROTOCOL.md
    /// says a backend answers as a recording did, so a difference is its own kind of failure.
    public static let requirement: RequirementID = "REPLAY"

    /// The difference as a failed case of a run's report, `FILE:line-N` (or `FILE:extra-N`), for
    /// the text, JSON and JUnit reports and a known-failures file.
    func caseResult(file: String, index: Int) -> CaseResult {
        CaseResult(
            id: "\(file):" + (line.map { "line-\($0)" } ?? "extra-\(index)"),
            description: "the backend answers and emits as the recording (\(subject))",
            requirement: Self.requirement,
            outcome: .failed(expected: "as recorded" + (line.map { " on line \($0)" } ?? ""), observed: detail),
            location: line.map { "\(file):\($0)" } ?? file)
    }
}
