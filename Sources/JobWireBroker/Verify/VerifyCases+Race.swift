import JobWire
import SocketIOWire

extension VerifyCases {
    /// The races, explored rather than sampled: each round releases many calls for one fresh request
    /// at once (``VerifyRacers``), in an order drawn from the run's seed, and the checker judges the
    /// whole history of every round: at most one success (FLOW-3), every loser `race_lost` (REST-8),
    /// one `apply` for the winner only (FLOW-4, FLOW-6), nothing won after a cancel (FLOW-7, REST-10),
    /// one end of two racing ends (REST-10), the ends announced (FLOW-8, FLOW-9) and getJobs
    /// consistent with the end state (FLOW-13).
    static let races: [VerifyCase] = [
        VerifyCase(
            "race-many", "many eligible workers accept one request at the same instant, round after round, a quarter of them dropping their connections unread every third round, the client connecting again in others: exactly one wins each, every other gets 409 race_lost, the apply reaches the client's new socket",
            ["FLOW-3", "REST-8", "FLOW-4", "FLOW-6", "FLOW-13"], needs: [.workerFixture], lane: .race
        ) { session in
            let count = max(2, session.race.racers)
            async let opened = session.client("client")
            async let opening = raceWorkers(session, count)
            async let warming = session.racers(count)
            let (client, workers, racers) = try await (opened, opening, warming)
            let accept = try session.route(.workerAccept)
            let rounds = max(1, session.race.rounds)
            for round in 1...rounds {
                let req = try await session.post(client)
                await session.awaitDelivery(all: workers.map { ($0, .new, req) })
                let calls = workers.map { RaceCall($0.actor, accept, ["ReqID": req], body: ["workerId": .string($0.actor.id ?? "")]) }
                // The client connects again after the post: in the last round before the release,
                // so the `apply` must reach its new socket; in some others right after it.
                let moving = RaceReconnect(client, round: round, rounds: rounds)
                try await moving.beforeRelease(session)
                // Every other round the racers read their answers late, only once the `apply` is
                // there: the events may not wait for the answers, nor the verdict for their order.
                var late = moving.afterRelease
                if late == nil, round.isMultiple(of: 2) { late = { await session.expect(client, .apply, req) } }
                // Every third round the first quarter of the racers released drop their connections
                // right after their accepts, the winner among them most times: their answers are
                // never read, and the backend must still apply to one worker only, with every racer
                // it answers but the winner race_lost; the checker counts a dropped one as maybe the winner.
                let order = racers.order(count, round: round)
                // Not in the round the client connects again in: an `apply` is owed only for a success the trace shows.
                let dropping: Set<Int> = round.isMultiple(of: 3) && moving.when == .none ? Set(order.prefix(max(1, count / 4))) : []
                try await racers.release(calls, order: order, round: round, reqs: [req], readAnswersAfter: late, dropping: dropping, aside: moving.note)
                try moving.check()
                // An `apply` sent while the client was away is lost to it.
                if moving.when != .during { await session.expect(client, .apply, req) }
                try await session.getJobs(workers[round % count].actor)
            }
            await racers.close()
        },
        VerifyCase(
            "race-cancel-accept", "the client's cancel and a worker's accept for one request at the same instant, many requests at once, round after round, one worker connecting again in some: no apply and no won accept after a successful cancel, the cancel announced as FLOW-8 says, also to a worker's new socket, each request read back as the history ended it",
            ["FLOW-7", "REST-10", "FLOW-3", "FLOW-8", "FLOW-13", "REST-15"], needs: [.workerFixture], lane: .race
        ) { session in
            // One accept per request, so no two accepts race (race-many's part): each pair is cancel against accept alone.
            let race = try await RacePairs.open(session)
            let (client, workers, racers) = (race.client, race.workers, race.racers)
            let accept = try session.route(.workerAccept)
            let rounds = max(1, session.race.rounds)
            for round in 1...rounds {
                let reqs = try await race.post()
                var calls: [RaceCall] = []
                for (worker, req) in zip(workers, reqs) {
                    calls.append(try race.cancel(req))
                    calls.append(RaceCall(worker.actor, accept, ["ReqID": req], body: ["workerId": .string(worker.actor.id ?? "")]))
                }
                // One pair's worker connects again after its request's `new`: in the last round
                // before the release, so the `cancel` (to the winner or to where the `new` went,
                // both its room) must reach its new socket; in some others right after it.
                let moving = RaceReconnect(workers[round % race.count], round: round, rounds: rounds)
                try await moving.beforeRelease(session)
                // Odd rounds sweep: every accept released before its cancel, the cancels following at
                // offsets of 1 to 2n - 1 calls, so some arrive while an accept is between its read and
                // its write; even rounds draw which goes first, each pair from both sides.
                let order = round.isMultiple(of: 2) ? racers.pairOrder(race.count, round: round) : racers.sweptPairOrder(race.count, round: round)
                try await racers.release(calls, order: order, round: round, reqs: reqs, readAnswersAfter: moving.afterRelease, aside: moving.note)
                try moving.check()
                await session.expect(all: reqs.map { (client, .cancel, $0) })
                try await session.getJobs(workers[round % race.count].actor)
                // The end state as the backend keeps it: cancelled, with the winner if the accept came first.
                _ = try await race.each { pair in try await session.readRequest(client.actor, reqs[pair]) }
            }
            await racers.close()
        },
        VerifyCase(
            "race-close-cancel", "the client's cancel and the winner's close of one request in Work in Progress at the same instant, many requests at once, round after round: exactly one ends it, the other gets 410 with the code of that end, and the end reaches both",
            ["REST-10", "FLOW-8", "FLOW-9"], needs: [.workerFixture], lane: .race
        ) { session in
            let race = try await RacePairs.open(session)
            let (client, workers, racers) = (race.client, race.workers, race.racers)
            let close = try session.route(.close)
            for round in 1...max(1, session.race.rounds) {
                let reqs = try await race.post()
                // Each request won by its own worker, its `apply` seen, so both ends are allowed (FLOW-14).
                _ = try await race.each { pair in
                    try await session.accept(workers[pair].actor, reqs[pair])
                    await session.awaitDelivery(client, .apply, reqs[pair])
                }
                var calls: [RaceCall] = []
                for (worker, req) in zip(workers, reqs) {
                    calls.append(try race.cancel(req))
                    calls.append(RaceCall(worker.actor, close, ["ReqID": req], body: ["outcome": "happy", "by": "worker", "workerId": .string(worker.actor.id ?? "")]))
                }
                let answers = try await racers.release(calls, order: racers.pairOrder(race.count, round: round), round: round, reqs: reqs)
                // Whichever end succeeded is announced to both parties; a fence for both when both did.
                var announced: [(app: VerifyApp, event: ProtocolEvent, req: String)] = []
                for pair in 0..<race.count {
                    let events: [(answer: VerifyAnswer?, event: ProtocolEvent)] = [(answers[2 * pair], .cancel), (answers[2 * pair + 1], .close)]
                    for (answer, event) in events where answer?.succeeded == true {
                        announced += [(client, event, reqs[pair]), (workers[pair], event, reqs[pair])]
                    }
                }
                await session.expect(all: announced)
            }
            await racers.close()
        },
    ]

