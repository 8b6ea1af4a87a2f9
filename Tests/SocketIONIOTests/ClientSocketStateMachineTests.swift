import Foundation
import SocketIOWire
import Testing

@testable import SocketIONIO

/// The client Socket.IO machine alone: events in, actions out, time given by hand.
@Suite("Client Socket.IO state machine")
struct ClientSocketStateMachineTests {
    typealias Machine = ClientSocketStateMachine<ManualInstant>
    static let t0 = ManualInstant(offset: .seconds(1))

    /// A machine with `/` connected (sid `a`) on an open engine.
    static func connected(_ namespaces: [String] = ["/"]) -> Machine {
        var machine = Machine(connectTimeout: .seconds(5))
        for namespace in namespaces { _ = machine.connect(namespace: namespace, auth: nil, now: t0) }
        _ = machine.engineOpened(now: t0)
        for namespace in namespaces {
            let prefix = namespace == "/" ? "" : namespace + ","
            _ = machine.receive(.message("0\(prefix){\"sid\":\"a\"}"), now: t0)
        }
        return machine
    }

    static func text(_ packets: [EngineIOPacket]) -> [String] { packets.map(\.description) }

    @Test("connect opens the engine, CONNECTs, and resolves on the {sid} reply")
    func connect() {
        var machine = Machine(connectTimeout: .seconds(5))
        #expect(machine.connect(namespace: "/", auth: nil, now: Self.t0) == [.openEngine, .schedule(at: Self.t0 + .seconds(5))])
        #expect(machine.engineOpened(now: Self.t0) == [.send([.message("0")])])
        #expect(machine.receive(.message("0{\"sid\":\"abc\"}"), now: Self.t0) == [.connected(namespace: "/", sid: "abc")])
        #expect(machine.sid(of: "/") == "abc")
        #expect(machine.connect(namespace: "/", auth: nil, now: Self.t0) == [.connected(namespace: "/", sid: "abc")])
    }

