import SocketIOWire

/// A task create's or edit's body as TASK-7's decision defines it, checked the way the rules need:
/// the paths of the bad fields, in PROTOCOL.md's order, so TASK-9 can accept a `bad_request`
/// naming any of them and TASK-7 knows a valid body must be stored.
enum TaskBodyCheck {
    /// The bad fields of `body`, first bad path of each member (`image[0]`, `dates[0].start`,
    /// `location.lat`); empty for a valid body.
    static func problems(_ body: JSONValue?) -> [String] {
        guard let object = body?.objectValue else { return ["body"] }
        var bad: [String] = []
        if object["category"].flatMap(\.idText) == nil { bad.append("category") }
        if object["Description"]?.stringValue?.isEmpty != false { bad.append("Description") }
        if let problem = pictures(object["image"]) { bad.append(problem) }
        if let problem = dates(object["dates"]) { bad.append(problem) }
        if object["address"]?.stringValue?.isEmpty != false { bad.append("address") }
        if let problem = location(object["location"]) { bad.append(problem) }
        if let budget = object["maxBudget"], !budget.isNull, (budget.doubleValue ?? -1) < 0 { bad.append("maxBudget") }
        if let minutes = object["estimatedDuration"], !minutes.isNull, (minutes.integerValue ?? 0) <= 0 { bad.append("estimatedDuration") }
        return bad
    }

    /// An http or https URL, as TASK-7's pictures and TASK-21's image are.
    static func isURL(_ value: JSONValue) -> Bool {
        guard let text = value.stringValue?.lowercased() else { return false }
        return ["https://", "http://"].contains { text.hasPrefix($0) && text.count > $0.count } && !text.contains(" ")
    }

    private static func pictures(_ value: JSONValue?) -> String? {
        guard let elements = value?.arrayValue, !elements.isEmpty else { return "image" }
        return elements.firstIndex { !isURL($0) }.map { "image[\($0)]" }
    }

    private static func dates(_ value: JSONValue?) -> String? {
        guard let elements = value?.arrayValue, !elements.isEmpty else { return "dates" }
        for (index, element) in elements.enumerated() {
            guard element.objectValue != nil else { return "dates[\(index)]" }
            guard let start = element["start"]?.stringValue.flatMap(ISO8601Time.milliseconds) else { return "dates[\(index)].start" }
            guard let end = element["end"]?.stringValue.flatMap(ISO8601Time.milliseconds), start < end else { return "dates[\(index)].end" }
        }
        return nil
    }

    private static func location(_ value: JSONValue?) -> String? {
        guard let point = value, point.objectValue != nil else { return "location" }
        guard let lat = point["lat"]?.doubleValue, abs(lat) <= 90 else { return "location.lat" }
        guard let lng = point["lng"]?.doubleValue, abs(lng) <= 180 else { return "location.lng" }
        return nil
    }
}

extension JSONValue {
    /// True when both are the same JSON whatever the order of object members, numbers by value:
    /// a task read one way and listed another compare equal (TASK-26).
    func sameMembers(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let left), .object(let right)):
            guard Set(left.keys) == Set(right.keys), left.count == right.count else { return false }
            return left.members.allSatisfy { member in right[member.key].map(member.value.sameMembers) ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.sameMembers(as: $1) }
        default:
            return isEquivalent(to: other)
        }
    }

    /// True when this member holds `expected` as an account member compares: `userId` and `author`
    /// as ids, `categories` as a set of ids, `email` without case, the rest as ``sameMembers(as:)``.
    func sameAccountMember(_ key: String, as expected: JSONValue) -> Bool {
        switch key {
        case "userId", "author":
            return self.idText != nil && self.idText == expected.idText
        case "categories":
            guard let mine = arrayValue?.map(\.idText), let theirs = expected.arrayValue?.map(\.idText) else { return false }
            return mine.count == theirs.count && Set(mine) == Set(theirs)
        case "email":
            return stringValue?.lowercased() == expected.stringValue?.lowercased()
        default:
            return sameMembers(as: expected)
        }
    }
}
