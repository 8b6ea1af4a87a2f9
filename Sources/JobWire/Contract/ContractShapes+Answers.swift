import SocketIOWire

/// The answers of the job flow's calls (REST-1 ... REST-7, REST-15 ... REST-18) and the fixtures'
/// bodies and answers (FIX-1 ... FIX-4).
extension ContractShapes {
    /// The success answer of the post request (REST-2).
    public static let postRequestAnswer = MessageShape(
        "PostRequestAnswer", "The success answer of the post request.", requirements: ["REST-1", "REST-2"],
        object: "REST-1", fields: [ok, ShapeField("ReqID", .text, .required, "REST-2"), ShapeField("createdAt", .dateTime, .required, "REST-2")])

    /// The success answer of WorkerAccept: the ReqID of the path (REST-3).
    public static let acceptAnswer = MessageShape(
        "WorkerAcceptAnswer", "The success answer of WorkerAccept: the ReqID of the path.", requirements: ["REST-1", "REST-3"],
        object: "REST-1", fields: [ok, ShapeField("ReqID", .id, .required, "REST-3")])

    /// The success answer of a cancel: the ReqID of the path (REST-5).
    public static let cancelAnswer = MessageShape(
        "CancelAnswer", "The success answer of a cancel: the ReqID of the path.", requirements: ["REST-1", "REST-5"],
        object: "REST-1", fields: [ok, ShapeField("ReqID", .id, .required, "REST-5")])

    /// The success answer of a close: the ReqID of the path (REST-6).
    public static let closeAnswer = MessageShape(
        "CloseAnswer", "The success answer of a close: the ReqID of the path.", requirements: ["REST-1", "REST-6"],
        object: "REST-1", fields: [ok, ShapeField("ReqID", .id, .required, "REST-6")])

    /// The success answer of getJobs (REST-4).
    public static let getJobsAnswer = MessageShape(
        "GetJobsAnswer", "The success answer of getJobs: the jobs the worker may take.", requirements: ["REST-1", "REST-4"],
        object: "REST-1", fields: [ok, ShapeField("jobs", .objects(job.name), .required, "REST-4")])

    /// A request's state (REST-15); which members are null follows its status (REST-15's table), which the checker judges beside the shape.
    public static let requestState = MessageShape(
        "RequestState", "A request's current state; `workerId` and `apply` are null while open, `end` until it ends.", requirements: ["REST-15"], object: "REST-15",
        fields: [
            ShapeField("ReqID", .id, .required, "REST-15"), ShapeField("clientId", .id, .required, "REST-15"),
            ShapeField("status", .choice(["open", "inProgress", "cancelled", "closed"]), .required, "REST-15"),
            ShapeField("workerId", .id, .optionalOrNull, "REST-15"), ShapeField("new", .object(new.name), .required, "REST-15"),
            ShapeField("apply", .object(apply.name), .requiredOrNull, "REST-15"),
            ShapeField("end", .anyObject("the payload of the request's `cancel` or `close`"), .requiredOrNull, "REST-15"),
        ])

    /// A request of a history read: a request state (REST-15) whose members a history read must get right (REST-16).
    public static let historyEntry = requestState.keeping(
        ["REST-15"], as: "REST-16", named: "HistoryEntry", "A request of a history read: its state as a state read gives it (REST-15).", requirements: ["REST-16", "REST-15"])

    /// The success answer of a state read (REST-15).
    public static let getRequestAnswer = MessageShape(
        "GetRequestAnswer", "The success answer of a state read.", requirements: ["REST-1", "REST-15"],
        object: "REST-1", fields: [ok, ShapeField("request", .object(requestState.name), .required, "REST-15")])

    /// The success answer of a history read (REST-16).
    public static let listRequestsAnswer = MessageShape(
        "ListRequestsAnswer", "The success answer of a history read: the user's requests, newest first.", requirements: ["REST-1", "REST-16"],
        object: "REST-1", fields: [ok, ShapeField("requests", .objects(historyEntry.name), .required, "REST-16")])

    /// A worker's meProfile (ELIG-10, REST-17).
    public static let workerProfile = MessageShape(
        "WorkerProfile", "A worker's meProfile with its last known position.", requirements: ["ELIG-10", "REST-17"],
        fields: [
            ShapeField("userID", .id, .required, "REST-17"), ShapeField("expertActive", .boolean, .required, "REST-17"),
            ShapeField("expertSource", .id, .requiredOrNull, "REST-17"), ShapeField("categories", .idArray, .required, "REST-17"),
            ShapeField("maxKms", .number(minimum: 0), .required, "REST-17"), ShapeField("lat", .coordinate(limit: 90), .required, "REST-17"),
            ShapeField("lng", .coordinate(limit: 180), .required, "REST-17"),
        ])

    /// The success answer of a profile read (REST-17).
    public static let meProfileAnswer = MessageShape(
        "MeProfileAnswer", "The success answer of a profile read: the worker's meProfile and record.", requirements: ["REST-1", "REST-17"],
        object: "REST-1", fields: [
            ok, ShapeField("profile", .object(workerProfile.name), .required, "REST-17"), ShapeField("name", .text, .required, "REST-17"),
            ShapeField("avatar", .text, .required, "REST-17"), ShapeField("rating", .rating, .required, "REST-17"),
        ])

