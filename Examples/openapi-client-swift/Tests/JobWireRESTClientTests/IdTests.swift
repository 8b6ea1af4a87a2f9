import Foundation
import JobWireRESTClient
import Testing

/// Ids are a string or an integer (ELIG-2): the document's one `Id` component decodes both and
/// writes each back as it came, so a backend with integer ids needs no change in the client.
struct IdTests {
    @Test(arguments: [#""plumbing""#, "9", "12345678901"])
    func anIdDecodesAndEncodesAsWritten(json: String) throws {
        let id = try JSONDecoder().decode(Components.Schemas.Id.self, from: Data(json.utf8))
        #expect(String(decoding: try JSONEncoder().encode(id), as: UTF8.self) == json)
    }

    @Test func anIntegerIdReadsAsItsDigits() throws {
        let id = try JSONDecoder().decode(Components.Schemas.Id.self, from: Data("9".utf8))
        #expect(id.value2 == 9)
        #expect(id.description == "9")
    }
}