    @Test("a custom namespace with auth is CONNECTed as 0/admin,{auth} on the open engine")
    func connectCustomNamespace() {
        var machine = Self.connected()
        #expect(machine.connect(namespace: "/admin", auth: ["token": "1"], now: Self.t0) == [
            .send([.message("0/admin,{\"token\":\"1\"}")]), .schedule(at: Self.t0 + .seconds(5)),
        ])
        #expect(machine.receive(.message("0/admin,{\"sid\":\"b\"}"), now: Self.t0) == [.connected(namespace: "/admin", sid: "b")])
        #expect(machine.connectedNamespaces == ["/", "/admin"])
    }

    @Test("CONNECT_ERROR fails the connect with the payload, object or string")
    func connectError() {
        var machine = Self.connected()
        _ = machine.connect(namespace: "/random", auth: nil, now: Self.t0)
        let refused = machine.receive(.message("4/random,{\"message\":\"Invalid namespace\"}"), now: Self.t0)
        guard case .connectFailed("/random", let error)? = refused.first else {
            Issue.record("expected connectFailed, got \(refused)")
            return
        }
        #expect(error.code == .connectRefused)
        #expect(error.connectErrorPayload == ["message": "Invalid namespace"])
        #expect(error.connectErrorMessage == "Invalid namespace")

        _ = machine.connect(namespace: "/old", auth: nil, now: Self.t0)
        let old = machine.receive(.message("4/old,\"Unable to connect\""), now: Self.t0)
        guard case .connectFailed("/old", let stringError)? = old.first else {
            Issue.record("expected connectFailed, got \(old)")
            return
        }
        #expect(stringError.connectErrorMessage == "Unable to connect")
    }

    @Test("a CONNECT reply without a sid fails the connect")
    func connectReplyWithoutSid() {
        var machine = Machine(connectTimeout: .seconds(5))
        _ = machine.connect(namespace: "/", auth: nil, now: Self.t0)
        _ = machine.engineOpened(now: Self.t0)
        let actions = machine.receive(.message("0{}"), now: Self.t0)
        guard case .connectFailed("/", let error)? = actions.first else {
            Issue.record("expected connectFailed, got \(actions)")
            return
        }
        #expect(error.code == .protocolViolation)
    }

    @Test("no CONNECT reply within the connect timeout fails the connect")
    func connectTimeout() {
        var machine = Machine(connectTimeout: .seconds(5))
        _ = machine.connect(namespace: "/", auth: nil, now: Self.t0)
        _ = machine.engineOpened(now: Self.t0)
        #expect(machine.tick(now: Self.t0 + .seconds(4)).isEmpty)
        let actions = machine.tick(now: Self.t0 + .seconds(5))
        guard case .connectFailed("/", let error)? = actions.first else {
            Issue.record("expected connectFailed, got \(actions)")
            return
        }
        #expect(error.code == .connectTimeout)
        #expect(error.message == "no CONNECT reply within 5 s")
    }

    @Test("durations in messages are written in their largest whole unit, as before the machine was clock-generic")
    func durationText() {
        #expect(Machine.text(of: .seconds(10)) == "10 s")
        #expect(Machine.text(of: .milliseconds(1500)) == "1500 ms")
        #expect(Machine.text(of: .microseconds(250)) == "250 us")
        #expect(Machine.text(of: .nanoseconds(7)) == "7 ns")
    }

    @Test("emit needs a connected namespace and a name that is not reserved")
    func emitChecks() throws {
        var machine = Self.connected()
        #expect(throws: SocketIOClientError.self) { try machine.emit(namespace: "/other", event: "x", arguments: [], now: Self.t0) }
        #expect(throws: SocketIOClientError.self) { try machine.emit(namespace: "/", event: "disconnect", arguments: [], now: Self.t0) }
        #expect(try machine.emit(namespace: "/", event: "hello", arguments: [1, "2"], now: Self.t0) == [.send([.message("2[\"hello\",1,\"2\"]")])])
    }

    @Test("binary arguments go out as BINARY_EVENT plus attachments")
    func binaryEmit() throws {
        var machine = Self.connected(["/", "/custom"])
        let actions = try machine.emit(namespace: "/custom", event: "up", arguments: [.binary(Data([1, 2, 3]))], now: Self.t0)
        #expect(actions == [.send([
            .message("51-/custom,[\"up\",{\"_placeholder\":true,\"num\":0}]"), .binaryMessage(Data([1, 2, 3])),
        ])])
    }

    @Test("ack ids count from 0; the ACK resolves its id; unknown ids are ignored")
    func acks() throws {
        var machine = Self.connected()
        let first = try machine.emitWithAck(namespace: "/", event: "q", arguments: [], timeout: .seconds(1), now: Self.t0)
        #expect(first.ackID == 0)
        #expect(first.actions == [.send([.message("20[\"q\"]")]), .schedule(at: Self.t0 + .seconds(1))])
        let second = try machine.emitWithAck(namespace: "/", event: "q", arguments: [], timeout: .seconds(2), now: Self.t0)
        #expect(second.ackID == 1)
        #expect(machine.receive(.message("39[]"), now: Self.t0).isEmpty)
        #expect(machine.receive(.message("30[1,\"2\"]"), now: Self.t0) == [.resolveAck(id: 0, arguments: [1, "2"]), .schedule(at: Self.t0 + .seconds(2))])
        #expect(machine.receive(.message("30[1]"), now: Self.t0).isEmpty)
    }

    @Test("a BINARY_ACK resolves with the bytes in place")
    func binaryAck() throws {
        var machine = Self.connected()
        _ = try machine.emitWithAck(namespace: "/", event: "q", arguments: [], timeout: .seconds(1), now: Self.t0)
        #expect(machine.receive(.message("61-0[{\"_placeholder\":true,\"num\":0}]"), now: Self.t0).isEmpty)
        #expect(machine.receive(.binaryMessage(Data([9])), now: Self.t0) == [.resolveAck(id: 0, arguments: [.binary(Data([9]))])])
    }

    @Test("an ACK that does not come in time fails with ackTimeout")
    func ackTimeout() throws {
        var machine = Self.connected()
        _ = try machine.emitWithAck(namespace: "/", event: "q", arguments: [], timeout: .seconds(1), now: Self.t0)
        let actions = machine.tick(now: Self.t0 + .seconds(1))
        guard case .failAck(0, let error)? = actions.first else {
            Issue.record("expected failAck, got \(actions)")
            return
        }
        #expect(error.code == .ackTimeout)
    }

    @Test("server events are delivered with their arguments; binary attachments are put back")
    func serverEvents() {
        var machine = Self.connected()
        #expect(machine.receive(.message("2[\"news\",{\"a\":1}]"), now: Self.t0) == [
            .deliverEvent(namespace: "/", name: "news", arguments: [["a": 1]], ackID: nil),
        ])
        #expect(machine.receive(.message("52-[\"bin\",{\"_placeholder\":true,\"num\":0},{\"_placeholder\":true,\"num\":1}]"), now: Self.t0).isEmpty)
        #expect(machine.receive(.binaryMessage(Data([1])), now: Self.t0).isEmpty)
        #expect(machine.receive(.binaryMessage(Data([2])), now: Self.t0) == [
            .deliverEvent(namespace: "/", name: "bin", arguments: [.binary(Data([1])), .binary(Data([2]))], ackID: nil),
        ])
        // An event for a namespace that is not connected is dropped.
        #expect(machine.receive(.message("2/other,[\"x\"]"), now: Self.t0).isEmpty)
    }

    @Test("a server event with an ack id is answered once, binary as BINARY_ACK")
    func answeringServerAcks() {
        var machine = Self.connected()
        #expect(machine.receive(.message("25[\"question\",\"q\"]"), now: Self.t0) == [
            .deliverEvent(namespace: "/", name: "question", arguments: ["q"], ackID: 5),
        ])
        #expect(machine.acknowledge(namespace: "/", id: 5, arguments: ["answer", .binary(Data([7]))]) == [
            .send([.message("61-5[\"answer\",{\"_placeholder\":true,\"num\":0}]"), .binaryMessage(Data([7]))]),
        ])
        #expect(machine.acknowledge(namespace: "/", id: 5, arguments: ["again"]).isEmpty)
    }

    @Test("a server DISCONNECT ends the namespace and fails its pending acks")
    func serverDisconnect() throws {
        var machine = Self.connected(["/", "/custom"])
        _ = try machine.emitWithAck(namespace: "/custom", event: "q", arguments: [], timeout: .seconds(1), now: Self.t0)
        let actions = machine.receive(.message("1/custom,"), now: Self.t0)
        #expect(actions.count == 2)
        #expect(actions.first == .disconnected(namespace: "/custom", reason: .serverDisconnect))
        #expect(machine.connectedNamespaces == ["/"])
    }

    @Test("disconnectAll sends 41 for every namespace, then closes the engine")
    func disconnectAll() {
        var machine = Self.connected(["/", "/custom"])
        #expect(machine.disconnectAll() == [
            .send([.message("1")]), .disconnected(namespace: "/", reason: .clientDisconnect),
            .send([.message("1/custom,")]), .disconnected(namespace: "/custom", reason: .clientDisconnect),
            .closeEngine,
        ])
        #expect(machine.engineClosed(.clientClosed).isEmpty)
    }

    @Test("a connect asked for while the engine closes opens a new session once it closed")
    func connectWhileClosing() {
        var machine = Self.connected()
        _ = machine.disconnectAll()
        #expect(machine.connect(namespace: "/", auth: nil, now: Self.t0) == [.schedule(at: Self.t0 + .seconds(5))])
        #expect(machine.engineClosed(.clientClosed) == [.openEngine])
    }

    @Test("an engine that closes by itself disconnects every namespace and fails every ack")
    func engineLost() throws {
        var machine = Self.connected()
        _ = try machine.emitWithAck(namespace: "/", event: "q", arguments: [], timeout: .seconds(1), now: Self.t0)
        let actions = machine.engineClosed(.pingTimeout)
        #expect(actions.first == .disconnected(namespace: "/", reason: .engineClosed(.pingTimeout)))
        guard case .failAck(0, let error) = actions[1] else {
            Issue.record("expected failAck, got \(actions)")
            return
        }
        #expect(error.code == .disconnected)
    }

    @Test("a malformed packet from the server closes the connection, as the reference does")
    func malformedPacket() {
        var machine = Self.connected()
        let actions = machine.receive(.message("2{}"), now: Self.t0)
        #expect(actions.last == .closeEngine)
        #expect(machine.connectedNamespaces.isEmpty)
        #expect(machine.receive(.binaryMessage(Data([1])), now: Self.t0).isEmpty)
    }
}
