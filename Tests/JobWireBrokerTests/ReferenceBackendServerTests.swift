import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import Logging
import SocketIONIO
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The reference backend over real sockets: handshake identity and rooms (MSG-2), REST on the
/// same port, and each call's events reaching exactly their rooms (MSG-3, FLOW-5).
@Suite(.timeLimit(.minutes(30)))
struct ReferenceBackendServerTests {
    static func startServer() async throws -> (ReferenceBackendServer, URL) {
        var backend = JobDispatchBackend()
        backend.register(JobDispatchBackendTests.worker("w-1"))
        backend.register(JobDispatchBackendTests.worker("w-2"))
        let server = ReferenceBackendServer(backend: backend, clock: ManualBrokerClock(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let address = try await server.start(host: "127.0.0.1", port: 0)
        return (server, URL(string: "http://127.0.0.1:\(address.port ?? 0)")!)
    }

    static func connect(_ url: URL, userID: String, role: String) async throws -> SocketIOClient {
        let client = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
        try await client.connect(auth: ["userId": JSONValue.string(userID), "role": JSONValue.string(role)])
        return client
    }

    static func post(_ url: URL, _ path: String, _ body: JSONValue) async throws -> (Int, JSONValue) {
        var request = URLRequest(guarding: url.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.compactText.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONParser.parse(Array(data)))
    }

    /// The next event named `name` on `stream`, or nil if the stream ends or a 300 s hang guard
    /// passes first (a starved machine makes this slower, never wrong).
    static func next(_ name: String, on stream: AsyncStream<SocketIOEvent>) async -> SocketIOEvent? {
        await events(until: { $0.name == name }, on: stream)?.last
    }

    /// Every event on `stream` up to and including the first that `fence` accepts, or nil if the
    /// stream ends or the 300 s hang guard passes first. Events are ordered on a socket, so what
    /// the server sent before the fence is all here: an absence is proven by the fence, not by
    /// waiting.
    static func events(until fence: @escaping @Sendable (SocketIOEvent) -> Bool, on stream: AsyncStream<SocketIOEvent>) async -> [SocketIOEvent]? {
        await withTaskGroup(of: [SocketIOEvent]?.self) { group in
            group.addTask {
                var seen: [SocketIOEvent] = []
                for await event in stream {
                    seen.append(event)
                    if fence(event) { return seen }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .hangGuard)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func aPostReachesTheChannelAndTheWinnersApplyReachesOnlyTheClient() async throws {
        let (server, url) = try await Self.startServer()
        defer { Task { await server.shutdown() } }
        let worker = try await Self.connect(url, userID: "w-1", role: "worker")
        let client = try await Self.connect(url, userID: "c-1", role: "client")
        let workerEvents = worker.events()
        let clientEvents = client.events()

        let (status, body) = try await Self.post(url, "api/requests", JobDispatchBackendTests.post())
        #expect(status == 200)
        let reqID = try #require(body["ReqID"]?.stringValue)
        let new = await Self.next("new", on: workerEvents)
        #expect(new?.arguments.first?.jsonValue?["ReqID"]?.stringValue == reqID)

        let (acceptStatus, _) = try await Self.post(url, "api/requests/\(reqID)/accept", ["workerId": "w-1"])
        #expect(acceptStatus == 200)
        let apply = await Self.next("apply", on: clientEvents)
        #expect(apply?.arguments.first?.jsonValue?["workerId"] == "w-1")

        let (raceStatus, race) = try await Self.post(url, "api/requests/\(reqID)/accept", ["workerId": "w-2"])
        #expect(raceStatus == 409)
        #expect(race["error"]?["code"] == "race_lost")
        // FLOW-5: the lost race sends the worker no apply. A later post's `new` fences it: the
        // server emits anything the race caused before it answers 409, so before that `new`.
        let (_, second) = try await Self.post(url, "api/requests", JobDispatchBackendTests.post())
        let fenced = try #require(await Self.events(until: { $0.name == "new" && $0.arguments.first?.jsonValue?["ReqID"] == second["ReqID"] }, on: workerEvents))
        #expect(!fenced.contains { $0.name == "apply" }, "\(fenced.map(\.name))")
        await worker.disconnect()
        await client.disconnect()
    }

    @Test func aHandshakeWithoutIdentityIsRefused() async throws {
        let (server, url) = try await Self.startServer()
        defer { Task { await server.shutdown() } }
        let anonymous = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
        do {
            try await anonymous.connect(auth: ["role": "worker"])
            Issue.record("connected without a userId")
        } catch {
            #expect(error.connectErrorMessage?.contains("auth.userId") == true)
        }
        await anonymous.disconnect()
    }

    @Test func oneUserMayConnectInBothRolesAndAMalformedIdentityIsRefused() async throws {
        let (server, url) = try await Self.startServer()
        defer { Task { await server.shutdown() } }
        // MSG-2: a contractor who is also a client holds both roles at once.
        let worker = try await Self.connect(url, userID: "w-1", role: "worker")
        let sameUserAsClient = try await Self.connect(url, userID: "w-1", role: "client")
        for auth in HandshakeIdentity.malformedExamples {
            let socket = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
            do {
                try await socket.connect(auth: auth)
                Issue.record("connected with the malformed auth \(JSONValue.object(auth).compactText)")
            } catch {
                #expect(error.connectErrorMessage?.contains("MSG-16") == true, "\(JSONValue.object(auth).compactText): \(error)")
            }
            await socket.disconnect()
        }
        await sameUserAsClient.disconnect()
        await worker.disconnect()
    }

    @Test func theIdentityNotCheckedMutantLetsAMalformedHandshakeInToNoRoom() async throws {
        let server = ReferenceBackendServer(
            backend: JobDispatchBackend(faults: .identityNotChecked), clock: ManualBrokerClock(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let address = try await server.start(host: "127.0.0.1", port: 0)
        defer { Task { await server.shutdown() } }
        let url = URL(string: "http://127.0.0.1:\(address.port ?? 0)")!
        let anonymous = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
        try await anonymous.connect(auth: ["role": "worker"])  // MSG-16 broken on purpose
        #expect(server.sockets(in: server.profile.channelRoom).isEmpty)
        await anonymous.disconnect()
    }

    @Test func malformedRESTBodiesGetABadRequestNamingTheField() async throws {
        let (server, url) = try await Self.startServer()
        defer { Task { await server.shutdown() } }
        let (status, body) = try await Self.post(url, "api/requests", ["clientId": "c-1"])
        #expect(status == 400)
        #expect(body["error"]?["field"] == "CatID")
    }
}
