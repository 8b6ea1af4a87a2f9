import Foundation
import SocketIOWire
import Testing

@Suite("SocketIOPacket")
struct SocketIOPacketTests {
    let bytes123 = Data([1, 2, 3])
    let bytes456 = Data([4, 5, 6])

    @Test("the replies the official suite expects, byte for byte")
    func suiteReplies() {
        #expect(SocketIOPacket.connected(sid: "abc").engineIOPackets == [.message(#"0{"sid":"abc"}"#)])
        #expect(SocketIOPacket.connected(namespace: "/custom", sid: "abc").encodedText == #"0/custom,{"sid":"abc"}"#)
        #expect(SocketIOPacket.connectError(namespace: "/random", message: "Invalid namespace").engineIOPackets.map(\.encodedText)
            == [#"44/random,{"message":"Invalid namespace"}"#])
        #expect(SocketIOPacket.event("auth", [.object([])]).engineIOPackets.map(\.encodedText) == [#"42["auth",{}]"#])
        #expect(SocketIOPacket.event("message-back", [1, "2", ["3": [true]]]).encodedText == #"2["message-back",1,"2",{"3":[true]}]"#)
        #expect(SocketIOPacket.ack([1, "2", ["3": [false]]], id: 456).encodedText == #"3456[1,"2",{"3":[false]}]"#)
    }

    @Test("binary arguments become BINARY_EVENT / BINARY_ACK with placeholders and attachments")
    func binaryBuilders() {
        let event = SocketIOPacket.event("message-back", [.binary(bytes123), .binary(bytes456)])
        #expect(event.type == .binaryEvent)
        #expect(event.engineIOPackets == [
            .message(#"52-["message-back",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#),
            .binaryMessage(bytes123), .binaryMessage(bytes456),
        ])
        let ack = SocketIOPacket.ack([.binary(bytes123), .binary(bytes456)], id: 789)
        #expect(ack.engineIOPackets.map(\.frame) == [
            .text(#"462-789[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#),
            .binary(bytes123), .binary(bytes456),
        ])
        #expect(SocketIOPacket.ack([], id: 3).encodedText == "33[]")
    }

    @Test("builders for the other types")
    func otherBuilders() {
        #expect(SocketIOPacket.connect().encodedText == "0")
        #expect(SocketIOPacket.connect(namespace: "/admin", auth: ["token": "123"]).encodedText == #"0/admin,{"token":"123"}"#)
        #expect(SocketIOPacket.disconnect(namespace: "/admin").encodedText == "1/admin,")
        #expect(SocketIOPacket.connectError(message: "Not authorized", data: ["code": 401]).encodedText
            == #"4{"message":"Not authorized","data":{"code":401}}"#)
        #expect(SocketIOPacket.event("foo", namespace: "/admin", ackID: 1).encodedText == #"2/admin,1["foo"]"#)
    }

    @Test("reading an event: name and arguments with binary in place")
    func reading() throws {
        let packet = try SocketIOPacket(
            decoding: #"52-789["message-with-ack",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#,
            attachments: [bytes123, bytes456]
        )
        #expect(packet.eventName == "message-with-ack")
        #expect(packet.ackID == 789)
        #expect(try packet.arguments() == [.binary(bytes123), .binary(bytes456)])
        // Echoing the arguments gives the suite's expected reply.
        #expect(SocketIOPacket.ack(try packet.arguments(), id: 789).engineIOPackets.count == 3)
        #expect(try SocketIOPacket(decoding: #"3[1]"#).arguments() == [1])
        #expect(try SocketIOPacket(decoding: "0").arguments() == [])
    }

    @Test("completing a header with the wrong number of attachments fails")
    func attachmentMismatch() throws {
        let header = try SocketIOPacketHeader(decoding: #"51-["a",{"_placeholder":true,"num":0}]"#)
        let error = #expect(throws: SocketIOWireError.self) { try SocketIOPacket(header: header, attachments: []) }
        #expect(error?.code == .attachmentCountMismatch)
        #expect(throws: SocketIOWireError.self) { try SocketIOPacket(decoding: #"2["a"]"#, attachments: [Data()]) }
    }

    @Test("validate rejects attachments on non-binary types")
    func validate() {
        let packet = SocketIOPacket(type: .event, payload: ["a"], attachments: [Data([1])])
        #expect(throws: SocketIOWireError.self) { try packet.validate() }
        #expect(throws: Never.self) { try SocketIOPacket.event("a", [.binary(Data([1]))]).validate() }
    }

    @Test("description lists the text and the attachments")
    func description() {
        #expect(SocketIOPacket.event("a", [.binary(Data([0xAB]))]).description == #"51-["a",{"_placeholder":true,"num":0}] + <binary ab>"#)
    }
}
