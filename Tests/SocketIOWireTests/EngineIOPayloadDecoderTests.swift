import Foundation
import SocketIOWire
import Testing

@Suite("EngineIOPayloadDecoder")
struct EngineIOPayloadDecoderTests {
    static let bodies: [String] = [
        "4hello\u{1E}2\u{1E}4world",
        "4hello\u{1E}bAQIDBA==",
        "4test1\u{1E}4test2\u{1E}4test3",
        "42[\"héllo € 😀\"]\u{1E}42[\"world\"]\u{1E}6",
        #"0{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#,
        "4\u{1E}4\u{1E}b\u{1E}3probe",
        // Invalid bodies must fail the same way however they are split.
        "4hello\u{1E}\u{1E}4x", "4a\u{1E}bAQ!D", "abc", "4hello\u{1E}", "4é\u{1E}7",
    ]

    static func decode(_ chunks: [ArraySlice<UInt8>]) -> Result<[EngineIOPacket], SocketIOWireError> {
        var decoder = EngineIOPayloadDecoder()
        return Result { () throws(SocketIOWireError) in
            var packets: [EngineIOPacket] = []
            for chunk in chunks { packets += try decoder.feed(chunk) }
            return packets + (try decoder.finish())
        }
    }

    static func whole(_ bytes: [UInt8]) -> Result<[EngineIOPacket], SocketIOWireError> {
        Result { () throws(SocketIOWireError) in try EngineIOPayload(bytes: bytes).packets }
    }

    @Test("every single split point gives the one-shot result", arguments: bodies)
    func everySplitPoint(_ body: String) {
        let bytes = Array(body.utf8)
        let expected = Self.whole(bytes)
        for split in 0...bytes.count {
            #expect(Self.decode([bytes[..<split], bytes[split...]]) == expected, "split at \(split)")
        }
    }

    @Test("every pair of split points gives the one-shot result", arguments: bodies.prefix(4))
    func everyPairOfSplitPoints(_ body: String) {
        let bytes = Array(body.utf8)
        let expected = Self.whole(bytes)
        for first in 0...bytes.count {
            for second in first...bytes.count {
                #expect(Self.decode([bytes[..<first], bytes[first..<second], bytes[second...]]) == expected)
            }
        }
    }

    @Test("one byte at a time, and random chunkings with a fixed seed", arguments: bodies)
    func randomChunkings(_ body: String) {
        let bytes = Array(body.utf8)
        let expected = Self.whole(bytes)
        #expect(Self.decode(bytes.indices.map { bytes[$0...$0] }) == expected)
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<200 {
            var chunks: [ArraySlice<UInt8>] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + random.below(8))
                chunks.append(bytes[start..<end])
                start = end
            }
            #expect(Self.decode(chunks) == expected)
        }
    }

    @Test("packets come out as soon as their separator arrives")
    func streaming() throws {
        var decoder = EngineIOPayloadDecoder()
        #expect(try decoder.feed(Array("4hel".utf8)) == [])
        #expect(try decoder.feed(Array("lo\u{1E}2\u{1E}4wo".utf8)) == [.message("hello"), .heartbeatPing])
        #expect(decoder.bytesConsumed == 12)
        #expect(try decoder.finish() == [.message("wo")])
        // Ready for the next body.
        #expect(try decoder.feed(Array("6".utf8)) == [])
        #expect(try decoder.finish() == [.noop])
    }

    @Test("an error sticks until the decoder is replaced")
    func stickyFailure() {
        var decoder = EngineIOPayloadDecoder()
        #expect(throws: SocketIOWireError.self) { try decoder.feed(Array("x\u{1E}".utf8)) }
        let again = #expect(throws: SocketIOWireError.self) { try decoder.feed(Array("4ok".utf8)) }
        #expect(again?.code == .unknownPacketType)
        #expect(throws: SocketIOWireError.self) { try decoder.finish() }
    }

    @Test("an empty body is an error at finish")
    func emptyBody() {
        var decoder = EngineIOPayloadDecoder()
        let error = #expect(throws: SocketIOWireError.self) { try decoder.finish() }
        #expect(error?.code == .emptyPacket)
    }

    @Test("the byte limit counts across chunks")
    func limitAcrossChunks() throws {
        var decoder = EngineIOPayloadDecoder(maximumBytes: 8)
        #expect(try decoder.feed(Array("4hell".utf8)) == [])
        let error = #expect(throws: SocketIOWireError.self) { try decoder.feed(Array("o\u{1E}2x".utf8)) }
        #expect(error?.code == .payloadTooLarge)
        #expect(error?.offset == 8)
    }

    @Test("a multi-byte character split across chunks is joined before decoding")
    func splitUTF8() throws {
        let bytes = Array("4€".utf8)
        var decoder = EngineIOPayloadDecoder()
        #expect(try decoder.feed(bytes[0..<2]) == [])
        #expect(try decoder.feed(bytes[2...]) == [])
        #expect(try decoder.finish() == [.message("€")])
    }

    @Test("invalid UTF-8 in a record is reported at its body offset")
    func invalidUTF8() {
        let error = #expect(throws: SocketIOWireError.self) { try EngineIOPayload(bytes: [0x34, 0x61, 0x1E, 0x34, 0xFF]) }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.offset == 4)
    }
}
