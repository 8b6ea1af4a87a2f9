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
/// - one type, with or without null, stays as it is: generators read `["string", "null"]` as optional.
enum GeneratorSchema {
    /// The name of the id component.
    static let idName = "Id"

    /// The id component: what ``FieldKind/id`` admits, as branches a generator reads.
    static let idSchema: JSONValue = [
        "anyOf": [["type": "string", "minLength": 1], ["type": "integer"]],
        "description": "An id (ELIG-2): a non-empty string or an integer, compared as written.",
        "x-requirement": "ELIG-2",
    ]

    /// The keywords that constrain only values of one type.
    private static let keywords: [String: Set<String>] = [
        "string": ["minLength", "maxLength", "pattern", "format"],
        "integer": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "number": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "array": ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"],
        "object": ["properties", "required", "additionalProperties", "minProperties", "maxProperties"],
    ]

    /// Every schema in `value`, rewritten where it has several types.
    static func rewrite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(rewrite))
        case .object(let object):
            var rewritten = JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: rewrite($0.value)) })
            guard case .array(let types)? = rewritten["type"] else { return .object(rewritten) }
            let named = types.compactMap { $0.stringValue }
            let nonNull = named.filter { $0 != "null" }
            if nonNull.count < 2 { return .object(rewritten) }
            rewritten["type"] = nil
            if named.count == FieldKind.anyType.count { return .object(rewritten) }
            if nonNull == ["string", "integer"] {
                rewritten["minLength"] = nil
                let reference: JSONValue = ["$ref": .string(ContractShapes.reference(idName))]
                if named.contains("null") { rewritten["anyOf"] = [reference, ["type": "null"]] } else { rewritten["$ref"] = .string(ContractShapes.reference(idName)) }
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
