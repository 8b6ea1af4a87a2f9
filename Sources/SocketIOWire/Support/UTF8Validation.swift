/// UTF-8 checks that report where the first bad byte is, for decoders' error offsets.
enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 scalar, or nil when all are well-formed.
    static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Returns the bytes as a String, or throws ``SocketIOWireError/Code/invalidUTF8`` naming the first bad byte.
    static func string(from bytes: some Collection<UInt8>, offset base: Int = 0) throws(SocketIOWireError) -> String {
        if let bad = firstInvalidOffset(in: bytes) {
            throw SocketIOWireError(.invalidUTF8, "text is not valid UTF-8", at: base + bad)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, keeping the body's typed error (`withUTF8` only rethrows `any Error`).
    func withUTF8Bytes<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(SocketIOWireError) -> Result
    ) throws(SocketIOWireError) -> Result {
        var copy = self
        let outcome = copy.withUTF8 { buffer in Swift.Result { () throws(SocketIOWireError) in try body(buffer) } }
        return try outcome.get()
    }
}
