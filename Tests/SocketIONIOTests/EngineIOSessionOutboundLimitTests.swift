import Foundation
import SocketIOWire
import Testing

@testable import SocketIONIO

/// The outbound limit in the Engine.IO session alone: what is queued for the client is counted,
/// the soft limit's time runs on the events' `now`, and a slow consumer is closed, on polling and
/// on a WebSocket alike.
struct EngineIOSessionOutboundLimitTests {
    typealias Machine = EngineIOSessionStateMachine<ContinuousClock.Instant>

    let t0 = ContinuousClock.now
    let limit = SocketIOServer.OutboundLimit(hardBytes: 100, softBytes: 40, softDuration: .seconds(1))
    let poll = EngineIOTransportID(2)
    let socket = EngineIOTransportID(4)

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    func open(polling: Bool) -> Machine {
        let timing = Machine.Timing(
            pingInterval: .seconds(25), pingTimeout: .seconds(20), upgradeTimeout: .seconds(10), closeTimeout: .seconds(1), outboundLimit: limit)
        let handshake = EngineIOHandshake(sid: "abc", upgrades: [], pingInterval: 25_000, pingTimeout: 20_000)
        let opening: Machine.Opening = polling ? .polling(handshakeRequest: EngineIOTransportID(1)) : .webSocket(socket)
        return Machine.open(handshake: handshake, timing: timing, via: opening, now: t0).machine
    }

    /// A message of `bytes` bytes.
    func message(_ bytes: Int) -> EngineIOPacket { .message(String(repeating: "x", count: bytes)) }

    @Test func packetsBufferedForAPollAreCountedByTheBytesTheyHold() {
        var machine = open(polling: true)
        _ = machine.send([message(10), .binaryMessage(Data(count: 5)), message(3)], now: at(1))
        #expect(machine.queuedBytes == 18)
        _ = machine.pollReceived(poll, now: at(2))
        #expect(machine.queuedBytes == 0)
    }

    @Test func aPollingClientPastTheHardLimitIsClosedAtOnce() {
        var machine = open(polling: true)
        #expect(machine.send([message(90)], now: at(1)) == [.scheduleTimer(at(1001))])
        let actions = machine.send([message(20)], now: at(2))
        #expect(actions == [.closed(.slowConsumer(queuedBytes: 110, limit: .hard(100)))])
        #expect(machine.isClosed)
        #expect(machine.queuedBytes == 0)
    }

    @Test func aPollingClientPastTheSoftLimitForItsTimeIsClosedWhenTheTimerFires() {
        var machine = open(polling: true)
        #expect(machine.send([message(50)], now: at(100)) == [.scheduleTimer(at(1100))])
        #expect(machine.send([message(10)], now: at(600)) == [])
        #expect(machine.timerFired(now: at(1099)) == [.scheduleTimer(at(1100))])
        #expect(machine.timerFired(now: at(1100)) == [.closed(.slowConsumer(queuedBytes: 60, limit: .soft(40, for: .seconds(1))))])
    }

    @Test func aPollThatDrainsTheQueueStopsTheSoftLimitsClock() {
        var machine = open(polling: true)
        _ = machine.send([message(50)], now: at(100))
        _ = machine.pollReceived(poll, now: at(500))
        #expect(machine.queuedBytes == 0)
        // A new excess starts a new clock, from its own start.
        _ = machine.send([message(50)], now: at(900))
        #expect(machine.overSoftLimitSince == at(900))
        #expect(machine.timerFired(now: at(1100)) == [.scheduleTimer(at(1900))])
        #expect(!machine.isClosed)
    }

    @Test func aWebSocketsBacklogPastTheSoftLimitStartsTheClockAndUnderItStopsIt() {
        var machine = open(polling: false)
        #expect(machine.transportBacklog(50, on: socket, now: at(100)) == [.scheduleTimer(at(1100))])
        #expect(machine.transportBacklog(20, on: socket, now: at(400)) == [])
        #expect(machine.overSoftLimitSince == nil)
        #expect(machine.timerFired(now: at(1100)) == [.scheduleTimer(at(25_000))])
        #expect(!machine.isClosed)
    }

    @Test func aWebSocketPastTheHardLimitIsDroppedWithoutACloseFrame() {
        var machine = open(polling: false)
        let actions = machine.transportBacklog(101, on: socket, now: at(100))
        #expect(actions == [.dropWebSocket(socket), .closed(.slowConsumer(queuedBytes: 101, limit: .hard(100)))])
        #expect(machine.queuedBytes == 0)
    }

    @Test func aWebSocketThatStaysPastTheSoftLimitIsDroppedWhenItsTimeIsUp() {
        var machine = open(polling: false)
        _ = machine.transportBacklog(50, on: socket, now: at(100))
        _ = machine.transportBacklog(60, on: socket, now: at(900))
        #expect(machine.timerFired(now: at(1100)) == [.dropWebSocket(socket), .closed(.slowConsumer(queuedBytes: 60, limit: .soft(40, for: .seconds(1))))])
    }

    @Test func aBacklogReportFromAnotherWebSocketIsIgnored() {
        var machine = open(polling: false)
        #expect(machine.transportBacklog(1000, on: EngineIOTransportID(9), now: at(100)) == [])
        #expect(machine.queuedBytes == 0)
    }

    @Test func withoutALimitNothingIsClosed() {
        let timing = Machine.Timing(pingInterval: .seconds(25), pingTimeout: .seconds(20), upgradeTimeout: .seconds(10), closeTimeout: .seconds(1))
        let handshake = EngineIOHandshake(sid: "abc", upgrades: [], pingInterval: 25_000, pingTimeout: 20_000)
        var machine = Machine.open(handshake: handshake, timing: timing, via: .webSocket(socket), now: t0).machine
        #expect(machine.transportBacklog(1 << 30, on: socket, now: at(1)) == [])
        #expect(machine.queuedBytes == 1 << 30)
        #expect(!machine.isClosed)
    }

    @Test func theLimitsProblemsAreNamed() {
        #expect(SocketIOServer.OutboundLimit.standard.problem == nil)
        #expect(SocketIOServer.OutboundLimit(hardBytes: 10, softBytes: 20, softDuration: .seconds(1)).problem != nil)
        #expect(SocketIOServer.OutboundLimit(hardBytes: 10, softBytes: 1, softDuration: .seconds(1)).problem != nil)
        #expect(SocketIOServer.OutboundLimit(hardBytes: 10, softBytes: 5, softDuration: .zero).problem != nil)
    }
}
