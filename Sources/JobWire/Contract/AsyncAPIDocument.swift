import SocketIOWire

/// The AsyncAPI 3.0.0 document of PROTOCOL.md's Socket.IO events in a profile (MSG area): a
/// Socket.IO server over WebSocket, the namespace, the channel room and a user's own room as
/// channels, each event a message with its payload schema and `x-requirements`, and an operation
/// per event and role (the backend sends, the apps receive). Events carry no acknowledgement and
/// apps emit none (MSG-1); the handshake's `auth` object (MSG-2, MSG-16) is the server's and the
/// namespace's `x-socketio-auth`.
public enum AsyncAPIDocument {
    /// Which app receives which event, by where the backend sends it (MSG-3, FLOW-5, FLOW-8, FLOW-9).
    static let receivers: [(role: String, event: ProtocolEvent, channel: String)] = [
        ("worker", .new, "channelRoom"), ("worker", .new, "userRoom"), ("client", .apply, "userRoom"), ("worker", .cancel, "userRoom"),
        ("client", .cancel, "userRoom"), ("worker", .close, "userRoom"), ("client", .close, "userRoom"),
    ]

    /// The document for `profile`, keys sorted so that the same profile always gives the same bytes.
    public static func json(profile: ProtocolProfile = .standard) -> JSONValue {
        let events = ProtocolEvent.allCases
        let auth: JSONValue = ["$ref": .string(ContractShapes.reference(ContractShapes.auth.name))]
        func messages(_ list: [ProtocolEvent], in channel: String?) -> JSONValue {
            .object(JSONObject(list.map { event in
                .init(key: event.rawValue, value: ["$ref": .string(channel.map { "#/channels/\($0)/messages/\(event.rawValue)" } ?? "#/components/messages/\(event.rawValue)")])
            }))
        }
        let channels: JSONObject = [
            "namespace": [
                "address": .string(profile.namespace), "title": "The namespace",
                "description": "The Socket.IO namespace every event travels in (MSG-1). A socket connects with the handshake `auth` object (x-socketio-auth); a malformed one is refused with a connect error (MSG-16).",
                "messages": messages(events, in: nil), "x-socketio-auth": auth, "x-requirements": ["MSG-1", "MSG-2", "MSG-16"],
            ],
            "channelRoom": [
                "address": .string(profile.channelRoom), "title": "The channel room",
                "description": "The room every worker socket is in (MSG-2); a `new` for no particular worker goes here (MSG-3).",
                "messages": messages([.new], in: nil), "x-requirements": ["MSG-2", "MSG-3"],
            ],
            "userRoom": [
                "address": "{userId}", "title": "A user's own room",
                "description": "The room of one user, named by its id as canonical text (MSG-2, ELIG-2): a direct `new`, and a request's `apply`, `cancel` and `close` for its client and winner.",
                "parameters": ["userId": ["description": "The user's id as canonical text (ELIG-2)."]],
                "messages": messages(events, in: nil), "x-requirements": ["MSG-2", "MSG-3", "FLOW-5", "FLOW-8", "FLOW-9"],
            ],
        ]
        var operations: JSONObject = [:]
        for event in events {
            for channel in ["channelRoom", "userRoom"] where channel == "userRoom" || event == .new {
                operations["backendSends\(title(event))To\(title(channel))"] = operation(
                    "send", event: event, channel: channel, role: "backend", messages: messages([event], in: channel))
            }
        }
        for (role, event, channel) in receivers {
            operations["\(role)Receives\(title(event))From\(title(channel))"] = operation(
                "receive", event: event, channel: channel, role: "\(role) app", messages: messages([event], in: channel))
        }
        var componentMessages: JSONObject = [:]
        for event in events {
            let shape = ContractShapes.payload(event)
            let example = ContractShapes.example(of: event)
            componentMessages[event.rawValue] = [
                "name": .string(profile.name(of: event)), "title": .string("`\(profile.name(of: event))`"), "summary": .string(shape.summary),
                "contentType": "application/json", "payload": ["$ref": .string(ContractShapes.reference(shape.name))],
                "examples": [["name": .string("\(event.rawValue)-example"), "summary": .string(example.summary), "payload": example.payload]],
                "x-requirements": .array(shape.requirements.map { .string($0.rawValue) }),
                "x-socketio-ack": false,
            ]
        }
        let schemas = ContractShapes.componentSchemas
        let document: JSONObject = [
            "asyncapi": "3.0.0",
            "info": [
                "title": "JobWire Socket.IO events", "version": .string(ContractDocuments.version),
                "description": .string(ContractDocuments.description(of: "Socket.IO events") + " Events are emitted with exactly one JSON object argument and no acknowledgement (MSG-1); apps emit no protocol events."),
            ],
            "defaultContentType": "application/json",
            "servers": [
                "backend": [
                    "host": "localhost:3000", "protocol": "ws", "pathname": "/socket.io/",
                    "description": "The backend's Socket.IO server (Engine.IO 4 over WebSocket, `?EIO=4&transport=websocket`); the host is an example.",
                    "x-socketio-auth": auth,
                ]
            ],
            "channels": .object(channels),
            "operations": .object(operations),
            "components": [
                "messages": .object(componentMessages),
                "schemas": .object(JSONObject(schemas.map { .init(key: $0.key, value: $0.value) })),
            ],
            "x-schema-gaps": .array(FieldKind.schemaGaps.map { .string($0) }),
        ]
        return JSONValue.object(document).sortingKeys
    }

    private static func operation(_ action: String, event: ProtocolEvent, channel: String, role: String, messages: JSONValue) -> JSONValue {
        let list: [JSONValue] = messages.objectValue?.members.map(\.value) ?? []
        return [
            "action": .string(action), "channel": ["$ref": .string("#/channels/\(channel)")], "messages": .array(list),
            "summary": .string("The \(role) \(action)s `\(event.rawValue)` \(action == "send" ? "to" : "from") the \(channel == "channelRoom" ? "channel room" : "user's own room")."),
            "x-role": .string(role),
        ]
    }

    private static func title(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
    private static func title(_ event: ProtocolEvent) -> String { title(event.rawValue) }
}
