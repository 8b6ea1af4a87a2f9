import SocketIOWire

/// A task create's or edit's body as TASK-7's decision defines it (``ContractShapes/taskBody``),
/// checked the way the rules need: the paths of the bad fields, in PROTOCOL.md's order, so TASK-9
/// can accept a `bad_request` naming any of them and TASK-7 knows a valid body must be stored.
enum TaskBodyCheck {
    /// The bad fields of `body`, first bad path of each member (`image[0]`, `dates[0].start`,
    /// `location.lat`); empty for a valid body.
    static func problems(_ body: JSONValue?) -> [String] {
        ContractShapes.taskBodyProblems(.createTask, body).map(\.field)
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

    /// True when this task member holds `written`, the value a create or edit gave it: `category`
    /// as an id (`9` and `"9"` are one category), the rest as ``sameMembers(as:)`` (TASK-8).
    func sameTaskMember(_ key: String, as written: JSONValue) -> Bool {
        key == "category" ? idText != nil && idText == written.idText : sameMembers(as: written)
    }
}
