import JobWire
import SocketIOWire

/// Re-stamps what a recording answered for the session it is served in (`jobwire broker
/// --replay`): each timestamp of a recorded answer or event moves by the time between the recorded
/// step and the served one, so an answer keeps every duration the recording showed (a token's
/// `expiresAt` a day after its sign-up, TASK-4; a request's `createdAt` at its post, REST-2)
/// measured from the moment the app under test is answered, and a correct app reads it as it read
/// the recorded one (a token still valid, AUTH-1 and TASK-5).
///
/// A timestamp is a member that ``VolatileMembers`` leaves out by its name (`createdAt`,
/// `expiresAt`, `time` ...), holding an ISO 8601 date-time (written back as
/// `YYYY-MM-DDThh:mm:ss.fffZ`) or an integer of epoch milliseconds (at least 10^12, after
/// September 2001). Everything else stays as recorded; so does a date given only as a day.
public enum RecordedTimes {
    /// Epoch milliseconds below this are not read as a time (a count, a duration, seconds).
    static let earliestEpochMs: Int64 = 1_000_000_000_000

    /// `value` with each timestamp member moved by `offset` ms, at any depth.
    public static func shifted(_ value: JSONValue, by offset: Int64) -> JSONValue {
        guard offset != 0 else { return value }
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.map { member in
                let moved = VolatileMembers.isTimestamp(member.key) ? time(member.value, offset) : nil
                return JSONObject.Member(key: member.key, value: moved ?? shifted(member.value, by: offset))
            }))
        case .array(let items):
            return .array(items.map { shifted($0, by: offset) })
        default:
            return value
        }
    }

    /// The time `value` holds moved by `offset`, or nil when it holds none.
    private static func time(_ value: JSONValue, _ offset: Int64) -> JSONValue? {
        switch value {
        case .string(let text):
            return ISO8601Time.milliseconds(text).map { .string(ISO8601Time.string(milliseconds: $0 + offset)) }
        case .int(let ms) where ms >= earliestEpochMs:
            return .int(ms + offset)
        default:
            return nil
        }
    }
}
