import Foundation

/// A list of case ids that are expected to fail, so a team can adopt the kit before it passes
/// everything, and that can never go stale silently (like protobuf's conformance failure lists).
///
/// A listed case that fails or errors does not fail the run; a listed case that passes, or an
/// id no case has, does.
public struct KnownFailures: Sendable {
    /// The listed ids with the line each was read from.
    public let entries: [(id: String, line: Int)]
    /// The file the list was read from, for messages.
    public let file: String

    public init(entries: [(id: String, line: Int)], file: String) {
        self.entries = entries
        self.file = file
    }

    /// The ids as a set.
    public var ids: Set<String> { Set(entries.map(\.id)) }

    /// Whether `entry` names `result`, the one reading every command shares: the case's id, a
    /// requirement it is about or violated, or `FILE:ID` for the case of requirement ID in a
    /// checked file (jobwire check).
    public static func entry(_ entry: String, names result: CaseResult) -> Bool {
        if entry == result.id || entry == result.requirement.rawValue { return true }
        if result.requirements.contains(where: { $0.rawValue == entry }) || result.violations.contains(where: { $0.requirement.rawValue == entry }) { return true }
        guard let file = result.location else { return false }
        // The file's name is worked out only for an entry that can name this case: parsing a URL
        // for every entry against every case was most of a long run's `RunReport.applying`.
        let suffix = ":\(result.requirement.rawValue)"
        guard entry.hasSuffix(suffix) else { return false }
        return entry == "\(URL(fileURLWithPath: file).lastPathComponent)\(suffix)"
    }

    /// Reads a list: one id per line; `#` starts a comment; blank lines are ignored.
    public static func load(path: String) throws(InputError) -> KnownFailures {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw InputError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    /// Parses the text of a list; an id containing spaces is an error naming its line.
    public static func parse(_ text: String, file: String) throws(InputError) -> KnownFailures {
        var entries: [(String, Int)] = []
        var seen: [String: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let id = content.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty else { continue }
            guard !id.contains(where: \.isWhitespace) else {
                throw InputError(file: file, line: line, message: "expected one case id per line, found \"\(id)\"")
            }
            if let first = seen[id] {
                throw InputError(file: file, line: line, message: "\"\(id)\" is listed twice (first on line \(first))")
            }
            seen[id] = line
            entries.append((id, line))
        }
        return KnownFailures(entries: entries, file: file)
    }
}
