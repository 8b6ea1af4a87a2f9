extension JSONValue {
    /// Compact JSON text: no spaces, keys in order, integers without a decimal point,
    /// and only `"`, `\` and control characters escaped (as JavaScript's `JSON.stringify` does).
    public var compactText: String {
        var output = ""
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    /// Appends the compact text of this value to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .bigInt(let digits): output += digits
        case .double(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Formats a double exactly as JavaScript's `Number.prototype.toString` (ECMA-262 Number::toString),
    /// which `JSON.stringify` uses: the shortest round-tripping digits, written without an exponent
    /// for 1e-7 < |value| < 1e21 (`100`, `0.000001`, `123456789012345680000`) and as `1.5e-7`,
    /// `1e+21` otherwise; `-0` prints as `0` and non-finite values as `null`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        let (digits, exponent) = shortestDigits(of: value.magnitude)
        let sign = value < 0 ? "-" : ""
        let k = digits.count
        let n = exponent
        if k <= n && n <= 21 {
            return sign + digits + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return sign + digits.prefix(n) + "." + digits.dropFirst(n)
        }
        if -6 < n && n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + digits
        }
        let e = n - 1
        let exponentText = (e < 0 ? "-" : "+") + String(abs(e))
        if k == 1 { return sign + digits + "e" + exponentText }
        return sign + digits.prefix(1) + "." + digits.dropFirst(1) + "e" + exponentText
    }

    /// The shortest decimal digits `s` (no leading or trailing zeros) and the exponent `n`
    /// with `value == 0.s × 10^n`, taken from Swift's shortest round-tripping description.
    private static func shortestDigits(of value: Double) -> (digits: String, exponent: Int) {
        let text = value.description  // "123.456", "1e-07", "1.5e+20", "100.0"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits = ""
        var pointPosition: Int?
        for character in mantissa {
            if character == "." { pointPosition = digits.count } else { digits.append(character) }
        }
        var n = (pointPosition ?? digits.count) + exponent
        while digits.first == "0" {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits, n)
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: then they are appended whole rather than scalar by scalar.
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { compactText }
}

extension JSONValue {
    /// Indented JSON text (two spaces, one member per line), keys in order, for files people read.
    public var prettyText: String {
        var output = ""
        writePretty(to: &output, indent: "")
        return output
    }

    private func writePretty(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += inner
                element.writePretty(to: &output, indent: inner)
                output += position < elements.count - 1 ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let object) where !object.isEmpty:
            output += "{\n"
            for (position, member) in object.members.enumerated() {
                output += inner
                Self.writeString(member.key, to: &output)
                output += ": "
                member.value.writePretty(to: &output, indent: inner)
                output += position < object.count - 1 ? ",\n" : "\n"
            }
            output += indent + "}"
        default:
            write(to: &output)
        }
    }
}
