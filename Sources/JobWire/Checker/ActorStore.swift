/// The state of each actor a trace shows (``ActorState``), by actor: each state sits in an array
/// and a dictionary gives its place.
///
/// A `[TraceActor: ActorState]` hands out a copy of the whole state (its three sets and two
/// strings retained, then released) whenever a rule reads one member of it, as
/// `actors[actor]?.running` does on most events. Here reads borrow the state in place and writes
/// change it in place (the `_read` and `_modify` accessors below), as ``RequestStore`` does for requests.
struct ActorStore: Sendable {
    private var places: [TraceActor: Int] = [:]
    private var states: [ActorState?] = []

    /// No actors yet.
    init() {}

    /// The state of `actor`, nil before its first event; setting nil drops it.
    subscript(actor: TraceActor) -> ActorState? {
        // Underscored accessors, as in ``RequestStore``: the way to lend an element out without copying it.
        _read {
            if let place = places[actor] {
                yield states[place]
            } else {
                yield nil
            }
        }
        _modify {
            if let place = places[actor] {
                yield &states[place]
                if states[place] == nil { places[actor] = nil }
            } else {
                var added: ActorState?
                yield &added
                if let added {
                    places[actor] = states.count
                    states.append(added)
                }
            }
        }
    }

    /// Runs `body` on the state of `actor` in place, made first (its first event at `firstTs`) when
    /// there is none: one lookup of the actor.
    mutating func update(_ actor: TraceActor, firstTs: Int64, _ body: (inout ActorState) -> Void) {
        if let place = places[actor] {
            body(&states[place]!)
        } else {
            var state = ActorState(firstTs: firstTs)
            body(&state)
            places[actor] = states.count
            states.append(state)
        }
    }

    /// The actors whose state passes `isIncluded`, in no particular order.
    func actors(where isIncluded: (TraceActor, borrowing ActorState) -> Bool) -> [TraceActor] {
        places.compactMap { actor, place in
            states.withUnsafeBufferPointer { buffer in buffer[place].map { isIncluded(actor, $0) } ?? false } ? actor : nil
        }
    }
}
