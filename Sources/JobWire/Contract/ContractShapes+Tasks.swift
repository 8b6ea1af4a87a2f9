import SocketIOWire

/// The task API's bodies and answers (TASK area): the one declaration the TASK rules judge them
/// with (``taskRequestBody(_:)``, ``taskAnswer(_:)``) and the OpenAPI document is written from.
/// Each member reports under the id of the rule that judges it: a create's or edit's body under
/// TASK-9, a task's members under TASK-8, an account's under TASK-19, a contractor's profile under
/// TASK-23; an answer that is no object, or whose `ok` is not true, breaks REST-1 as the job flow's do.
extension ContractShapes {
    /// The editable members of a task (TASK-7), as a create or edit carries them; a bad one is TASK-9's bad_request.
    static let taskFields: [ShapeField] = [
        ShapeField("category", .id, .required, "TASK-9"), ShapeField("Description", .text, .required, "TASK-9"),
        ShapeField("image", .urls, .required, "TASK-9"), ShapeField("dates", .dates, .required, "TASK-9"),
        ShapeField("address", .text, .required, "TASK-9"), ShapeField("location", .location, .required, "TASK-9"),
        ShapeField("maxBudget", .number(minimum: 0), .optionalOrNull, "TASK-9"),
        ShapeField("estimatedDuration", .wholeNumber(minimum: 1, maximum: nil), .optionalOrNull, "TASK-9"),
    ]

    /// The body of a task create or edit (TASK-7, TASK-10); ``TaskBodyCheck`` judges it with its field paths.
    public static let taskBody = MessageShape(
        "TaskBody", "A task's editable state, as a create or an edit carries it.", requirements: ["TASK-7", "TASK-9", "TASK-10"], object: "TASK-9", fields: taskFields)

    /// A task as the backend returns it (TASK-8).
    public static let task = MessageShape(
        "Task", "A task as the backend returns it.", requirements: ["TASK-8"], object: "TASK-8",
        fields: [
            ShapeField("objectId", .text, .required, "TASK-8"), ShapeField("author", .id, .required, "TASK-8"),
            ShapeField("status", .choice(["open", "assigned", "completed", "cancelled"]), .required, "TASK-8"),
            ShapeField("contractor", .id, .requiredOrNull, "TASK-8"), ShapeField("createdAt", .dateTime, .required, "TASK-8"),
            ShapeField("updatedAt", .dateTime, .required, "TASK-8"), ShapeField("cancelReason", .text, .optional, "TASK-8"),
        ] + taskFields.map { field in var field = field; field.requirement = "TASK-8"; return field })

    static let rating1To5 = FieldKind.wholeNumber(minimum: 1, maximum: 5)

