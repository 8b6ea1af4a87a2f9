import Foundation
import JobWire
import SocketIOWire

/// A HAR archive on disk that is whole after every entry (`jobwire record --har FILE`): created
/// with no entries when the recorder starts, then each answered exchange is written over the
/// archive's closing `]}}` with one `write(2)` of `,ENTRY]}}`. So a recorder killed at any moment,
/// even with SIGKILL, leaves an archive that browser devtools open, holding every exchange
/// answered before, as the capture keeps every line (``CaptureRecorder``).
///
/// Decision: written as it goes rather than on SIGINT or SIGTERM, since no signal handler runs on
/// SIGKILL or a crash, and rewriting the whole archive each time costs what it holds; HAR is one
/// JSON document, so the end is overwritten in place instead of appended to.
///
/// Not safe to share by itself: its owner (``TrafficRecorder``) uses it under its lock.
final class HARFile: @unchecked Sendable {
    private let path: String
    private let handle: FileHandle
    private var count = 0
    /// What closes the archive after its entries.
    private let tail: Data

    /// An empty archive of `log` at `path` (created or truncated).
    init(path: String, log: HARLog) throws(InputError) {
        let empty = log.emptyJSON.compactText
        // The entries' array is the last member of `log`: what follows its `[` closes the archive.
        guard let open = empty.range(of: "[]", options: .backwards) else { preconditionFailure("a HAR log ends with its entries") }
        tail = Data((String(empty[empty.index(after: open.lowerBound)...]) + "\n").utf8)
        guard FileManager.default.createFile(atPath: path, contents: Data(empty.utf8) + Data("\n".utf8)), let handle = FileHandle(forWritingAtPath: path) else {
            throw InputError(file: path, message: "cannot write the HAR file")
        }
        self.path = path
        self.handle = handle
    }

    /// Writes `entry` after the others; the archive stays whole.
    func append(_ entry: JSONValue) throws(InputError) {
        do {
            let end = try handle.seekToEnd()
            try handle.seek(toOffset: end - UInt64(tail.count))
            try handle.write(contentsOf: Data(((count == 0 ? "" : ",") + entry.compactText).utf8) + tail)
            count += 1
        } catch {
            throw InputError(file: path, message: "cannot write the HAR file: \(error)")
        }
    }

    /// Closes the file.
    func close() { try? handle.close() }
}
