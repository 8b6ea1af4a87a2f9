import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire

/// What `jobwire verify` runs against and how.
public struct VerifyOptions: Sendable {
    /// The backend's base URL, `http://host:port`.
    public var base: URL
    /// The names the backend gives the protocol, and the timeout if it fixes one.
    public var profile: ProtocolProfile
    /// The run's clock: a ``SteppingClock`` shared with the embedded backend, or the wall clock.
    public var clock: any VerifyClock
    /// The timeout given on the command line; else the profile's, the announced one, or 600000.
    public var timeoutMs: Int64?
    /// The longest real wait a timed case may take; a longer timeout skips it.
    public var maxWaitMs: Int64 = 60_000
    /// The bound on emitting an event after its answer (Docs/TRACE.md).
    public var emitToleranceMs: Int64 = 2_000
    /// A case that fails while the kit itself stalled this long (half the emit tolerance: a stall
    /// that could have made a punctual event look late) is inconclusive, not failed.
    public var starvedStallMs: Int64 = 1_000
    /// Case ids, requirement ids or areas to run (empty: all) and to leave out.
    public var only: [String] = []
    public var skip: [String] = []
    /// The vectors directory (eligibility vectors drive getJobs).
    public var vectors: URL
    /// The seed of the generated eligibility population; the same seed, the same population.
    public var seed: UInt64 = UInt64.random(in: 1...999_999)
    /// Racers per round and rounds per race case (`--racers`, `--race-rounds`); the seed above orders the releases.
    public var race = RaceOptions()

    public init(base: URL, profile: ProtocolProfile = .standard, clock: any VerifyClock = WallVerifyClock(), vectors: URL) {
        self.base = base
        self.profile = profile
        self.clock = clock
        self.vectors = vectors
    }
}

