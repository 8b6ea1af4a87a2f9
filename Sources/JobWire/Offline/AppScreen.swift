/// The screen an app shows, as far as seed 002's authentication table names screens (AUTH-2 ... AUTH-7).
///
/// The seed's CONTACTS is the app's main list and HOME and LOGIN keep their names; `pin` is the
/// PIN prompt of AUTH-6 and AUTH-7, and `none` means the app is not running.
public enum AppScreen: String, Sendable, Hashable, CaseIterable {
    /// The app is not running: before its first launch or after a termination (OFFL-12).
    case none
    /// The login screen (AUTH-3).
    case login
    /// The PIN prompt shown offline without an active JWT (AUTH-6, AUTH-7).
    case pin
    /// The HOME screen the PIN leads to after an earlier online session (AUTH-6).
    case home
    /// The main list, seed 002's CONTACTS screen (AUTH-2, AUTH-5, AUTH-7).
    case contacts

    /// True for every screen but ``none``: the app is running.
    public var isRunning: Bool { self != .none }
}
