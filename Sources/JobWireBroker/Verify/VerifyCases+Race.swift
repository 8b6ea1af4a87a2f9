import JobWire
import SocketIOWire

extension VerifyCases {
    /// The races, explored rather than sampled: each round releases many calls for one fresh request
    /// at once (``VerifyRacers``), in an order drawn from the run's seed, and the checker judges the
    /// whole history of every round: at most one success (FLOW-3), every loser `race_lost` (REST-8),
    /// one `apply` for the winner only (FLOW-4, FLOW-6), nothing won after a cancel (FLOW-7, REST-10),
    /// the ends announced (FLOW-8) and getJobs consistent with the end state (FLOW-13).
    static let races: [VerifyCase] = [
        VerifyCase(
            "race-many", "many eligible workers accept one request at the same instant, round after round: exactly one wins each, every other gets 409 race_lost",
            ["FLOW-3", "REST-8", "FLOW-4", "FLOW-6", "FLOW-13"], needs: [.workerFixture]
        ) { session in
            let count = max(2, session.race.racers)
            let client = try await session.client("client")
            let workers = try await raceWorkers(session, count)
            let racers = try await session.racers(count)
            let accept = try session.route(.workerAccept)
            for round in 1...max(1, session.race.rounds) {
                let req = try await session.post(client)
                for worker in workers { await session.awaitDelivery(worker, .new, req) }
                let calls = workers.map { RaceCall($0.actor, accept, ["ReqID": req], body: ["workerId": .string($0.actor.id ?? "")]) }
                try await racers.release(calls, order: racers.order(count, round: round), round: round, reqs: [req])
                await session.expect(client, .apply, req)
                try await session.getJobs(workers[round % count].actor)
            }
            await racers.close()
        },
        VerifyCase(
            "race-cancel-accept", "the client's cancel and a worker's accept for one request at the same instant, many requests at once, round after round: no apply and no won accept after a successful cancel, the cancel announced as FLOW-8 says",
            ["FLOW-7", "REST-10", "FLOW-3", "FLOW-8", "FLOW-13"], needs: [.workerFixture]
        ) { session in
            // One accept per request, so no two accepts race (race-many's part): each pair is cancel against accept alone.
            let pairs = max(1, session.race.racers / 2)
            let client = try await session.client("client")
            let workers = try await raceWorkers(session, pairs)
            let racers = try await session.racers(2 * pairs)
            let accept = try session.route(.workerAccept)
            let cancel = try session.route(.cancel)
            for round in 1...max(1, session.race.rounds) {
                var reqs: [String] = []
                for _ in 0..<pairs { reqs.append(try await session.post(client)) }
                for (worker, req) in zip(workers, reqs) { await session.awaitDelivery(worker, .new, req) }
                var calls: [RaceCall] = []
                for (worker, req) in zip(workers, reqs) {
                    calls.append(RaceCall(client.actor, cancel, ["ReqID": req], body: ["reason": "race", "clientId": .string(client.actor.id ?? "")]))
                    calls.append(RaceCall(worker.actor, accept, ["ReqID": req], body: ["workerId": .string(worker.actor.id ?? "")]))
                }
                // Each pair's two calls released next to each other, which first drawn from the seed.
                let order = racers.order(pairs, round: round).flatMap { pair in
                    racers.order(2, round: round &* 31 &+ pair).map { 2 * pair + $0 }
                }
                try await racers.release(calls, order: order, round: round, reqs: reqs)
                for req in reqs { await session.expect(client, .cancel, req) }
                try await session.getJobs(workers[round % pairs].actor)
            }
            await racers.close()
        },
    ]

    /// `count` eligible workers, connected.
    static func raceWorkers(_ session: VerifySession, _ count: Int) async throws -> [VerifyApp] {
        var workers: [VerifyApp] = []
        for index in 1...count { workers.append(try await session.worker("racer-\(index)")) }
        return workers
    }
}
