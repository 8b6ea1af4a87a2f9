import SocketIOWire

/// The capture an app would have recorded while doing what an answer to an `offline` vector says
/// it did: each step's operation and effects written as the trace events of Docs/TRACE.md's
/// offline workflow (a request sent, queued or dropped, a notification, a render, connectivity, a
/// launch). It lets the checker's OFFL and AUTH rules, the judges of real captures, say which
/// requirement a wrong answer breaks (``OfflineAttribution``).
///
/// The mapping is the one `Scripts/trace_offline.py` uses for the shipped offline traces. Nil
/// when the answer is not a run of steps the kit can read: then nothing can be attributed.
struct OfflineAnswerTrace {
    /// The header: the client app records and is under test; PROTOCOL.md's routes.
    static var header: TraceHeader {
        var header = TraceHeader(roles: [.client])
        header.subject = [.client]
        header.description = "An offline vector's steps as the app recorded them."
        return header
    }

    /// The events, and the first line written for the vector's steps: the lines before it tell the
    /// session before the vector (its initial queue, requests in flight and connectivity).
    var events: [TraceEvent]
    var firstStepLine: Int

    /// The capture of `answer` (`{"steps": [{"state", "effects"}, …]}`) to `input`.
    static func capture(input: JSONValue, answer: JSONValue) -> OfflineAnswerTrace? {
        guard let initial = try? OfflineAppModel(json: input["initial"]),
            let operations = input["steps"]?.arrayValue?.enumerated().map({ try? OfflineOperation(json: $0.element, path: "steps[\($0.offset)]") }),
            let steps = answer["steps"]?.arrayValue, steps.count <= operations.count
        else { return nil }
        var writer = Writer(initial: initial, start: Self.start(operations))
        let firstStepLine = writer.events.count + 2
        for (index, step) in steps.enumerated() {
            guard let operation = operations[index], let state = try? OfflineAppModel(json: step["state"], path: "steps[\(index)].state"),
                let effects = step["effects"]?.arrayValue?.map(Self.effect), effects.allSatisfy({ $0 != nil })
            else { return nil }
            writer.write(operation, effects: effects.compactMap { $0 }, after: state)
        }
        return OfflineAnswerTrace(events: writer.finish(), firstStepLine: firstStepLine)
    }

    /// A start early enough that every launch's `now` comes after the events before it.
    private static func start(_ operations: [OfflineOperation?]) -> Int64 {
        let launches = operations.compactMap { operation -> Int64? in
            if case .launch(let now)? = operation { return now }
            return nil
        }
        return (launches.min() ?? 1_767_225_600_000) - Int64(operations.count + 2) * 10
    }

    /// One effect of an answer, or nil when it is not one the kit can read.
    private static func effect(_ json: JSONValue) -> OfflineEffect? {
        switch json["type"]?.stringValue {
        case "send", "enqueue":
            guard let request = json["request"], let read = try? OfflineRequest(json: request, path: JSONFieldPath("request"), queued: false) else { return nil }
            return json["type"] == "send" ? .send(read) : .enqueue(read)
        case "drop":
            return json["seq"]?.integerValue.map { .drop(seq: Int($0)) }
        case "notify":
            guard let subject = json["for"]?.stringValue.flatMap(NotificationSubject.init), let id = json["id"]?.stringValue else { return nil }
            return .notify(subject, EntityID(id))
        case "render":
            return json["updated"]?.boolValue.map { .render(updated: $0) }
        case "navigate":
            return json["screen"]?.stringValue.flatMap(AppScreen.init).map { .navigate($0) }
        case "alert":
            guard let subject = json["for"]?.stringValue.flatMap(NotificationSubject.init), let id = json["id"]?.stringValue else { return nil }
            return .alert(subject, EntityID(id))
        default:
            return nil
        }
    }

    /// Writes one session's events, keeping what the app held before each step.
    private struct Writer {
        static let app = TraceActor(.client, id: "c-1")
        var events: [TraceEvent] = []
        var ts: Int64
        /// The state after the last step written.
        var state: OfflineAppModel
        /// Every request the app made, by seq, for the answers to them.
        var requests: [Int: OfflineRequest] = [:]
        var backendIDs = 20
        /// When the session began, and when each task it created was answered, by backend id (TASK-8's `createdAt`).
        let start: Int64
        var createdAt: [String: Int64] = [:]

