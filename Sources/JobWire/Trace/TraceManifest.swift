import Foundation
import SocketIOWire

/// `Vectors/traces/manifest.json`: every shipped trace with the requirement ids it must trip,
/// none for a good trace; the tests prove each bad trace trips exactly its ids.
public struct TraceManifest: Sendable {
    /// One shipped trace.
    public struct Entry: Sendable, Hashable {
        /// The path under `traces/`, e.g. `bad/flow-1-apply-before-new.jsonl`.
        public var file: String
        /// The recording role: `client`, `worker`, `backend` or `all`.
        public var role: String
        /// The requirement ids the trace trips; empty for a good trace.
        public var expect: [RequirementID]
        /// What the trace shows, in one sentence.
        public var description: String
    }

    /// The entries in file order.
    public let entries: [Entry]

    /// The manifest's path inside a vectors directory.
    public static let path = "traces/manifest.json"

    /// Reads the manifest of a vectors directory; a missing or ill-typed field is an error naming its line.
    public static func load(fromVectors directory: URL, displayRoot: String? = nil) throws(InputError) -> TraceManifest {
        let document = try VectorDocument(
            url: directory.appendingPathComponent(path), displayPath: "\(displayRoot ?? directory.path)/\(path)")
        var entries: [Entry] = []
        for index in try document.array(document.root, at: ["traces"]).indices {
            let at = ["traces", String(index)]
            var expect: [RequirementID] = []
            for item in try document.array(document.root, at: at + ["expect"]).indices {
                let id = RequirementID(try document.string(at: at + ["expect", String(item)]))
                guard id.number != nil else { throw document.error(at: at + ["expect", String(item)], "expected a requirement id like FLOW-1, found \"\(id)\"") }
                expect.append(id)
            }
            entries.append(
                Entry(
                    file: try document.string(at: at + ["file"]), role: try document.string(at: at + ["role"]), expect: expect,
                    description: try document.string(at: at + ["description"])))
        }
        return TraceManifest(entries: entries)
    }

    /// The manifest of `entries`.
    public init(entries: [Entry]) { self.entries = entries }
}
