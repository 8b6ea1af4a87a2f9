import JobWire
import SocketIOWire

/// Where a task stands (TASK-8): open until a contractor is chosen, then assigned, and at the
/// end completed or cancelled.
public enum TaskStatus: String, Sendable, Hashable, CaseIterable {
    /// Created, no contractor chosen.
    case open
    /// A contractor is chosen (TASK-16).
    case assigned
    /// Done; no more edits or cancels (TASK-11).
    case completed
    /// Cancelled with a reason (TASK-12); no more edits.
    case cancelled
}

/// One task as the backend keeps it, and its JSON (TASK-8).
public struct TaskRecord: Sendable, Hashable {
    /// `objectId`: the backend's id, `T-1`, `T-2` ...; never starts with `tmp-` (OFFL-3).
    public var objectID: String
    /// `author`: the `userId` of the user who created it.
    public var author: String
    /// Where it stands.
    public var status: TaskStatus
    /// `contractor`: the chosen contractor's `userId`, nil until one is chosen.
    public var contractor: String?
    /// `cancelReason`, once cancelled (TASK-12).
    public var cancelReason: String?
    /// `createdAt`: when the backend accepted the create, in ms since the epoch.
    public var createdAt: Int64
    /// `updatedAt`: the last change, in ms since the epoch; every change moves it on (TASK-10).
    public var updatedAt: Int64
    /// The editable state.
    var draft: TaskDraft
    /// The order of creation, which breaks ties of `createdAt` in the list (TASK-14).
    var number: Int

    /// The task as the backend returns it: the default fields, then the editable ones (TASK-8).
    public var json: JSONValue {
        var object: JSONObject = [
            "objectId": .string(objectID), "author": .string(author), "status": .string(status.rawValue),
            "contractor": contractor.map(JSONValue.string) ?? .null,
        ]
        object.members += draft.fields.members
        if let cancelReason { object["cancelReason"] = .string(cancelReason) }
        object["createdAt"] = .string(ISO8601Time.string(milliseconds: createdAt))
        object["updatedAt"] = .string(ISO8601Time.string(milliseconds: updatedAt))
        return .object(object)
    }
}

/// A review of a contractor (TASK-17).
public struct ContractorReview: Sendable, Hashable {
    /// The reviewer's `userId`.
    public var author: String
    /// The reviewed contractor's `userId`.
    public var contractor: String
    /// A whole number from 1 to 5.
    public var rating: Int64
    /// The review text, when given.
    public var review: String?
    /// The task it is about, when given.
    public var task: String?
    /// When it was posted, in ms since the epoch.
    public var createdAt: Int64

    /// The review as the backend returns it.
    public var json: JSONValue {
        [
            "author": .string(author), "contractor": .string(contractor), "rating": .int(rating),
            "review": review.map(JSONValue.string) ?? .null, "task": task.map(JSONValue.string) ?? .null,
            "createdAt": .string(ISO8601Time.string(milliseconds: createdAt)),
        ]
    }
}
