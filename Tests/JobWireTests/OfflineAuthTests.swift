import Testing
@testable import JobWire
import SocketIOWire

/// Where a launch goes (AUTH-1 ... AUTH-7), login and PIN.
struct OfflineAuthTests {
    typealias F = OfflineFixtures

    @Test(arguments: [
        (Int64(1), true), (0, false), (-1, false),
    ])
    func aJWTIsActiveOnlyBeforeItsExpiry(offset: Int64, active: Bool) {
        #expect(CachedJWT(token: "t", expiresAt: F.t0 + offset).isActive(at: F.t0) == active)
    }

    @Test(arguments: [
        // connectivity, cached token, ever online, first screen, screen after an accepted PIN
        (Connectivity.online, true, true, AppScreen.contacts, nil as AppScreen?),  // AUTH-2
        (.online, false, true, .login, nil),  // AUTH-3
        (.online, false, false, .login, nil),  // AUTH-3, never online
        (.offline, true, true, .contacts, nil),  // AUTH-5
        (.offline, false, true, .pin, .home),  // AUTH-6
        (.offline, false, false, .pin, .contacts),  // AUTH-7
    ])
    func aLaunchGoesWhereTheSeedSays(connectivity: Connectivity, cached: Bool, everOnline: Bool, first: AppScreen, afterPIN: AppScreen?) throws {
        var app = F.stopped(connectivity, jwt: cached ? F.activeJWT : nil, everOnline: everOnline)
        let effects = try app.apply(.launch(now: F.t0))
        #expect(effects.first == .navigate(first))
        #expect(effects.contains(.send(OfflineRequest(seq: 1, call: .options))) == (connectivity == .online))
        if let afterPIN {
            #expect(try app.apply(.enterPIN(accepted: false)).isEmpty)
            #expect(try app.apply(.enterPIN(accepted: true)) == [.navigate(afterPIN)])
        }
    }

    @Test func anExpiredTokenCountsAsNoneAndStaysCached() throws {
        let expired = CachedJWT(token: "old", expiresAt: F.t0)
        var app = F.stopped(.offline, jwt: expired)
        #expect(try app.apply(.launch(now: F.t0)) == [.navigate(.pin)])
        #expect(app.jwt == expired)
    }

    @Test func aLoginSendsJWTAuthAndCachesTheToken() throws {
        var app = F.stopped(.online, jwt: nil, everOnline: false)
        try app.apply(.launch(now: F.t0))
        #expect(try app.apply(.login) == [.send(OfflineRequest(seq: 2, call: .login))])
        let effects = try app.apply(.response(seq: 2, outcome: .ok, body: ["token": "jwt-new", "expiresAt": .int(F.t0 + F.day)]))
        #expect(effects == [.navigate(.contacts)])
        #expect(app.jwt == CachedJWT(token: "jwt-new", expiresAt: F.t0 + F.day))
        #expect(app.everOnline)
    }

    @Test func offlineALoginSendsNothing() throws {
        var app = F.stopped(.offline, jwt: nil)
        app.screen = .login
        #expect(try app.apply(.login).isEmpty)
        #expect(app.inFlight.isEmpty && app.queue.isEmpty)
    }

    @Test func screensGateTheirOperations() {
        var app = F.app(.online)
        #expect(throws: OfflineInputError.self) { try app.apply(.login) }
        #expect(throws: OfflineInputError.self) { try app.apply(.enterPIN(accepted: true)) }
        #expect(throws: OfflineInputError.self) { try app.apply(.launch(now: F.t0)) }
    }
}
