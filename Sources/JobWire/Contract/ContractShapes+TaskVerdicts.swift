import SocketIOWire

/// The shape-only verdicts on the task API's bodies and answers that the TASK rules report and
/// `jobwire spec shapes` gives beside the exported schemas: the members as
/// ``taskRequestBody(_:)`` and ``taskAnswer(_:)`` declare them, nested shapes judged too.
extension ContractShapes {
    /// What is wrong with a task call's body, each problem with its field path and the id of the
    /// rule that judges it; empty for a well-formed body or a call that takes none.
    public static func taskBodyProblems(_ call: TaskCallKind, _ body: JSONValue?) -> [ShapeProblem] {
        guard let shape = taskRequestBody(call) else { return [] }
        return shape.problems(ofValue: body, what: "body")
    }

    /// What is wrong with a task call's success answer: its members under the TASK ids of the rules
    /// that read them, a body that is no object or whose `ok` is not true under REST-1 (RESTAnswerShapes).
    public static func taskAnswerProblems(_ call: TaskCallKind, _ body: JSONValue?) -> [ShapeProblem] {
        taskAnswer(call).problems(ofValue: body, what: "answer")
    }
}

extension MessageShape {
    /// The nested problems of `value`, or one under the shape's object requirement when it is no object.
    func problems(ofValue value: JSONValue?, what: String) -> [ShapeProblem] {
        guard let object = value?.objectValue else {
            let found = value.map { "is \($0.typeDescription), not an object" } ?? "is missing"
            return [ShapeProblem(requirement: objectRequirement ?? fields[0].requirement, field: what, problem: found)]
        }
        return nestedProblems(object)
    }
}
