import SocketIOWire

/// The shape problems of a task call's body and answer as ``ContractShapes`` declares them, which
/// each TASK rule reports under its own id; `jobwire spec shapes` gives the same verdicts.
extension TaskAnswer {
    /// The body's problems (``ContractShapes/taskBodyProblems(_:_:)``).
    var bodyProblems: [ShapeProblem] { ContractShapes.taskBodyProblems(call, requestBody) }

    /// The success answer's problems under `id`; none for a failure.
    func answerProblems(_ id: RequirementID) -> [ShapeProblem] {
        guard succeeded else { return [] }
        return ContractShapes.taskAnswerProblems(call, body).filter { $0.requirement == id }
    }

    /// True for 400 `bad_request` naming one of `problems`' fields or the member it is in (`dates` for `dates[0].end`).
    func badRequest(namingOneOf problems: [ShapeProblem]) -> Bool {
        badRequest(naming: problems.flatMap { [$0.field, $0.member] })
    }
}

extension ShapeProblem {
    /// The top member the problem is in: `dates` for `dates[0].end`, `body` for a body that is no object.
    var member: String { String(field.prefix { $0 != "[" && $0 != "." }) }

    /// Problems joined for an observed text.
    static func texts(_ problems: [ShapeProblem]) -> String { problems.prefix(3).map(\.text).joined(separator: "; ") }
}
