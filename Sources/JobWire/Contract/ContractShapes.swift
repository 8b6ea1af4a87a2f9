import SocketIOWire

/// Every payload and body of PROTOCOL.md as a ``MessageShape``: the one place the members, their
/// kinds and their requirement ids are written. ``PayloadShape`` judges the four events (MSG-4 ...
/// MSG-11) and the request bodies (REST-13) with them, and `jobwire spec export` writes them into
/// the AsyncAPI and OpenAPI documents.
public enum ContractShapes {
    /// The JSON pointer of a shape in the documents' `components/schemas`.
    public static func reference(_ name: String) -> String { "#/components/schemas/\(name)" }

    static let worker = ShapeField.Condition(member: "by", value: "worker", equals: true)
    static let notWorker = ShapeField.Condition(member: "by", value: "worker", equals: false)
    static let ok: ShapeField = ShapeField("ok", .constant(true), .required, "REST-1")

    // MARK: - Socket.IO events

    /// A `new` payload (MSG-4 ... MSG-8); unknown members are ignored (MSG-12).
    public static let new = MessageShape(
        "NewPayload", "The payload of `new`: a request offered to the channel or to one worker.",
        requirements: ["MSG-4", "MSG-5", "MSG-6", "MSG-7", "MSG-8", "MSG-12"],
        object: "MSG-1", fields: [
            ShapeField("ReqID", .text, .required, "MSG-4"), ShapeField("CatID", .id, .required, "MSG-4"),
            ShapeField("exclusive", .id, .required, "MSG-4"), ShapeField("lat", .coordinate(limit: 90), .required, "MSG-4"),
            ShapeField("lng", .coordinate(limit: 180), .required, "MSG-4"), ShapeField("BlockedXP", .idArray, .optional, "MSG-5"),
            ShapeField("Delay", .wholeSeconds(maximum: JobOffer.maximumDelaySeconds), .optional, "MSG-6"),
            ShapeField("clientName", .text, .required, "MSG-7"), ShapeField("address", .text, .required, "MSG-7"),
            ShapeField("category", .text, .required, "MSG-7"), ShapeField("description", .text, .required, "MSG-7"),
            ShapeField("createdAt", .dateTime, .required, "MSG-7"), ShapeField("image", .text, .optional, "MSG-7"),
            ShapeField("workerId", .described("the addressed worker's id in a direct `new`, absent in a channel `new`; judged against the routing, not the shape"), .optional, "MSG-8"),
        ])

    /// A getJobs job: a `new` payload's MSG-4 and MSG-7 members (REST-4).
    public static let job = new.keeping(["MSG-4", "MSG-7"], as: "REST-4", named: "Job", "A job of a getJobs answer: the members of a `new` payload.", requirements: ["REST-4", "MSG-4", "MSG-7"])

    /// An `apply` payload (MSG-9).
    public static let apply = MessageShape(
        "ApplyPayload", "The payload of `apply`: the worker that won the request.", requirements: ["MSG-9"],
        object: "MSG-1", fields: [
            ShapeField("ReqID", .text, .required, "MSG-9"), ShapeField("workerId", .id, .required, "MSG-9"),
            ShapeField("workerName", .text, .required, "MSG-9"), ShapeField("workerAvatar", .text, .required, "MSG-9"),
            ShapeField("workerRating", .rating, .required, "MSG-9"), ShapeField("lat", .coordinate(limit: 90), .required, "MSG-9"),
            ShapeField("lng", .coordinate(limit: 180), .required, "MSG-9"),
        ])

    /// A `cancel` payload (MSG-10); that its reason is the cancel call's is judged against the trace.
    public static let cancel = MessageShape(
        "CancelPayload", "The payload of `cancel`: the request was cancelled, with the cancel call's reason.", requirements: ["MSG-10"],
        object: "MSG-1", fields: [ShapeField("ReqID", .text, .required, "MSG-10"), ShapeField("reason", .text, .required, "MSG-10")])

    /// A `close` payload (MSG-11); that outcome and by are the close call's is judged against the trace.
    public static let close = MessageShape(
        "ClosePayload", "The payload of `close`: the request was closed, with the close call's outcome and side.", requirements: ["MSG-11"],
        object: "MSG-1", fields: [
            ShapeField("ReqID", .text, .required, "MSG-11"), ShapeField("outcome", .choice(["happy", "unhappy"]), .required, "MSG-11"),
            ShapeField("by", .choice(["client", "worker"]), .required, "MSG-11"),
        ])

