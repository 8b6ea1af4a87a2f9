/// JSON text kept as it was written, for passing a value on byte for byte where re-encoding a
/// parsed ``JSONValue`` would change it (`9.0` prints as `9`, `1e1` as `10`).
public enum JSONText {
    /// `bytes`, one valid JSON value, with the whitespace between its tokens removed so that it
    /// fits on one line of a JSON-lines stream; numbers, strings and their escapes stay byte for
    /// byte. (A JSON string cannot hold a raw line break, so no line break is left.)
    public static func oneLine(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true
            default: break
            }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
