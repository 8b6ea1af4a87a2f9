import SocketIOWire

/// Connectivity, termination and the backend's responses (OFFL-1, OFFL-6, OFFL-11 ... OFFL-13, AUTH-4).
extension OfflineAppModel {
    /// Connectivity returns: the option values GET, then the replay (OFFL-11, OFFL-13).
    mutating func goOnline(into effects: inout [OfflineEffect]) {
        guard !isOnline else { return }
        connectivity = .online
        // OFFL-13: sync option values on every online use; a stopped app does it at launch.
        if isRunning { send(makeRequest(.options), into: &effects) }
        // OFFL-11: the replay itself starts in ``replayNext(into:)`` after every operation.
    }

    /// Connectivity goes: what was in flight is lost or waits again in the queue (OFFL-11).
    mutating func goOffline(into effects: inout [OfflineEffect]) {
        guard isOnline else { return }
        connectivity = .offline
        returnInFlight(into: &effects)
    }

    /// The app is terminated; the queue stays on the device (OFFL-12).
    mutating func terminate(into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        try requireRunning("be terminated")
        returnInFlight(into: &effects)
        screen = .none
    }

    /// OFFL-11's decision: unanswered creates and edits go back to the queue in the order they
    /// were made, only the newest edit of an entity among them; GETs and logins are dropped.
    mutating func returnInFlight(into effects: inout [OfflineEffect]) {
        let returning = inFlight.filter(\.isQueueable)
        inFlight.removeAll()
        let kept = returning.filter { request in
            guard case .edit(let id, _) = request.call else { return true }
            return !(returning + queue).contains { $0.isEdit(of: id) && $0.seq > request.seq }
        }
        queue = (queue + kept).sorted { $0.seq < $1.seq }
        effects += kept.map(OfflineEffect.enqueue)
    }

    /// The backend answers request `seq`.
    mutating func receive(seq: Int, outcome: ResponseOutcome, body: JSONObject?, into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        guard let index = inFlight.firstIndex(where: { $0.seq == seq }) else {
            throw OfflineInputError(field: "seq", message: "no request \(seq) is in flight")
        }
        let request = inFlight[index]
        let answer = try ResponseBody.read(body, for: request, outcome: outcome)
        inFlight.remove(at: index)
        switch (request.call, answer) {
        case (.list, .list(let listed)):
            applyList(listed)  // OFFL-1
            effects.append(.render(updated: true))
        case (.login, .token(let token)):
            jwt = token  // AUTH-4
            everOnline = true  // AUTH-7: the app has now been online
            if screen == .login { navigate(to: .contacts, into: &effects) }
        case (.create(let temporary, _), .createdID(let backendID)):
            replaceTemporaryID(temporary, with: backendID)  // OFFL-6
        case (.create(let temporary, _), .refused):
            // OFFL-6's decision: a refused create is undone, with the edits queued behind it.
            entities[temporary] = nil
            dropQueued(where: { $0.entityID == temporary }, into: &effects)
            effects.append(.alert(.create, temporary))  // OFFL-19, TASK-24: the user is told
        case (.edit(let id, _), .refused):
            effects.append(.alert(.edit, id))  // OFFL-19, TASK-24: the user is told
        default:
            break  // edits and option values change nothing (OFFL-7's decision); refused lists and logins neither
        }
    }
}

/// What a response says, read according to the request it answers (OFFL-1, OFFL-6, AUTH-4).
enum ResponseBody {
    case list([(EntityID, JSONObject)])
    case createdID(EntityID)
    case token(CachedJWT)
    case refused
    case ignored

    /// Reads `body` for `request`; a successful create, list or login needs a well-formed body (OFFL-15).
    static func read(_ body: JSONObject?, for request: OfflineRequest, outcome: ResponseOutcome) throws(OfflineInputError) -> ResponseBody {
        guard outcome == .ok else { return .refused }
        switch request.call {
        case .create:
            let reader = try OfflineFieldReader(required: body, path: "body")
            return .createdID(try reader.backendID("id"))
        case .list:
            let reader = try OfflineFieldReader(required: body, path: "body")
            var listed: [(EntityID, JSONObject)] = []
            for (index, element) in try reader.array("items").enumerated() {
                let item = try OfflineFieldReader(element, path: reader.path("items").appending(index: index))
                let id = try item.backendID("id")
                if listed.contains(where: { $0.0 == id }) {
                    throw item.error("id", "\(JSONValue.string(id.rawValue).compactText) is listed twice")
                }
                listed.append((id, try item.object("data")))
            }
            return .list(listed)
        case .login:
            let reader = try OfflineFieldReader(required: body, path: "body")
            return .token(CachedJWT(token: try reader.string("token"), expiresAt: try reader.integer("expiresAt", minimum: 0)))
        case .edit, .options:
            return .ignored
        }
    }
}
