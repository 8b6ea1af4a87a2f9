import Testing

@testable import JobWire

/// The session's full request states (``RequestStore``) behave as the dictionary they replace.
struct RequestStoreTests {
    @Test func readsWritesDropsAndReusesPlaces() {
        var store = RequestStore()
        #expect(store["R-1"] == nil && store.count == 0)
        store["R-1"] = RequestState(reqID: "R-1")
        store["R-2"] = RequestState(reqID: "R-2")
        store["R-1"]!.winner = "w-1"
        store["R-3"]?.winner = "w-3"
        #expect(store["R-3"] == nil, "optional chaining on an absent request adds nothing")
        #expect(store["R-1"]?.winner == "w-1" && store.read("R-1", \.winner) == "w-1")
        #expect(store.read("R-3", \.winner) == nil)
        #expect(store.removeValue(forKey: "R-1")?.winner == "w-1")
        #expect(store["R-1"] == nil && store.count == 1)
        store["R-4"] = RequestState(reqID: "R-4")
        store["R-2"] = nil
        #expect(store.count == 1 && store["R-2"] == nil && store["R-4"]?.reqID == "R-4")
        #expect(Set(store.map(\.key)) == ["R-4"])
    }
}