/// The backend could not be reached at all: one clear line, before any case runs.
public struct VerifyUnreachable: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Runs the server suite: checks the backend answers, learns the timeout, runs the cases (most of
/// them at once, then the race cases together, the timed ones alone at the end), and
/// judges the whole run's trace with ``TraceChecker``, as `jobwire check` judges its capture.
public enum VerifyRunner {
    /// Runs every selected case of ``VerifyCases/all(vectors:)``.
    public static func run(_ options: VerifyOptions) async throws -> VerifyRun {
        try await run(VerifyCases.all(vectors: options.vectors, seed: options.seed), options)
    }

    /// Runs `cases`.
    public static func run(_ cases: [VerifyCase], _ options: VerifyOptions) async throws -> VerifyRun {
        let announced = try await preflight(options)
        let timeoutMs = options.timeoutMs ?? options.profile.timeoutMs ?? announced ?? 600_000
        let selected = cases.filter { selects($0, options) }
        let runTag = "v\(UUID().uuidString.prefix(6).lowercased())"
        let lag = KitLag()
        lag.start()
        defer { lag.stop() }
        let context = CaseContext(options: options, timeoutMs: timeoutMs, runTag: runTag, lag: lag)
        var results: [String: VerifyCaseResult] = [:]
        for lane in [VerifyCase.Lane.concurrent, .race] {
            await withTaskGroup(of: VerifyCaseResult.self) { group in
                for verifyCase in selected where verifyCase.lane == lane {
                    group.addTask { await context.run(verifyCase) }
                }
                for await result in group { results[result.id] = result }
            }
        }
        for verifyCase in selected where verifyCase.lane == .timed {
            results[verifyCase.id] = await context.run(verifyCase)
        }
        let run = VerifyRun(
            target: options.base.absoluteString, timeoutMs: timeoutMs,
            header: .verify(options.profile, timeoutMs: timeoutMs),
            results: selected.compactMap { results[$0.id] })
        let starvedStallMs = options.starvedStallMs
        return await BlockingWork.run("jobwire.verify.judge") {
            var judged = run
            VerifyJudgement.judge(&judged, starvedStallMs: starvedStallMs)
            return judged
        }
    }

    /// True when `only` and `skip` let the case run: each entry is a case id, a requirement id or an area.
    static func selects(_ verifyCase: VerifyCase, _ options: VerifyOptions) -> Bool {
        func names(_ entry: String) -> Bool {
            entry == verifyCase.id || verifyCase.requirements.contains { $0.rawValue == entry || $0.area == entry }
        }
        if !options.only.isEmpty, !options.only.contains(where: names) { return false }
        return !options.skip.contains(where: names)
    }

    /// Opens an Engine.IO handshake to see that something answers, catches the run's clock up with
    /// the backend's, then reads the announced timeout.
    static func preflight(_ options: VerifyOptions) async throws -> Int64? {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let session = BoundedURLSession(configuration: configuration)
        let root = options.base.absoluteString.trimmingSuffix("/")
        guard let probe = URL(string: root + "/socket.io/?EIO=4&transport=polling"), options.base.host != nil else {
            throw VerifyUnreachable(description: "\(options.base.absoluteString) is not an http://host:port URL")
        }
        do {
            let (handshake, _) = try await session.data(from: probe)
            await closeProbe(handshake, probe: probe, session: session)
        } catch {
            let why = VerifyHTTP.reason(error) == "refused" ? "connection refused" : (error as? BoundedURLSession.BodyTooLarge)?.description ?? error.localizedDescription
            throw VerifyUnreachable(description: "cannot reach the backend at \(root): \(why)")
        }
        await followBackendClock(options, root: root, session: session)
        guard let route = options.profile.taskRoutes[.settings], options.timeoutMs == nil, options.profile.timeoutMs == nil else { return nil }
        guard let url = URL(string: root + route.template), let (data, _) = try? await session.data(from: url),
            let body = try? JSONParser.parse(Array(data)), case .int(let timeout)? = body["timeoutMs"], timeout > 0
        else { return nil }
        return timeout
    }
}

/// What every case of one run shares.
struct CaseContext: Sendable {
    var options: VerifyOptions
    var timeoutMs: Int64
    var runTag: String
    /// The kit's own scheduling lag, measured over the whole run.
    var lag: KitLag

    /// A case whose steps ran, waiting to be settled and judged.
    struct Acted: Sendable {
        var verifyCase: VerifyCase
        var session: VerifySession?
        var skipped: String?
        var failure: String?
        var started: ContinuousClock.Instant
    }

    func run(_ verifyCase: VerifyCase) async -> VerifyCaseResult { await finish(await act(verifyCase)) }

    /// Runs the case's steps, unless it cannot run against this backend.
    func act(_ verifyCase: VerifyCase) async -> Acted {
        let started = ContinuousClock.now
        if let reason = skipReason(verifyCase) { return Acted(verifyCase: verifyCase, skipped: reason, started: started) }
        let session = session(for: verifyCase)
        var failure: String?
        do {
            try await verifyCase.body(session)
        } catch {
            failure = "\(error)"
        }
        return Acted(verifyCase: verifyCase, session: session, failure: failure, started: started)
    }

    /// A session for `verifyCase`'s steps, its ids unique to the run and case.
    func session(for verifyCase: VerifyCase) -> VerifySession {
        VerifySession(
            caseID: verifyCase.id, runTag: runTag, base: options.base, profile: options.profile, clock: options.clock,
            timeoutMs: timeoutMs, emitToleranceMs: options.emitToleranceMs, lag: lag,
            race: RaceOptions(racers: options.race.racers, rounds: options.race.rounds, seed: options.seed))
    }

    /// Waits until every event the steps call for is due and closes the case's apps; the verdict
    /// comes later, from the whole run's trace (``VerifyJudgement``).
    func finish(_ acted: Acted) async -> VerifyCaseResult {
        let verifyCase = acted.verifyCase
        guard let session = acted.session else {
            return VerifyCaseResult(verifyCase: verifyCase, outcome: .skipped(reason: acted.skipped ?? ""), durationSeconds: 0, violations: [])
        }
        await session.settle(options.emitToleranceMs + 2 * TraceHeader.verify(options.profile, timeoutMs: timeoutMs).clockSkewToleranceMs)
        await session.disconnectAll()
        let elapsed = ContinuousClock.now - acted.started
        let seconds = elapsed.inSeconds
        return VerifyCaseResult(
            verifyCase: verifyCase, outcome: acted.failure.map { .error(message: $0) } ?? .passed, durationSeconds: seconds,
            violations: [], recorded: session.recorder.entries(), unknownRequests: session.unknownRequests,
            unknownWorkers: session.unknownWorkers, longestStallMs: lag.longestStall(from: acted.started), rounds: session.rounds, race: session.race)
    }

    func skipReason(_ verifyCase: VerifyCase) -> String? {
        if verifyCase.needs.contains(.workerFixture), options.profile.routes[.workerFixture] == nil {
            return "the backend has no worker fixture (FIX-1): the profile sets paths.workerFixture to null, so workers with given profiles cannot be set up"
        }
        if verifyCase.needs.contains(.clientFixture), options.profile.routes[.clientFixture] == nil {
            return "the backend has no client fixture (FIX-2): the profile sets paths.clientFixture to null, so BlockedXP and Delay cannot be set up"
        }
        if verifyCase.needs.contains(.clockFixture), options.profile.clockFixture == nil {
            return "the backend has no clock fixture (FIX-4): the profile sets paths.clockFixture to null, so hours or days cannot pass on it without real waiting"
        }
        // The clock fixture lets the timeout pass in no real time; without it a remote backend waits it out.
        if verifyCase.lane == .timed, !options.clock.isVirtual, options.profile.clockFixture == nil, timeoutMs > options.maxWaitMs {
            return "the timeout is \(timeoutMs) ms, longer than the \(options.maxWaitMs) ms a case may wait; announce a shorter one (FIX-3) or give --timeout"
        }
        return nil
    }
}