    /// The success answer of a call that promises nothing but `ok` (REST-1, REST-18).
    public static let okAnswer = MessageShape("OkAnswer", "A success answer that carries nothing but `ok`.", requirements: ["REST-1"], object: "REST-1", fields: [ok])

    /// The failure answer of every call (REST-7): `field` only with bad_request.
    public static let errorAnswer = MessageShape(
        "ErrorAnswer", "The failure answer of every call; the status goes with the code.", requirements: ["REST-1", "REST-7"],
        object: "REST-1", fields: [ShapeField("ok", .constant(false), .required, "REST-7"), ShapeField("error", .object(errorObject.name), .required, "REST-7")])

    /// The error codes of REST-7 with their statuses, in the document's order.
    public static let errorCodes: [(code: String, status: Int)] = [
        ("bad_request", 400), ("unauthorized", 401), ("not_eligible", 403), ("not_found", 404), ("race_lost", 409), ("not_in_progress", 409),
        ("already_exists", 409), ("cancel_cutoff_passed", 409), ("request_cancelled", 410), ("request_closed", 410), ("server_error", 500),
    ]

    /// The `error` member of a failure answer (REST-7).
    public static let errorObject = MessageShape(
        "Error", "What went wrong: a code of REST-7, a message for people and, for bad_request, the field.", requirements: ["REST-7", "REST-13"],
        object: "REST-7", fields: [
            ShapeField("code", .choice(errorCodes.map(\.code)), .required, "REST-7"), ShapeField("message", .string, .required, "REST-7"),
            // Declared outside the condition too, so that tools that skip if/then/else still see the member.
            ShapeField("field", .schema(["type": ["string", "null"], "description": "the field a bad_request names, such as `lat` or `dates[0].start`"]), .optional, "REST-7"),
            ShapeField("field", .text, .required, "REST-7", when: .init(member: "code", value: "bad_request", equals: true)),
            ShapeField("field", .forbidden("comes only with bad_request"), .optionalOrNull, "REST-7", when: .init(member: "code", value: "bad_request", equals: false)),
        ])

    // MARK: - Test fixtures (FIX area)

    /// The worker fixture's body (FIX-1).
    public static let workerFixtureBody = MessageShape(
        "WorkerFixtureBody", "The body of the worker fixture: the worker's record.", requirements: ["FIX-1"],
        fields: [
            ShapeField("name", .text, .required, "FIX-1"), ShapeField("avatar", .text, .required, "FIX-1"),
            ShapeField("rating", .rating, .optionalOrNull, "FIX-1"), ShapeField("profile", .object(workerProfile.name), .required, "FIX-1"),
        ])

    /// The client fixture's body (FIX-2).
    public static let clientFixtureBody = MessageShape(
        "ClientFixtureBody", "The body of the client fixture: the client's banned workers and delay.", requirements: ["FIX-2"],
        fields: [
            ShapeField("BlockedXP", .idArray, .optionalOrNull, "FIX-2"),
            ShapeField("Delay", .wholeSeconds(maximum: JobOffer.maximumDelaySeconds), .optionalOrNull, "FIX-2"),
        ])

    /// The worker fixture's answer (FIX-1).
    public static let workerFixtureAnswer = MessageShape(
        "WorkerFixtureAnswer", "The worker fixture's answer.", requirements: ["FIX-1"], fields: [ok, ShapeField("workerId", .id, .required, "FIX-1")])

    /// The client fixture's answer (FIX-2).
    public static let clientFixtureAnswer = MessageShape(
        "ClientFixtureAnswer", "The client fixture's answer.", requirements: ["FIX-2"], fields: [ok, ShapeField("clientId", .id, .required, "FIX-2")])

    /// The settings answer (FIX-3, FIX-5).
    public static let settingsAnswer = MessageShape(
        "SettingsAnswer", "The settings the backend works with.", requirements: ["FIX-3", "FIX-5"],
        fields: [
            ok, ShapeField("timeoutMs", .number(minimum: 0), .required, "FIX-3"), ShapeField("taskCancelCutoffMs", .number(minimum: 0), .optional, "FIX-5"),
            ShapeField("sessionTtlMs", .number(minimum: 0), .optional, "FIX-5"), ShapeField("rememberMeTtlMs", .number(minimum: 0), .optional, "FIX-5"),
        ])

    /// The clock fixture's body (FIX-4).
    public static let clockBody = MessageShape(
        "ClockBody", "The body of the clock fixture.", requirements: ["FIX-4"], fields: [ShapeField("advanceMs", .wholeSeconds(maximum: Int64.max), .required, "FIX-4")])

    /// The clock fixture's answer (FIX-4).
    public static let clockAnswer = MessageShape(
        "ClockAnswer", "The clock fixture's answer: the backend's new time.", requirements: ["FIX-4"], fields: [ok, ShapeField("now", .number(minimum: 0), .required, "FIX-4")])

    /// The success answer of each job-flow call and fixture.
    public static func answer(_ call: RESTCallKind) -> MessageShape {
        switch call {
        case .postRequest: return postRequestAnswer
        case .workerAccept: return acceptAnswer
        case .cancel: return cancelAnswer
        case .close: return closeAnswer
        case .getJobs: return getJobsAnswer
        case .getRequest: return getRequestAnswer
        case .listRequests: return listRequestsAnswer
        case .meProfile: return meProfileAnswer
        case .position: return okAnswer
        case .workerFixture: return workerFixtureAnswer
        case .clientFixture: return clientFixtureAnswer
        }
    }
}
