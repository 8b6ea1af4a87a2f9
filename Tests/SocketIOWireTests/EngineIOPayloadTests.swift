import Foundation
import SocketIOWire
import Testing

@Suite("EngineIOPayload")
struct EngineIOPayloadTests {
    @Test("vectors: engineio-payloads.json", arguments: Vectors.load("engineio-payloads.json"))
    func vector(_ vector: VectorCase) throws {
        let text = try #require(vector.encoded["payload"]?.stringValue)
        if vector.valid {
            let decoded = try EngineIOPayload(text: text)
            let expected = try (vector.decoded?["packets"]?.arrayValue ?? []).map(VectorDecoding.engineIOPacket)
            #expect(decoded.packets == expected)
            #expect(EngineIOPayload(expected).encodedText == (vector.canonical?["payload"]?.stringValue ?? text))
        } else {
            let error = #expect(throws: SocketIOWireError.self) { try EngineIOPayload(text: text) }
            #expect(error?.code.name == vector.error)
        }
    }

    @Test("vector files load")
    func vectorsLoad() { #expect(Vectors.load("engineio-payloads.json").count > 15) }

    @Test("joins packets with \\x1e and writes binary as b + base64")
    func encoding() {
        let payload = EngineIOPayload([.message("hello"), .binaryMessage(Data([1, 2, 3, 4]))])
        #expect(payload.encodedText == "4hello\u{1E}bAQIDBA==")
        #expect(payload.description == "4hello\\x1ebAQIDBA==")
        #expect(EngineIOPayload([.message("test1"), .message("test2"), .message("test3")]).encodedText == "4test1\u{1E}4test2\u{1E}4test3")
        #expect(EngineIOPayload([.noop]).encodedText == "6")
    }

    @Test("a body over the byte limit is refused")
    func limit() {
        let error = #expect(throws: SocketIOWireError.self) { try EngineIOPayload(bytes: Array("4hello".utf8), maximumBytes: 5) }
        #expect(error?.code == .payloadTooLarge)
        #expect(throws: Never.self) { try EngineIOPayload(bytes: Array("4hello".utf8), maximumBytes: 6) }
    }

    @Test("an error in a later record names its offset in the body")
    func offsets() {
        let error = #expect(throws: SocketIOWireError.self) { try EngineIOPayload(text: "4hello\u{1E}2\u{1E}x") }
        #expect(error?.code == .unknownPacketType)
        #expect(error?.offset == 9)
        let base64 = #expect(throws: SocketIOWireError.self) { try EngineIOPayload(text: "4a\u{1E}bAQ!D") }
        #expect(base64?.offset == 6)
    }
}
