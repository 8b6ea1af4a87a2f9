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

    /// Formats a double the way JavaScript prints numbers for the common range:
    /// whole values without a fraction, others in Swift's shortest round-tripping form.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
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
