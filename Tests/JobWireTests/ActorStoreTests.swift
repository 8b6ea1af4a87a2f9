import Testing

@testable import JobWire

/// The session's actor states (``ActorStore``) behave as the dictionary they replace.
struct ActorStoreTests {
    @Test func readsWritesAndMakesStatesOnFirstUse() {
        var store = ActorStore()
        let worker = TraceActor(.worker, id: "w-1")
        let client = TraceActor(.client, id: "c-1")
        #expect(store[worker] == nil)
        store[worker]?.running = false
        #expect(store[worker] == nil, "optional chaining on an absent actor adds nothing")
        store.update(worker, firstTs: 10) { $0.lastTs = 20 }
        store.update(worker, firstTs: 99) { $0.lastTs += 1 }
        #expect(store[worker]?.lastTs == 21 && store[worker]?.availableSince == 10, "made once, at its first event")
        store[client] = ActorState(firstTs: 5)
        store[client]!.foreground = false
        store[worker]!.discarded.insert("R-1")
        #expect(store[client]?.foreground == false && store[worker]?.discarded == ["R-1"])
        #expect(store.actors { actor, state in state.foreground } == [worker])
        #expect(Set(store.actors { _, _ in true }) == [worker, client])
        store[client] = nil
        #expect(store[client] == nil && store.actors { _, _ in true } == [worker])
        store.update(client, firstTs: 30) { _ in }
        #expect(store[client]?.lastTs == 30 && store[client]?.foreground == true, "a dropped actor starts afresh")
    }
}
