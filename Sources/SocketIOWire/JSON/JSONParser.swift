/// A strict RFC 8259 parser producing ``JSONValue``; it never traps on bad input.
///
/// Nesting is limited (``maximumDepth``) so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512
    /// The capacity a non-empty object starts with: a trace line or a protocol payload has about this many members.
    static let expectedMembers = 12

    /// Parses exactly one JSON value from `text`; surrounding whitespace is allowed.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var copy = text
        return try copy.withUTF8 { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
    }

    /// Parses exactly one JSON value from UTF-8 bytes; surrounding whitespace is allowed.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
    }

    /// Parses exactly one JSON value from a buffer of UTF-8 bytes.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(buffer: buffer)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == buffer.count else {
            throw JSONParseError(offset: parser.index, reason: "unexpected data after the JSON value")
        }
        return value
    }

    /// Parses one JSON value from UTF-8 bytes and also returns where each value starts,
    /// so that errors about a document's content can name its line (``JSONLocations``).
    public static func parseWithLocations(_ bytes: [UInt8]) throws(JSONParseError) -> (JSONValue, JSONLocations) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> (JSONValue, JSONLocations) in
                var parser = JSONParser(buffer: buffer)
                parser.path = []
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else {
                    throw JSONParseError(offset: parser.index, reason: "unexpected data after the JSON value")
                }
                return (value, JSONLocations(offsets: parser.offsets, lines: LineIndex(buffer)))
            }
        }
        return try result.get()
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The path of the value being parsed, when locations are recorded; nil otherwise.
    private var path: [String]?
    private var offsets: [String: Range<Int>] = [:]

    private init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    private var atEnd: Bool { index >= buffer.count }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let path else { return try parseUnlocatedValue(depth: depth) }
        let start = index
        let value = try parseUnlocatedValue(depth: depth)
        offsets[JSONLocations.pointer(path)] = start..<index
        return value
    }

    private mutating func parseUnlocatedValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard !atEnd else { throw fail("unexpected end of input, expected a value") }
        switch buffer[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character \(describe(buffer[index])), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in bytes {
            guard !atEnd, buffer[index] == byte else { throw fail("invalid literal, expected '\(literal)'", at: start) }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if !atEnd, buffer[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members))
        }
        // Room for a protocol message's usual members at once, instead of growing 1, 2, 4, 8.
        members.reserveCapacity(Self.expectedMembers)
        while true {
            skipWhitespace()
            guard !atEnd else { throw fail("unexpected end of input inside an object") }
            guard buffer[index] == UInt8(ascii: "\"") else { throw fail("expected a string key in an object") }
            let key = try parseString()
            skipWhitespace()
            guard !atEnd, buffer[index] == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            path?.append(key)
            let value = try parseValue(depth: depth)
            path?.removeLast()
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard !atEnd else { throw fail("unexpected end of input inside an object") }
            switch buffer[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(JSONObject(members))
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if !atEnd, buffer[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path?.append(String(elements.count))
            elements.append(try parseValue(depth: depth))
            path?.removeLast()
            skipWhitespace()
            guard !atEnd else { throw fail("unexpected end of input inside an array") }
            switch buffer[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes, plain UTF-8; plain ASCII needs no validation at all.
        var scan = index
        var bits: UInt8 = 0
        while scan < buffer.count {
            let byte = buffer[scan]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: buffer[index..<scan])
                let text: String
                if bits & 0x80 == 0 {
                    text = String(decoding: slice, as: UTF8.self)
                } else {
                    guard let valid = String(validating: slice, as: UTF8.self) else {
                        throw fail("a string is not valid UTF-8", at: start)
                    }
                    text = valid
                }
                index = scan + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            bits |= byte
            scan += 1
        }
        var bytes: [UInt8] = Array(buffer[index..<min(scan, buffer.count)])
        index = scan
        while true {
            guard !atEnd else { throw fail("unterminated string", at: start) }
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw fail("a string is not valid UTF-8", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard !atEnd else { throw fail("unterminated escape in a string") }
                let escape = buffer[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &bytes)
                default: throw fail("invalid escape '\\\(describe(escape))' in a string", at: index - 2)
                }
            default:
                guard byte >= 0x20 else { throw fail("unescaped control character in a string") }
                bytes.append(byte)
                index += 1
            }
        }
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= buffer.count else { throw fail("truncated \\u escape in a string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func appendUnicodeEscape(to bytes: inout [UInt8]) throws(JSONParseError) {
        let start = index - 2
        var scalarValue = try readHex4()
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
                throw fail("unpaired high surrogate in a \\u escape", at: start)
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in a \\u escape", at: start) }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw fail("unpaired low surrogate in a \\u escape", at: start)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid \\u escape", at: start) }
        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        // Fast path: a short integer literal, by far the most common number in protocol traffic.
        var scan = index
        let negative = buffer[scan] == UInt8(ascii: "-")
        if negative { scan += 1 }
        let digitsStart = scan
        var magnitude: Int64 = 0
        while scan < buffer.count, scan - digitsStart < 18, isDigit(buffer[scan]) {
            magnitude = magnitude * 10 + Int64(buffer[scan] - UInt8(ascii: "0"))
            scan += 1
        }
        let digits = scan - digitsStart
        if digits > 0, scan == buffer.count || !Self.continuesNumber(buffer[scan]),
            digits == 1 || buffer[digitsStart] != UInt8(ascii: "0")
        {
            index = scan
            return .int(negative ? -magnitude : magnitude)
        }
        var isInteger = true
        if buffer[index] == UInt8(ascii: "-") { index += 1 }
        guard !atEnd, isDigit(buffer[index]) else { throw fail("invalid number", at: start) }
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
            if !atEnd, isDigit(buffer[index]) { throw fail("leading zero in a number", at: start) }
        } else {
            while !atEnd, isDigit(buffer[index]) { index += 1 }
        }
        if !atEnd, buffer[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard !atEnd, isDigit(buffer[index]) else { throw fail("expected a digit after '.' in a number", at: start) }
            while !atEnd, isDigit(buffer[index]) { index += 1 }
        }
        if !atEnd, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if !atEnd, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") { index += 1 }
            guard !atEnd, isDigit(buffer[index]) else { throw fail("expected a digit in a number's exponent", at: start) }
            while !atEnd, isDigit(buffer[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        if isInteger { return Int64(text).map(JSONValue.int) ?? .bigInt(text) }
        guard let value = Double(text), value.isFinite else { throw fail("number out of range", at: start) }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// True for a byte that would make the number longer: a digit, a fraction or an exponent.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
