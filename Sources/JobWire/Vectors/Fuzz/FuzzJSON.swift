import SocketIOWire

/// A JSON document as generated text: numbers keep their literal spelling (`9.0`, `1e1`,
/// `1180591620717411303424`) and object members their order, so the fuzzer can send an adapter
/// exactly the bytes a vector file would hold (Docs/ADAPTER.md: inputs "exactly as in the vector
/// file"), which a parsed ``JSONValue`` cannot always say again.
public indirect enum FuzzJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (valid JSON number syntax).
    case number(String)
    /// A string.
    case string(String)
    /// A string written with every non-ASCII scalar as a `\uXXXX` escape (a surrogate pair
    /// beyond the BMP): the same value as ``string(_:)``, spelt as some encoders write it.
    case escapedString(String)
    /// An array.
    case array([FuzzJSON])
    /// An object whose members keep their order.
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: FuzzJSON

        /// Creates a member.
        public init(_ key: String, _ value: FuzzJSON) {
            self.key = key
            self.value = value
        }
    }

    /// A number written the way Swift prints `value`: the shortest text that reads back as it.
    public static func double(_ value: Double) -> FuzzJSON { .number("\(value)") }

    /// An integer literal.
    public static func integer(_ value: Int64) -> FuzzJSON { .number(String(value)) }

    /// The compact text: no whitespace, strings escaped only where JSON requires it.
    public var text: String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// The text indented by two spaces per level, members one per line, as vector files are written.
    public var prettyText: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    /// The value of the member `key` when this is an object.
    public subscript(key: String) -> FuzzJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    private func write(to output: inout String, indent: String?) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let text): JSONValue.string(text).write(to: &output)
        case .escapedString(let text): output += Self.escaped(text)
        case .array(let elements):
            writeList(elements.map { (nil, $0) }, open: "[", close: "]", to: &output, indent: indent)
        case .object(let members):
            writeList(members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &output, indent: indent)
        }
    }

    private func writeList(_ items: [(String?, FuzzJSON)], open: String, close: String, to output: inout String, indent: String?) {
        output += open
        guard !items.isEmpty else { return output += close }
        let inner = indent.map { $0 + "  " }
        for (index, (key, value)) in items.enumerated() {
            if index > 0 { output += "," }
            if let inner { output += "\n" + inner }
            if let key { JSONValue.string(key).write(to: &output); output += indent == nil ? ":" : ": " }
            value.write(to: &output, indent: inner)
        }
        if let indent { output += "\n" + indent }
        output += close
    }
}

extension FuzzJSON {
    /// `text` as a JSON string literal with only ASCII in it.
    static func escaped(_ text: String) -> String {
        var plain = ""
        JSONValue.string(text).write(to: &plain)
        var output = ""
        for scalar in plain.unicodeScalars {
            guard scalar.value > 0x7F else { output.unicodeScalars.append(scalar); continue }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return output
    }

    /// A parsed value written again; doubles print in their shortest form.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let integer): self = .integer(integer)
        case .bigInt(let digits): self = .number(digits)
        case .double(let double): self = .double(double)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(FuzzJSON.init))
        case .object(let object): self = .object(object.members.map { Member($0.key, FuzzJSON($0.value)) })
        }
    }

    /// How many values the document holds, itself included: the second measure of a shrink.
    public var nodeCount: Int {
        switch self {
        case .array(let elements): return 1 + elements.reduce(0) { $0 + $1.nodeCount }
        case .object(let members): return 1 + members.reduce(0) { $0 + $1.value.nodeCount }
        default: return 1
        }
    }
}
