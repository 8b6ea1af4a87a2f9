import Testing
@testable import JobWire
import SocketIOWire

/// Creating with a temporary id (OFFL-3, OFFL-4, OFFL-5) and replacing it (OFFL-6).
struct OfflineCreateTests {
    typealias F = OfflineFixtures

    @Test(arguments: [Connectivity.online, .offline])
    func theStateHoldsTheNewEntityAtOnceUnderATemporaryID(_ connectivity: Connectivity) throws {
        var app = F.app(connectivity)
        let effects = try app.apply(.create(data: F.bea))
        #expect(app.entities["tmp-1"] == F.bea)
        #expect(app.nextTempID == 2)
        #expect(effects.last == .notify(.create, "tmp-1"))
    }

    @Test func onlineTheCreateIsSentAtOnce() throws {
        var app = F.app(.online)
        #expect(try app.apply(.create(data: F.bea)).first == .send(F.create(1, "tmp-1", F.bea)))
        #expect(app.queue.isEmpty)
    }

    @Test func offlineTheCreateIsQueued() throws {
        var app = F.app(.offline)
        #expect(try app.apply(.create(data: F.bea)).first == .enqueue(F.create(1, "tmp-1", F.bea)))
        #expect(app.inFlight.isEmpty)
    }

    @Test func temporaryIDsCountInCreationOrderAndAreNeverReused() throws {
        var app = F.app(.offline)
        try app.apply(.create(data: F.bea))
        try app.apply(.create(data: F.ana))
        #expect(app.queue.map(\.entityID) == ["tmp-1", "tmp-2"])
        try app.apply(.goOnline)
        try app.apply(.response(seq: 1, outcome: .ok, body: ["id": "c-8"]))
        try app.apply(.create(data: F.bea))
        #expect(app.entities.keys.sorted() == ["c-1", "c-8", "tmp-2", "tmp-3"])
    }

    @Test func theResponseReplacesTheTemporaryIDInStateAndQueue() throws {
        var app = F.app(.offline)
        try app.apply(.create(data: F.bea))
        try app.apply(.edit(id: "tmp-1", changes: ["city": "Cuenca"]))
        try app.apply(.goOnline)
        let effects = try app.apply(.response(seq: 1, outcome: .ok, body: ["id": "c-9"]))
        let cuenca = F.merged(F.bea, ["city": "Cuenca"])
        #expect(app.entities == ["c-1": F.ana, "c-9": cuenca])
        #expect(effects == [.send(F.edit(2, "c-9", cuenca))])
    }

    @Test func aRefusedCreateIsUndoneWithItsQueuedEdits() throws {
        var app = F.app(.offline)
        try app.apply(.create(data: F.bea))
        try app.apply(.edit(id: "tmp-1", changes: ["city": "Cuenca"]))
        try app.apply(.goOnline)
        #expect(try app.apply(.response(seq: 1, outcome: .failure, body: nil)) == [.drop(seq: 2), .alert(.create, "tmp-1")])  // OFFL-6, OFFL-19
        #expect(app.entities == ["c-1": F.ana])
        #expect(app.queue.isEmpty)
    }

    @Test func aBackendIDNeverStartsWithTheTemporaryPrefix() throws {
        var app = F.app(.online)
        try app.apply(.create(data: F.bea))
        #expect(throws: OfflineInputError(field: "body.id", message: "a backend id never starts with \"tmp-\"")) {
            try app.apply(.response(seq: 1, outcome: .ok, body: ["id": "tmp-7"]))
        }
    }
}
