/// Launch, login and PIN: seed 002's authentication table (AUTH-1 ... AUTH-7).
extension OfflineAppModel {
    /// The app starts at `now` and goes where its cached JWT and connectivity lead.
    mutating func launch(now: Int64, into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        guard !isRunning else {
            throw OfflineInputError(field: "op", message: "the app is already running; terminate it first")
        }
        // AUTH-1: an expired token counts as none; the cache itself is left as it is.
        let active = jwt?.isActive(at: now) ?? false
        if isOnline {
            navigate(to: active ? .contacts : .login, into: &effects)  // AUTH-2, AUTH-3
            send(makeRequest(.options), into: &effects)  // OFFL-13
        } else if active {
            navigate(to: .contacts, into: &effects)  // AUTH-5: no PIN, no request
        } else {
            navigate(to: .pin, into: &effects)  // AUTH-6, AUTH-7: the PIN first
        }
    }

    /// The user submits the login screen.
    mutating func logIn(into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        guard screen == .login else {
            throw OfflineInputError(field: "op", message: "login needs the login screen; the app shows \(screen.rawValue)")
        }
        // AUTH-4 online; offline, AUTH-6's decision: JWT-Auth is neither sent nor queued.
        if isOnline { send(makeRequest(.login), into: &effects) }
    }

    /// The user enters a PIN, which the device accepts or refuses.
    mutating func enterPIN(accepted: Bool, into effects: inout [OfflineEffect]) throws(OfflineInputError) {
        guard screen == .pin else {
            throw OfflineInputError(field: "op", message: "enterPIN needs the PIN screen; the app shows \(screen.rawValue)")
        }
        guard accepted else { return }  // AUTH-6's decision: a refused PIN keeps the PIN screen
        navigate(to: everOnline ? .home : .contacts, into: &effects)  // AUTH-6, AUTH-7
    }
}
