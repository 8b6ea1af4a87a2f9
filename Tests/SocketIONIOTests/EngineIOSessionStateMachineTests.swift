import Foundation
import SocketIOWire
import Testing

@testable import SocketIONIO

/// The Engine.IO session alone: every event with an explicit `now`, so heartbeat, expiry and
/// upgrade timeouts are checked without waiting.
struct EngineIOSessionStateMachineTests {
    typealias Machine = EngineIOSessionStateMachine<ContinuousClock.Instant>

    let t0 = ContinuousClock.now
    let timing = Machine.Timing(
        pingInterval: .milliseconds(300),
        pingTimeout: .milliseconds(200),
        upgradeTimeout: .milliseconds(1000),
        closeTimeout: .milliseconds(200)
    )
    let handshakeRequest = EngineIOTransportID(1)
    let poll = EngineIOTransportID(2)
    let post = EngineIOTransportID(3)
    let socket = EngineIOTransportID(4)

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    func openPolling() -> Machine {
        let handshake = EngineIOHandshake(sid: "abc", upgrades: ["websocket"], pingInterval: 300, pingTimeout: 200)
        return Machine.open(handshake: handshake, timing: timing, via: .polling(handshakeRequest: handshakeRequest), now: t0).machine
    }

    @Test func pollingHandshakeAnswersTheOpenPacketAndSchedulesThePing() {
        let handshake = EngineIOHandshake(sid: "abc", upgrades: ["websocket"], pingInterval: 300, pingTimeout: 200)
        let (_, actions) = Machine.open(handshake: handshake, timing: timing, via: .polling(handshakeRequest: handshakeRequest), now: t0)
        #expect(actions == [.respond(handshakeRequest, .packets([.open(handshake)])), .scheduleTimer(at(300))])
    }

    @Test func webSocketHandshakeSendsTheOpenPacketAsFirstFrame() {
        let handshake = EngineIOHandshake(sid: "abc", upgrades: [], pingInterval: 300, pingTimeout: 200)
        let (machine, actions) = Machine.open(handshake: handshake, timing: timing, via: .webSocket(socket), now: t0)
        #expect(actions == [.send(socket, [.open(handshake)]), .scheduleTimer(at(300))])
        #expect(machine.transportName == "websocket")
    }

    @Test func bufferedPacketsAreFlushedTogetherInOnePoll() {
        var machine = openPolling()
        #expect(machine.send([.message("a"), .message("b")], now: at(10)) == [])
        #expect(machine.send([.binaryMessage(Data([1, 2]))], now: at(11)) == [])
        #expect(machine.pollReceived(poll, now: at(12)) == [.respond(poll, .packets([.message("a"), .message("b"), .binaryMessage(Data([1, 2]))]))])
    }

    @Test func aHeldPollIsReleasedByTheNextSend() {
        var machine = openPolling()
        #expect(machine.pollReceived(poll, now: at(10)) == [])
        #expect(machine.send([.message("x")], now: at(20)) == [.respond(poll, .packets([.message("x")]))])
    }

    @Test func pingGoesToTheHeldPollAndAPongRestartsTheInterval() {
        var machine = openPolling()
        _ = machine.pollReceived(poll, now: at(10))
        #expect(machine.timerFired(now: at(301)) == [.respond(poll, .packets([.heartbeatPing])), .scheduleTimer(at(500))])
        let actions = machine.postReceived(post, packets: [.heartbeatPong], now: at(320))
        #expect(actions == [.scheduleTimer(at(620)), .respond(post, .ok)])
    }

    @Test func noPongExpiresTheSessionOnItsOwnTimer() {
        var machine = openPolling()
        _ = machine.timerFired(now: at(300))
        #expect(machine.timerFired(now: at(500)) == [.closed(.pingTimeout)])
        #expect(machine.pollReceived(poll, now: at(501)) == [.respond(poll, .error(.unknownSessionID))])
    }

    @Test func expiryIsMeasuredFromTheScheduledPingEvenWhenTheTimerIsLate() {
        var machine = openPolling()
        _ = machine.timerFired(now: at(340))
        #expect(machine.pollReceived(poll, now: at(500)) == [.closed(.pingTimeout), .respond(poll, .error(.unknownSessionID))])
    }

