import SocketIOWire

/// The task API's bodies and answers (TASK area). Their members are judged by ``TaskBodyCheck``
/// and the TASK rules (with field paths such as `dates[0].start`); these shapes describe them for
/// the OpenAPI document, and members JSON Schema can only approximate say so.
extension ContractShapes {
    static let url: JSONObject = ["type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^ ]+$", "description": "an http or https URL"]
    static let urls: JSONObject = ["type": "array", "minItems": 1, "items": .object(url)]
    static let dates: JSONObject = [
        "type": "array", "minItems": 1, "description": "each start before its end (not expressible in JSON Schema)",
        "items": ["type": "object", "required": ["start", "end"], "properties": ["start": .object(FieldKind.dateTime.schema), "end": .object(FieldKind.dateTime.schema)]],
    ]
    static let location: JSONObject = [
        "type": "object", "required": ["lat", "lng"],
        "properties": ["lat": .object(FieldKind.coordinate(limit: 90).schema), "lng": .object(FieldKind.coordinate(limit: 180).schema)],
    ]
    static let wholeMinutes: JSONObject = ["type": "integer", "minimum": 1]

    /// The editable members of a task (TASK-7), as a create or edit carries them; a bad one is TASK-9's bad_request.
    static let taskFields: [ShapeField] = [
        ShapeField("category", .id, .required, "TASK-9"), ShapeField("Description", .text, .required, "TASK-9"),
        ShapeField("image", .schema(urls), .required, "TASK-9"), ShapeField("dates", .schema(dates), .required, "TASK-9"),
        ShapeField("address", .text, .required, "TASK-9"), ShapeField("location", .schema(location), .required, "TASK-9"),
        ShapeField("maxBudget", .number(minimum: 0), .optionalOrNull, "TASK-9"), ShapeField("estimatedDuration", .schema(wholeMinutes), .optionalOrNull, "TASK-9"),
    ]

    /// The body of a task create or edit (TASK-7, TASK-10); ``TaskBodyCheck`` judges it with its field paths.
    public static let taskBody = MessageShape(
        "TaskBody", "A task's editable state, as a create or an edit carries it.", requirements: ["TASK-7", "TASK-9", "TASK-10"], object: "TASK-9", fields: taskFields)

    /// A task as the backend returns it (TASK-8).
    public static let task = MessageShape(
        "Task", "A task as the backend returns it.", requirements: ["TASK-8"],
        fields: [
            ShapeField("objectId", .text, .required, "TASK-8"), ShapeField("author", .id, .required, "TASK-8"),
            ShapeField("status", .choice(["open", "assigned", "completed", "cancelled"]), .required, "TASK-8"),
            ShapeField("contractor", .id, .requiredOrNull, "TASK-8"), ShapeField("createdAt", .dateTime, .required, "TASK-8"),
            ShapeField("updatedAt", .dateTime, .required, "TASK-8"), ShapeField("cancelReason", .text, .optional, "TASK-8"),
        ] + taskFields.map { field in var field = field; field.requirement = "TASK-8"; return field })

