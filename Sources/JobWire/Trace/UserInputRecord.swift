/// A press of the user as `user.input` records it: which control, on which request, and for the
/// Close Request button the choices the app offered and the one the user took (VIEW-11, VIEW-12).
public struct UserInputRecord: Sendable, Hashable {
    /// `input`: what was pressed; the rules read ``UserInputName``'s names, others are free.
    public var input: String
    /// `req`: the request it is about.
    public var req: String?
    /// `alert`: the alert whose button was pressed (`ok`).
    public var alert: String?
    /// `choices`: what the app offered (`closeRequest`: `happy` and `unhappy`, VIEW-12).
    public var choices: [String]?
    /// `choice`: the one the user took.
    public var choice: String?

    /// A press of `input` about `req`.
    public init(input: String, req: String? = nil, alert: String? = nil, choices: [String]? = nil, choice: String? = nil) {
        self.input = input
        self.req = req
        self.alert = alert
        self.choices = choices
        self.choice = choice
    }
}

/// The `user.input` names the rules read (Docs/TRACE.md, Names the rules read).
public enum UserInputName {
    /// The user pressed OK (or close) on the alert `alert`.
    public static let ok = "ok"
    /// The worker opened the Work Information alert from Work in Progress (VIEW-9 ... VIEW-11).
    public static let openWorkInformation = "openWorkInformation"
    /// The worker closed it (VIEW-11).
    public static let closeWorkInformation = "closeWorkInformation"
    /// The user pressed Close Request and took one of the `choices` (VIEW-12).
    public static let closeRequest = "closeRequest"
}
