import Foundation
import SocketIOWire
import Testing

@testable import SocketIONIO

/// The client Engine.IO machine alone: events in, actions out, time given by hand.
@Suite("Client Engine.IO state machine")
struct ClientEngineStateMachineTests {
    typealias Machine = ClientEngineStateMachine<ManualInstant>
    static let t0 = ManualInstant(offset: .seconds(1))
    static let handshake = EngineIOHandshake(sid: "s1", upgrades: ["websocket"], pingInterval: 300, pingTimeout: 200, maxPayload: 1000)
    /// pingInterval + pingTimeout of ``handshake``.
    static let window = Duration.milliseconds(500)

    static func machine(_ transports: [SocketIOClientConfiguration.Transport] = [.polling, .websocket]) -> Machine {
        Machine(configuration: .init(transports: transports, connectTimeout: .seconds(5), upgradeTimeout: .seconds(2)))
    }

    /// A machine whose polling handshake succeeded; the probe WebSocket 1 is being opened.
    static func openOnPolling(_ transports: [SocketIOClientConfiguration.Transport] = [.polling, .websocket]) -> Machine {
        var machine = machine(transports)
        _ = machine.start(now: t0)
        _ = machine.pollCompleted(.success([.open(handshake)]), now: t0)
        return machine
    }

