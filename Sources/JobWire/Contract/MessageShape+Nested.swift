import SocketIOWire

/// A shape judged with the shapes it holds: a request state's `new` as a `new` payload, a history
/// read's requests each as a ``ContractShapes/historyEntry``.
///
/// This is the verdict the documents' `$ref`s give: a nested member is reported under the id of
/// the nested shape's member that it breaks, and a nested value that is no object under the
/// nested shape's object requirement (the outer member's when the nested shape has none).
extension MessageShape {
    /// Every problem of `object`, the members of nested shapes judged too, each with its path (`requests[0].new.lat`).
    public func nestedProblems(_ object: JSONObject) -> [ShapeProblem] {
        fields.flatMap { field -> [ShapeProblem] in
            let own = field.problems(in: object)
            guard field.condition == nil, let shape = field.kind.nestedShape, let value = object[field.name], value != .null else { return own }
            switch field.kind {
            case .objects:
                guard let elements = value.arrayValue else { return own }
                return elements.enumerated().flatMap { index, element in
                    shape.judged(element, at: "\(field.name)[\(index)]", outer: field.requirement)
                }
            default:
                return shape.judged(value, at: field.name, outer: field.requirement)
            }
        }
    }

    /// The problems of a value held at `path` that should have this shape.
    private func judged(_ value: JSONValue, at path: String, outer: RequirementID) -> [ShapeProblem] {
        guard let object = value.objectValue else {
            return [ShapeProblem(requirement: objectRequirement ?? outer, field: path, problem: "is \(value.typeDescription), not an object")]
        }
        return nestedProblems(object).map { ShapeProblem(requirement: $0.requirement, field: "\(path).\($0.field)", problem: $0.problem) }
    }
}

extension FieldKind {
    /// The shape a member of this kind holds (an object or each element of an array), nil for a kind holding none.
    var nestedShape: MessageShape? {
        switch self {
        case .object(let name), .objects(let name): return ContractShapes.shape(named: name)
        default: return nil
        }
    }
}

extension ContractShapes {
    /// Every shape by name.
    static let shapesByName: [String: MessageShape] = Dictionary(allShapes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The shape of `components/schemas/name`, nil for a name no shape has.
    public static func shape(named name: String) -> MessageShape? { shapesByName[name] }
}
