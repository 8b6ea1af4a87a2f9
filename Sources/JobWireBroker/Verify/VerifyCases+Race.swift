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
                // Every other round the racers read their answers late, only once the `apply` is
                // there: the events may not wait for the answers, nor the verdict for their order.
                var late: (@Sendable () async -> Void)?
                if round.isMultiple(of: 2) { late = { await session.expect(client, .apply, req) } }
                try await racers.release(calls, order: racers.order(count, round: round), round: round, reqs: [req], readAnswersAfter: late)
                await session.expect(client, .apply, req)
                try await session.getJobs(workers[round % count].actor)
            }
            await racers.close()
        },
        VerifyCase(
            "race-cancel-accept", "the client's cancel and a worker's accept for one request at the same instant, many requests at once, round after round: no apply and no won accept after a successful cancel, the cancel announced as FLOW-8 says, each request read back as the history ended it",
            ["FLOW-7", "REST-10", "FLOW-3", "FLOW-8", "FLOW-13", "REST-15"], needs: [.workerFixture]
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
                try await racers.release(calls, order: racers.pairOrder(pairs, round: round), round: round, reqs: reqs)
                for req in reqs { await session.expect(client, .cancel, req) }
                try await session.getJobs(workers[round % pairs].actor)
                // The end state as the backend keeps it: cancelled, with the winner if the accept came first.
                for req in reqs { try await session.readRequest(client.actor, req) }
            }
            await racers.close()
        },
        VerifyCase(
            "race-close-cancel", "the client's cancel and the winner's close of one request in Work in Progress at the same instant, many requests at once, round after round: exactly one ends it, the other gets 410 with the code of that end, and the end reaches both",
            ["REST-10", "FLOW-8", "FLOW-9"], needs: [.workerFixture]
        ) { session in
            let pairs = max(1, session.race.racers / 2)
            let client = try await session.client("client")
            let workers = try await raceWorkers(session, pairs)
            let racers = try await session.racers(2 * pairs)
            let cancel = try session.route(.cancel)
            let close = try session.route(.close)
            for round in 1...max(1, session.race.rounds) {
                var reqs: [String] = []
                for _ in 0..<pairs { reqs.append(try await session.post(client)) }
                // Each request won by its own worker, its `apply` seen, so both ends are allowed (FLOW-14).
                for (worker, req) in zip(workers, reqs) {
                    await session.awaitDelivery(worker, .new, req)
                    try await session.accept(worker.actor, req)
                    await session.awaitDelivery(client, .apply, req)
                }
                var calls: [RaceCall] = []
                for (worker, req) in zip(workers, reqs) {
                    calls.append(RaceCall(client.actor, cancel, ["ReqID": req], body: ["reason": "race", "clientId": .string(client.actor.id ?? "")]))
                    calls.append(RaceCall(worker.actor, close, ["ReqID": req], body: ["outcome": "happy", "by": "worker", "workerId": .string(worker.actor.id ?? "")]))
                }
                let answers = try await racers.release(calls, order: racers.pairOrder(pairs, round: round), round: round, reqs: reqs)
                // Whichever end succeeded is announced to both parties; a fence for both when both did.
                for pair in 0..<pairs {
                    let events: [(answer: VerifyAnswer?, event: ProtocolEvent)] = [(answers[2 * pair], .cancel), (answers[2 * pair + 1], .close)]
                    for (answer, event) in events where answer?.succeeded == true {
                        await session.expect(client, event, reqs[pair])
                        await session.expect(workers[pair], event, reqs[pair])
                    }
                }
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
