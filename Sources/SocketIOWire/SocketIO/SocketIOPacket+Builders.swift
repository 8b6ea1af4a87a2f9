import Foundation

extension SocketIOPacket {
    /// A packet whose payload may hold binary data: deconstructed into placeholders and attachments.
    ///
    /// As the reference encoder does, an EVENT or ACK whose payload holds binary data becomes a
    /// BINARY_EVENT or BINARY_ACK; without binary data the type is kept as given.
    public static func deconstructing(
        type: SocketIOPacketType,
        namespace: String = "/",
        ackID: Int? = nil,
        payload: SocketIOValue?
    ) -> SocketIOPacket {
        guard let payload else { return SocketIOPacket(type: type, namespace: namespace, ackID: ackID) }
        let (json, attachments) = payload.deconstructed()
        let finalType = attachments.isEmpty ? type : type.binaryForm
        return SocketIOPacket(type: finalType, namespace: namespace, ackID: ackID, payload: json, attachments: attachments)
    }

    /// A client's CONNECT (`0`, `0{auth}`, `0/admin,{auth}`).
    public static func connect(namespace: String = "/", auth: JSONObject? = nil) -> SocketIOPacket {
        SocketIOPacket(type: .connect, namespace: namespace, payload: auth.map(JSONValue.object))
    }

    /// The server's CONNECT reply granting a namespace: `0{"sid":"..."}` (the suite expects `sid` only).
    public static func connected(namespace: String = "/", sid: String) -> SocketIOPacket {
        SocketIOPacket(type: .connect, namespace: namespace, payload: ["sid": .string(sid)])
    }

    /// A DISCONNECT (`1`, `1/admin,`).
    public static func disconnect(namespace: String = "/") -> SocketIOPacket {
        SocketIOPacket(type: .disconnect, namespace: namespace)
    }

    /// A CONNECT_ERROR: `{"message":...}`, with `"data"` after it when given.
    ///
    /// The refusal of an unknown namespace is `connectError(namespace: "/random", message: "Invalid namespace")`,
    /// encoded `4/random,{"message":"Invalid namespace"}`.
    public static func connectError(namespace: String = "/", message: String, data: JSONValue? = nil) -> SocketIOPacket {
        var object: JSONObject = ["message": .string(message)]
        if let data { object["data"] = data }
        return SocketIOPacket(type: .connectError, namespace: namespace, payload: .object(object))
    }

    /// An EVENT `[name, arguments...]`, or a BINARY_EVENT when an argument holds binary data.
    public static func event(
        _ name: String,
        _ arguments: [SocketIOValue] = [],
        namespace: String = "/",
        ackID: Int? = nil
    ) -> SocketIOPacket {
        deconstructing(type: .event, namespace: namespace, ackID: ackID, payload: .array([.string(name)] + arguments))
    }

    /// An ACK answering event `id` with `arguments`, or a BINARY_ACK when one holds binary data.
    public static func ack(_ arguments: [SocketIOValue], id: Int, namespace: String = "/") -> SocketIOPacket {
        deconstructing(type: .ack, namespace: namespace, ackID: id, payload: .array(arguments))
    }
}
