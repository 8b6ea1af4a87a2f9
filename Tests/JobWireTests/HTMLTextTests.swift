import Foundation
import Testing
@testable import JobWire

/// Escaping for the HTML report: no payload can break out of the page's script or markup.
@Suite struct HTMLTextTests {
    static let hostile = "</script><script>alert(1)</script> <!-- x \u{2028}\u{2029} & \"'"

    @Test func scriptJSONHidesEveryCharacterThatCouldEndTheScript() throws {
        let json = HTMLText.scriptJSON(["payload": Self.hostile])
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!json.contains(forbidden)) }
        // The escapes still mean the same text to a JSON reader.
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded["payload"] == Self.hostile)
    }

    @Test func escapeLeavesNoMarkup() {
        let text = HTMLText.escape(Self.hostile)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("\"") && !text.contains("'"))
        #expect(text.hasPrefix("&lt;/script&gt;"))
    }
}