        init(initial: OfflineAppModel, start: Int64) {
            state = initial
            ts = start
            self.start = start
            // The session before the vector: whether the app runs, what it had queued and sent, then its connectivity.
            if !initial.screen.isRunning { record(.lifecycle(.terminated, stored: StoredState())) }
            // Each queued or sent create and edit was notified when it was made (OFFL-5).
            for (index, request) in initial.queue.enumerated() {
                requests[request.seq] = request
                record(.queueChanged(QueueChange(length: Int64(index + 1), op: .enqueue, entry: request)))
                notify(request)
            }
            for request in initial.inFlight {
                requests[request.seq] = request
                record(.httpRequest(Self.request(request)))
                notify(request)
            }
            record(.connectivity(online: initial.connectivity == .online))
        }

        mutating func record(_ body: TraceEventBody) {
            events.append(TraceEvent(line: events.count + 2, ts: ts, actor: Self.app, body: body))
            ts += 1
        }

        mutating func write(_ operation: OfflineOperation, effects: [OfflineEffect], after next: OfflineAppModel) {
            var quietEnqueues = false
            switch operation {
            // Only a change of connectivity is an event: going online while online is nothing to the app.
            case .goOnline where state.connectivity == .offline: record(.connectivity(online: true))
            case .goOffline where state.connectivity == .online: record(.connectivity(online: false))
            case .terminate:
                record(.lifecycle(.terminated, stored: StoredState()))
                // The app stores what was in flight with its queue as it stops; it records no queue event.
                quietEnqueues = true
            case .launch(let now):
                ts = max(ts, now)
                let jwt: ReportedJWT = state.jwt.map { .token(expiresAt: $0.expiresAt, token: $0.token) } ?? ReportedJWT.none
                record(.lifecycle(.launched, stored: StoredState(jwt: jwt, everOnline: state.everOnline, queue: state.queue)))
            case .response(let seq, let outcome, let body):
                record(.httpResponse(answer(to: seq, outcome: outcome, body: body)))
            case .goOnline, .goOffline, .refresh, .create, .edit, .login, .enterPIN:
                break
            }
            var queued = Dictionary(state.queue.map { ($0.seq, $0) }, uniquingKeysWith: { first, _ in first })
            for effect in effects {
                switch effect {
                case .send(let request):
                    requests[request.seq] = request
                    if queued.removeValue(forKey: request.seq) != nil {
                        record(.queueChanged(QueueChange(length: Int64(queued.count), op: .send, entry: request)))
                    }
                    record(.httpRequest(Self.request(request)))
                case .enqueue(let request):
                    requests[request.seq] = request
                    queued[request.seq] = request
                    if !quietEnqueues { record(.queueChanged(QueueChange(length: Int64(queued.count), op: .enqueue, entry: request))) }
                case .drop(let seq):
                    let entry = queued.removeValue(forKey: seq) ?? requests[seq]
                    record(.queueChanged(QueueChange(length: Int64(queued.count), op: .drop, entry: entry)))
                case .notify(let subject, let id):
                    notify(subject, id)
                case .render(let updated):
                    let items = next.entities.keys.sorted().map { JSONValue.string($0.rawValue) }
                    record(.viewShown(ViewRecord(view: "contacts", req: nil, elements: ["updated": .bool(updated), "items": .array(items)])))
                case .navigate(let screen):
                    record(.viewShown(ViewRecord(view: screen.rawValue, req: nil, elements: nil)))
                case .alert(_, let id):
                    var alert = AlertRecord(alert: "saveFailed", result: .failure, req: nil, elements: ["title": "Not saved", "text": "HandyFriends refused the change.", "ok": true])
                    alert.notification.entity = id.rawValue
                    record(.alertShown(alert))
                }
            }
            state = next
        }

