/// The standard base64 alphabet (RFC 4648 §4) used by Engine.IO polling payloads.
///
/// Engine.IO v4 writes a binary packet in a polling payload as `b` followed by base64
/// (engine.io-protocol §Packet encoding). Encoding always pads with `=`; decoding also
/// accepts missing padding, as the reference (Node's `Buffer.from(_, "base64")`) does,
/// but rejects characters outside the alphabet and misplaced `=`.
enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Encodes bytes as padded base64 text.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
            output.append(alphabet[Int(chunk & 0x3F)])
            index += 3
        }
        let rest = input.count - index
        if rest == 1 {
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        } else if rest == 2 {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes base64 text; the error offsets count from the first byte of `text`.
    static func decode(_ text: some Collection<UInt8>) throws(SocketIOWireError) -> [UInt8] {
        let input = Array(text)
        // Drop up to two trailing '=' and remember where the data ends.
        var end = input.count
        var padding = 0
        while end > 0, input[end - 1] == UInt8(ascii: "="), padding < 2 {
            end -= 1
            padding += 1
        }
        if padding > 0, input.count % 4 != 0 {
            throw SocketIOWireError(.invalidBase64, "padded base64 must have a length that is a multiple of 4", at: input.count)
        }
        if end % 4 == 1 {
            throw SocketIOWireError(.invalidBase64, "base64 length leaves a single dangling character", at: end - 1)
        }
        var output: [UInt8] = []
        output.reserveCapacity(end / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        for position in 0..<end {
            let value = decodeTable[Int(input[position])]
            guard value != 0xFF else {
                let reason = input[position] == UInt8(ascii: "=") ? "'=' padding inside base64 data" : "character outside the base64 alphabet"
                throw SocketIOWireError(.invalidBase64, reason, at: position)
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return output
    }
}
