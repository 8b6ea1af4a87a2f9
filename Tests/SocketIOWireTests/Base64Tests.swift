@testable import SocketIOWire
import Testing

@Suite("Base64")
struct Base64Tests {
    @Test("RFC 4648 test vectors", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func rfcVectors(_ plain: String, _ encoded: String) throws {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(try Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
    }

    @Test("every byte value round-trips, at every length")
    func allBytes() throws {
        let bytes = (0...255).map(UInt8.init)
        for length in 0...bytes.count {
            let slice = Array(bytes[..<length])
            #expect(try Base64.decode(Array(Base64.encode(slice).utf8)) == slice)
        }
    }

    @Test("missing padding is accepted")
    func unpadded() throws {
        #expect(try Base64.decode(Array("AQIDBA".utf8)) == [1, 2, 3, 4])
        #expect(try Base64.decode(Array("AQID".utf8)) == [1, 2, 3])
        #expect(try Base64.decode(Array("AQI".utf8)) == [1, 2])
    }

    @Test("malformed base64 is rejected with an offset", arguments: [
        ("A", 0), ("AQIDB", 4), ("AQ!D", 2), ("AQ=D", 2), ("AQID=", 5), ("A===", 1), ("AQ-_", 2), ("AQ D", 2),
    ])
    func rejects(_ text: String, _ offset: Int) {
        let error = #expect(throws: SocketIOWireError.self) { try Base64.decode(Array(text.utf8)) }
        #expect(error?.code == .invalidBase64)
        #expect(error?.offset == offset, "\(text)")
    }
}
