import Foundation

extension SocketIOValue {
    /// The placeholder that stands for attachment `index`: `{"_placeholder":true,"num":index}`, keys in that order.
    public static func placeholder(_ index: Int) -> JSONValue {
        .object(JSONObject([
            .init(key: "_placeholder", value: .bool(true)),
            .init(key: "num", value: .int(Int64(index))),
        ]))
    }

    /// Splits the value into JSON with placeholders and the binary attachments, numbered in document order.
    ///
    /// This is the reference encoder's `deconstructPacket`: depth first, arrays in order, object
    /// members in order.
    public func deconstructed() -> (json: JSONValue, attachments: [Data]) {
        var attachments: [Data] = []
        let json = deconstruct(into: &attachments)
        return (json, attachments)
    }

    private func deconstruct(into attachments: inout [Data]) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .bigInt(let digits): return .bigInt(digits)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .binary(let data):
            attachments.append(data)
            return Self.placeholder(attachments.count - 1)
        case .array(let elements):
            return .array(elements.map { $0.deconstruct(into: &attachments) })
        case .object(let members):
            return .object(JSONObject(members.map { .init(key: $0.key, value: $0.value.deconstruct(into: &attachments)) }))
        }
    }

    /// Puts the attachments back in place of the placeholders of `json`.
    ///
    /// Any object whose `_placeholder` member is `true` is a placeholder, as in the reference's
    /// `reconstructPacket`; its `num` must be an integer in `0..<attachments.count`.
    public init(reconstructing json: JSONValue, attachments: [Data]) throws(SocketIOWireError) {
        switch json {
        case .array(let elements):
            var values: [SocketIOValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try SocketIOValue(reconstructing: element, attachments: attachments)) }
            self = .array(values)
        case .object(let object):
            if let index = Self.placeholderIndex(of: object) {
                guard let index, attachments.indices.contains(index) else {
                    throw SocketIOWireError(
                        .invalidPlaceholder, "a placeholder's \"num\" must be an integer in 0..<\(attachments.count)", at: 0
                    )
                }
                self = .binary(attachments[index])
                return
            }
            var members: [Member] = []
            members.reserveCapacity(object.count)
            for member in object.members {
                members.append(Member(key: member.key, value: try SocketIOValue(reconstructing: member.value, attachments: attachments)))
            }
            self = .object(members)
        default:
            self = SocketIOValue(json)
        }
    }

    /// For a placeholder object: `.some(num)`, or `.some(nil)` when `num` is not an integer; nil when not a placeholder.
    static func placeholderIndex(of object: JSONObject) -> Int?? {
        guard object["_placeholder"] == .bool(true) else { return nil }
        guard let number = object["num"]?.integerValue, number >= 0, number <= Int64(Int32.max) else { return .some(nil) }
        return .some(Int(number))
    }
}
