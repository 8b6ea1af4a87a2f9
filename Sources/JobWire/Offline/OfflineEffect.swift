/// What an operation makes the app do that someone can observe: requests sent or queued,
/// queued requests dropped, notifications, list renders and navigation.
///
/// Effects come in the order the app performs them; state changes are read from the model.
public enum OfflineEffect: Sendable, Hashable {
    /// A request goes to the backend (OFFL-1, OFFL-4, OFFL-7, OFFL-11, OFFL-13, AUTH-4).
    case send(OfflineRequest)
    /// A request joins the queue: made offline, waiting for its create, or back from flight (OFFL-4, OFFL-8, OFFL-9, OFFL-11, OFFL-14).
    case enqueue(OfflineRequest)
    /// A queued request leaves the queue unsent: superseded by a newer edit (OFFL-8, OFFL-9) or behind a refused create (OFFL-6).
    case drop(seq: Int)
    /// The notification shown for every create and edit (OFFL-5).
    case notify(NotificationSubject, EntityID)
    /// The list is rendered from the state; `updated` marks the render after a list response (OFFL-1).
    case render(updated: Bool)
    /// The app navigates to a screen (AUTH-2 ... AUTH-7).
    case navigate(AppScreen)
    /// The error alert for a create or edit the backend refused, naming its entity: from the queue
    /// (OFFL-19) or sent at once online (TASK-24).
    case alert(NotificationSubject, EntityID)
}

/// What a notification of OFFL-5 is about.
public enum NotificationSubject: String, Sendable, Hashable, CaseIterable {
    /// An entity was created.
    case create
    /// An entity was edited.
    case edit
}
