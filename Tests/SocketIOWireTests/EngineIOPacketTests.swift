import Foundation
@testable import SocketIOWire
import Testing

@Suite("EngineIOPacket")
struct EngineIOPacketTests {
    @Test("vectors: engineio-packets.json", arguments: Vectors.load("engineio-packets.json"))
    func vector(_ vector: VectorCase) throws {
        let frame = try VectorDecoding.frame(vector.encoded)
        if vector.valid {
            let decoded = try EngineIOPacket(frame: frame)
            let expected = try VectorDecoding.engineIOPacket(try #require(vector.decoded))
            #expect(decoded == expected)
            let canonical = try VectorDecoding.frame(vector.canonical ?? vector.encoded)
            #expect(expected.frame == canonical)
        } else {
            let error = #expect(throws: SocketIOWireError.self) { try EngineIOPacket(frame: frame) }
            #expect(error?.code.name == vector.error)
        }
    }

    @Test("vector files load")
    func vectorsLoad() { #expect(Vectors.load("engineio-packets.json").count > 20) }

    @Test("text encodings of every packet type")
    func encodings() {
        let handshake = EngineIOHandshake(sid: "s", upgrades: [], pingInterval: 300, pingTimeout: 200, maxPayload: 1_000_000)
        #expect(EngineIOPacket.open(handshake).encodedText == #"0{"sid":"s","upgrades":[],"pingInterval":300,"pingTimeout":200,"maxPayload":1000000}"#)
        #expect(EngineIOPacket.close.encodedText == "1")
        #expect(EngineIOPacket.heartbeatPing.encodedText == "2")
        #expect(EngineIOPacket.heartbeatPong.encodedText == "3")
        #expect(EngineIOPacket.probePing.encodedText == "2probe")
        #expect(EngineIOPacket.probePong.encodedText == "3probe")
        #expect(EngineIOPacket.message("hello").encodedText == "4hello")
        #expect(EngineIOPacket.upgrade.encodedText == "5")
        #expect(EngineIOPacket.noop.encodedText == "6")
        #expect(EngineIOPacket.binaryMessage(Data([1, 2, 3, 4])).encodedText == "bAQIDBA==")
        #expect(EngineIOPacket.binaryMessage(Data([1, 2, 3, 4])).frame == .binary(Data([1, 2, 3, 4])))
        #expect(EngineIOPacket.message("hello").frame == .text("4hello"))
    }

    @Test("types and names")
    func types() {
        #expect(EngineIOPacket.binaryMessage(Data()).type == .message)
        #expect(EngineIOPacket.binaryMessage(Data()).isBinary)
        #expect(EngineIOPacketType.allCases.map(\.digit) == ["0", "1", "2", "3", "4", "5", "6"])
        for type in EngineIOPacketType.allCases { #expect(EngineIOPacketType(name: type.name) == type) }
        #expect(EngineIOPacketType(name: "error") == nil)
    }

    @Test("round trip through text and frames", arguments: [
        EngineIOPacket.close, .heartbeatPing, .probePong, .message(""), .message("héllo \u{1E} 😀"),
        .binaryMessage(Data()), .binaryMessage(Data((0...255).map(UInt8.init))), .upgrade, .noop,
        .open(EngineIOHandshake(sid: "lv_VI97HAXpY6yYWAAAC")),
    ])
    func roundTrip(_ packet: EngineIOPacket) throws {
        #expect(try EngineIOPacket(text: packet.encodedText) == packet)
        #expect(try EngineIOPacket(frame: packet.frame) == packet)
        #expect(try EngineIOPacket(textBytes: Array(packet.encodedText.utf8)) == packet)
    }

    @Test("invalid UTF-8 in a text frame is rejected with its offset")
    func invalidUTF8() {
        let error = #expect(throws: SocketIOWireError.self) { try EngineIOPacket(textBytes: [0x34, 0x61, 0xC3, 0x28]) }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.offset == 2)
    }

    @Test("error offsets point into the frame")
    func offsets() {
        let base64 = #expect(throws: SocketIOWireError.self) { try EngineIOPacket(text: "bAQ!D") }
        #expect(base64?.offset == 3)
        let handshake = #expect(throws: SocketIOWireError.self) { try EngineIOPacket(text: "0{x") }
        #expect(handshake?.code == .invalidHandshake)
        #expect(handshake?.offset == 2)
        let data = #expect(throws: SocketIOWireError.self) { try EngineIOPacket(text: "6x") }
        #expect(data?.offset == 1)
        #expect(data?.description == "unexpected-data at offset 1: a noop packet carries no data")
    }

    @Test("only the record separator keeps a packet out of a polling payload")
    func payloadFitness() {
        #expect(EngineIOPacket.message("a\u{1E}b").canTravelInPayload == false)
        #expect(EngineIOPacket.message("a").canTravelInPayload)
        #expect(EngineIOPacket.binaryMessage(Data([0x1E])).canTravelInPayload)
    }

    @Test("description shows the separator escaped")
    func description() {
        #expect(EngineIOPacket.message("a\u{1E}b").description == "4a\\x1eb")
        #expect(EngineIOFrame.binary(Data([1, 0xAB])).description == "<binary 01ab>")
    }
}