        /// The notification of a create or edit (OFFL-5).
        mutating func notify(_ subject: NotificationSubject, _ id: EntityID) {
            let title: JSONValue = subject == .create ? "Task saved" : "Task updated"
            var alert = AlertRecord(alert: "notification", result: .info, req: nil, elements: ["title": title, "text": "It will reach HandyFriends as soon as you are online."])
            alert.notification = NotificationRecord(subject: subject, entity: id.rawValue)
            record(.alertShown(alert))
        }

        /// The notification `request` was shown when it was made, for a create or an edit.
        mutating func notify(_ request: OfflineRequest) {
            switch request.call {
            case .create(let id, _): notify(.create, id)
            case .edit(let id, _): notify(.edit, id)
            case .list, .options, .login: break
            }
        }

        mutating func finish() -> [TraceEvent] {
            events.append(TraceEvent(line: events.count + 2, ts: ts + 5_000, actor: .backend, body: .end))
            return events
        }

        /// A request as the app sends it on the wire (PROTOCOL.md's task routes).
        static func request(_ request: OfflineRequest) -> HTTPRequestRecord {
            let xid = "x-\(request.seq)"
            switch request.call {
            case .list: return HTTPRequestRecord(xid: xid, method: "GET", path: "/api/tasks", call: request)
            case .options: return HTTPRequestRecord(xid: xid, method: "GET", path: "/api/options", call: request)
            case .login:
                return HTTPRequestRecord(xid: xid, method: "POST", path: "/api/auth/login", body: ["email": "ana@example.com", "password": "secret-1", "rememberMe": true], call: request)
            case .create(_, let data): return HTTPRequestRecord(xid: xid, method: "POST", path: "/api/tasks", body: .object(data), call: request)
            case .edit(let id, let data): return HTTPRequestRecord(xid: xid, method: "PUT", path: "/api/tasks/\(id.rawValue)", body: .object(data), call: request)
            }
        }

        /// A task as the backend returns it (TASK-8): `data` with its id, author, status, contractor
        /// and times, as `Scripts/trace_offline.py` serves it; one the app did not create here was
        /// created a day before the session.
        func served(_ id: JSONValue, _ data: JSONObject) -> JSONValue {
            var task = data
            let created = id.stringValue.flatMap { createdAt[$0] } ?? start - 86_400_000
            task["objectId"] = id
            task["author"] = "U-1"
            task["status"] = "open"
            task["contractor"] = .null
            task["createdAt"] = .string(ISO8601Time.string(milliseconds: created))
            task["updatedAt"] = .string(ISO8601Time.string(milliseconds: ts))
            return .object(task)
        }

        /// The backend's answer to request `seq` as the app records it, with the body the operation gives.
        mutating func answer(to seq: Int, outcome: ResponseOutcome, body: JSONObject?) -> HTTPResponseRecord {
            let xid = "x-\(seq)"
            guard outcome == .ok else {
                return HTTPResponseRecord(xid: xid, status: 410, body: ["ok": false, "error": ["code": "request_cancelled", "message": "refused"]])
            }
            var answer: JSONObject = ["ok": true]
            switch requests[seq]?.call {
            case .create(_, let data)?:
                let id = body?["id"] ?? .string("T-\(backendIDs)")
                if let text = id.stringValue { createdAt[text] = ts }
                answer["task"] = served(id, data)
                backendIDs += 1
            case .edit(let id, let data)?:
                answer["task"] = served(.string(id.rawValue), data)
            case .list?:
                let items = body?["items"]?.arrayValue ?? []
                answer["tasks"] = .array(items.map { served($0["id"] ?? .null, $0["data"]?.objectValue ?? [:]) })
            case .login?:
                answer["userId"] = "U-1"
                answer["token"] = body?["token"] ?? "hf.fresh"
                if let expiresAt = body?["expiresAt"]?.integerValue { answer["expiresAt"] = .string(ISO8601Time.string(milliseconds: expiresAt)) }
            case .options?:
                answer["categories"] = [4, 9, 12]
            case nil:
                break
            }
            return HTTPResponseRecord(xid: xid, status: 200, body: .object(answer))
        }
    }
}
