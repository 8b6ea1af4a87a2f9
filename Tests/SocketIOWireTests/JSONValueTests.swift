import SocketIOWire
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("compact text keeps order and escapes like JSON.stringify")
    func compactText() {
        let value: JSONValue = ["_placeholder": true, "num": 0, "s": "a\"\\\n\u{1}\u{1E}é€/", "n": nil, "l": [1, 2.5]]
        #expect(value.compactText == #"{"_placeholder":true,"num":0,"s":"a\"\\\n\u0001\u001eé€/","n":null,"l":[1,2.5]}"#)
    }

    /// Expected strings are what JavaScript's `String(number)` prints (ECMA-262 Number::toString).
    @Test("doubles print as JavaScript prints them", arguments: [
        (1.0, "1"), (-0.0, "0"), (0.0, "0"), (1.5, "1.5"), (-2.25, "-2.25"), (100.0, "100"), (0.1, "0.1"),
        (1e15, "1000000000000000"), (1e16, "10000000000000000"), (1.5e20, "150000000000000000000"),
        (1e21, "1e+21"), (1.2345e25, "1.2345e+25"), (0.000001, "0.000001"), (0.0000015, "0.0000015"),
        (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (123456.789, "123456.789"), (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (0.30000000000000004, "0.30000000000000004"),
        (9007199254740993.0, "9007199254740992"), (.infinity, "null"), (.nan, "null"),
    ])
    func doubles(_ value: Double, _ text: String) {
        #expect(JSONValue.double(value).compactText == text)
    }

    @Test("integers print without a decimal point")
    func integers() {
        #expect(JSONValue.int(Int64.min).compactText == "-9223372036854775808")
        #expect(JSONValue.int(1_000_000).compactText == "1000000")
    }

    @Test("printed doubles parse back to the same number", arguments: [1e-7, 1.5, 1e21, 123e-20, 6.02214076e23, 1 / 3.0])
    func doubleRoundTrip(_ value: Double) throws {
        #expect(try JSONParser.parse(JSONValue.double(value).compactText).doubleValue == value)
    }

    @Test("equivalence compares numbers by value, everything else exactly")
    func equivalence() {
        #expect(JSONValue.int(1).isEquivalent(to: .double(1)))
        #expect(JSONValue.double(-0.0).isEquivalent(to: .int(0)))
        #expect(!JSONValue.int(1).isEquivalent(to: .double(1.5)))
        #expect(JSONValue.array([1, ["a": 2.0]]).isEquivalent(to: [1.0, ["a": 2]]))
        #expect(!JSONValue.object(["a": 1, "b": 2]).isEquivalent(to: ["b": 2, "a": 1]))
        #expect(!JSONValue.string("1").isEquivalent(to: .int(1)))
        #expect(!JSONValue.array([1]).isEquivalent(to: [1, 2]))
    }

    @Test("accessors")
    func accessors() {
        let value: JSONValue = ["a": [1, "x", true, nil, 2.0]]
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[4].integerValue == 2)
        #expect(JSONValue.double(2.5).integerValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.null.isNull)
        #expect(JSONValue.object([:]).typeDescription == "an object")
        var object: JSONObject = ["a": 1]
        object["b"] = 2
        object["a"] = nil
        #expect(object.keys == ["b"])
    }
}
