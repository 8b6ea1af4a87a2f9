import Foundation
import SocketIOWire
import Testing

@Suite("SocketIOPacketHeader")
struct SocketIOPacketHeaderTests {
    @Test("vectors: socketio-packets.json", arguments: Vectors.load("socketio-packets.json"))
    func vector(_ vector: VectorCase) throws {
        let text = try #require(vector.encoded["text"]?.stringValue)
        let attachments = try (vector.encoded["attachments"]?.arrayValue ?? []).map { try Hex.decode($0.stringValue ?? "?") }
        // The Engine.IO frame carries the text as a message.
        let frame = try #require(vector.encoded["engineio"]?.stringValue)
        #expect(try EngineIOPacket(text: frame) == .message(text))
        if vector.valid {
            let decoded = try SocketIOPacket(decoding: text, attachments: attachments)
            let expected = try VectorDecoding.socketIOPacket(try #require(vector.decoded))
            #expect(decoded.isEquivalent(to: expected), "decoded \(decoded), expected \(expected)")
            #expect(expected.encodedText == (vector.canonical?["text"]?.stringValue ?? text))
            #expect(throws: Never.self) { try expected.validate() }
        } else {
            let error = #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(decoding: text) }
            #expect(error?.code.name == vector.error)
        }
    }

    @Test("vector files load")
    func vectorsLoad() { #expect(Vectors.load("socketio-packets.json").count > 50) }

    @Test("the protocol document's encodings")
    func documentExamples() {
        #expect(SocketIOPacketHeader(type: .connect).encodedText == "0")
        #expect(SocketIOPacketHeader(type: .connect, namespace: "/admin", payload: ["sid": "oSO0OpakMV_3jnilAAAA"]).encodedText == #"0/admin,{"sid":"oSO0OpakMV_3jnilAAAA"}"#)
        #expect(SocketIOPacketHeader(type: .event, ackID: 12, payload: ["foo"]).encodedText == #"212["foo"]"#)
        #expect(SocketIOPacketHeader(type: .ack, namespace: "/admin", ackID: 13, payload: ["bar"]).encodedText == #"3/admin,13["bar"]"#)
        #expect(SocketIOPacketHeader(type: .disconnect, namespace: "/admin").encodedText == "1/admin,")
        let binary = SocketIOPacketHeader(type: .binaryAck, ackID: 15, payload: ["bar", SocketIOValue.placeholder(0)], attachmentCount: 1)
        #expect(binary.encodedText == #"61-15["bar",{"_placeholder":true,"num":0}]"#)
    }

    @Test("namespaces: with and without the trailing comma, explicit main")
    func namespaces() throws {
        #expect(try SocketIOPacketHeader(decoding: "0/custom,").namespace == "/custom")
        #expect(try SocketIOPacketHeader(decoding: "0/random").namespace == "/random")
        #expect(try SocketIOPacketHeader(decoding: "0/,").namespace == "/")
        #expect(try SocketIOPacketHeader(decoding: #"0/,{"a":1}"#).payload == ["a": 1])
        let withID = try SocketIOPacketHeader(decoding: #"2/a/b,7["x"]"#)
        #expect(withID.namespace == "/a/b")
        #expect(withID.ackID == 7)
    }

    /// Found by `jobwire fuzz --seed 42`: "/" and a combining mark form one Character.
    @Test("a namespace starting with '/' and a combining mark round-trips", arguments: ["1/\u{05BF}\u{1E}admin,", "2/\u{301},[\"a\"]"])
    func combiningMarkNamespace(_ text: String) throws {
        let header = try SocketIOPacketHeader(decoding: text)
        #expect(throws: Never.self) { try header.validate() }
        #expect(try SocketIOPacketHeader(decoding: header.encodedText) == header)
    }

    @Test("error offsets point at the offending byte")
    func offsets() {
        func error(_ text: String) -> SocketIOWireError? {
            #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(decoding: text) }
        }
        #expect(error("2abc[1]")?.offset == 1)
        #expect(error(#"2/x,12a["foo"]"#)?.offset == 6)
        #expect(error(#"2["foo"}"#)?.offset == 7)
        #expect(error(#"51["a"]"#)?.offset == 2)
        #expect(error(#"5["a"]"#)?.offset == 1)
        #expect(error("x")?.offset == 0)
    }

    @Test("the attachment limit is configurable")
    func attachmentLimit() throws {
        let text = #"53-["a"]"#
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(decoding: text, maximumAttachments: 2) }
        #expect(try SocketIOPacketHeader(decoding: text, maximumAttachments: 3).attachmentCount == 3)
    }

    @Test("invalid UTF-8 bytes are rejected")
    func invalidUTF8() {
        let error = #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(decodingBytes: [0x32, 0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.offset == 3)
    }

    @Test("validate applies the decoder's rules to built headers")
    func validate() {
        #expect(throws: Never.self) { try SocketIOPacketHeader(type: .event, payload: ["a"]).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .event, namespace: "no-slash", payload: ["a"]).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .event, namespace: "/a,b", payload: ["a"]).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .event, ackID: -1, payload: ["a"]).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .event, payload: ["a"], attachmentCount: 1).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .binaryEvent, payload: ["a"], attachmentCount: 11).validate() }
        #expect(throws: SocketIOWireError.self) { try SocketIOPacketHeader(type: .ack).validate() }
    }

    @Test("packet type names and forms")
    func types() {
        for type in SocketIOPacketType.allCases { #expect(SocketIOPacketType(name: type.name) == type) }
        #expect(SocketIOPacketType.event.binaryForm == .binaryEvent)
        #expect(SocketIOPacketType.binaryAck.plainForm == .ack)
        #expect(SocketIOPacketType.connect.binaryForm == .connect)
    }

    @Test("equivalence compares numbers by value")
    func equivalence() throws {
        let a = try SocketIOPacketHeader(decoding: #"2["n",1.0]"#)
        let b = try SocketIOPacketHeader(decoding: #"2["n",1]"#)
        #expect(a != b)
        #expect(a.isEquivalent(to: b))
        #expect(a.encodedText == #"2["n",1]"#)
    }
}