    static let userExistsAnswer = MessageShape(
        "UserExistsAnswer", "Whether an account has the email.", requirements: ["TASK-1"], object: "REST-1", fields: [ok, ShapeField("exists", .boolean, .required, "TASK-1")])
    static let signUpBody = MessageShape(
        "SignUpBody", "A new account.", requirements: ["TASK-2"], object: "TASK-2",
        fields: [
            ShapeField("email", .text, .required, "TASK-2"), ShapeField("password", .text, .required, "TASK-2"),
            ShapeField("phoneNumber", .text, .optionalOrNull, "TASK-2"), ShapeField("image", .url, .optionalOrNull, "TASK-2"),
            ShapeField("name", .text, .optionalOrNull, "TASK-2"), ShapeField("contractor", .boolean, .optionalOrNull, "TASK-2"),
            ShapeField("categories", .idArray, .optionalOrNull, "TASK-2"),
        ])
    static let logInBody = MessageShape(
        "LogInBody", "Credentials, remembered or not.", requirements: ["TASK-3", "TASK-4"], object: "TASK-3",
        fields: [ShapeField("email", .text, .required, "TASK-3"), ShapeField("password", .text, .required, "TASK-3"), ShapeField("rememberMe", .boolean, .optional, "TASK-3")])
    /// A sign-up's answer (TASK-2); a log-in's is the same under TASK-3.
    static let signUpAnswer = sessionAnswer("SignUpAnswer", "A new account's id, its token and when the token expires.", "TASK-2", requirements: ["TASK-2"])
    static let logInAnswer = sessionAnswer("LogInAnswer", "The account's id, a token and when it expires.", "TASK-3", requirements: ["TASK-3", "TASK-4"])
    static func sessionAnswer(_ name: String, _ summary: String, _ id: RequirementID, requirements: [RequirementID]) -> MessageShape {
        MessageShape(
            name, summary, requirements: requirements, object: "REST-1",
            fields: [ok, ShapeField("userId", .id, .required, id), ShapeField("token", .text, .required, id), ShapeField("expiresAt", .dateTime, .required, id)])
    }
    static let taskAnswer = MessageShape(
        "TaskAnswer", "A task.", requirements: ["TASK-8", "TASK-25"], object: "REST-1", fields: [ok, ShapeField("task", .object(task.name), .required, "TASK-8"), ShapeField("id", .text, .optional, "TASK-25")])
    static let tasksAnswer = MessageShape(
        "TasksAnswer", "The caller's tasks, newest first.", requirements: ["TASK-14"], object: "REST-1", fields: [ok, ShapeField("tasks", .objects(task.name), .required, "TASK-14")])
    static let cancelTaskBody = MessageShape("CancelTaskBody", "A task cancel's reason.", requirements: ["TASK-12"], object: "TASK-12", fields: [ShapeField("reason", .text, .required, "TASK-12")])
    static let candidate = MessageShape(
        "Candidate", "A contractor that may take a task.", requirements: ["TASK-15", "TASK-18"], object: "TASK-15",
        fields: [
            ShapeField("userId", .id, .required, "TASK-15"), ShapeField("name", .text, .requiredOrNull, "TASK-15"),
            ShapeField("image", .url, .requiredOrNull, "TASK-15"), ShapeField("rating", .rating, .required, "TASK-15"),
        ])
    static let candidatesAnswer = MessageShape(
        "CandidatesAnswer", "A task's candidate contractors.", requirements: ["TASK-15"], object: "REST-1", fields: [ok, ShapeField("contractors", .objects(candidate.name), .required, "TASK-15")])
    static let contractorBody = MessageShape("ContractorBody", "The chosen contractor.", requirements: ["TASK-16"], object: "TASK-16", fields: [ShapeField("contractor", .id, .required, "TASK-16")])
    static let reviewBody = MessageShape(
        "ReviewBody", "A review of a contractor.", requirements: ["TASK-17"], object: "TASK-17",
        fields: [
            ShapeField("rating", rating1To5, .required, "TASK-17"), ShapeField("review", .string, .optionalOrNull, "TASK-17"),
            ShapeField("task", .text, .optionalOrNull, "TASK-17"),
        ])
    /// A stored review as a review's answer gives it (TASK-17); a contractor's profile lists them under TASK-23.
    static let review = MessageShape(
        "Review", "A stored review.", requirements: ["TASK-17", "TASK-23"], object: "TASK-17",
        fields: [
            ShapeField("rating", rating1To5, .required, "TASK-17"), ShapeField("review", .string, .requiredOrNull, "TASK-17"),
            ShapeField("author", .id, .required, "TASK-17"), ShapeField("createdAt", .dateTime, .required, "TASK-17"),
        ])
    static let contractorReview = review.keeping(["TASK-17"], as: "TASK-23", named: "ContractorReview", "A review of a contractor's profile.", requirements: ["TASK-23"])
    static let reviewAnswer = MessageShape(
        "ReviewAnswer", "The stored review and the contractor's new rating.", requirements: ["TASK-17", "TASK-18"], object: "REST-1",
        fields: [ok, ShapeField("review", .object(review.name), .required, "TASK-17"), ShapeField("rating", .rating, .required, "TASK-18")])
    static let user = MessageShape(
        "User", "The caller's account.", requirements: ["TASK-19", "TASK-18"], object: "TASK-19",
        fields: [
            ShapeField("userId", .id, .required, "TASK-19"), ShapeField("email", .text, .required, "TASK-19"),
            ShapeField("name", .text, .requiredOrNull, "TASK-19"), ShapeField("phoneNumber", .text, .requiredOrNull, "TASK-19"),
            ShapeField("image", .url, .requiredOrNull, "TASK-19"), ShapeField("contractor", .boolean, .required, "TASK-19"),
            ShapeField("categories", .idArray, .required, "TASK-19"), ShapeField("rating", .rating, .required, "TASK-19"),
        ])
    static let userAnswer = MessageShape(
        "UserAnswer", "The caller's account.", requirements: ["TASK-19", "TASK-20", "TASK-21"], object: "REST-1", fields: [ok, ShapeField("user", .object(user.name), .required, "TASK-19")])
    static let updateMeBody = MessageShape(
        "UpdateMeBody", "The account's full editable state (null is a value).", requirements: ["TASK-20"], object: "TASK-20",
        fields: [
            ShapeField("name", .text, .requiredOrNull, "TASK-20"), ShapeField("phoneNumber", .text, .requiredOrNull, "TASK-20"),
            ShapeField("contractor", .boolean, .requiredOrNull, "TASK-20"), ShapeField("categories", .idArray, .requiredOrNull, "TASK-20"),
        ])
    static let meImageBody = MessageShape(
        "MeImageBody", "The profile image's URL, or null to remove it.", requirements: ["TASK-21"], object: "TASK-21", fields: [ShapeField("image", .url, .requiredOrNull, "TASK-21")])
    static let pastWork = MessageShape(
        "PastWork", "A task the contractor completed.", requirements: ["TASK-23"], object: "TASK-23",
        fields: [ShapeField("objectId", .text, .required, "TASK-23"), ShapeField("Description", .text, .required, "TASK-23"), ShapeField("image", .urls, .required, "TASK-23")])
    static let contractorProfile = MessageShape(
        "ContractorProfile", "A contractor's profile, reviews and past work.", requirements: ["TASK-23", "TASK-18"], object: "TASK-23",
        fields: [
            ShapeField("userId", .id, .required, "TASK-23"), ShapeField("name", .text, .requiredOrNull, "TASK-23"),
            ShapeField("image", .url, .requiredOrNull, "TASK-23"), ShapeField("rating", .rating, .required, "TASK-23"),
            ShapeField("categories", .idArray, .required, "TASK-23"), ShapeField("reviews", .objects(contractorReview.name), .required, "TASK-23"),
            ShapeField("pastWork", .objects(pastWork.name), .required, "TASK-23"),
        ])
    static let contractorAnswer = MessageShape(
        "ContractorAnswer", "A contractor's profile.", requirements: ["TASK-23"], object: "REST-1", fields: [ok, ShapeField("contractor", .object(contractorProfile.name), .required, "TASK-23")])

