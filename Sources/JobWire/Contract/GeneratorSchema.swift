import SocketIOWire

/// Rewrites the shapes' JSON Schemas into the equivalent forms that OpenAPI code generators read,
/// for the OpenAPI document only.
///
/// Why: the shapes say "a string or an integer" as a type array (`["string", "integer"]`), the
/// form AsyncAPI's payload validators read. Code generators such as swift-openapi-generator read
/// only the first type of such an array (so an id `9` would not decode) and read a member that
/// may be anything as its first type too. The rewrite keeps what each schema admits, exactly:
/// - an id (ELIG-2: a non-empty string or an integer) becomes a reference to the one ``idSchema``
///   component, so a generated client has one id type rather than one per member;
/// - two or more other types besides null become `anyOf`, one branch per type with the keywords
///   that apply to it (`minLength` to strings, `minimum` to numbers), null as a branch of its own;
/// - every JSON type at once becomes no `type` at all (any value);
/// - one type, with or without null, stays as it is: generators read `["string", "null"]` as optional;
/// - a reference or null (`anyOf: [{$ref: X}, {type: null}]`, the only way JSON Schema says it)
///   becomes a reference to a component `XOrNull` of its own, X's schema with null admitted
///   (``components(_:)``): swift-openapi-generator 1.x reads no `null` schema and drops a member
///   whose `anyOf` or `oneOf` has one (a request state's winner and `apply`, REST-15), while it
///   reads a reference to a schema that admits null as an optional member.
enum GeneratorSchema {
    /// The name of the id component.
    static let idName = "Id"

    /// The id component: what ``FieldKind/id`` admits, as branches a generator reads. A bad id is
    /// reported under the id of the member holding it (a choice's `contractor`, TASK-16), so the
    /// component lists ELIG-2 among the requirements it serves rather than as its own `x-requirement`.
    static let idSchema: JSONValue = [
        "anyOf": [["type": "string", "minLength": 1], ["type": "integer"]],
        "description": "An id (ELIG-2): a non-empty string or an integer, compared as written.",
        "x-requirements": ["ELIG-2"],
    ]

    /// The keywords that constrain only values of one type.
    private static let keywords: [String: Set<String>] = [
        "string": ["minLength", "maxLength", "pattern", "format"],
        "integer": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "number": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "array": ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"],
        "object": ["properties", "required", "additionalProperties", "minProperties", "maxProperties"],
    ]

    /// The target of `anyOf: [{$ref: target}, {type: null}]`, nil for any other schema.
    private static func nullableReference(_ schema: JSONObject) -> String? {
        guard let branches = schema["anyOf"]?.arrayValue, branches.count == 2, branches[1] == ["type": "null"],
            let reference = branches[0].objectValue, reference.count == 1, let target = reference["$ref"]?.stringValue
        else { return nil }
        return target
    }

    /// The suffix of the component that admits null beside another's values.
    static let orNullSuffix = "OrNull"

    /// The `components/schemas` of the OpenAPI document: every schema rewritten, and an `XOrNull`
    /// component for each X a member refers to as "X or null".
    static func components(_ schemas: [String: JSONValue]) -> JSONValue {
        var rewritten = schemas.mapValues(rewrite)
        var wanted = Set(rewritten.values.flatMap(nullableReferences))
        var written: Set<String> = []
        while let name = wanted.subtracting(written).sorted().first {
            written.insert(name)
            guard let schema = rewritten[name] else { continue }
            let admitting = admittingNull(schema)
            var component = admitting.schema.objectValue ?? [:]
            component["description"] = .string("\(name) or null: the same schema admitting null, a component of its own so that code generators read a member referring to it as optional.")
            rewritten[name + orNullSuffix] = .object(component)
            wanted.formUnion(admitting.references)
        }
        return .object(JSONObject(rewritten.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: $0.value) }))
    }

    /// The components that `value` refers to through an `XOrNull` reference.
    private static func nullableReferences(_ value: JSONValue) -> [String] {
        switch value {
        case .array(let elements): return elements.flatMap(nullableReferences)
        case .object(let object):
            var found = object.members.flatMap { nullableReferences($0.value) }
            if let target = object["$ref"]?.stringValue, target.hasSuffix(orNullSuffix) {
                found.append(String(target.dropFirst(ContractShapes.reference("").count).dropLast(orNullSuffix.count)))
            }
            return found
        default: return []
        }
    }

    /// `schema` with null admitted besides what it admits, and the components its references then need an `XOrNull` of.
    private static func admittingNull(_ schema: JSONValue) -> (schema: JSONValue, references: [String]) {
        guard var object = schema.objectValue else { return (schema, []) }
        var references: [String] = []
        switch object["type"] {
        case .string(let type)?:
            object["type"] = [.string(type), "null"]
        case .array(let types)?:
            if !types.contains("null") { object["type"] = .array(types + ["null"]) }
        case nil:
            if let target = object["$ref"]?.stringValue {
                // A reference: to the target's own XOrNull.
                object["$ref"] = .string(target + orNullSuffix)
                references.append(String(target.dropFirst(ContractShapes.reference("").count)))
            } else if var branches = object["anyOf"]?.arrayValue, let first = branches.first {
                // Null joins the first branch: anyOf [A ∪ null, B] admits what anyOf [A, B] does, and null.
                let admitting = admittingNull(first)
                branches[0] = admitting.schema
                object["anyOf"] = .array(branches)
                references += admitting.references
            }
            // No type and no branches: every value, null too, is admitted already.
        default:
            break
        }
        if let allowed = object["enum"]?.arrayValue, !allowed.contains(.null) { object["enum"] = .array(allowed + [.null]) }
        return (.object(object), references)
    }

    /// Every schema in `value`, rewritten where it has several types.
    static func rewrite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(rewrite))
        case .object(let object):
            var rewritten = JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: rewrite($0.value)) })
            if let target = nullableReference(rewritten) {
                rewritten["anyOf"] = nil
                rewritten["$ref"] = .string(target + orNullSuffix)
                return .object(rewritten)
            }
            guard case .array(let types)? = rewritten["type"] else { return .object(rewritten) }
            let named = types.compactMap { $0.stringValue }
            let nonNull = named.filter { $0 != "null" }
            if nonNull.count < 2 { return .object(rewritten) }
            rewritten["type"] = nil
            if named.count == FieldKind.anyType.count { return .object(rewritten) }
            if nonNull == ["string", "integer"] {
                rewritten["minLength"] = nil
                rewritten["$ref"] = .string(ContractShapes.reference(idName + (named.contains("null") ? orNullSuffix : "")))
                return .object(rewritten)
            }
            var branches: [JSONValue] = []
            for type in nonNull {
                var branch: JSONObject = ["type": .string(type)]
                for keyword in keywords[type] ?? [] { if let constraint = object[keyword] { branch[keyword] = rewrite(constraint) } }
                branches.append(.object(branch))
            }
            for keyword in keywords.values.reduce(into: Set<String>(), { $0.formUnion($1) }) { rewritten[keyword] = nil }
            if named.contains("null") { branches.append(["type": "null"]) }
            rewritten["anyOf"] = JSONValue.array(branches)
            return .object(rewritten)
        default: return value
        }
    }
}
