import Testing
@testable import JobWire
import SocketIOWire

/// The list refresh online (OFFL-1) and offline (OFFL-2).
struct OfflineRefreshTests {
    typealias F = OfflineFixtures

    @Test func onlineARefreshSendsTheGetAndRendersTheCurrentState() throws {
        var app = F.app(.online)
        let effects = try app.apply(.refresh)
        #expect(effects == [.send(OfflineRequest(seq: 1, call: .list)), .render(updated: false)])
        #expect(app.inFlight == [OfflineRequest(seq: 1, call: .list)])
        #expect(app.entities == ["c-1": F.ana])
    }

    @Test func theResponseReplacesTheStateAndRendersAnUpdate() throws {
        var app = F.app(.online, entities: ["c-1": F.ana, "c-2": F.bea])
        try app.apply(.refresh)
        let moved = F.merged(F.ana, ["city": "Segovia"])
        let body: JSONObject = ["items": [["id": "c-1", "data": .object(moved)], ["id": "c-3", "data": .object(F.bea)]]]
        let effects = try app.apply(.response(seq: 1, outcome: .ok, body: body))
        #expect(effects == [.render(updated: true)])
        #expect(app.entities == ["c-1": moved, "c-3": F.bea])
        #expect(app.inFlight.isEmpty)
    }

    @Test func pendingLocalStateSurvivesTheListResponse() throws {
        let local = F.merged(F.ana, ["city": "Segovia"])
        var app = F.app(.online, entities: ["c-1": local, "tmp-1": F.bea])
        app.inFlight = [F.edit(1, "c-1", local), F.create(2, "tmp-1", F.bea)]
        app.nextSeq = 3
        app.nextTempID = 2
        try app.apply(.refresh)
        try app.apply(.response(seq: 3, outcome: .ok, body: ["items": [["id": "c-1", "data": .object(F.ana)]]]))
        #expect(app.entities == ["c-1": local, "tmp-1": F.bea])
    }

    @Test func aFailedListChangesNothing() throws {
        var app = F.app(.online)
        try app.apply(.refresh)
        let before = app
        let effects = try app.apply(.response(seq: 1, outcome: .failure, body: nil))
        #expect(effects.isEmpty)
        #expect(app.entities == before.entities)
    }

    @Test func offlineARefreshIsIgnored() throws {
        var app = F.app(.offline)
        let before = app
        #expect(try app.apply(.refresh).isEmpty)
        #expect(app == before)
    }

    @Test func anIgnoredRefreshIsNotSentWhenConnectivityReturns() throws {
        var app = F.app(.offline)
        try app.apply(.refresh)
        #expect(try app.apply(.goOnline) == [.send(OfflineRequest(seq: 1, call: .options))])
    }

    @Test func aGetInFlightIsDroppedWhenConnectivityGoes() throws {
        var app = F.app(.online)
        try app.apply(.refresh)
        #expect(try app.apply(.goOffline).isEmpty)
        #expect(app.inFlight.isEmpty && app.queue.isEmpty)
    }
}
