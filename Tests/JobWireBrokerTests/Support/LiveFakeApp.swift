import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import Logging
import SocketIONIO
import SocketIOWire
@testable import JobWireBroker

/// The app under test over real sockets: a reference app model (``ReferenceClientApp`` or
/// ``ReferenceWorkerApp``, with deliberate faults for the wrong fake app) behind a Socket.IO
/// client and URLSession, as a real test build would be. It connects with its identity (MSG-2),
/// feeds the model every event and `jobwire:control` input, performs its REST calls, sets its
/// timers on the shared clock, and reports its UI events with `jobwire:trace`, stamped with that clock.
///
/// In lockstep (a ``PendingWork`` given), its timers wait for the driver to move the clock, and
/// everything it has under way (REST calls, reports until the broker acknowledged them, events
/// until handled, a lost connection until it is back) counts as pending work.
actor LiveFakeApp {
    let url: URL
    let clock: any BrokerClock
    private var model: Model
    private var client: SocketIOClient?
    private var stopped = false
    private var pendingReports: [JSONValue] = []
    private var tasks: [Task<Void, Never>] = []
    private var generation = 0
    private var flushing = false
    private let lockstep: PendingWork?
    /// Lockstep: how many sockets the broker holds for this app (its room), to wait for a closed
    /// socket to leave it (``awaitSocketsGone()``).
    private let serverSockets: (@Sendable () -> Int)?
    /// Lockstep timers, in the clock's time.
    private var timers: [Int64] = []

    enum Model {
        case client(ReferenceClientApp)
        case worker(ReferenceWorkerApp)

        mutating func launch(now: Int64) -> [AppAction] {
            switch self {
            case .client(var app): defer { self = .client(app) }; return app.launch(now: now)
            case .worker(var app): defer { self = .worker(app) }; return app.launch(now: now)
            }
        }

        mutating func handle(_ input: AppInput, now: Int64) -> [AppAction] {
            switch self {
            case .client(var app): defer { self = .client(app) }; return app.handle(input, now: now)
            case .worker(var app): defer { self = .worker(app) }; return app.handle(input, now: now)
            }
        }
    }

    init(url: URL, config: AppConfig, faults: AppFaults = [], clock: any BrokerClock, lockstep: PendingWork? = nil, serverSockets: (@Sendable () -> Int)? = nil) {
        self.url = url
        self.clock = clock
        self.lockstep = lockstep
        self.serverSockets = serverSockets
        model = config.role == .worker ? .worker(ReferenceWorkerApp(config: config, faults: faults)) : .client(ReferenceClientApp(config: config, faults: faults))
        auth = ["userId": .string(config.id), "role": .string(config.role.rawValue)]
    }

    private let auth: JSONObject

    /// Connects and launches the app.
    func start() async throws {
        try await connect()
        let now = clock.now()
        await perform(model.launch(now: now), now: now)
    }

    /// Stops everything the app runs.
    func stop() async {
        stopped = true
        for task in tasks { task.cancel() }
        await client?.disconnect()
        client = nil
    }

    private func connect() async throws {
        let client = try SocketIOClient(url: url, configuration: SocketIOClientConfiguration(transports: [.websocket]))
        let events = client.events()
        try await client.connect(auth: auth)
        self.client = client
        generation += 1
        let mine = generation
        tasks.append(Task { [weak self] in
            for await event in events { await self?.received(event) }
            await self?.lost(generation: mine)
        })
        await flushReports()
    }

    /// The connection went away (a `disconnect` step closed it): the model hears it and, as the
    /// reference apps do, asks to connect again on its own timer (a `connect` action).
    private func lost(generation lostGeneration: Int) async {
        guard !stopped, lostGeneration == generation else { return }
        client = nil
        lockstep?.done()
        await handle(.connection(connected: false))
    }

    /// The model's `connect`: a real attempt, which the broker refuses while its scenario says so.
    private func reconnect() async {
        guard !stopped, client == nil else { return }
        do {
            try await connect()
            await handle(.connection(connected: true))
        } catch {
            await handle(.connectionRefused)
        }
    }

    private func received(_ event: SocketIOEvent) async {
        defer { lockstep?.done() }
        let payload = event.arguments.first?.jsonValue ?? .null
        if event.name == "jobwire:control" {
            guard let input = AppInput(json: payload) else { return }
            if case .lifecycle(.restart) = input { return await restart() }
            if case .lifecycle(.kill) = input { return await kill() }
            return await handle(input)
        }
        await handle(.socket(event: event.name, payload: payload))
    }

    /// Lockstep: the earliest timer the app waits for.
    var nextTimer: Int64? { timers.min() }

    /// Lockstep: the driver moved the clock; fire what is due.
    func fireDueTimers() async {
        let now = clock.now()
        guard timers.contains(where: { $0 <= now }) else { return }
        timers.removeAll { $0 <= now }
        lockstep?.add()
        defer { lockstep?.done() }
        await handle(.clock)
    }

    /// Terminated for good: it reports so, then its socket goes and it hears nothing more.
    private func kill() async {
        await handle(.lifecycle(.kill))
        generation += 1
        await client?.disconnect()
        client = nil
        await awaitSocketsGone()
    }

    /// Terminated and launched again: the socket goes and comes back; the model keeps its device storage.
    private func restart() async {
        let now = clock.now()
        let actions = model.handle(.lifecycle(.restart), now: now)
        generation += 1
        await client?.disconnect()
        client = nil
        await awaitSocketsGone()
        try? await connect()
        await perform(actions, now: now)
    }

    /// Lockstep: waits until the broker has let this app's closed socket go. Until it has, the
    /// broker counts a message to the app once for that socket too, which never reads it, so the
    /// count of work under way would never reach zero (a stalled run, seen beside two `yes`). The
    /// clock stays put meanwhile: the control message that closed the socket is still under way.
    private func awaitSocketsGone() async {
        guard lockstep != nil, let serverSockets else { return }
        while !stopped, serverSockets() > 0 { try? await Task.sleep(for: .milliseconds(1)) }
    }

    func handle(_ input: AppInput) async {
        guard !stopped else { return }
        let now = clock.now()
        await perform(model.handle(input, now: now), now: now)
    }

    private func perform(_ actions: [AppAction], now: Int64) async {
        // Reports go out in one message per run of them, before the calls that follow them.
        var batch: [JSONValue] = []
        for action in actions {
            if case .trace(let kind, let fields, let ts) = action {
                var report: JSONObject = ["kind": .string(kind.rawValue), "ts": .int(ts ?? now)]
                report.members += fields.members
                batch.append(.object(report))
                continue
            }
            if !batch.isEmpty {
                lockstep?.add()
                pendingReports.append(.array(batch))
                batch = []
                await flushReports()
            }
            switch action {
            case .trace:
                break
            case .http(let xid, let method, let path, let body, let timeoutMs):
                lockstep?.add()
                tasks.append(Task { [self] in
                    let (status, answer, error) = await Self.call(url, method, path, body, timeoutMs: timeoutMs)
                    await handle(.http(xid: xid, status: status, body: answer, error: error))
                    lockstep?.done()
                })
            case .timer(let at) where lockstep != nil:
                timers.append(at)
            case .timer(let at):
                let clock = self.clock
                tasks.append(Task { [self] in
                    let wait = Double(at - clock.now()) / clock.speed
                    if wait > 0 { try? await Task.sleep(for: .milliseconds(Int64(wait.rounded(.up)))) }
                    await handle(.clock)
                })
            case .emit(let event, let payload):
                try? await client?.emit(event, arguments: payload.map { [SocketIOValue($0)] } ?? [])
            case .connect:
                await reconnect()
            }
        }
        if !batch.isEmpty {
            lockstep?.add()
            pendingReports.append(.array(batch))
            await flushReports()
        }
    }

    /// Sends reports in order, one sender at a time; while disconnected they wait for the next connection.
    private func flushReports() async {
        guard !flushing, let client else { return }
        flushing = true
        defer { flushing = false }
        while let next = pendingReports.first {
            do {
                // The broker acknowledges a report once it has recorded it.
                _ = try await client.emitWithAck("jobwire:trace", SocketIOValue(next))
                pendingReports.removeFirst()
                lockstep?.done()
            } catch {
                return
            }
        }
    }

    /// One REST call: status and JSON body, or a transport error.
    static func call(_ base: URL, _ method: String, _ path: String, _ body: JSONValue?, timeoutMs: Int64? = nil) async -> (Int?, JSONValue?, String?) {
        var request = URLRequest(guarding: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        // A fresh connection per call: a reused one that the broker closes unanswered (a
        // `lose-answer` step) would have the HTTP layer send the call again.
        request.setValue("close", forHTTPHeaderField: "Connection")
        // How long the app waits: the broker closes a hung call then, on its own clock.
        if let timeoutMs { request.setValue(String(timeoutMs), forHTTPHeaderField: BrokerSession.timeoutHeader) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.compactText.utf8)
        }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            // A body that is not JSON cannot be read: the app's HTTP layer fails (`malformed-answer`).
            guard let body = try? JSONParser.parse(Array(data)) else { return (nil, nil, "malformed") }
            return ((response as? HTTPURLResponse)?.statusCode, body, nil)
        } catch {
            return (nil, nil, "refused")
        }
    }
}
