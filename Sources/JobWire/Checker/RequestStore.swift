/// The requests whose full ``RequestState`` the session keeps, by `ReqID`: each state sits in an
/// array and a dictionary gives its place.
///
/// A `[String: RequestState]` hands out a copy of the whole state (some forty members, a dozen of
/// them reference-counted) whenever a rule or the session reads one member of it, and those
/// copies were about 5% of the checker's time. Here reads borrow the state in place and writes
/// change it in place (the `_read` and `_modify` accessors below), as an array's elements are.
/// Freed places are reused, so the array stays as long as the most requests kept at once.
struct RequestStore: Sendable, Sequence {
    private var places: [String: Int] = [:]
    private var states: [RequestState?] = []
    private var free: [Int] = []

    /// An empty store.
    init() {}

    /// How many requests it keeps.
    var count: Int { places.count }

    /// Whether it keeps `req`.
    func contains(_ req: String) -> Bool { places[req] != nil }

    /// The state of `req`, nil when it is not kept; setting nil drops it.
    subscript(req: String) -> RequestState? {
        // Underscored accessors: the only way to lend out an element without copying it until
        // `yielding borrow` / `yielding mutate` (SE-0474) are available.
        _read {
            if let place = places[req] {
                yield states[place]
            } else {
                yield nil
            }
        }
        _modify {
            if let place = places[req] {
                yield &states[place]
                if states[place] == nil {
                    places[req] = nil
                    free.append(place)
                }
            } else {
                var added: RequestState?
                yield &added
                if let added { insert(added, for: req) }
            }
        }
    }

    /// One member of `req`'s state, read in place; nil when the request is not kept.
    func read<Value>(_ req: String, _ member: KeyPath<RequestState, Value>) -> Value? {
        guard let place = places[req] else { return nil }
        return states[place]?[keyPath: member]
    }

    /// What `body` reads from `req`'s state, borrowed in place; nil when the request is not kept.
    func read<Value>(_ req: String, _ body: (borrowing RequestState) -> Value?) -> Value? {
        guard let place = places[req] else { return nil }
        // Through the buffer's address: `if let state = states[place]` copied the whole state
        // (a dozen retains and releases) on every read.
        return states.withUnsafeBufferPointer { buffer in buffer[place] == nil ? nil : body(buffer[place]!) }
    }

    /// Drops `req`'s state and returns it, moved out rather than copied.
    mutating func removeValue(forKey req: String) -> RequestState? {
        guard let place = places.removeValue(forKey: req) else { return nil }
        let state = states[place].take()
        free.append(place)
        return state
    }

    /// Each kept request with its state, in no particular order.
    func makeIterator() -> some IteratorProtocol<(key: String, value: RequestState)> {
        places.lazy.map { (key: $0.key, value: states[$0.value]!) }.makeIterator()
    }

    private mutating func insert(_ state: RequestState, for req: String) {
        if let place = free.popLast() {
            states[place] = state
            places[req] = place
        } else {
            places[req] = states.count
            states.append(state)
        }
    }
}
