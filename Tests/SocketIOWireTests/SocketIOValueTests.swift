import Foundation
import SocketIOWire
import Testing

@Suite("SocketIOValue")
struct SocketIOValueTests {
    @Test("placeholders keep the key order _placeholder, num")
    func placeholderText() {
        #expect(SocketIOValue.placeholder(3).compactText == #"{"_placeholder":true,"num":3}"#)
    }

    @Test("deconstruction numbers binary values depth first, in document order")
    func deconstruction() throws {
        let value: SocketIOValue = [
            "upload",
            ["name": "a", "parts": [.binary(Data([1])), .binary(Data([2]))]],
            .binary(Data([3])),
        ]
        let (json, attachments) = value.deconstructed()
        #expect(json.compactText == #"["upload",{"name":"a","parts":[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]},{"_placeholder":true,"num":2}]"#)
        #expect(attachments == [Data([1]), Data([2]), Data([3])])
        #expect(try SocketIOValue(reconstructing: json, attachments: attachments) == value)
    }

    @Test("values without binary convert to and from JSON unchanged")
    func plainJSON() throws {
        let json = try JSONParser.parse(#"{"b":[1,2.5,"x",null,true],"a":{}}"#)
        let value = SocketIOValue(json)
        #expect(!value.containsBinary)
        #expect(value.jsonValue == json)
        #expect(value.deconstructed().attachments.isEmpty)
        #expect(SocketIOValue.binary(Data()).jsonValue == nil)
    }

    @Test("reconstruction rejects placeholders outside the attachments", arguments: [
        #"{"_placeholder":true,"num":1}"#, #"{"_placeholder":true,"num":-1}"#, #"{"_placeholder":true,"num":0.5}"#,
        #"{"_placeholder":true}"#, #"[{"_placeholder":true,"num":"0"}]"#,
    ])
    func badPlaceholders(_ text: String) throws {
        let json = try JSONParser.parse(text)
        let error = #expect(throws: SocketIOWireError.self) { try SocketIOValue(reconstructing: json, attachments: [Data([9])]) }
        #expect(error?.code == .invalidPlaceholder)
    }

    @Test("objects that are not placeholders stay data")
    func notPlaceholders() throws {
        let json = try JSONParser.parse(#"[{"_placeholder":false,"num":0},{"num":0}]"#)
        #expect(try SocketIOValue(reconstructing: json, attachments: []) == SocketIOValue(json))
    }

    @Test("literals")
    func literals() {
        let value: SocketIOValue = [nil, true, 1, 1.5, "s", ["k": "v"]]
        #expect(value.jsonValue?.compactText == #"[null,true,1,1.5,"s",{"k":"v"}]"#)
    }
}