    @Test("polling handshake, then a poll and a probe WebSocket at once (engine.io-client order)")
    func pollingHandshake() {
        var machine = Self.machine()
        #expect(machine.start(now: Self.t0) == [.poll(sid: nil), .schedule(at: Self.t0 + .seconds(5))])
        #expect(machine.pollCompleted(.success([.open(Self.handshake)]), now: Self.t0) == [
            .opened(Self.handshake), .poll(sid: "s1"), .openWebSocket(id: 1, sid: "s1"), .schedule(at: Self.t0 + Self.window),
        ])
        #expect(machine.transport == .polling)
    }

    @Test("polling only never opens a WebSocket")
    func pollingOnly() {
        var machine = Self.machine([.polling])
        _ = machine.start(now: Self.t0)
        #expect(machine.pollCompleted(.success([.open(Self.handshake)]), now: Self.t0) == [
            .opened(Self.handshake), .poll(sid: "s1"), .schedule(at: Self.t0 + Self.window),
        ])
    }

    @Test("WebSocket only: the first frame must be the open packet")
    func websocketHandshake() {
        var machine = Self.machine([.websocket])
        #expect(machine.start(now: Self.t0) == [.openWebSocket(id: 1, sid: nil), .schedule(at: Self.t0 + .seconds(5))])
        #expect(machine.webSocketOpened(id: 1, now: Self.t0).isEmpty)
        var open = Self.handshake
        open.upgrades = []
        #expect(machine.webSocketReceived(id: 1, .success(.open(open)), now: Self.t0) == [.opened(open), .schedule(at: Self.t0 + Self.window)])
        #expect(machine.send([.message("40")], now: Self.t0) == [.write(id: 1, packets: [.message("40")])])
        #expect(machine.transport == .websocket(id: 1))
    }

    @Test("a handshake answer without an open packet is a protocol violation")
    func handshakeWithoutOpen() {
        var machine = Self.machine()
        _ = machine.start(now: Self.t0)
        #expect(machine.pollCompleted(.success([.noop]), now: Self.t0) == [
            .closed(.protocolViolation("the handshake answer does not start with an open packet")),
        ])
    }

    @Test("the handshake times out at the connect timeout")
    func handshakeTimeout() {
        var machine = Self.machine([.websocket])
        _ = machine.start(now: Self.t0)
        #expect(machine.tick(now: Self.t0 + .seconds(4)).isEmpty)
        #expect(machine.tick(now: Self.t0 + .seconds(5)) == [.closeWebSocket(id: 1), .closed(.connectTimeout)])
        #expect(!machine.isActive)
    }

    @Test("upgrade: 2probe, 3probe, wait for the held GET (noop), then 5 and the held packets on the WebSocket")
    func upgrade() {
        var machine = Self.openOnPolling()
        #expect(machine.webSocketOpened(id: 1, now: Self.t0) == [.write(id: 1, packets: [.ping("probe")])])
        #expect(machine.webSocketReceived(id: 1, .success(.pong("probe")), now: Self.t0).isEmpty)
        // Polling is paused: a packet sent now is held for the WebSocket, no POST goes out.
        #expect(machine.send([.message("40")], now: Self.t0).isEmpty)
        #expect(machine.pollCompleted(.success([.noop]), now: Self.t0) == [
            .write(id: 1, packets: [.upgrade, .message("40")]), .upgraded,
        ])
        #expect(machine.transport == .websocket(id: 1))
        // python-engineio sends a noop on the new WebSocket after `5`; it is ignored.
        #expect(machine.webSocketReceived(id: 1, .success(.noop), now: Self.t0).isEmpty)
        #expect(machine.webSocketReceived(id: 1, .success(.message("42[\"a\"]")), now: Self.t0) == [.deliver(.message("42[\"a\"]"))])
    }

    @Test("upgrade waits for an outstanding POST as well as the GET")
    func upgradeWaitsForPost() {
        var machine = Self.openOnPolling()
        #expect(machine.send([.message("40")], now: Self.t0) == [.post(sid: "s1", payload: EngineIOPayload([.message("40")]))])
        _ = machine.webSocketOpened(id: 1, now: Self.t0)
        _ = machine.webSocketReceived(id: 1, .success(.pong("probe")), now: Self.t0)
        #expect(machine.pollCompleted(.success([.noop]), now: Self.t0).filter { if case .schedule = $0 { false } else { true } }.isEmpty)
        #expect(machine.postCompleted(.success(()), now: Self.t0) == [.write(id: 1, packets: [.upgrade]), .upgraded])
    }

    @Test("a probe answered with anything but 3probe is dropped and polling goes on")
    func failedProbe() {
        var machine = Self.openOnPolling()
        _ = machine.webSocketOpened(id: 1, now: Self.t0)
        #expect(machine.webSocketReceived(id: 1, .success(.message("hello")), now: Self.t0) == [.closeWebSocket(id: 1)])
        #expect(machine.transport == .polling)
        #expect(machine.pollCompleted(.success([.noop]), now: Self.t0) == [.poll(sid: "s1")])
    }

    @Test("a probe that cannot connect leaves the session polling")
    func probeConnectFailure() {
        var machine = Self.openOnPolling()
        #expect(machine.webSocketClosed(id: 1, failure: ClientTransportFailure("refused"), now: Self.t0).isEmpty)
        #expect(machine.transport == .polling)
        #expect(machine.isActive)
    }

    @Test("a probe that takes longer than the upgrade timeout is given up")
    func probeTimeout() {
        var machine = Self.openOnPolling()
        _ = machine.webSocketOpened(id: 1, now: Self.t0)
        _ = machine.pollCompleted(.success([.ping("")]), now: Self.t0 + .milliseconds(300))
        _ = machine.pollCompleted(.success([.ping("")]), now: Self.t0 + .milliseconds(600))
        _ = machine.pollCompleted(.success([.ping("")]), now: Self.t0 + .milliseconds(900))
        _ = machine.pollCompleted(.success([.ping("")]), now: Self.t0 + .milliseconds(1800))
        #expect(machine.tick(now: Self.t0 + .seconds(2)) == [.closeWebSocket(id: 1), .schedule(at: Self.t0 + .milliseconds(2300))])
        #expect(machine.transport == .polling)
    }

    @Test("a ping is answered with a pong carrying its data, and the heartbeat deadline moves")
    func pingPong() {
        var machine = Self.openOnPolling([.polling])
        let later = Self.t0 + .milliseconds(300)
        #expect(machine.pollCompleted(.success([.ping("")]), now: later) == [
            .post(sid: "s1", payload: EngineIOPayload([.pong("")])), .poll(sid: "s1"), .schedule(at: later + Self.window),
        ])
        #expect(machine.pingsAnswered == 1)
        #expect(machine.tick(now: Self.t0 + Self.window).isEmpty)
    }

    @Test("no ping within pingInterval + pingTimeout closes the session")
    func pingTimeout() {
        var machine = Self.openOnPolling()
        #expect(machine.tick(now: Self.t0 + Self.window) == [.closeWebSocket(id: 1), .closed(.pingTimeout)])
    }

    @Test("driven by a manual clock: pings keep the session open as long as they come, each schedule naming the next tick")
    func drivenByAManualClock() throws {
        var clock = ManualClock(start: .seconds(100))
        var machine = Self.machine([.polling])
        var due: ManualInstant?
        func follow(_ actions: [Machine.Action]) {
            for case .schedule(let at) in actions { due = at }
        }

        follow(machine.start(now: clock.now))
        #expect(due == clock.now + .seconds(5), "the handshake may take the connect timeout")
        clock.advance(by: .milliseconds(40))
        follow(machine.pollCompleted(.success([.open(Self.handshake)]), now: clock.now))
        #expect(due == clock.now + Self.window)
        // Ten seconds of pings every 300 ms: each comes before the tick is due and moves it on.
        for _ in 0..<33 {
            clock.advance(by: .milliseconds(300))
            #expect(clock.now < (try #require(due)))
            follow(machine.pollCompleted(.success([.ping("")]), now: clock.now))
            #expect(due == clock.now + Self.window)
        }
        #expect(machine.pingsAnswered == 33)
        // The pings stop: a tick just before the deadline does nothing, the tick at it closes the session.
        let deadline = try #require(due)
        clock.advance(to: deadline + .milliseconds(-1))
        #expect(machine.tick(now: clock.now).isEmpty)
        clock.advance(to: deadline)
        #expect(machine.tick(now: clock.now) == [.closed(.pingTimeout)])
        #expect(!machine.isActive)
    }

    @Test("packets sent while a POST is out go together in the next POST")
    func batching() {
        var machine = Self.openOnPolling([.polling])
        #expect(machine.send([.message("2[\"a\"]")], now: Self.t0) == [.post(sid: "s1", payload: EngineIOPayload([.message("2[\"a\"]")]))])
        #expect(machine.send([.message("2[\"b\"]")], now: Self.t0).isEmpty)
        #expect(machine.send([.message("451-[\"c\",{\"_placeholder\":true,\"num\":0}]"), .binaryMessage(Data([1, 2]))], now: Self.t0).isEmpty)
        #expect(machine.postCompleted(.success(()), now: Self.t0) == [
            .post(sid: "s1", payload: EngineIOPayload([
                .message("2[\"b\"]"), .message("451-[\"c\",{\"_placeholder\":true,\"num\":0}]"), .binaryMessage(Data([1, 2])),
            ])),
        ])
    }

    @Test("a POST holds at most maxPayload bytes, but always one packet")
    func maxPayload() {
        var machine = Self.openOnPolling([.polling])
        let big = EngineIOPacket.message(String(repeating: "x", count: 1200))
        let small = EngineIOPacket.message("small")
        #expect(machine.send([big, small], now: Self.t0) == [.post(sid: "s1", payload: EngineIOPayload([big]))])
        #expect(machine.postCompleted(.success(()), now: Self.t0) == [.post(sid: "s1", payload: EngineIOPayload([small]))])
    }

    @Test("close on polling: queued packets and `1` in one POST, closed when it returns")
    func closeOnPolling() {
        var machine = Self.openOnPolling([.polling])
        _ = machine.send([.message("2[\"a\"]")], now: Self.t0)
        _ = machine.send([.message("1")], now: Self.t0)
        #expect(machine.close(now: Self.t0).isEmpty)  // the POST of `1` waits for the one in flight
        #expect(machine.postCompleted(.success(()), now: Self.t0) == [.post(sid: "s1", payload: EngineIOPayload([.message("1"), .close]))])
        #expect(machine.postCompleted(.success(()), now: Self.t0) == [.closed(.clientClosed)])
    }

    @Test("close on a WebSocket: `1`, the close frame, closed")
    func closeOnWebSocket() {
        var machine = Self.machine([.websocket])
        _ = machine.start(now: Self.t0)
        _ = machine.webSocketReceived(id: 1, .success(.open(Self.handshake)), now: Self.t0)
        #expect(machine.close(now: Self.t0) == [.write(id: 1, packets: [.close]), .closeWebSocket(id: 1), .closed(.clientClosed)])
        #expect(machine.send([.message("x")], now: Self.t0).isEmpty)
    }

    @Test("a server close packet ends the session")
    func serverClose() {
        var machine = Self.openOnPolling([.polling])
        #expect(machine.pollCompleted(.success([.message("41"), .close, .message("ignored")]), now: Self.t0) == [
            .deliver(.message("41")), .closed(.serverClosed),
        ])
    }

    @Test("a GET answered with an error status fails the session")
    func failedPoll() {
        var machine = Self.openOnPolling([.polling])
        #expect(machine.pollCompleted(.failure(ClientTransportFailure("GET answered 400")), now: Self.t0) == [
            .closed(.transportFailed("poll: GET answered 400")),
        ])
    }

    @Test("a WebSocket the server closes ends a WebSocket session")
    func webSocketClosedByServer() {
        var machine = Self.machine([.websocket])
        _ = machine.start(now: Self.t0)
        _ = machine.webSocketReceived(id: 1, .success(.open(Self.handshake)), now: Self.t0)
        #expect(machine.webSocketClosed(id: 1, failure: nil, now: Self.t0) == [.closeWebSocket(id: 1), .closed(.serverClosed)])
    }

    @Test("events for unknown WebSockets are ignored or closed")
    func staleEvents() {
        var machine = Self.openOnPolling()
        #expect(machine.webSocketOpened(id: 7, now: Self.t0) == [.closeWebSocket(id: 7)])
        #expect(machine.webSocketReceived(id: 7, .success(.message("x")), now: Self.t0).isEmpty)
        #expect(machine.webSocketClosed(id: 7, failure: nil, now: Self.t0).isEmpty)
        #expect(machine.postCompleted(.success(()), now: Self.t0).isEmpty)
    }

    @Test("a closed machine can start a new session")
    func restart() {
        var machine = Self.openOnPolling([.polling])
        _ = machine.tick(now: Self.t0 + Self.window)
        #expect(machine.start(now: Self.t0 + .seconds(1)) == [.poll(sid: nil), .schedule(at: Self.t0 + .seconds(6))])
    }
}
