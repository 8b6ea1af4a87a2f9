import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The OpenAPI document says "X or null" in the form code generators keep: a reference to a
/// component `XOrNull` that admits null, never an `anyOf` or `oneOf` with a null branch, which
/// swift-openapi-generator 1.x drops with the member that holds it.
struct GeneratorSchemaTests {
    static let schemas = OpenAPIDocument.json()["components"]?["schemas"]?.objectValue ?? [:]

    /// Every subschema of `value` a generator reads, with the path to it: none under `if`, `then`
    /// or `else` (the conditions of a close's caller id and an error's field), which it skips.
    static func subschemas(_ value: JSONValue, at path: String) -> [(path: String, schema: JSONObject)] {
        switch value {
        case .object(let object):
            let read = object.members.filter { !["if", "then", "else"].contains($0.key) }
            return [(path, object)] + read.flatMap { subschemas($0.value, at: "\(path)/\($0.key)") }
        case .array(let elements):
            return elements.enumerated().flatMap { subschemas($0.element, at: "\(path)/\($0.offset)") }
        default:
            return []
        }
    }

    @Test func noSchemaHasANullBranch() {
        for (path, schema) in Self.subschemas(.object(Self.schemas), at: "#/components/schemas") {
            for keyword in ["anyOf", "oneOf"] {
                let branches = schema[keyword]?.arrayValue ?? []
                #expect(!branches.contains(["type": "null"]), "\(path)/\(keyword) has a null branch")
            }
        }
    }

    @Test func aRequestStatesWinnerAndApplyReferToComponentsAdmittingNull() {
        let state = Self.schemas["RequestState"]?["properties"]
        #expect(state?["workerId"]?["$ref"] == "#/components/schemas/IdOrNull")
        #expect(state?["apply"]?["$ref"] == "#/components/schemas/ApplyPayloadOrNull")
        #expect(state?["end"]?["type"] == ["object", "null"])
        // The other nullable ids of the REST calls too (REST-13, REST-17).
        #expect(Self.schemas["PostRequestBody"]?["properties"]?["workerId"]?["$ref"] == "#/components/schemas/IdOrNull")
        #expect(Self.schemas["WorkerProfile"]?["properties"]?["expertSource"]?["$ref"] == "#/components/schemas/IdOrNull")
    }

    @Test func anOrNullComponentIsItsTargetWithNullAdmitted() throws {
        var apply = try #require(Self.schemas["ApplyPayloadOrNull"]?.objectValue)
        var target = try #require(Self.schemas["ApplyPayload"]?.objectValue)
        #expect(apply["type"] == ["object", "null"])
        for key in ["type", "description"] {
            apply[key] = nil
            target[key] = nil
        }
        #expect(apply == target, "ApplyPayloadOrNull differs from ApplyPayload beyond its type")
        // An id or null: null joins the string branch, the integer branch stays.
        let id = Self.schemas["IdOrNull"]?["anyOf"]
        #expect(id == [["minLength": 1, "type": ["string", "null"]], ["type": "integer"]])
    }
}
