import Foundation
import JobWireRESTClient
import Testing

/// `RESTError`, which stands in for the document's `Error` schema, against the document itself,
/// so the hand-written type cannot drift from Docs/jobwire.openapi.json (REST-7).
struct RESTErrorTests {
    /// The document the generator read: the target's openapi.json (a link to Docs/).
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/JobWireRESTClient/openapi.json")

    @Test func itsCodesAreTheDocumentsCodes() throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.document))
        let schemas = (json as? [String: Any]).flatMap { $0["components"] as? [String: Any] }.flatMap { $0["schemas"] as? [String: Any] }
        let error = try #require(schemas?["Error"] as? [String: Any], "no components.schemas.Error in \(Self.document.path)")
        let properties = try #require(error["properties"] as? [String: Any])
        let code = try #require(properties["code"] as? [String: Any])
        let codes = try #require(code["enum"] as? [String])
        #expect(codes == RESTError.Code.allCases.map(\.rawValue))
        #expect(Set(error["required"] as? [String] ?? []) == ["code", "message"])
    }

    @Test func aBadRequestBodyDecodesWithItsField() throws {
        let body = Data(#"{"ok":false,"error":{"code":"bad_request","message":"lat: is 91, outside -90 ... 90","field":"lat"}}"#.utf8)
        let decoded = try JSONDecoder().decode(Components.Schemas.ErrorAnswer.self, from: body)
        #expect(decoded.error == RESTError(code: .bad_request, message: "lat: is 91, outside -90 ... 90", field: "lat"))
    }
}
