import Foundation
import SocketIOWire
import Testing

@Suite("SocketIOBinaryReassembler")
struct SocketIOBinaryReassemblerTests {
    static func feed(_ sequence: [JSONValue], to reassembler: inout SocketIOBinaryReassembler) throws -> [SocketIOPacket] {
        var packets: [SocketIOPacket] = []
        for item in sequence {
            if let text = item["text"]?.stringValue {
                if let packet = try reassembler.receive(text: text) { packets.append(packet) }
            } else if let hex = item["binary"]?.stringValue {
                if let packet = try reassembler.receive(binary: try Hex.decode(hex)) { packets.append(packet) }
            }
        }
        return packets
    }

    @Test("vectors: socketio-binary.json", arguments: Vectors.load("socketio-binary.json"))
    func vector(_ vector: VectorCase) throws {
        let sequence = try #require(vector.encoded["sequence"]?.arrayValue)
        var reassembler = SocketIOBinaryReassembler()
        if vector.valid {
            let packets = try Self.feed(sequence, to: &reassembler)
            let expected = try #require(vector.decoded?["packets"]?.arrayValue)
            #expect(packets.count == expected.count)
            for (packet, json) in zip(packets, expected) {
                let expectedPacket = try VectorDecoding.socketIOPacket(json)
                #expect(packet.isEquivalent(to: expectedPacket))
                if let reconstructed = json["reconstructed"] {
                    let value = try VectorDecoding.value(reconstructed)
                    #expect(try packet.reconstructedPayload() == value)
                    // Deconstructing gives back a packet with the same reconstruction.
                    let rebuilt = SocketIOPacket.deconstructing(
                        type: packet.type.plainForm, namespace: packet.namespace, ackID: packet.ackID, payload: value
                    )
                    #expect(try rebuilt.reconstructedPayload() == value)
                    if packet.attachments.count == Set(packet.attachments).count, rebuilt.attachments == packet.attachments, !packet.attachments.isEmpty {
                        #expect(rebuilt == packet)
                    }
                }
            }
            // Re-encoding the packets and feeding them again gives the same packets.
            var fresh = SocketIOBinaryReassembler()
            var again: [SocketIOPacket] = []
            for message in packets.flatMap(\.engineIOPackets) {
                switch message {
                case .message(let text): if let packet = try fresh.receive(text: text) { again.append(packet) }
                case .binaryMessage(let data): if let packet = try fresh.receive(binary: data) { again.append(packet) }
                default: Issue.record("unexpected \(message)")
                }
            }
            #expect(again == packets)
        } else {
            let error = #expect(throws: SocketIOWireError.self) { try Self.feed(sequence, to: &reassembler) }
            #expect(error?.code.name == vector.error)
            #expect(!reassembler.isAwaitingAttachments)
        }
    }

    @Test("vector files load")
    func vectorsLoad() { #expect(Vectors.load("socketio-binary.json").count > 15) }

    @Test("state while attachments arrive")
    func state() throws {
        var reassembler = SocketIOBinaryReassembler()
        #expect(!reassembler.isAwaitingAttachments)
        #expect(try reassembler.receive(text: #"62-789[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#) == nil)
        #expect(reassembler.isAwaitingAttachments)
        #expect(reassembler.remainingAttachmentCount == 2)
        #expect(try reassembler.receive(binary: Data([1, 2, 3])) == nil)
        #expect(reassembler.remainingAttachmentCount == 1)
        let packet = try #require(try reassembler.receive(binary: Data([4, 5, 6])))
        #expect(packet.type == .binaryAck)
        #expect(packet.attachments == [Data([1, 2, 3]), Data([4, 5, 6])])
        #expect(!reassembler.isAwaitingAttachments)
        #expect(try reassembler.receive(textBytes: Array(#"2["x"]"#.utf8))?.eventName == "x")
    }

    @Test("reset drops a partial packet")
    func reset() throws {
        var reassembler = SocketIOBinaryReassembler()
        _ = try reassembler.receive(text: #"51-["a",{"_placeholder":true,"num":0}]"#)
        reassembler.reset()
        #expect(try reassembler.receive(text: #"2["b"]"#)?.eventName == "b")
    }

    @Test("text bytes while awaiting attachments are refused")
    func textBytesWhileAwaiting() throws {
        var reassembler = SocketIOBinaryReassembler(maximumAttachments: 2)
        _ = try reassembler.receive(text: #"51-["a",{"_placeholder":true,"num":0}]"#)
        let error = #expect(throws: SocketIOWireError.self) { try reassembler.receive(textBytes: Array("1".utf8)) }
        #expect(error?.code == .unexpectedText)
        #expect(throws: SocketIOWireError.self) { try reassembler.receive(text: #"53-["a"]"#) }
    }
}
