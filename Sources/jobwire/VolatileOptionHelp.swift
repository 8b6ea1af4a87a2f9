import JobWire
import JobWireBroker

/// The one text `jobwire replay --volatile` and `jobwire broker --replay --volatile` explain
/// their option with: both leave the same members out (``VolatileMembers``).
enum VolatileOptionHelp {
    /// What a `--volatile` entry names, and that timestamps are always left out.
    static let text = "Leave this member out when comparing with the recording, as timestamps (ts, time, date, timestamp, ...At, ...Time, ...Date) always are: a path from the root of a body or payload (user.avatar, items[0].note), or a bare name for that member at any depth (email, Delay); repeatable."

    /// The entries as ``VolatileMembers`` reads them.
    static func members(_ entries: [String]) -> VolatileMembers {
        VolatileMembers(entries.map { JSONFieldPath($0) })
    }
}
