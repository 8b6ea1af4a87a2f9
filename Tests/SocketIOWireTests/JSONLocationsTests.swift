import Testing
import SocketIOWire

/// Parsing with locations: each value's line and column, for errors that point into a file.
struct JSONLocationsTests {
    @Test func valuesAreLocatedByPointer() throws {
        let text = "{\n  \"cases\": [\n    {\"id\": \"a\"},\n    {\"id\": \"b\", \"x/y\": 1}\n  ]\n}"
        let (value, locations) = try JSONParser.parseWithLocations(Array(text.utf8))
        #expect(value["cases"]?.arrayValue?.count == 2)
        #expect(locations.position(of: ["cases", "1", "id"]) == LineIndex.Position(line: 4, column: 12))
        #expect(locations.position(of: ["cases", "1", "x/y"]).line == 4)
        #expect(locations.position(of: ["cases", "0"]) == LineIndex.Position(line: 3, column: 5))
    }

    /// RFC 6901 escapes `~` as `~0` and `/` as `~1`, in that order, and nothing else.
    @Test func pointerTokensAreEscapedAsRFC6901Says() {
        #expect(JSONLocations.pointer([]) == "")
        #expect(JSONLocations.pointer(["cases", "0", "id"]) == "/cases/0/id")
        #expect(JSONLocations.pointer(["a/b", "c~d", "~1", ""]) == "/a~1b/c~0d/~01/")
    }

    @Test func aMissingPathFallsBackToItsNearestAncestor() throws {
        let (_, locations) = try JSONParser.parseWithLocations(Array("{\n \"a\":\n  {\"b\": 1}}".utf8))
        #expect(locations.position(of: ["a", "missing"]).line == 3)
    }

    @Test func parseErrorsCarryTheOffset() {
        do {
            _ = try JSONParser.parseWithLocations(Array("{\"a\": tru}".utf8))
            Issue.record("accepted bad JSON")
        } catch {
            #expect(error.offset == 6)
        }
    }
}
