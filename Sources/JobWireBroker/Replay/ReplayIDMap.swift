import JobWire
import SocketIOWire

/// The ids a new backend assigned, mapped onto the recorded ones: learnt from its answers and
/// events at the same place as the recording's (a ReqID, a user id from a sign-up, a token, an
/// objectId), and put in place of the recorded ones in every later step `jobwire replay` sends.
public struct ReplayIDMap: Sendable {
    /// Recorded id text to the new backend's value.
    public private(set) var assigned: [String: JSONValue] = [:]

    /// An empty map: nothing learnt yet.
    public init() {}

    /// True for a member that holds an id a backend assigns: `id`, `_id`, a name ending in `Id`,
    /// `ID` or `Ids`, or one naming a token. Such members are learnt, not compared as such: a
    /// difference there counts only when it contradicts what was learnt already.
    public static func isAssignedID(_ key: String) -> Bool {
        let lower = key.lowercased()
        return key == "id" || key == "_id" || key.hasSuffix("Id") || key.hasSuffix("ID") || key.hasSuffix("Ids") || lower.contains("token")
    }

    /// The text of a scalar id (ELIG-2's canonical form), nil for anything else.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bigInt(let digits): return digits
        default: return nil
        }
    }

    /// Learns from the new backend's `new` value where the recording had `recorded`: each
    /// assigned-id member whose value differs maps the recorded id to the new one. An id mapped
    /// already keeps its first mapping.
    public mutating func learn(recorded: JSONValue?, new: JSONValue?) {
        guard let recorded, let new else { return }
        switch (recorded, new) {
        case (.object(let old), .object(let fresh)):
            for member in old.members {
                guard let value = fresh[member.key] else { continue }
                if Self.isAssignedID(member.key), let oldID = Self.text(member.value), Self.text(value) != nil, oldID != Self.text(value) {
                    if assigned[oldID] == nil { assigned[oldID] = value }
                } else {
                    learn(recorded: member.value, new: value)
                }
            }
        case (.array(let old), .array(let fresh)):
            for (left, right) in zip(old, fresh) { learn(recorded: left, new: right) }
        default:
            break
        }
    }

    /// `value` with every recorded id that was mapped replaced by the new one: any string, and a
    /// number only as the value of an assigned-id member (a rating of 1 is not the id 1).
    public func rewrite(_ value: JSONValue?, idMember: Bool = false) -> JSONValue? {
        guard let value, !assigned.isEmpty else { return value }
        switch value {
        case .string(let text):
            return assigned[text] ?? value
        case .int, .bigInt:
            return idMember ? Self.text(value).flatMap { assigned[$0] } ?? value : value
        case .array(let elements):
            return .array(elements.map { rewrite($0, idMember: idMember) ?? $0 })
        case .object(let object):
            return .object(JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: rewrite($0.value, idMember: Self.isAssignedID($0.key)) ?? $0.value) }))
        default:
            return value
        }
    }

    /// `text` (an id, a bearer token) mapped, or as it was.
    public func rewrite(text: String) -> String {
        assigned[text].flatMap(Self.text) ?? text
    }

    /// A path with each segment that is a mapped id replaced (`/api/requests/R-1/accept`).
    public func rewrite(path: String) -> String {
        guard !assigned.isEmpty else { return path }
        var result = ""
        var segment = ""
        for character in path {
            if "/?&=".contains(character) {
                result += rewrite(text: segment) + String(character)
                segment = ""
            } else {
                segment.append(character)
            }
        }
        return result + rewrite(text: segment)
    }

    /// Every string and integer text in `value`.
    static func texts(in value: JSONValue?) -> Set<String> {
        guard let value else { return [] }
        switch value {
        case .string, .int, .bigInt: return Self.text(value).map { [$0] } ?? []
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(texts(in: $1)) }
        case .object(let object): return object.members.reduce(into: []) { $0.formUnion(texts(in: $1.value)) }
        default: return []
        }
    }

    /// The values of every assigned-id member in `value`, at any depth.
    static func assignedIDs(in value: JSONValue?) -> Set<String> {
        guard let value else { return [] }
        switch value {
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(assignedIDs(in: $1)) }
        case .object(let object):
            return object.members.reduce(into: []) { ids, member in
                if isAssignedID(member.key), let id = text(member.value) { ids.insert(id) } else { ids.formUnion(assignedIDs(in: member.value)) }
            }
        default: return []
        }
    }
}