    /// The Socket.IO handshake's `auth` object (MSG-2, MSG-16).
    public static let auth = MessageShape(
        "HandshakeAuth", "The `auth` object of the Socket.IO handshake: who the socket is.", requirements: ["MSG-2", "MSG-16"],
        fields: [ShapeField("userId", .id, .required, "MSG-16"), ShapeField("role", .choice(["client", "worker"]), .required, "MSG-16")])

    // MARK: - REST request bodies (REST-13 refuses a body that breaks them)

    /// The post request's body (REST-2).
    public static let postRequestBody = MessageShape(
        "PostRequestBody", "The body of the post request.", requirements: ["REST-2", "REST-13"],
        object: "REST-13", fields: [
            ShapeField("clientId", .id, .required, "REST-13"), ShapeField("CatID", .id, .required, "REST-13"),
            ShapeField("category", .text, .required, "REST-13"), ShapeField("description", .text, .required, "REST-13"),
            ShapeField("clientName", .text, .required, "REST-13"), ShapeField("address", .text, .required, "REST-13"),
            ShapeField("lat", .coordinate(limit: 90), .required, "REST-13"), ShapeField("lng", .coordinate(limit: 180), .required, "REST-13"),
            ShapeField("image", .text, .optionalOrNull, "REST-13"), ShapeField("exclusive", .id, .optionalOrNull, "REST-13"),
            ShapeField("workerId", .id, .optionalOrNull, "REST-13"),
        ])

    /// WorkerAccept's body (REST-3).
    public static let workerAcceptBody = MessageShape(
        "WorkerAcceptBody", "The body of WorkerAccept.", requirements: ["REST-3", "REST-13"], object: "REST-13", fields: [ShapeField("workerId", .id, .required, "REST-13")])

    /// A cancel's body (REST-5), with the caller's id when it says it (REST-19, REST-20).
    public static let cancelBody = MessageShape(
        "CancelBody", "The body of a cancel.", requirements: ["REST-5", "REST-13", "REST-19", "REST-20"],
        object: "REST-13", fields: [ShapeField("reason", .text, .required, "REST-13"), ShapeField("clientId", .id, .optional, "REST-13")])

    /// A close's body (REST-6): the caller's id, when it says it, is the kind its `by` names (REST-19).
    public static let closeBody = MessageShape(
        "CloseBody", "The body of a close.", requirements: ["REST-6", "REST-13", "REST-19", "REST-20"],
        object: "REST-13", fields: [
            ShapeField("outcome", .choice(["happy", "unhappy"]), .required, "REST-13"), ShapeField("by", .choice(["client", "worker"]), .required, "REST-13"),
            ShapeField("workerId", .id, .optional, "REST-13", when: worker), ShapeField("clientId", .id, .optional, "REST-13", when: notWorker),
            ShapeField("clientId", .forbidden("does not go with the close's `by`"), .optional, "REST-13", when: worker),
            ShapeField("workerId", .forbidden("does not go with the close's `by`"), .optional, "REST-13", when: notWorker),
        ])

    /// A position report's body (REST-18).
    public static let positionBody = MessageShape(
        "PositionBody", "The body of a position report.", requirements: ["REST-18", "REST-13"],
        object: "REST-13", fields: [ShapeField("lat", .coordinate(limit: 90), .required, "REST-13"), ShapeField("lng", .coordinate(limit: 180), .required, "REST-13")])

    /// The body of the one request call the shape judges (REST-13), or nil for a call with none.
    public static func requestBody(_ call: RESTCallKind) -> MessageShape? {
        switch call {
        case .postRequest: return postRequestBody
        case .workerAccept: return workerAcceptBody
        case .cancel: return cancelBody
        case .close: return closeBody
        case .position: return positionBody
        case .workerFixture: return workerFixtureBody
        case .clientFixture: return clientFixtureBody
        case .getJobs, .getRequest, .listRequests, .meProfile: return nil
        }
    }

    /// The shape of a `new`, `apply`, `cancel` or `close` payload.
    public static func payload(_ event: ProtocolEvent) -> MessageShape {
        switch event {
        case .new: return new
        case .apply: return apply
        case .cancel: return cancel
        case .close: return close
        }
    }

    /// The event payloads and the handshake object, in the order the AsyncAPI document lists them.
    public static let eventShapes: [MessageShape] = [new, apply, cancel, close, auth]
}
