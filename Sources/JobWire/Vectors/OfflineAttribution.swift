import SocketIOWire

/// Which requirement a wrong answer to an `offline` vector breaks, judged by the checker's own
/// rules: the answer and the expectation are both written as the capture an app would record
/// (``OfflineAnswerTrace``) and checked. A vector names the requirement it exercises, but a wrong
/// app may fail it by breaking another one (an edit vector of OFFL-5 failed by dropping a create,
/// which is OFFL-8's); the report then names what the rules find.
///
/// A vector that starts mid-session opens its capture with the session before it (the initial
/// queue, requests in flight, connectivity); a duty that falls there (the notification of a queued
/// edit, OFFL-13's GET on coming online) was the earlier session's, so only violations citing a
/// line of the vector's own steps are the answer's. Nor is a duty about when an operation runs: the
/// capture's app runs the operations the input lists and no other, so a list that appears with no
/// `refresh` after it (OFFL-16) is the input's choice. Nothing is attributed when the answer cannot
/// be read as a run of steps: the failure then stays under the vector's requirement.
enum OfflineAttribution {
    /// The violations the rules find in what `observed` did during the vector's steps.
    static func violations(for vector: VectorCase, observed: JSONValue) -> [Violation] {
        guard let capture = OfflineAnswerTrace.capture(input: vector.input, answer: observed) else { return [] }
        return capture.violations().map { Violation(requirement: $0.requirement, lines: [], expected: $0.expected, observed: $0.observed) }
    }
}

extension OfflineAnswerTrace {
    /// Requirements about when an app runs an operation by itself, which a vector's input decides:
    /// the refresh as the list appears or the app returns onto it (OFFL-16).
    static let inputsDuties: Set<RequirementID> = ["OFFL-16"]

    /// Every violation the checker keeps that cites a line of the vector's steps, in requirement
    /// order, with its lines in this capture; none of ``inputsDuties``.
    func violations() -> [Violation] {
        // One app writes every call, each under its own `seq`, so no line is another app's call
        // (XIDOwnership) and the check cannot refuse the trace.
        guard let verdict = try? TraceChecker.check(header: Self.header, events: events, file: "answer") else { return [] }
        return verdict.rules.filter { $0.failed && !Self.inputsDuties.contains($0.info.id) }.flatMap(\.violations)
            .filter { $0.lines.contains { $0 >= firstStepLine } }
    }
}
