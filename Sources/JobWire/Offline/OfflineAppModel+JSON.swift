import SocketIOWire

/// The model's state as the `offline` vectors write it (Docs/ADAPTER.md, "Suite offline").
extension OfflineAppModel {
    /// Reads and validates a state object such as a vector's `initial`; `path` names it in errors.
    ///
    /// Members are checked in the documented order (connectivity, screen, jwt, everOnline,
    /// entities, queue, inFlight, nextTempId, nextSeq) and the first bad one is named (OFFL-15).
    public init(json: JSONValue?, path: String = "initial") throws(OfflineInputError) {
        let reader = try OfflineFieldReader(json, path: JSONFieldPath(path))
        connectivity = Connectivity(rawValue: try reader.choice("connectivity", Connectivity.allCases.map(\.rawValue)))!
        screen = AppScreen(rawValue: try reader.choice("screen", AppScreen.allCases.map(\.rawValue)))!
        let token = try reader.required("jwt")
        if token.isNull {
            jwt = nil
        } else {
            let jwtReader = try OfflineFieldReader(token, path: reader.path("jwt"))
            jwt = CachedJWT(token: try jwtReader.string("token"), expiresAt: try jwtReader.integer("expiresAt", minimum: 0))
        }
        everOnline = try reader.bool("everOnline")
        let entityList = try reader.nested("entities")
        entities = [:]
        for member in entityList.object.members {
            entities[EntityID(member.key)] = try entityList.object(member.value, at: entityList.path(member.key))
        }
        queue = []
        for (index, element) in try reader.array("queue").enumerated() {
            queue.append(try OfflineRequest(json: element, path: reader.path("queue").appending(index: index), queued: true))
        }
        inFlight = []
        for (index, element) in try reader.array("inFlight").enumerated() {
            inFlight.append(try OfflineRequest(json: element, path: reader.path("inFlight").appending(index: index), queued: false))
        }
        nextTempID = Int(try reader.integer("nextTempId", minimum: 1))
        nextSeq = Int(try reader.integer("nextSeq", minimum: 1))
        if jwt != nil && !everOnline {
            throw reader.error("everOnline", "a cached JWT comes from an online login, so everOnline must be true")
        }
    }

    /// The state as JSON, members in the documented order and entities sorted by id.
    public var json: JSONValue {
        var entityList = JSONObject()
        for id in entities.keys.sorted() { entityList[id.rawValue] = .object(entities[id]!) }
        return [
            "connectivity": .string(connectivity.rawValue),
            "screen": .string(screen.rawValue),
            "jwt": jwt.map { ["token": .string($0.token), "expiresAt": .int($0.expiresAt)] } ?? .null,
            "everOnline": .bool(everOnline),
            "entities": .object(entityList),
            "queue": .array(queue.map(\.json)),
            "inFlight": .array(inFlight.map(\.json)),
            "nextTempId": .int(Int64(nextTempID)),
            "nextSeq": .int(Int64(nextSeq)),
        ]
    }
}

extension OfflineRequest {
    /// Reads a request of a state's `queue` (creates and edits only) or `inFlight` (any call).
    init(json: JSONValue, path: JSONFieldPath, queued: Bool) throws(OfflineInputError) {
        let reader = try OfflineFieldReader(json, path: path)
        seq = Int(try reader.integer("seq", minimum: 1))
        let kinds = queued ? ["create", "edit"] : ["list", "options", "login", "create", "edit"]
        switch try reader.choice("kind", kinds) {
        case "list": call = .list
        case "options": call = .options
        case "login": call = .login
        case let kind:
            let id = EntityID(try reader.string("id"))
            let data = try reader.object("data")
            if kind == "create" {
                guard id.isTemporary else {
                    throw reader.error("id", "a create carries a temporary id (\(EntityID.temporaryPrefix)N), found \(JSONValue.string(id.rawValue).compactText)")
                }
                call = .create(id, data: data)
            } else {
                call = .edit(id, data: data)
            }
        }
    }

    /// The request as JSON: `{"seq","kind"}`, plus `"id"` and `"data"` for creates and edits.
    public var json: JSONValue {
        var object: JSONObject = ["seq": .int(Int64(seq)), "kind": .string(kind)]
        switch call {
        case .create(let id, let data), .edit(let id, let data):
            object["id"] = .string(id.rawValue)
            object["data"] = .object(data)
        case .list, .options, .login:
            break
        }
        return .object(object)
    }
}

extension OfflineEffect {
    /// The effect as JSON: `{"type":"send","request":…}`, `{"type":"drop","seq":3}` …
    public var json: JSONValue {
        switch self {
        case .send(let request): return ["type": "send", "request": request.json]
        case .enqueue(let request): return ["type": "enqueue", "request": request.json]
        case .drop(let seq): return ["type": "drop", "seq": .int(Int64(seq))]
        case .notify(let subject, let id): return ["type": "notify", "for": .string(subject.rawValue), "id": .string(id.rawValue)]
        case .render(let updated): return ["type": "render", "updated": .bool(updated)]
        case .navigate(let screen): return ["type": "navigate", "screen": .string(screen.rawValue)]
        case .alert(let subject, let id): return ["type": "alert", "for": .string(subject.rawValue), "id": .string(id.rawValue)]
        }
    }
}
