import Foundation
import JobWire
import SocketIONIO
import SocketIOWire
import Synchronization

/// How hard the race cases push: how many racers each round and how many rounds, and the seed
/// that orders each round's release (the same seed, the same orders: a caught round replays).
public struct RaceOptions: Sendable, Hashable {
    /// Racers per round (`--racers`).
    public var racers = 16
    /// Rounds per race case, each with a fresh request (`--race-rounds`).
    public var rounds = 12
    /// The release orders' seed (`--seed`).
    public var seed: UInt64 = 0

    public init(racers: Int = 16, rounds: Int = 12, seed: UInt64 = 0) {
        self.racers = racers
        self.rounds = rounds
        self.seed = seed
    }
}

/// One racer's call: who sends it, the route (`METHOD /path/{ReqID}`), its placeholders and its JSON body.
public struct RaceCall: Sendable {
    public var actor: TraceActor
    public var route: String
    public var values: [String: String]
    public var body: JSONValue

    public init(_ actor: TraceActor, _ route: String, _ values: [String: String], body: JSONValue) {
        self.actor = actor
        self.route = route
        self.values = values
        self.body = body
    }
}

/// What one round observed, for the report: the calls in release order with their answers, and the release spread.
public struct RaceRoundRecord: Sendable, Hashable {
    public var caseID: String
    public var round: Int
    /// The requests the round raced for.
    public var reqs: [String]
    /// `actor call REQ -> answer #n` in release order, n the order the answers arrived in.
    public var interleaving: [String]
    public var releaseSpreadMicroseconds: Int64
}

/// A case's racers: keep-alive connections held warm across its rounds (``HTTPRaceClient``), each
/// call recorded as its actor's `http.request` and `http.response` like ``VerifyHTTP``'s, so the
/// checker judges every round as the whole history it is.
public final class VerifyRacers: Sendable {
    let client: HTTPRaceClient
    let session: VerifySession

    init(client: HTTPRaceClient, session: VerifySession) {
        self.client = client
        self.session = session
    }

    /// Sends `calls` together, their last bytes released in `order` (call indices), and returns
    /// each call's answer (nil: none came) with what the round looked like. With
    /// `readAnswersAfter` the answers are read only once it returned (``HTTPRaceClient``). The
    /// calls in `dropping` have their connection closed right after their last byte: their answer
    /// is never read, and the trace says so as the app's give-up (`error` `reset`), so the checker
    /// counts them as maybe the winner (Docs/TRACE.md). `aside` is a line the round's report adds
    /// after the calls, such as an app's reconnection.
    @discardableResult
    public func release(
        _ calls: [RaceCall], order: [Int], round: Int, reqs: [String], readAnswersAfter: (@Sendable () async -> Void)? = nil, dropping: Set<Int> = [],
        aside: String? = nil
    ) async throws -> [VerifyAnswer?] {
        let recorder = session.recorder
        var raced: [HTTPRaceCall] = []
        var xids: [String] = []
        for call in calls {
            let (method, path) = VerifyHTTP.resolve(call.route, call.values)
            let xid = session.http.nextXID()
            xids.append(xid)
            raced.append(HTTPRaceCall(method: method, target: path, headers: [("X-Request-Id", xid), ("Content-Type", "application/json")], body: Array(call.body.compactText.utf8)))
        }
        for (index, call) in calls.enumerated() {
            recorder.record(call.actor, .httpRequest(HTTPRequestRecord(xid: xids[index], method: raced[index].method, path: raced[index].target, body: call.body)))
        }
        let xidsSent = xids
        let arrivals = Mutex([Int: Int]())
        let result = try await client.race(raced, order: order, readAnswersAfter: readAnswersAfter, dropping: dropping) { index, answer in
            arrivals.withLock { $0[index] = $0.count + 1 }
            switch answer {
            case .answered(let status, let body):
                recorder.record(calls[index].actor, .httpResponse(HTTPResponseRecord(xid: xidsSent[index], status: Int64(status), body: VerifyHTTP.parsed(body))))
            case .failed:
                recorder.record(calls[index].actor, .httpResponse(HTTPResponseRecord(xid: xidsSent[index], error: "reset")))
            }
        }
        let answers: [VerifyAnswer?] = result.answers.map {
            if case .answered(let status, let body) = $0 { return VerifyAnswer(status: status, body: VerifyHTTP.parsed(body)) }
            return nil
        }
        let arrived = arrivals.withLock { $0 }
        var interleaving = order.map { index in
            let call = calls[index]
            let said = answers[index].map { $0.succeeded ? "\($0.status) ok" : "\($0.status) \($0.code ?? "?")" } ?? (dropping.contains(index) ? "dropped unread" : "no answer")
            return "\(call.actor.id ?? "?") \(VerifyHTTP.resolve(call.route, call.values).path) -> \(said) #\(arrived[index] ?? 0)"
        }
        if let aside { interleaving.append(aside) }
        session.noteRound(RaceRoundRecord(caseID: session.caseID, round: round, reqs: reqs, interleaving: interleaving, releaseSpreadMicroseconds: result.releaseSpreadNanoseconds / 1000))
        return answers
    }

    /// A release order for `count` calls in `round`, from the run's seed and the case.
    public func order(_ count: Int, round: Int) -> [Int] { Self.order(count, round: round, session: session) }

    /// A release order for `pairs` pairs of calls (`2p` and `2p + 1` racing each other) in `round`:
    /// the pairs in a drawn order, each pair's two calls next to each other, which first drawn too.
    public func pairOrder(_ pairs: Int, round: Int) -> [Int] {
        order(pairs, round: round).flatMap { pair in
            order(2, round: round &* 31 &+ pair).map { 2 * pair + $0 }
        }
    }

    /// A release order for `pairs` pairs of calls (`2p` and `2p + 1` racing each other) in
    /// `round` that puts every pair's second call (the one whose halves open the window) before its
    /// first, at offsets swept over the round: the second calls in a drawn order, then the first
    /// calls in the reverse of it, so the pairs' offsets are 1, 3, 5, … 2·pairs − 1 calls and the
    /// calls in between keep the server busy while the earlier ones are between their halves.
    public func sweptPairOrder(_ pairs: Int, round: Int) -> [Int] {
        let drawn = order(pairs, round: round)
        return drawn.map { 2 * $0 + 1 } + drawn.reversed().map { 2 * $0 }
    }

    /// A release order for `count` calls in `round` of `session`'s case: the same seed, case and
    /// round, the same order.
    static func order(_ count: Int, round: Int, session: VerifySession) -> [Int] {
        let caseHash = session.caseID.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
        var random = SplitMix64(seed: session.race.seed ^ (caseHash &* 0x9E37_79B9) ^ (UInt64(round) &* 0xBF58_476D_1CE4_E5B9))
        return Array(0..<count).shuffled(using: &random)
    }

    /// Closes the connections.
    public func close() async { await client.close() }
}

extension VerifySession {
    /// `count` racers on warm connections to the backend.
    public func racers(_ count: Int) async throws -> VerifyRacers {
        guard let host = base.host else { throw VerifyStepError("the backend URL \(base) names no host") }
        let client = try await HTTPRaceClient.connect(host: host, port: base.port ?? 80, count: count)
        return VerifyRacers(client: client, session: self)
    }
}
