/// A key that names one request, so a rule can drop what it keeps about a request the session
/// forgets (``TraceRule/forget(_:)``) in one call.
protocol RequestKey: Hashable, Sendable {
    var req: String { get }
}

/// One app's side of one request, as a key of a rule's own bookkeeping.
struct ActorRequest: RequestKey {
    var actor: TraceActor
    var req: String
}

/// One view of one request as one app showed it (VIEW-1 ... VIEW-3).
struct ShownView: RequestKey {
    var actor: TraceActor
    var req: String
    var view: String
}

extension Set where Element: RequestKey {
    /// Drops the keys of `req`, in place: the rest are neither copied nor hashed again.
    mutating func forget(_ req: String) {
        for key in filter({ $0.req == req }) { remove(key) }
    }
}

extension Dictionary where Key: RequestKey {
    /// Drops the entries of `req`, in place: the rest are neither copied nor hashed again.
    mutating func forget(_ req: String) {
        for key in keys.filter({ $0.req == req }) { removeValue(forKey: key) }
    }
}

extension Dictionary {
    /// Changes every value in place. Assigning through `self[key]` while iterating `keys` would
    /// copy the dictionary, and then each value it changes.
    mutating func updateEachValue(_ body: (inout Value) -> Void) {
        var index = startIndex
        while index != endIndex {
            body(&values[index])
            index = self.index(after: index)
        }
    }
}
