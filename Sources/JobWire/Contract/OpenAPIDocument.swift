import SocketIOWire

/// The OpenAPI 3.1.0 document of PROTOCOL.md's REST calls in a profile: every call of the job
/// flow, the task API and the fixtures with its body, success answer and failure answers (REST-7's
/// body, restricted per status to the codes that go with it), each schema member carrying the
/// requirement it serves as `x-requirement`.
public enum OpenAPIDocument {
    /// The document for `profile`, keys sorted so that the same profile always gives the same bytes.
    public static func json(profile: ProtocolProfile = .standard) -> JSONValue {
        var paths: [String: JSONObject] = [:]
        for operation in ContractOperation.all(in: profile) {
            let path = String(operation.route.template.prefix { $0 != "?" })
            paths[path, default: [:]][operation.route.method.lowercased()] = .object(self.operation(operation))
        }
        var schemas = ContractShapes.componentSchemas
        schemas[GeneratorSchema.idName] = GeneratorSchema.idSchema
        for status in Set(ContractShapes.errorCodes.map(\.status)) {
            let codes = ContractShapes.errorCodes.filter { $0.status == status }.map { JSONValue.string($0.code) }
            schemas["ErrorAnswer\(status)"] = [
                "allOf": [["$ref": .string(ContractShapes.reference(ContractShapes.errorAnswer.name))]],
                "properties": ["error": ["properties": ["code": ["enum": .array(codes)]]]],
                "description": .string("A failure answer with status \(status): its code is one of those REST-7 gives the status."),
                "x-requirement": "REST-7",
            ]
        }
        let document: JSONObject = [
            "openapi": "3.1.0",
            "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
            "info": [
                "title": "JobWire REST calls", "version": .string(ContractDocuments.version),
                "description": .string(ContractDocuments.description(of: "REST calls")),
            ],
            "paths": .object(JSONObject(paths.map { .init(key: $0.key, value: .object($0.value)) })),
            "components": [
                "schemas": GeneratorSchema.components(schemas),
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "description": "The token of a sign-up or log-in (TASK-2, TASK-3, TASK-6)."]],
            ],
            "x-schema-gaps": .array(FieldKind.schemaGaps.map { .string($0) }),
        ]
        return JSONValue.object(document).sortingKeys
    }

    private static func operation(_ operation: ContractOperation) -> JSONObject {
        var object: JSONObject = [
            "operationId": .string(operation.id), "summary": .string(operation.summary),
            "x-requirements": .array(operation.requirements.map { .string($0.rawValue) }),
        ]
        var parameters: [JSONValue] = []
        let template = operation.route.template
        for name in placeholders(in: String(template.prefix { $0 != "?" })) {
            parameters.append(["name": .string(name), "in": "path", "required": true, "schema": ["type": "string", "minLength": 1]])
        }
        if let query = template.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "&") {
                let key = String(pair.prefix { $0 != "=" })
                parameters.append([
                    "name": .string(key), "in": "query", "required": true, "schema": ["type": "string", "minLength": 1],
                    "description": "missing or empty is bad_request naming it (REST-13)",
                ])
            }
        }
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body = operation.body {
            object["requestBody"] = ["required": true, "content": ["application/json": ["schema": ["$ref": .string(ContractShapes.reference(body))]]]]
        }
        if operation.bearer { object["security"] = [["bearer": []]] }
        var responses: JSONObject = ["2XX": response("Success (REST-1).", schema: operation.answer)]
        for status in operation.errors {
            let codes = ContractShapes.errorCodes.filter { $0.status == status }.map(\.code).joined(separator: ", ")
            responses["\(status)"] = response("Failure with code \(codes) (REST-7).", schema: "ErrorAnswer\(status)")
        }
        object["responses"] = .object(responses)
        return object
    }

    private static func response(_ description: String, schema: String) -> JSONValue {
        ["description": .string(description), "content": ["application/json": ["schema": ["$ref": .string(ContractShapes.reference(schema))]]]]
    }

    /// The `{name}` placeholders of a path template, in order.
    static func placeholders(in path: String) -> [String] {
        path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }
}
