import Foundation

/// A child process's output split into lines as it arrives in chunks: a partial last line is kept
/// until its newline comes. The fan-out and soak benches read their servers' output this way.
struct OutputLines {
    private var pending = Data()

    /// Appends `chunk` and returns the lines it completed, without their newlines.
    mutating func append(_ chunk: Data) -> [String] {
        pending.append(chunk)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
        return lines
    }
}
