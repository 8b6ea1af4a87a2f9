import Foundation
import SocketIOWire
import Testing

@testable import SocketIONIO

/// The Socket.IO layer of one connection alone: namespaces, acks, binary reassembly and the
/// connect timeout, with explicit instants.
struct SocketIOConnectionStateMachineTests {
    typealias Machine = SocketIOConnectionStateMachine<ContinuousClock.Instant>

    let t0 = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    func joined(_ namespace: String = "/", sid: String = "s1") -> Machine {
        var machine = Machine(connectTimeout: .milliseconds(1000))
        _ = machine.start(now: t0)
        _ = machine.receive(.message(namespace == "/" ? "0" : "0\(namespace),"), now: at(1))
        _ = machine.accept(namespace: namespace, sid: sid, now: at(2))
        return machine
    }

    @Test func noConnectWithinConnectTimeoutCloses() {
        var machine = Machine(connectTimeout: .milliseconds(1000))
        #expect(machine.start(now: t0) == [.scheduleTimer(at(1000))])
        #expect(machine.timerFired(now: at(999)) == [.scheduleTimer(at(1000))])
        #expect(machine.timerFired(now: at(1000)) == [.close(.connectTimeout)])
    }

    @Test func connectIsAuthorizedThenAnsweredWithTheSidOnly() throws {
        var machine = Machine(connectTimeout: .milliseconds(1000))
        _ = machine.start(now: t0)
        let connect = try SocketIOPacket(decoding: "0{\"token\":\"123\"}")
        #expect(machine.receive(.message("0{\"token\":\"123\"}"), now: at(1)) == [
            .received(connect), .authorize(namespace: "/", auth: ["token": "123"]),
        ])
        let actions = machine.accept(namespace: "/", sid: "s1", now: at(2))
        #expect(actions == [.send(.connected(namespace: "/", sid: "s1")), .connected(namespace: "/", sid: "s1"), .cancelTimer])
        #expect(SocketIOPacket.connected(sid: "s1").encodedText == "0{\"sid\":\"s1\"}")
        #expect(machine.timerFired(now: at(1000)) == [])
    }

    @Test func aRefusalSendsConnectErrorAndKeepsTheConnection() {
        var machine = Machine(connectTimeout: .milliseconds(1000))
        _ = machine.receive(.message("0/random"), now: at(1))
        let actions = machine.refuse(namespace: "/random", message: "Invalid namespace", data: nil, now: at(2))
        #expect(actions == [.send(.connectError(namespace: "/random", message: "Invalid namespace"))])
        #expect(SocketIOPacket.connectError(namespace: "/random", message: "Invalid namespace").encodedText == "4/random,{\"message\":\"Invalid namespace\"}")
        #expect(!machine.isClosed)
    }

    @Test func aPacketForANamespaceNotJoinedCloses() {
        var machine = joined()
        let actions = machine.receive(.message("2/custom,[\"x\"]"), now: at(5))
        #expect(actions.last == .close(.parseError("a EVENT packet for /custom, which is not joined")))
    }

    @Test func aSecondConnectCloses() {
        var machine = joined()
        #expect(machine.receive(.message("0"), now: at(5)).last == .close(.parseError("a second CONNECT for /")))
    }

    @Test func undecodablePacketsClose() {
        for text in ["abc", "2{}", "2abc[\"x\"]"] {
            var machine = joined()
            let actions = machine.receive(.message(text), now: at(5))
            #expect(actions.count == 1)
            guard case .close(.parseError)? = actions.first else {
                Issue.record("\(text) should close, got \(actions)")
                continue
            }
        }
    }

    @Test func eventsCarryTheirAckIDAndAreAnsweredWithIt() {
        var machine = joined()
        let actions = machine.receive(.message("2456[\"message-with-ack\",1,\"2\",{\"3\":[false]}]"), now: at(5))
        #expect(actions.last == .event(namespace: "/", name: "message-with-ack", arguments: [1, "2", ["3": [false]]], ackID: 456))
        let answer = machine.acknowledge(namespace: "/", id: 456, arguments: [1, "2", ["3": [false]]], now: at(6))
        #expect(answer == [.send(.ack([1, "2", ["3": [false]]], id: 456))])
        #expect(SocketIOPacket.ack([1, "2", ["3": [false]]], id: 456).encodedText == "3456[1,\"2\",{\"3\":[false]}]")
    }

    @Test func serverAcksAreNumberedPerNamespaceAndOnlyAwaitedOnesAreDelivered() {
        var machine = joined()
        #expect(machine.emit(namespace: "/", name: "a", arguments: [], wantsAck: true, now: at(5)).ackID == 0)
        #expect(machine.emit(namespace: "/", name: "b", arguments: [], wantsAck: false, now: at(5)).ackID == nil)
        #expect(machine.emit(namespace: "/", name: "c", arguments: [], wantsAck: true, now: at(5)).ackID == 1)
        #expect(machine.receive(.message("31[\"ok\"]"), now: at(6)).last == .ack(namespace: "/", id: 1, arguments: ["ok"]))
        #expect(machine.receive(.message("31[\"again\"]"), now: at(7)).count == 1)
        #expect(machine.receive(.message("37[]"), now: at(7)).count == 1)
    }

    @Test func binaryEventsAreReassembled() {
        var machine = joined()
        #expect(machine.receive(.message("51-[\"up\",{\"_placeholder\":true,\"num\":0}]"), now: at(5)) == [])
        let actions = machine.receive(.binaryMessage(Data([1, 2, 3])), now: at(6))
        #expect(actions.last == .event(namespace: "/", name: "up", arguments: [.binary(Data([1, 2, 3]))], ackID: nil))
    }

    @Test func emittingBinaryProducesABinaryEvent() {
        var machine = joined()
        let (actions, _) = machine.emit(namespace: "/", name: "down", arguments: [.binary(Data([9]))], wantsAck: false, now: at(5))
        guard case .send(let packet)? = actions.first else {
            Issue.record("expected a send, got \(actions)")
            return
        }
        #expect(packet.encodedText == "51-[\"down\",{\"_placeholder\":true,\"num\":0}]")
        #expect(packet.attachments == [Data([9])])
    }

    @Test func clientDisconnectLeavesTheConnectionOpen() {
        var machine = joined()
        #expect(machine.receive(.message("1"), now: at(5)).last == .disconnected(namespace: "/", reason: .clientNamespaceDisconnect))
        #expect(!machine.isClosed)
        #expect(machine.timerFired(now: at(2000)) == [])
    }

    @Test func serverDisconnectSendsDisconnect() {
        var machine = joined("/custom")
        #expect(machine.disconnect(namespace: "/custom", now: at(5)) == [
            .send(.disconnect(namespace: "/custom")), .disconnected(namespace: "/custom", reason: .serverNamespaceDisconnect),
        ])
    }

    @Test func engineCloseDisconnectsEverySocket() {
        var machine = joined()
        _ = machine.receive(.message("0/custom,"), now: at(3))
        _ = machine.accept(namespace: "/custom", sid: "s2", now: at(4))
        #expect(machine.engineClosed(.pingTimeout) == [
            .disconnected(namespace: "/", reason: .pingTimeout), .disconnected(namespace: "/custom", reason: .pingTimeout),
        ])
        #expect(machine.receive(.message("2[\"late\"]"), now: at(5)) == [])
    }

    /// A broadcast goes to the namespaces an emit would go to: joined ones, none after the close.
    @Test func sendableNamespacesAreTheJoinedOnes() {
        var machine = joined()
        #expect(machine.sendableNamespaces == ["/"])
        _ = machine.receive(.message("0/custom,"), now: at(3))
        #expect(machine.sendableNamespaces == ["/"])
        _ = machine.accept(namespace: "/custom", sid: "s2", now: at(4))
        #expect(Set(machine.sendableNamespaces) == ["/", "/custom"])
        _ = machine.disconnect(namespace: "/", now: at(5))
        #expect(machine.sendableNamespaces == ["/custom"])
        _ = machine.engineClosed(.transportClose)
        #expect(machine.sendableNamespaces.isEmpty)
    }
}