    /// Every shape of the task API, for the documents' components.
    static let taskShapes: [MessageShape] = [
        MessageShape("UserExistsAnswer", "Whether an account has the email.", requirements: ["TASK-1"], fields: [ok, ShapeField("exists", .boolean, .required, "TASK-1")]),
        MessageShape(
            "SignUpBody", "A new account.", requirements: ["TASK-2"],
            fields: [
                ShapeField("email", .text, .required, "TASK-2"), ShapeField("password", .text, .required, "TASK-2"),
                ShapeField("phoneNumber", .text, .optionalOrNull, "TASK-2"), ShapeField("image", .schema(url), .optionalOrNull, "TASK-2"),
                ShapeField("name", .text, .optionalOrNull, "TASK-2"), ShapeField("contractor", .boolean, .optionalOrNull, "TASK-2"),
                ShapeField("categories", .idArray, .optionalOrNull, "TASK-2"),
            ]),
        MessageShape(
            "LogInBody", "Credentials, remembered or not.", requirements: ["TASK-3", "TASK-4"],
            fields: [ShapeField("email", .text, .required, "TASK-3"), ShapeField("password", .text, .required, "TASK-3"), ShapeField("rememberMe", .boolean, .optional, "TASK-4")]),
        MessageShape(
            "SessionAnswer", "A token and when it expires.", requirements: ["TASK-2", "TASK-3", "TASK-4"],
            fields: [ok, ShapeField("userId", .id, .required, "TASK-2"), ShapeField("token", .text, .required, "TASK-2"), ShapeField("expiresAt", .dateTime, .required, "TASK-4")]),
        taskBody, task,
        MessageShape("TaskAnswer", "A task.", requirements: ["TASK-8", "TASK-25"], fields: [ok, ShapeField("task", .object("Task"), .required, "TASK-8"), ShapeField("id", .text, .optional, "TASK-25")]),
        MessageShape("TasksAnswer", "The caller's tasks, newest first.", requirements: ["TASK-14"], fields: [ok, ShapeField("tasks", .objects("Task"), .required, "TASK-14")]),
        MessageShape("CancelTaskBody", "A task cancel's reason.", requirements: ["TASK-12"], fields: [ShapeField("reason", .text, .required, "TASK-12")]),
        MessageShape(
            "Candidate", "A contractor that may take a task.", requirements: ["TASK-15"],
            fields: [
                ShapeField("userId", .id, .required, "TASK-15"), ShapeField("name", .text, .requiredOrNull, "TASK-15"),
                ShapeField("image", .schema(url), .requiredOrNull, "TASK-15"), ShapeField("rating", .rating, .required, "TASK-18"),
            ]),
        MessageShape("CandidatesAnswer", "A task's candidate contractors.", requirements: ["TASK-15"], fields: [ok, ShapeField("contractors", .objects("Candidate"), .required, "TASK-15")]),
        MessageShape("ContractorBody", "The chosen contractor.", requirements: ["TASK-16"], fields: [ShapeField("contractor", .id, .required, "TASK-16")]),
        MessageShape(
            "ReviewBody", "A review of a contractor.", requirements: ["TASK-17"],
            fields: [
                ShapeField("rating", .schema(["type": "integer", "minimum": 1, "maximum": 5]), .required, "TASK-17"),
                ShapeField("review", .text, .optionalOrNull, "TASK-17"), ShapeField("task", .text, .optionalOrNull, "TASK-17"),
            ]),
        MessageShape(
            "Review", "A stored review.", requirements: ["TASK-17", "TASK-23"],
            fields: [
                ShapeField("rating", .schema(["type": "integer", "minimum": 1, "maximum": 5]), .required, "TASK-17"),
                ShapeField("review", .text, .requiredOrNull, "TASK-23"), ShapeField("author", .id, .required, "TASK-23"), ShapeField("createdAt", .dateTime, .required, "TASK-23"),
            ]),
        MessageShape(
            "ReviewAnswer", "The stored review and the contractor's new rating.", requirements: ["TASK-17", "TASK-18"],
            fields: [ok, ShapeField("review", .object("Review"), .required, "TASK-17"), ShapeField("rating", .rating, .required, "TASK-18")]),
        MessageShape(
            "User", "The caller's account.", requirements: ["TASK-19"],
            fields: [
                ShapeField("userId", .id, .required, "TASK-19"), ShapeField("email", .text, .required, "TASK-19"),
                ShapeField("name", .text, .requiredOrNull, "TASK-19"), ShapeField("phoneNumber", .text, .requiredOrNull, "TASK-19"),
                ShapeField("image", .schema(url), .requiredOrNull, "TASK-19"), ShapeField("contractor", .boolean, .required, "TASK-19"),
                ShapeField("categories", .idArray, .required, "TASK-19"), ShapeField("rating", .rating, .required, "TASK-18"),
            ]),
        MessageShape("UserAnswer", "The caller's account.", requirements: ["TASK-19", "TASK-20", "TASK-21"], fields: [ok, ShapeField("user", .object("User"), .required, "TASK-19")]),
        MessageShape(
            "UpdateMeBody", "The account's full editable state.", requirements: ["TASK-20"],
            fields: [
                ShapeField("name", .text, .requiredOrNull, "TASK-20"), ShapeField("phoneNumber", .text, .requiredOrNull, "TASK-20"),
                ShapeField("contractor", .boolean, .required, "TASK-20"), ShapeField("categories", .idArray, .required, "TASK-20"),
            ]),
        MessageShape("MeImageBody", "The profile image's URL, or null to remove it.", requirements: ["TASK-21"], fields: [ShapeField("image", .schema(url), .requiredOrNull, "TASK-21")]),
        MessageShape(
            "PastWork", "A task the contractor completed.", requirements: ["TASK-23"],
            fields: [ShapeField("objectId", .text, .required, "TASK-23"), ShapeField("Description", .text, .required, "TASK-23"), ShapeField("image", .schema(urls), .required, "TASK-23")]),
        MessageShape(
            "ContractorProfile", "A contractor's profile, reviews and past work.", requirements: ["TASK-23"],
            fields: [
                ShapeField("userId", .id, .required, "TASK-23"), ShapeField("name", .text, .requiredOrNull, "TASK-23"),
                ShapeField("image", .schema(url), .requiredOrNull, "TASK-23"), ShapeField("rating", .rating, .required, "TASK-18"),
                ShapeField("categories", .idArray, .required, "TASK-23"), ShapeField("reviews", .objects("Review"), .required, "TASK-23"),
                ShapeField("pastWork", .objects("PastWork"), .required, "TASK-23"),
            ]),
        MessageShape("ContractorAnswer", "A contractor's profile.", requirements: ["TASK-23"], fields: [ok, ShapeField("contractor", .object("ContractorProfile"), .required, "TASK-23")]),
    ]
}