    @Test func overlappingPollsCloseTheSession() {
        var machine = openPolling()
        _ = machine.pollReceived(poll, now: at(10))
        let second = EngineIOTransportID(9)
        #expect(machine.pollReceived(second, now: at(15)) == [
            .respond(second, .error(.badRequest)), .respond(poll, .packets([.close])), .closed(.transportError("overlapping poll")),
        ])
    }

    @Test func aClientCloseReleasesTheHeldPollWithNoop() {
        var machine = openPolling()
        _ = machine.pollReceived(poll, now: at(10))
        #expect(machine.postReceived(post, packets: [.close], now: at(11)) == [
            .respond(poll, .packets([.noop])), .closed(.clientClose), .respond(post, .ok),
        ])
    }

    @Test func aPollRacingTheClientCloseStillGetsItsNoop() {
        var machine = openPolling()
        #expect(machine.postReceived(post, packets: [.close, .message("ignored")], now: at(10)) == [.scheduleTimer(at(110)), .respond(post, .ok)])
        #expect(machine.pollReceived(poll, now: at(11)) == [.respond(poll, .packets([.noop])), .closed(.clientClose)])
        let late = EngineIOTransportID(13)
        #expect(machine.pollReceived(late, now: at(12)) == [.respond(late, .error(.unknownSessionID))])
    }

    @Test func aClientCloseWithoutARacingPollEndsAfterTheGrace() {
        var machine = openPolling()
        _ = machine.postReceived(post, packets: [.close], now: at(10))
        #expect(machine.timerFired(now: at(110)) == [.closed(.clientClose)])
    }

    @Test func postedMessagesAreDeliveredInOrder() {
        var machine = openPolling()
        #expect(machine.postReceived(post, packets: [.message("a"), .binaryMessage(Data([1])), .noop], now: at(5)) == [
            .deliver(.message("a")), .deliver(.binaryMessage(Data([1]))), .respond(post, .ok),
        ])
    }

    @Test func aPingFromTheClientIsAnError() {
        var machine = openPolling()
        let actions = machine.postReceived(post, packets: [.heartbeatPing], now: at(5))
        #expect(actions == [.closed(.transportError("invalid heartbeat direction")), .respond(post, .error(.badRequest))])
    }

    @Test func anOversizedPostAnswers413AndKeepsTheSession() {
        var machine = openPolling()
        #expect(machine.postFailed(post, error: .payloadTooLarge, detail: "", now: at(5)) == [.respond(post, .error(.payloadTooLarge))])
        #expect(!machine.isClosed)
    }

    @Test func anUndecodablePostAnswers400AndClosesTheSession() {
        var machine = openPolling()
        #expect(machine.postFailed(post, error: .badRequest, detail: "bad", now: at(5)) == [
            .respond(post, .error(.badRequest)), .closed(.parseError("bad")),
        ])
    }

    @Test func anAbortedPollClosesTheSession() {
        var machine = openPolling()
        _ = machine.pollReceived(poll, now: at(10))
        #expect(machine.pollAborted(poll, now: at(11)) == [.closed(.transportClose)])
    }

    @Test func upgradeProbeNoopAndSwitch() {
        var machine = openPolling()
        _ = machine.pollReceived(poll, now: at(10))
        _ = machine.send([], now: at(11))
        #expect(machine.webSocketOpened(socket, now: at(20)) == [])
        #expect(machine.frameReceived(.probePing, on: socket, now: at(21)) == [
            .send(socket, [.probePong]), .respond(poll, .packets([.noop])),
        ])
        let late = EngineIOTransportID(10)
        #expect(machine.pollReceived(late, now: at(22)) == [.respond(late, .packets([.noop]))])
        #expect(machine.send([.message("queued")], now: at(23)) == [])
        #expect(machine.frameReceived(.upgrade, on: socket, now: at(24)) == [.upgraded(socket), .send(socket, [.message("queued")])])
        #expect(machine.transportName == "websocket")
        let after = EngineIOTransportID(11)
        #expect(machine.pollReceived(after, now: at(25)) == [.respond(after, .error(.badRequest))])
        #expect(machine.frameReceived(.message("hi"), on: socket, now: at(26)) == [.deliver(.message("hi"))])
    }

    @Test func anotherPacketOnTheProbeEndsTheUpgradeOnly() {
        var machine = openPolling()
        _ = machine.webSocketOpened(socket, now: at(20))
        #expect(machine.frameReceived(.message("early"), on: socket, now: at(21)) == [.closeWebSocket(socket)])
        #expect(!machine.isClosed)
        #expect(machine.transportName == "polling")
    }

    @Test func theUpgradeTimesOut() {
        let timing = Machine.Timing(pingInterval: .seconds(25), pingTimeout: .seconds(20), upgradeTimeout: .seconds(10), closeTimeout: .seconds(1))
        let handshake = EngineIOHandshake(sid: "abc")
        var machine = Machine.open(handshake: handshake, timing: timing, via: .polling(handshakeRequest: handshakeRequest), now: t0).machine
        #expect(machine.webSocketOpened(socket, now: t0) == [.scheduleTimer(t0 + .seconds(10))])
        #expect(machine.timerFired(now: t0 + .seconds(10)) == [.closeWebSocket(socket), .scheduleTimer(t0 + .seconds(25))])
    }

    @Test func aSecondWebSocketAfterTheUpgradeIsClosed() {
        var machine = openPolling()
        _ = machine.webSocketOpened(socket, now: at(1))
        _ = machine.frameReceived(.probePing, on: socket, now: at(2))
        _ = machine.frameReceived(.upgrade, on: socket, now: at(3))
        let second = EngineIOTransportID(12)
        #expect(machine.webSocketOpened(second, now: at(4)) == [.closeWebSocket(second)])
        #expect(machine.frameReceived(.message("still"), on: socket, now: at(5)) == [.deliver(.message("still"))])
    }

    @Test func webSocketCloseAndBadFramesEndTheSession() {
        let handshake = EngineIOHandshake(sid: "abc", upgrades: [])
        var machine = Machine.open(handshake: handshake, timing: timing, via: .webSocket(socket), now: t0).machine
        #expect(machine.frameFailed(on: socket, detail: "x", now: at(1)) == [.closeWebSocket(socket), .closed(.parseError("x"))])
        var other = Machine.open(handshake: handshake, timing: timing, via: .webSocket(socket), now: t0).machine
        #expect(other.frameReceived(.close, on: socket, now: at(1)) == [.closeWebSocket(socket), .closed(.clientClose)])
    }

    @Test func aServerCloseOnPollingWaitsForThePollThatCarriesIt() {
        var machine = openPolling()
        _ = machine.send([.message("last")], now: at(1))
        #expect(machine.close(now: at(2)) == [.scheduleTimer(at(202))])
        #expect(machine.pollReceived(poll, now: at(3)) == [.respond(poll, .packets([.message("last"), .close])), .closed(.serverClose)])
    }

    @Test func aClosingSessionEndsAfterCloseTimeout() {
        var machine = openPolling()
        _ = machine.close(now: at(2))
        #expect(machine.timerFired(now: at(202)) == [.closed(.serverClose)])
    }

    /// Broadcast frames may skip the machine only while it would write them straight to its WebSocket.
    @Test func directWebSocketOnlyWhileOpenOnAWebSocket() {
        var polling = openPolling()
        #expect(polling.directWebSocket == nil)
        _ = polling.webSocketOpened(socket, now: at(1))
        _ = polling.frameReceived(.probePing, on: socket, now: at(2))
        #expect(polling.directWebSocket == nil)
        _ = polling.frameReceived(.upgrade, on: socket, now: at(3))
        #expect(polling.directWebSocket == socket)
        _ = polling.close(now: at(4))
        #expect(polling.directWebSocket == nil)

        let handshake = EngineIOHandshake(sid: "abc", upgrades: [], pingInterval: 300, pingTimeout: 200)
        var webSocket = Machine.open(handshake: handshake, timing: timing, via: .webSocket(socket), now: t0).machine
        #expect(webSocket.directWebSocket == socket)
        _ = webSocket.webSocketClosed(socket, now: at(1))
        #expect(webSocket.directWebSocket == nil)
    }
}
