import Testing
@testable import JobWire
import SocketIOWire

/// The replay (OFFL-11), the queue across relaunches (OFFL-12) and the option values GET (OFFL-13).
struct OfflineReplayTests {
    typealias F = OfflineFixtures

    static func queued() -> OfflineAppModel {
        var app = F.app(.offline, entities: ["c-1": F.ana, "c-2": F.bea])
        app.queue = [F.edit(1, "c-1", F.ana), F.edit(2, "c-2", F.bea)]
        app.nextSeq = 3
        return app
    }

    @Test func theQueueIsReplayedInOrderOneRequestAtATime() throws {
        var app = Self.queued()
        #expect(try app.apply(.goOnline) == [.send(OfflineRequest(seq: 3, call: .options)), .send(F.edit(1, "c-1", F.ana))])
        #expect(try app.apply(.refresh).count == 2)  // GETs go at once and do not hold the queue
        #expect(try app.apply(.response(seq: 1, outcome: .ok, body: nil)) == [.send(F.edit(2, "c-2", F.bea))])
        #expect(try app.apply(.response(seq: 2, outcome: .failure, body: nil)) == [.alert(.edit, "c-2")])  // OFFL-19
        #expect(app.queue.isEmpty)
    }

    @Test func aRequestInFlightReturnsToTheHeadWhenConnectivityGoes() throws {
        var app = Self.queued()
        try app.apply(.goOnline)
        #expect(try app.apply(.goOffline) == [.enqueue(F.edit(1, "c-1", F.ana))])
        #expect(app.queue.map(\.seq) == [1, 2])
        #expect(app.inFlight.isEmpty)
    }

    @Test func onlyTheNewestUnansweredEditOfAnEntityReturns() throws {
        var app = F.app(.online)
        try app.apply(.edit(id: "c-1", changes: ["city": "Segovia"]))
        try app.apply(.edit(id: "c-1", changes: ["city": "Soria"]))
        try app.apply(.goOffline)
        #expect(app.queue.map(\.seq) == [2])
    }

    @Test func theQueueSurvivesTerminationAndRelaunch() throws {
        var app = Self.queued()
        app.connectivity = .online
        app.queue.removeFirst()
        app.inFlight = [F.edit(1, "c-1", F.ana)]
        try app.apply(.terminate)
        #expect(app.screen == .none)
        #expect(app.queue.map(\.seq) == [1, 2])
        let effects = try app.apply(.launch(now: F.t0))
        #expect(effects == [.navigate(.contacts), .send(OfflineRequest(seq: 3, call: .options)), .send(F.edit(1, "c-1", F.ana))])
    }

    @Test func nothingIsSentWhileTheAppIsNotRunning() throws {
        var app = F.stopped(.offline, jwt: F.activeJWT)
        #expect(try app.apply(.goOnline).isEmpty)
        #expect(try app.apply(.launch(now: F.t0)).contains(.send(OfflineRequest(seq: 1, call: .options))))
    }

    @Test func goingOnlineTwiceChangesNothing() throws {
        var app = F.app(.online)
        let before = app
        #expect(try app.apply(.goOnline).isEmpty)
        #expect(app == before)
    }
}
