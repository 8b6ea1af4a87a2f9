import Testing
@testable import JobWire
import SocketIOWire

/// Editing online (OFFL-7), offline local (OFFL-8) and remote (OFFL-9), with full state
/// (OFFL-10), and online before the create is answered (OFFL-14).
struct OfflineEditTests {
    typealias F = OfflineFixtures
    static let moved = F.merged(F.ana, ["city": "Segovia"])

    @Test func onlineAnEditIsSentAtOnceWithTheFullState() throws {
        var app = F.app(.online)
        let effects = try app.apply(.edit(id: "c-1", changes: ["city": "Segovia"]))
        #expect(effects == [.send(F.edit(1, "c-1", Self.moved)), .notify(.edit, "c-1")])
        #expect(app.entities["c-1"] == Self.moved)
    }

    @Test func onlineAnEditSupersedesAQueuedEditOfTheSameID() throws {
        var app = F.app(.online, entities: ["c-1": Self.moved, "tmp-1": F.bea])
        app.inFlight = [F.create(1, "tmp-1", F.bea)]
        app.queue = [F.edit(2, "c-1", Self.moved)]
        app.nextSeq = 3
        app.nextTempID = 2
        let effects = try app.apply(.edit(id: "c-1", changes: ["city": "Soria"]))
        #expect(effects.first == .drop(seq: 2))
        #expect(app.queue.isEmpty)
    }

    @Test func theEditResponseLeavesTheState() throws {
        var app = F.app(.online)
        try app.apply(.edit(id: "c-1", changes: ["city": "Segovia"]))
        #expect(try app.apply(.response(seq: 1, outcome: .ok, body: ["data": .object(F.ana)])).isEmpty)
        #expect(app.entities["c-1"] == Self.moved)
    }

    @Test func offlineEditsOfALocalEntityKeepTheCreateAndTheLatestEdit() throws {
        var app = F.app(.offline)
        try app.apply(.create(data: F.bea))
        try app.apply(.edit(id: "tmp-1", changes: ["city": "Cuenca"]))
        let effects = try app.apply(.edit(id: "tmp-1", changes: ["phone": "+34 622"]))
        #expect(effects == [.drop(seq: 2), .enqueue(F.edit(3, "tmp-1", F.merged(F.bea, ["city": "Cuenca", "phone": "+34 622"]))), .notify(.edit, "tmp-1")])
        #expect(app.queue.map(\.seq) == [1, 3])
        #expect(app.queue.first?.kind == "create")
    }

    @Test func offlineEditsOfABackendEntityKeepOnlyTheLatest() throws {
        var app = F.app(.offline, entities: ["c-1": F.ana, "c-2": F.bea])
        try app.apply(.edit(id: "c-2", changes: ["city": "Cuenca"]))
        try app.apply(.edit(id: "c-1", changes: ["city": "Segovia"]))
        try app.apply(.edit(id: "c-1", changes: ["phone": "+34 611"]))
        #expect(app.queue.map(\.seq) == [1, 3])
        #expect(app.queue.last == F.edit(3, "c-1", F.merged(Self.moved, ["phone": "+34 611"])))
    }

    @Test func onlineAnEditOfAnUnansweredCreateWaitsBehindIt() throws {
        var app = F.app(.online)
        try app.apply(.create(data: F.bea))
        let effects = try app.apply(.edit(id: "tmp-1", changes: ["city": "Cuenca"]))
        #expect(effects == [.enqueue(F.edit(2, "tmp-1", F.merged(F.bea, ["city": "Cuenca"]))), .notify(.edit, "tmp-1")])
        #expect(app.inFlight.map(\.seq) == [1])
        let sent = try app.apply(.response(seq: 1, outcome: .ok, body: ["id": "c-9"]))
        #expect(sent == [.send(F.edit(2, "c-9", F.merged(F.bea, ["city": "Cuenca"])))])
    }

    @Test func anEditOfAnUnknownIDIsRefusedAndChangesNothing() {
        var app = F.app(.online)
        let before = app
        #expect(throws: OfflineInputError.self) { try app.apply(.edit(id: "c-404", changes: [:])) }
        #expect(app == before)
    }
}
