import Foundation

/// Text made safe for an HTML page: escaped markup, and JSON that can sit inside a `<script>`.
public enum HTMLText {
    /// `text` escaped for an element's content or a quoted attribute.
    public static func escape(_ text: String) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return nil
            }
        }
    }

    /// `value` as JSON text for a `<script type="application/json">` element.
    ///
    /// `<`, `>` and `&` become `\u003c`, `\u003e` and `\u0026`, so no payload can close the
    /// script (`</script>`) or open a comment (`<!--`) that swallows the page; U+2028 and U+2029
    /// become `\u2028` and `\u2029`, which older JavaScript parsers take for line ends. These
    /// characters occur in JSON only inside strings, where the escapes mean the same text. Keys are
    /// sorted, so the same run writes the same page.
    public static func scriptJSON(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return scriptSafe(String(decoding: data, as: UTF8.self))
    }

    /// JSON text with the characters ``scriptJSON(_:)`` names escaped.
    public static func scriptSafe(_ json: String) -> String {
        replacing(json) { scalar in
            switch scalar {
            case "<": return "\\u003c"
            case ">": return "\\u003e"
            case "&": return "\\u0026"
            case "\u{2028}": return "\\u2028"
            case "\u{2029}": return "\\u2029"
            default: return nil
            }
        }
    }

    /// `text` with each scalar `replacement` gives text for replaced by it.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
