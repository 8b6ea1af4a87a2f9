import SocketIOWire
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    @Test("keeps key order and tells integers from fractions")
    func orderAndNumbers() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":1.0,"c":[-0,1e2,12345678901234567890]}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(value["b"] == .int(1))
        #expect(value["a"] == .double(1))
        #expect(value["c"] == [.int(0), .double(100), .bigInt("12345678901234567890")])
    }

    @Test("an integer beyond 64 bits keeps its digits and prints them back")
    func bigIntegers() throws {
        let text = #"[9223372036854775807,9223372036854775808,-9223372036854775809,1180591620717411303424]"#
        let value = try JSONParser.parse(text)
        #expect(value == [.int(.max), .bigInt("9223372036854775808"), .bigInt("-9223372036854775809"), .bigInt("1180591620717411303424")])
        #expect(value.compactText == text)
        #expect(JSONValue.bigInt("9223372036854775808").doubleValue == 9_223_372_036_854_775_808)
        #expect(JSONValue.bigInt("9223372036854775808").integerValue == nil)
        #expect(JSONValue.bigInt("9223372036854775808").isEquivalent(to: .double(9_223_372_036_854_775_808)))
    }

    @Test("JSONText.oneLine drops whitespace between tokens and keeps numbers and strings as written")
    func oneLineText() {
        let written = "{\n  \"a\" : [ 9.0 , 1e1,\t2e+0 ],\r\n  \"s\": \" x \\\" \\u00e9 \\ud83d\\ude00 \"\n}"
        #expect(JSONText.oneLine(Array(written.utf8)) == #"{"a":[9.0,1e1,2e+0],"s":" x \" \u00e9 \ud83d\ude00 "}"#)
    }

    @Test("strings: escapes, surrogate pairs, UTF-8")
    func strings() throws {
        #expect(try JSONParser.parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00€""#) == .string("a\"\\/\u{8}\u{C}\n\r\té😀€"))
        #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test("surrounding whitespace is allowed")
    func whitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 , { \"a\" : null } ]\n") == [1, ["a": nil]])
    }

    @Test("rejects invalid JSON with an offset", arguments: [
        ("", 0), ("[", 1), ("[1,]", 3), ("{\"a\"}", 4), ("{a:1}", 1), ("01", 0), ("1.", 0), ("1e", 0), ("-", 0),
        ("tru", 0), ("\"abc", 0), ("\"\\x\"", 1), ("\"\\u12\"", 3), ("\"\\ud800\"", 1), ("\"\\udc00\"", 1),
        ("[1] [2]", 4), ("\"a\u{1}\"", 2), ("1e400", 0), ("{\"a\":1,}", 7), ("nul", 0), ("[1 2]", 3),
    ])
    func rejects(_ text: String, offset: Int) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        #expect(error?.offset == offset, "\(text): \(error?.description ?? "")")
    }

    @Test("invalid UTF-8 inside a string is rejected")
    func invalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0xC3, 0x22]) }
    }

    @Test("nesting is limited instead of exhausting the stack")
    func depth() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(deep) }
        let tooDeep = "[" + deep + "]"
        #expect(throws: JSONParseError.self) { try JSONParser.parse(tooDeep) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "{\"a\":", count: 100_000)) }
    }

    @Test("error description is readable")
    func errorDescription() {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse("[1,]") }
        #expect(error?.description == "invalid JSON at byte 4: unexpected character ']', expected a value")
    }
}
