import JobWire
import SocketIOWire

/// The alert a reference app has on screen, so the user's OK can close it: the last
/// `alert.shown` the app reported and no dismissal since. Shared by both reference apps, with the
/// `user.input` lines their presses record (Docs/TRACE.md).
struct AlertOnScreen: Sendable {
    private(set) var alert: String?
    private(set) var req: JSONValue?

    /// Notes the alerts among `actions` and returns them unchanged.
    mutating func note(_ actions: [AppAction]) -> [AppAction] {
        for case .trace(let kind, let fields, _) in actions {
            switch kind {
            case .alertShown:
                alert = fields["alert"]?.stringValue
                req = fields["req"]
            case .alertDismissed where fields["alert"]?.stringValue == alert:
                alert = nil
                req = nil
            default:
                break
            }
        }
        return actions
    }

    /// The user presses OK: the press and the dismissal, or nothing with no alert on screen.
    mutating func ok() -> [AppAction] {
        guard let alert else { return [] }
        var fields: JSONObject = ["input": .string(UserInputName.ok)]
        fields["req"] = req
        fields["alert"] = .string(alert)
        var dismissed: JSONObject = ["alert": .string(alert)]
        dismissed["req"] = req
        self.alert = nil
        req = nil
        return [.event(.userInput, fields), .event(.alertDismissed, dismissed)]
    }

    /// The Close Request press: the two choices of VIEW-12 offered, `outcome` taken.
    static func closeChoice(_ req: String, outcome: String) -> AppAction {
        .event(.userInput, ["input": .string(UserInputName.closeRequest), "req": .string(req), "choices": ["happy", "unhappy"], "choice": .string(outcome)])
    }
}