    /// The body of a task call, nil for a call without one.
    public static func taskRequestBody(_ call: TaskCallKind) -> MessageShape? {
        switch call {
        case .signUp: return signUpBody
        case .logIn: return logInBody
        case .createTask, .editTask: return taskBody
        case .cancelTask: return cancelTaskBody
        case .chooseContractor: return contractorBody
        case .review: return reviewBody
        case .updateMe: return updateMeBody
        case .meImage: return meImageBody
        case .userExists, .listTasks, .readTask, .completeTask, .candidates, .contractor, .me, .deleteMe, .settings: return nil
        }
    }

    /// The success answer of a task call.
    public static func taskAnswer(_ call: TaskCallKind) -> MessageShape {
        switch call {
        case .userExists: return userExistsAnswer
        case .signUp: return signUpAnswer
        case .logIn: return logInAnswer
        case .createTask, .editTask, .readTask, .cancelTask, .completeTask, .chooseContractor: return taskAnswer
        case .listTasks: return tasksAnswer
        case .candidates: return candidatesAnswer
        case .review: return reviewAnswer
        case .contractor: return contractorAnswer
        case .me, .updateMe, .meImage: return userAnswer
        case .deleteMe: return okAnswer
        case .settings: return settingsAnswer
        }
    }

    /// Every shape of the task API, for the documents' components.
    static let taskShapes: [MessageShape] = [
        userExistsAnswer, signUpBody, logInBody, signUpAnswer, logInAnswer, taskBody, task, taskAnswer, tasksAnswer, cancelTaskBody, candidate,
        candidatesAnswer, contractorBody, reviewBody, review, contractorReview, reviewAnswer, user, userAnswer, updateMeBody, meImageBody,
        pastWork, contractorProfile, contractorAnswer,
    ]
}
