import JobWire

/// The members a comparison of a recording with new traffic leaves out, as both `jobwire replay`
/// (``ReplayComparison``) and `jobwire broker --replay` (``ReplayMatcher``) do: every timestamp,
/// by its name at any depth, and each `--volatile` entry.
///
/// An entry is a path from the root of a body or payload, as for record's `--redact-json`
/// (`profile.phone`, `items[0].note`); an entry that is one bare name (`Delay`, `email`) names
/// that member at any depth. Ids are never volatile here: `jobwire replay` learns them
/// (``ReplayIDMap``), and the recorded backend's ids are the ones an app under test sends back.
public struct VolatileMembers: Sendable, Hashable {
    /// The `--volatile` entries, as given.
    public var entries: [JSONFieldPath]

    /// Timestamps and `entries`.
    public init(_ entries: [JSONFieldPath] = []) { self.entries = entries }

    /// True for a member that holds a time: `ts`, `time`, `date`, `timestamp` (in any case), or a
    /// name ending in `At`, `Time` or `Date` (`createdAt`, `sentAt`, `pickupTime`, `dueDate`).
    public static func isTimestamp(_ key: String) -> Bool {
        ["ts", "time", "date", "timestamp"].contains(key.lowercased()) || key.hasSuffix("At") || key.hasSuffix("Time") || key.hasSuffix("Date")
    }

    /// True when the member at `path` (from the root of a body or payload) is left out: its name
    /// is a timestamp's, the path is an entry, or its name is a bare-name entry. The root and an
    /// array's elements are left out only when an entry names them by their full path.
    public func leavesOut(_ path: JSONFieldPath) -> Bool {
        guard let name = path.components.last else { return false }
        let isMember = !path.description.hasSuffix("]")
        if isMember && Self.isTimestamp(name) { return true }
        return entries.contains { entry in
            entry.components == path.components || (isMember && entry.components == [name] && !entry.description.hasSuffix("]"))
        }
    }
}
