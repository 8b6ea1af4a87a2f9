import SocketIOWire

/// The values of a `new` and an `apply` that only the trace can tell, beside their shapes: a
/// payload can be well formed and still say something else than what the backend was told. A
/// field whose shape is already wrong is left out here, so one mistake is one problem.
extension PayloadShape {
    /// What breaks MSG-4 and MSG-7 in a `new` measured against its post's body (REST-2): `CatID`,
    /// `exclusive` (`"0"` when none was posted), `lat` and `lng` are the post's, so are the strings
    /// that summarize the request (`clientName`, `address`, `category`, `description`), and the
    /// post's `image`, when it had one, is carried. An exclusive request announced as `"0"` is
    /// offered to every worker; ids compare as ELIG-2 says.
    static func newValues(_ payload: JSONObject, post: JSONValue) -> [ShapeProblem] {
        let malformed = Set(new(payload).map(\.field))
        var problems: [ShapeProblem] = []
        for key in ["CatID", "exclusive"] where !malformed.contains(key) {
            guard let posted = post[key].flatMap(\.idText) ?? (key == "exclusive" ? "0" : nil), payload[key]?.idText != posted else { continue }
            problems.append(ShapeProblem(requirement: "MSG-4", field: key, problem: "is \(payload[key]?.compactText ?? "missing"), but the post gave \(post[key]?.compactText ?? "none, which is \"0\"")"))
        }
        for key in ["lat", "lng"] where !malformed.contains(key) {
            guard let posted = post[key]?.doubleValue, payload[key]?.doubleValue != posted else { continue }
            problems.append(ShapeProblem(requirement: "MSG-4", field: key, problem: "is \(payload[key]?.compactText ?? "missing"), but the post gave \(post[key]!.compactText)"))
        }
        for key in ["clientName", "address", "category", "description"] where !malformed.contains(key) {
            guard let posted = post[key], posted.stringValue != nil, payload[key] != posted else { continue }
            problems.append(ShapeProblem(requirement: "MSG-7", field: key, problem: "is \(payload[key]?.compactText ?? "missing"), but the post gave \(posted.compactText)"))
        }
        if let posted = post["image"], posted != .null, !malformed.contains("image"), payload["image"] != posted {
            problems.append(ShapeProblem(requirement: "MSG-7", field: "image", problem: "is \(payload["image"]?.compactText ?? "absent"), but the post gave \(posted.compactText)"))
        }
        return problems
    }

    /// What breaks MSG-9 in an `apply` measured against the backend's record of the worker it
    /// names, as `source` showed it (a worker fixture, FIX-1, or the backend's own meProfile
    /// answer, REST-17): `workerName` and `workerAvatar` are its `name` and `avatar`, and `lat`
    /// and `lng` its position unless `moved`: the worker sent a position call since, whatever its
    /// answer, so where the backend believes it is is REST-18's to judge. The rating is left to
    /// its range: a backend that also serves HandyFriends rates a worker by its reviews (TASK-18),
    /// which may come in between.
    static func applyValues(_ payload: JSONObject, record: JSONValue, source: String, moved: Bool) -> [ShapeProblem] {
        let malformed = Set(apply(payload).map(\.field))
        var problems: [ShapeProblem] = []
        for (key, member) in [("workerName", "name"), ("workerAvatar", "avatar")] where !malformed.contains(key) {
            guard let recorded = record[member], payload[key] != recorded else { continue }
            problems.append(ShapeProblem(requirement: "MSG-9", field: key, problem: "is \(payload[key]?.compactText ?? "missing"), but \(source) gave \(recorded.compactText)"))
        }
        if !moved {
            for key in ["lat", "lng"] where !malformed.contains(key) {
                guard let recorded = record["profile"]?[key], let position = recorded.doubleValue, payload[key]?.doubleValue != position else { continue }
                problems.append(ShapeProblem(requirement: "MSG-9", field: key, problem: "is \(payload[key]?.compactText ?? "missing"), but \(source) put the worker at \(recorded.compactText)"))
            }
        }
        return problems
    }
}
