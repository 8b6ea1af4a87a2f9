import JobWire
import SocketIOWire

/// Compares what a new backend answered or emitted with what the recording holds at the same
/// place, leaving out what is bound to differ: timestamps, the ids a backend assigns (learnt into
/// the ``ReplayIDMap`` instead, and a difference only when they contradict what was learnt), and
/// the members named volatile with `--volatile PATH` (``VolatileMembers``).
public struct ReplayComparison: Sendable {
    /// Members left out of the comparison: timestamps and the `--volatile` entries.
    public var volatile: VolatileMembers

    /// A comparison leaving out `volatile` (timestamps and the entries) besides assigned ids.
    public init(volatile: VolatileMembers = VolatileMembers()) { self.volatile = volatile }

    /// The differences between `recorded` (ids mapped by `ids`) and `replayed`, each as `path: recorded …, replayed …`.
    public func differences(recorded: JSONValue?, replayed: JSONValue?, ids: ReplayIDMap) -> [String] {
        var found: [String] = []
        compare(recorded, replayed, path: JSONFieldPath(), idMember: false, ids: ids, into: &found)
        return found
    }

    private func compare(_ recorded: JSONValue?, _ replayed: JSONValue?, path: JSONFieldPath, idMember: Bool, ids: ReplayIDMap, into found: inout [String]) {
        if volatile.leavesOut(path) { return }
        let place = path.description.isEmpty ? "the body" : path.description
        switch (recorded, replayed) {
        case (nil, nil):
            return
        case (let old?, nil):
            found.append("\(place): recorded \(Self.show(old)), replayed nothing")
        case (nil, let new?):
            found.append("\(place): recorded nothing, replayed \(Self.show(new))")
        case (.object(let old)?, .object(let new)?):
            for member in old.members {
                compare(member.value, new[member.key], path: path.appending(member.key), idMember: ReplayIDMap.isAssignedID(member.key), ids: ids, into: &found)
            }
            for member in new.members where old[member.key] == nil && !volatile.leavesOut(path.appending(member.key)) {
                found.append("\(path.appending(member.key)): recorded nothing, replayed \(Self.show(member.value))")
            }
        case (.array(let old)?, .array(let new)?) where old.count == new.count:
            for (index, pair) in zip(old, new).enumerated() {
                compare(pair.0, pair.1, path: path.appending(index: index), idMember: idMember, ids: ids, into: &found)
            }
        case (let old?, let new?):
            let expected = ids.rewrite(old, idMember: idMember) ?? old
            if !expected.isEquivalent(to: new) {
                let mapped = expected == old ? "" : " (\(Self.show(expected)) in the replay's ids)"
                found.append("\(place): recorded \(Self.show(old))\(mapped), replayed \(Self.show(new))")
            }
        }
    }

    /// A value as a difference shows it: its JSON text, cut at 120 characters.
    static func show(_ value: JSONValue) -> String {
        let text = value.compactText
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
    }
}
