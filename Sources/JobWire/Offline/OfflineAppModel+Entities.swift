import SocketIOWire

/// Listing, creating and editing entities (OFFL-1 ... OFFL-10, OFFL-14).
extension OfflineAppModel {
    /// The automatic list refresh.
    mutating func refresh(into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        try requireRunning("refresh its list")
        // OFFL-2: offline the GET is ignored, neither sent nor queued; no state change, no re-render.
        guard isOnline else { return }
        // OFFL-1: send the GET and render the list from the state as it is.
        send(makeRequest(.list), into: &effects)
        effects.append(.render(updated: false))
    }

    /// A new entity: in the state at once under a temporary id, then sent or queued.
    mutating func create(_ data: JSONObject, into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        try requireRunning("create an entity")
        // OFFL-3: a temporary id that is never reused, and the state updated at once.
        let id = EntityID.temporary(nextTempID)
        nextTempID += 1
        entities[id] = data
        // OFFL-4: sent at once online, queued offline.
        let request = makeRequest(.create(id, data: data))
        if isOnline { send(request, into: &effects) } else { enqueue(request, into: &effects) }
        // OFFL-5: a notification, online and offline alike.
        effects.append(.notify(.create, id))
    }

    /// Changes some fields of an entity and pushes its full latest state.
    mutating func edit(_ id: EntityID, changes: JSONObject, into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        try requireRunning("edit an entity")
        guard var data = entities[id] else {
            throw OfflineInputError(field: "id", message: "the state holds no entity \(JSONValue.string(id.rawValue).compactText)")
        }
        for member in changes.members { data[member.key] = member.value }
        // OFFL-7 (online, backend id) and OFFL-8 (offline, temporary id): the state first.
        entities[id] = data
        // OFFL-8, OFFL-9, OFFL-14 and OFFL-7's decision: the new edit carries the full state
        // (OFFL-10), so every queued edit of the same id is superseded; a create never is.
        dropQueued(where: { $0.isEdit(of: id) }, into: &effects)
        let request = makeRequest(.edit(id, data: data))
        if isOnline && !id.isTemporary {
            send(request, into: &effects)  // OFFL-7
        } else {
            enqueue(request, into: &effects)  // OFFL-8, OFFL-9, OFFL-14: behind the create, if any
        }
        effects.append(.notify(.edit, id))  // OFFL-5
    }

    /// The ids whose local state waits to be pushed: temporary ids and ids of queued or unanswered creates and edits.
    var pendingIDs: Set<EntityID> {
        var ids = Set(entities.keys.filter(\.isTemporary))
        for request in queue + inFlight {
            if let id = request.entityID { ids.insert(id) }
        }
        return ids
    }

    /// OFFL-1's decision: the list replaces the state, except where local changes still wait to be pushed.
    mutating func applyList(_ listed: [(EntityID, JSONObject)]) {
        let pending = pendingIDs
        var result: [EntityID: JSONObject] = [:]
        for (id, data) in listed {
            result[id] = pending.contains(id) ? (entities[id] ?? data) : data
        }
        for (id, data) in entities where pending.contains(id) && result[id] == nil {
            result[id] = data
        }
        entities = result
    }

    /// OFFL-6: the backend's id replaces the temporary one in the state and in every request that names it.
    mutating func replaceTemporaryID(_ temporary: EntityID, with backendID: EntityID) {
        if let data = entities.removeValue(forKey: temporary) {
            entities[backendID] = data  // the local entity wins over one a list already brought
        }
        queue = queue.map { $0.replacingEntity(temporary, with: backendID) }
        inFlight = inFlight.map { $0.replacingEntity(temporary, with: backendID) }
    }
}
