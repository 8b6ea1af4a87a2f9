import Foundation

/// Text made safe for an HTML page: escaped markup, and JSON that can sit inside a `<script>`.
public enum HTMLText {
    /// `text` escaped for an element's content or a quoted attribute.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// `value` as JSON text for a `<script type="application/json">` element.
    ///
    /// `<`, `>` and `&` become `\u003c`, `\u003e` and `\u0026`, so no payload can close the
    /// script (`</script>`) or open a comment (`<!--`) that swallows the page; U+2028 and U+2029
    /// become `\u2028` and `\u2029`, which older JavaScript parsers take for line ends. These
    /// characters occur in JSON only inside strings, where the escapes mean the same text.
    public static func scriptJSON(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return scriptSafe(String(decoding: data, as: UTF8.self))
    }

    /// JSON text with the characters ``scriptJSON(_:)`` names escaped.
    public static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
