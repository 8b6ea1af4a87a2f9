import SocketIOWire

/// VIEW-5 ... VIEW-8: what each Work in Progress view presents, by the element names of
/// PROTOCOL.md, with the values of the messages they come from. The client's view shows the
/// `apply`'s worker and the post's request (VIEW-5), the haversine distance between them (VIEW-6),
/// and for a worker without a rating a "New Worker" label in its place (VIEW-7, SHOULD); the
/// worker's shows the `new`'s client and a map of both positions (VIEW-8).
///
/// Every showing is judged, a view shown again after a restart too. A client's view with no
/// `apply` received is VIEW-2's alone.
struct VIEWWorkInProgressContents: TraceRule {
    /// How far the shown distance may be from the kit's, in km: a value rounded to one decimal passes (VIEW-6).
    static let distanceDisplayToleranceKm = 0.05

    let infos = [
        TraceRuleInfo(
            "VIEW-5", evidence: [.client],
            check: "the client's Work in Progress view shows `distance`, `rating` (or `newWorker` for a worker without one), `avatar` and `workerName` equal to the `apply`'s, `description` and `category` equal to the post's, and `pay`, `chat`, `call` and `closeRequest`"),
        TraceRuleInfo(
            "VIEW-6", evidence: [.client],
            check: "the `distance` the client shows is the haversine distance (ELIG-4) between the `apply`'s position and the request's, in km",
            tolerance: "within 0.05 km plus 1e-6 km"),
        TraceRuleInfo(
            "VIEW-7", evidence: [.client],
            check: "(SHOULD) for an `apply` with `workerRating` null, the client's Work in Progress view shows a `newWorker` label in place of a rating"),
        TraceRuleInfo(
            "VIEW-8", evidence: [.worker],
            check: "the worker's Work in Progress view shows `clientName` equal to the `new`'s, a `map` of `worker` (its last reported position) and `job` (the `new`'s lat and lng) as [lat, lng], and `workInformation`, `chat`, `call` and `closeRequest`"),
    ]
    var kinds: Set<TraceEventKind> { [.viewShown] }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard case .viewShown(let view) = event.body, view.view == TraceViews.workInProgress, let req = view.req else { return }
        let elements = view.elements ?? JSONObject()
        // The two payloads read in place: the whole request copied out for them was a share of every such view's cost.
        let (postBody, newPayload) = context.session.readRequest(req) { ($0.postBody, $0.newPayload) } ?? (nil, nil)
        switch event.actor.role {
        case .client:
            guard let apply = context.session.side(event.actor, req)?.applyPayload else { return }
            let posted = postBody ?? newPayload
            judgeClient(elements, apply: apply, posted: posted, req: req, event, &context)
        case .worker:
            // A retired request keeps no payload (a tombstone's offer is null): nothing to compare with.
            guard let offer = [context.session.side(event.actor, req)?.offer?.payload, newPayload].compactMap({ $0 }).first(where: { !$0.isNull })
            else { return }
            let position = event.actor.id.flatMap { context.session.profiles[$0] }
            judgeWorker(elements, offer: offer, position: position, req: req, event, &context)
        case .backend:
            break
        }
    }

    private func judgeClient(_ elements: JSONObject, apply: JSONValue, posted: JSONValue?, req: String, _ event: TraceEvent, _ context: inout RuleContext) {
        var problems = ALERTContents.missing(["distance", "avatar", "workerName", "description", "category", "pay", "chat", "call", "closeRequest"], in: elements)
        if let rating = apply["workerRating"], !rating.isNull {
            if elements["rating"] == nil || elements["rating"] == .null {
                problems.append("`rating` is missing")
            } else if elements["rating"]?.doubleValue != rating.doubleValue {
                problems.append("`rating` \(elements["rating"]!.reportText) is not the apply's workerRating \(rating.reportText)")
            }
        } else if elements["rating"] == nil, elements["newWorker"] == nil || elements["newWorker"] == .null {
            problems.append("neither `rating` nor `newWorker` is shown for a worker without a rating")
        }
        if apply["workerRating"]?.isNull ?? true, elements["newWorker"] == nil || elements["newWorker"] == .null || !(elements["rating"]?.isNull ?? true) {
            context.report(
                "VIEW-7", lines: [event.line], expected: "a `newWorker` label in place of the rating: the apply of \(req) has workerRating null",
                observed: "`newWorker` \(elements["newWorker"]?.reportText ?? "missing"), `rating` \(elements["rating"]?.reportText ?? "missing")")
        }
        problems += Self.differences([("avatar", "workerAvatar"), ("workerName", "workerName")], in: elements, from: apply, source: "apply")
        if let posted {
            problems += Self.differences([("description", "description"), ("category", "category")], in: elements, from: posted, source: "post")
        }
        if !problems.isEmpty {
            context.report(
                "VIEW-5", lines: [event.line], expected: "the client's Work in Progress view of \(req) with the worker's distance, rating, avatar and name, the request's description and category, and Pay, Chat, Call and Close Request",
                observed: problems.joined(separator: "; "))
        }
        guard let shown = elements["distance"], !shown.isNull, let lat = apply["lat"]?.doubleValue, let lng = apply["lng"]?.doubleValue,
            let jobLat = posted?["lat"]?.doubleValue, let jobLng = posted?["lng"]?.doubleValue
        else { return }
        let km = GeoPoint(lat: lat, lng: lng).haversineKm(to: GeoPoint(lat: jobLat, lng: jobLng))
        let tolerance = Self.distanceDisplayToleranceKm + Eligibility.distanceToleranceKm
        if let value = shown.doubleValue, abs(value - km) <= tolerance { return }
        context.report(
            "VIEW-6", lines: [event.line], expected: "a `distance` of \(km) km (within \(tolerance) km) between the worker at (\(lat), \(lng)) and the request at (\(jobLat), \(jobLng))",
            observed: "`distance` \(shown.reportText)")
    }

    private func judgeWorker(_ elements: JSONObject, offer: JSONValue, position: JSONValue?, req: String, _ event: TraceEvent, _ context: inout RuleContext) {
        var problems = ALERTContents.missing(["clientName", "map", "workInformation", "chat", "call", "closeRequest"], in: elements)
        problems += Self.differences([("clientName", "clientName")], in: elements, from: offer, source: "new")
        if let map = elements["map"], !map.isNull {
            if !Self.samePoint(map["job"], offer["lat"], offer["lng"]) {
                problems.append("`map.job` \(map["job"]?.reportText ?? "is missing"), the `new` says [\(offer["lat"]?.reportText ?? "?"), \(offer["lng"]?.reportText ?? "?")]")
            }
            if let position, position["lat"]?.doubleValue != nil {
                if !Self.samePoint(map["worker"], position["lat"], position["lng"]) {
                    problems.append("`map.worker` \(map["worker"]?.reportText ?? "is missing"), the worker's last reported position is [\(position["lat"]!.reportText), \(position["lng"]?.reportText ?? "?")]")
                }
            } else if map["worker"]?.arrayValue?.count != 2 {
                problems.append("`map.worker` \(map["worker"]?.reportText ?? "is missing"), not a [lat, lng] position")
            }
        }
        guard !problems.isEmpty else { return }
        context.report(
            "VIEW-8", lines: [event.line], expected: "the worker's Work in Progress view of \(req) with the client's name, a map of both positions, and Work Information, Chat, Call and Close Request",
            observed: problems.joined(separator: "; "))
    }

    /// The shown elements whose value differs from the message member they come from.
    static func differences(_ pairs: [(element: String, member: String)], in elements: JSONObject, from message: JSONValue, source: String) -> [String] {
        pairs.compactMap { pair in
            guard let shown = elements[pair.element], !shown.isNull, let sent = message[pair.member], !TraceSession.sameValue(shown, sent) else { return nil }
            return "`\(pair.element)` \(shown.reportText) is not the \(source)'s \(pair.member) \(sent.reportText)"
        }
    }

    /// True when `point` is `[lat, lng]` with these values.
    static func samePoint(_ point: JSONValue?, _ lat: JSONValue?, _ lng: JSONValue?) -> Bool {
        guard let pair = point?.arrayValue, pair.count == 2, let lat = lat?.doubleValue, let lng = lng?.doubleValue else { return false }
        return pair[0].doubleValue == lat && pair[1].doubleValue == lng
    }
}
