import SocketIOWire
import Testing

@Suite("SocketIOWireError")
struct SocketIOWireErrorTests {
    @Test("codes round-trip through their stable names")
    func codeNames() {
        let codes: [SocketIOWireError.Code] = [
            .emptyPacket, .unknownPacketType, .invalidUTF8, .invalidBase64, .invalidHandshake, .unexpectedData,
            .payloadTooLarge, .invalidAttachmentCount, .tooManyAttachments, .invalidAckID, .invalidJSON,
            .missingPayload, .invalidPayload, .reservedEventName, .invalidPlaceholder, .unexpectedText,
            .unexpectedBinary, .attachmentCountMismatch,
        ]
        #expect(Set(codes.map(\.name)).count == codes.count)
        for code in codes { #expect(SocketIOWireError.Code(name: code.name) == code) }
        #expect(SocketIOWireError.Code(name: "nope") == nil)
    }

    @Test("description names code, byte and reason")
    func description() {
        let error = SocketIOWireError(.invalidAckID, "ack id must be decimal digits, found 'a'", at: 1)
        #expect(error.description == "invalid-ack-id at offset 1: ack id must be decimal digits, found 'a'")
    }
}
