import SocketIOWire

/// One member of a ``MessageShape``: its name, its ``FieldKind``, whether it must be there, the
/// requirement that defines it and, for a close's caller id (REST-19), the `by` it goes with.
public struct ShapeField: Sendable, Hashable {
    /// Whether the member must be there and whether null stands for absent.
    public enum Presence: Sendable, Hashable {
        /// Must be present; absent is reported.
        case required
        /// May be absent; when present (even null) it is judged.
        case optional
        /// May be absent or null; otherwise it is judged.
        case optionalOrNull
        /// Must be present, and may be null; otherwise it is judged.
        case requiredOrNull
    }

    /// When a member applies only if another member has a value (a close's `by`, REST-19).
    public struct Condition: Sendable, Hashable {
        /// The member looked at.
        public var member: String
        /// The string value it is compared with.
        public var value: String
        /// True when the field applies where the member equals the value, false where it does not.
        public var equals: Bool
    }

    public var name: String
    public var kind: FieldKind
    public var presence: Presence
    /// The requirement whose id a problem with this member is reported under.
    public var requirement: RequirementID
    public var condition: Condition?

    public init(_ name: String, _ kind: FieldKind, _ presence: Presence = .required, _ requirement: RequirementID, when condition: Condition? = nil) {
        self.name = name
        self.kind = kind
        self.presence = presence
        self.requirement = requirement
        self.condition = condition
    }

    /// This member's problems in `object`, in its kind's order.
    func problems(in object: JSONObject) -> [ShapeProblem] {
        if let condition, (object[condition.member]?.stringValue == condition.value) != condition.equals { return [] }
        let value = object[name]
        switch presence {
        case .required: break
        case .optional: if value == nil { return [] }
        case .optionalOrNull: if value == nil || value == .null { return [] }
        case .requiredOrNull:
            if value == .null { return [] }
            if value == nil { return [ShapeProblem(requirement: requirement, field: name, problem: "is missing; it is null when there is none")] }
        }
        return kind.problems(value, field: name).map { ShapeProblem(requirement: requirement, field: $0.field, problem: $0.problem) }
    }

    /// `schema` or null. A schema with a `type` takes `"null"` into its types (and its `enum`), the
    /// form code generators read as an optional; one without (a `$ref`, an `anyOf`) is wrapped in
    /// `anyOf` with the null type, the only way JSON Schema says it.
    static func nullable(_ schema: JSONObject) -> JSONObject {
        var schema = schema
        switch schema["type"] {
        case .string(let type)?: schema["type"] = [.string(type), "null"]
        case .array(let types)?: if !types.contains("null") { schema["type"] = .array(types + ["null"]) }
        default: return ["anyOf": [.object(schema), ["type": "null"]]]
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(.null) { schema["enum"] = .array(allowed + [.null]) }
        return schema
    }

    /// The member's schema with the id of the requirement it serves.
    var schema: JSONValue {
        var schema = kind.schema
        if presence == .optionalOrNull || presence == .requiredOrNull { schema = Self.nullable(schema) }
        schema["x-requirement"] = .string(requirement.rawValue)
        return .object(schema)
    }
}

/// The shape of one payload or body: its members in the order PROTOCOL.md lists them, each with
/// the requirement it serves. The checker judges with ``problems(_:)``; the contract documents
/// carry ``schema`` (JSON Schema 2020-12, `x-requirement` on every member).
///
/// Members no shape names are allowed (MSG-12), so the schemas never close an object.
public struct MessageShape: Sendable, Hashable {
    /// The name of the schema in the documents' components, such as `NewPayload`.
    public var name: String
    /// One sentence on what the payload or body is.
    public var summary: String
    /// The requirements the payload or body serves, for `x-requirements`.
    public var requirements: [RequirementID]
    /// The requirement a value that is no object at all breaks (MSG-1, REST-1, REST-13), the schema's own `x-requirement`.
    public var objectRequirement: RequirementID?
    public var fields: [ShapeField]

    public init(_ name: String, _ summary: String, requirements: [RequirementID], object: RequirementID? = nil, fields: [ShapeField]) {
        self.name = name
        self.summary = summary
        self.requirements = requirements
        self.objectRequirement = object
        self.fields = fields
    }

    /// Every member of `object` that breaks the shape, in the order of the fields.
    public func problems(_ object: JSONObject) -> [ShapeProblem] {
        fields.flatMap { $0.problems(in: object) }
    }

    /// The same shape with only the members serving `ids` (a getJobs job holds a `new`'s MSG-4 and MSG-7 members, REST-4).
    /// Its members are then reported under `requirement`, the id of the message that carries them.
    public func keeping(_ ids: Set<RequirementID>, as requirement: RequirementID, named name: String, _ summary: String, requirements: [RequirementID]) -> MessageShape {
        let kept = fields.filter { ids.contains($0.requirement) }.map { field in
            var field = field
            field.requirement = requirement
            return field
        }
        return MessageShape(name, summary, requirements: requirements, object: requirement, fields: kept)
    }

    /// The JSON Schema (2020-12) of the shape.
    public var schema: JSONValue {
        // additionalProperties says outright what MSG-12 allows, for tools that flag unlisted members otherwise.
        var schema: JSONObject = ["type": "object", "description": .string(summary), "additionalProperties": true]
        schema["x-requirements"] = .array(requirements.map { .string($0.rawValue) })
        if let objectRequirement { schema["x-requirement"] = .string(objectRequirement.rawValue) }
        let plain = fields.filter { $0.condition == nil }
        schema["properties"] = .object(JSONObject(plain.map { .init(key: $0.name, value: $0.schema) }))
        let required = plain.filter { $0.presence == .required || $0.presence == .requiredOrNull }.map { JSONValue.string($0.name) }
        if !required.isEmpty { schema["required"] = .array(required) }
        // One condition at most per shape: a close's caller id goes with its `by` (REST-19).
        if let condition = fields.lazy.compactMap(\.condition).first {
            let applying = { (equals: Bool) -> JSONValue in
                let members = fields.filter { $0.condition?.member == condition.member && $0.condition?.equals == equals }
                var branch: JSONObject = ["properties": .object(JSONObject(members.map { .init(key: $0.name, value: $0.schema) }))]
                // A member the branch requires (a bad_request's `field`, REST-7) is required there, as the checker judges it.
                let required = members.filter { $0.presence == .required || $0.presence == .requiredOrNull }.map { JSONValue.string($0.name) }
                if !required.isEmpty { branch["required"] = .array(required) }
                return .object(branch)
            }
            schema["if"] = ["properties": [condition.member: ["const": .string(condition.value)]], "required": [.string(condition.member)]]
            schema["then"] = applying(true)
            schema["else"] = applying(false)
        }
        return .object(schema)
    }
}
