import Foundation
import JobWire
import NIOCore
import SocketIONIO
import SocketIOWire
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One traffic phase of a soak: reading workers (and stuck ones) connected to the broker while a
/// client posts requests; measures how long each `new` took from its post to each reader.
struct SoakTraffic: Sendable {
    /// The broker's address.
    let baseURL: URL
    /// Requests to post.
    let posts: Int
    /// Characters of each request's description.
    let descriptionBytes: Int
    /// Workers that read every `new`.
    let readers: Int
    /// Workers that connect and never read (``StuckWebSocketClient``).
    let stuck: Int
    /// Posts in flight at once.
    let concurrency: Int
    /// Posts started per second (post N starts N/rate seconds after the first).
    let rate: Double
    /// How long the readers may go without a `new` once every post was answered.
    let idleTimeout: Duration
    /// Posts that stand for one day: after each such run the broker's clock is moved a day on
    /// (FIX-4), so the requests cancelled before it pass REST-16's one-day retention.
    let postsPerDay: Int

    /// What a phase observed.
    struct Outcome: Sendable {
        /// `new` deliveries to the readers, of `posts` × `readers` expected.
        var delivered: Int
        /// Deliveries expected.
        var expected: Int
        /// Post-to-reader latencies of the deliveries, in nanoseconds.
        var latencies: [UInt64]
        /// Posts answered other than 200.
        var failedPosts: Int
    }

    /// Runs the phase: connects the readers and the stuck workers, posts, waits for the `new`s, disconnects.
    func run(group: any EventLoopGroup) async throws -> Outcome {
        let sent = NIOLockedValueBox([ContinuousClock.Instant?](repeating: nil, count: posts))
        // Per post, how many readers got its `new`: its client cancels it once all of them did.
        let readBy = NIOLockedValueBox([Int](repeating: 0, count: posts))
        let received = NIOLockedValueBox((count: 0, latencies: [UInt64](), last: ContinuousClock.now))
        var clients: [SocketIOClient] = []
        for index in 0..<readers {
            let client = try SocketIOClient(url: baseURL, configuration: SocketIOClientConfiguration(transports: [.websocket]), eventLoopGroup: group)
            client.on("new") { arguments, _ in
                let now = ContinuousClock.now
                guard let description = arguments.first?.jsonValue?["description"]?.stringValue, let number = Self.number(in: description),
                    let start = sent.withLockedValue({ number < $0.count ? $0[number] : nil })
                else { return }
                let nanoseconds = UInt64(max(0, (now - start).inSeconds * 1e9))
                received.withLockedValue { $0.count += 1; $0.latencies.append(nanoseconds); $0.last = now }
                readBy.withLockedValue { $0[number] += 1 }
            }
            try await client.connect(auth: ["userId": .string("soak-reader-\(index)"), "role": "worker"])
            clients.append(client)
        }
        var stuckClients: [StuckWebSocketClient] = []
        for index in 0..<stuck {
            stuckClients.append(try await StuckWebSocketClient.connect(port: baseURL.port ?? 0, auth: #"{"userId":"soak-stuck-\#(index)","role":"worker"}"#, group: group))
        }
        let failed = NIOLockedValueBox(0)
        // Its own session, invalidated at the end, so its kept-alive connections do not count as the broker's.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let padding = String(repeating: "p", count: max(0, descriptionBytes))
        let first = ContinuousClock.now
        await withTaskGroup(of: Void.self) { tasks in
            for number in 0..<posts {
                if number >= concurrency { await tasks.next() }
                try? await Task.sleep(until: first + .seconds(Double(number) / rate))
                if number > 0, number.isMultiple(of: postsPerDay) { try? await Self.nextDay(of: baseURL, session: session) }
                tasks.addTask {
                    let body = #"{"clientId":"soak-client","CatID":7,"category":"Plumbing","description":"soak-\#(number)-\#(padding)","clientName":"Soak","address":"Calle 1","lat":19.44,"lng":-99.1332}"#
                    sent.withLockedValue { $0[number] = ContinuousClock.now }
                    guard let reqID = try? await Self.post(body, to: baseURL, session: session) else {
                        failed.withLockedValue { $0 += 1 }
                        return
                    }
                    // As a client app whose request found no worker: cancelled once the readers saw it.
                    let give = ContinuousClock.now + idleTimeout
                    while readBy.withLockedValue({ $0[number] < readers }), ContinuousClock.now < give { try? await Task.sleep(for: .milliseconds(10)) }
                    if await (try? Self.call("api/requests/\(reqID)/cancel", #"{"clientId":"soak-client","reason":"soak"}"#, on: baseURL, session: session))?.status != 200 {
                        failed.withLockedValue { $0 += 1 }
                    }
                }
            }
        }
        received.withLockedValue { $0.last = ContinuousClock.now }
        let expected = posts * readers
        while received.withLockedValue({ $0.count < expected && ContinuousClock.now - $0.last < idleTimeout }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        for client in stuckClients { client.close() }
        for client in clients { await client.disconnect() }
        return received.withLockedValue { Outcome(delivered: $0.count, expected: expected, latencies: $0.latencies, failedPosts: failed.withLockedValue { $0 }) }
    }

    /// The post number in a description `soak-N-...`.
    static func number(in description: String) -> Int? {
        guard description.hasPrefix("soak-") else { return nil }
        return Int(description.dropFirst(5).prefix { $0.isNumber })
    }

    /// POSTs one request and returns its `ReqID`; throws unless it is answered 200.
    static func post(_ body: String, to baseURL: URL, session: URLSession) async throws -> String {
        let (status, data) = try await call("api/requests", body, on: baseURL, session: session)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard status == 200, let reqID = object?["ReqID"] as? String else { throw BenchError("post answered \(status)") }
        return reqID
    }

    /// Moves the broker's clock one day and a millisecond on (FIX-4); `closing` asks the broker to
    /// close the connection after it.
    static func nextDay(of baseURL: URL, session: URLSession, closing: Bool = false) async throws {
        let (status, _) = try await call("api/clock", #"{"advanceMs":86400001}"#, on: baseURL, session: session, closing: closing)
        guard status == 200 else { throw BenchError("the clock fixture answered \(status)") }
    }

    /// POSTs `body` to `path` and returns the status and the answer's body; with `closing`, as
    /// `Connection: close`, so the broker closes the connection after the answer.
    static func call(_ path: String, _ body: String, on baseURL: URL, session: URLSession, closing: Bool = false) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if closing { request.setValue("close", forHTTPHeaderField: "Connection") }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