    /// `count` eligible workers, set up and connected all at once.
    static func raceWorkers(_ session: VerifySession, _ count: Int) async throws -> [VerifyApp] {
        try await withThrowingTaskGroup(of: (Int, VerifyApp).self) { group in
            for index in 0..<count {
                group.addTask { (index, try await session.worker("racer-\(index + 1)")) }
            }
            var workers: [Int: VerifyApp] = [:]
            for try await (index, worker) in group { workers[index] = worker }
            return (0..<count).map { workers[$0]! }
        }
    }
}

/// The cast of a race case whose calls race in pairs, one request per pair: the client, one
/// eligible worker per pair, and a racer's warm connection per call.
struct RacePairs {
    let session: VerifySession
    /// Pairs per round: one per racer, so each round releases twice as many calls.
    let count: Int
    let client: VerifyApp
    let workers: [VerifyApp]
    let racers: VerifyRacers

    /// The cast, connected all at once.
    static func open(_ session: VerifySession) async throws -> RacePairs {
        let count = max(1, session.race.racers)
        async let opened = session.client("client")
        async let opening = VerifyCases.raceWorkers(session, count)
        async let warming = session.racers(2 * count)
        let (client, workers, racers) = try await (opened, opening, warming)
        return RacePairs(session: session, count: count, client: client, workers: workers, racers: racers)
    }

    /// A fresh request per pair, sent directly to its pair's worker (REST-2's `workerId`), so its
    /// `new` and a cancel before a winner reach that worker alone (FLOW-8) rather than every worker
    /// of the run: posted together, each pair waiting only for its own request's `new`.
    func post() async throws -> [String] {
        try await each { pair in
            let req = try await session.post(client, ["workerId": .string(workers[pair].actor.id ?? "")])
            await session.awaitDelivery(workers[pair], .new, req)
            return req
        }
    }

    /// `step(pair)` for every pair at once; the results in pair order.
    func each<Result: Sendable>(_ step: @escaping @Sendable (Int) async throws -> Result) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for pair in 0..<count { group.addTask { (pair, try await step(pair)) } }
            var results: [Int: Result] = [:]
            for try await (pair, result) in group { results[pair] = result }
            return (0..<count).map { results[$0]! }
        }
    }

    /// The client's cancel of `req` for `reason`, naming itself.
    func cancel(_ req: String, reason: String = "race") throws -> RaceCall {
        RaceCall(client.actor, try session.route(.cancel), ["ReqID": req], body: ["reason": .string(reason), "clientId": .string(client.actor.id ?? "")])
    }
}
