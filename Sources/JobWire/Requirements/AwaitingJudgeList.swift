import Foundation

/// `Vectors/requirements-awaiting-judge.txt`: the requirements that have no judge or no bad
/// example yet (every such MUST one, and SHOULD ones whose judge is planned), each with why and which issue will judge it, like a known-failures list: an entry
/// that no longer waits (its requirement is judged, says `Judge: none.` or is gone) is stale and
/// fails `jobwire requirements`, so the list can only shrink.
public struct AwaitingJudgeList: Sendable {
    /// One line: `ID  # why, and which issue will judge it`.
    public struct Entry: Sendable, Hashable {
        /// The requirement.
        public var id: RequirementID
        /// The comment after the id.
        public var reason: String
        /// The 1-based line it was read from.
        public var line: Int
    }

    /// The entries in file order.
    public let entries: [Entry]
    /// The file as named in messages.
    public let file: String

    /// The file name inside a vectors directory.
    public static let fileName = "requirements-awaiting-judge.txt"

    /// A list of `entries` read from `file`.
    public init(entries: [Entry], file: String) {
        self.entries = entries
        self.file = file
    }

    /// The entry for `id`, if it is listed.
    public subscript(id: RequirementID) -> Entry? { entries.first { $0.id == id } }

    /// Reads the list of a vectors directory; a directory without one awaits nothing.
    public static func load(fromVectors directory: URL, displayRoot: String? = nil) throws(InputError) -> AwaitingJudgeList {
        let url = directory.appendingPathComponent(fileName)
        let file = "\(displayRoot ?? directory.path)/\(fileName)"
        guard FileManager.default.fileExists(atPath: url.path) else { return AwaitingJudgeList(entries: [], file: file) }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw InputError(file: file, message: "cannot be read: \(error.localizedDescription)")
        }
        return try parse(text, file: file)
    }

    /// Parses the text of a list: one id and a `#` reason per line, `#` lines are comments; a line
    /// without a requirement id or a reason, or an id listed twice, is an error naming its line.
    public static func parse(_ text: String, file: String) throws(InputError) -> AwaitingJudgeList {
        var entries: [Entry] = []
        var seen: [RequirementID: Int] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let id = parts[0].trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty else { continue }
            let requirement = RequirementID(id)
            guard !id.contains(where: \.isWhitespace), requirement.number != nil else {
                throw InputError(file: file, line: line, message: "expected a requirement id like VIEW-1 before the #, found \"\(id)\"")
            }
            let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard !reason.isEmpty else {
                throw InputError(file: file, line: line, message: "\(id) needs a reason: `\(id)  # why, and which issue will judge it`")
            }
            if let first = seen[requirement] {
                throw InputError(file: file, line: line, message: "\(id) is listed twice (first on line \(first))")
            }
            seen[requirement] = line
            entries.append(Entry(id: requirement, reason: reason, line: line))
        }
        return AwaitingJudgeList(entries: entries, file: file)
    }
}
