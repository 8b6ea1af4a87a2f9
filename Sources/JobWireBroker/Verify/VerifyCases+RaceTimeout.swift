import JobWire

extension VerifyCases {
    /// The client's timeout cancel against the `apply` on its way (issue 16: timeout cancel against
    /// apply, from both sides): each round posts one request per pair, lets the client's timeout
    /// pass on the backend's clock (FIX-4), and releases every pair's timeout cancel and accept
    /// together. An accept decided first wins, gets its `apply` (FLOW-4) and stays the winner: the
    /// timeout cancel after it still succeeds (REST-5's Decision), reaches the winner (FLOW-8) and
    /// reads back cancelled with that winner (REST-15); an accept after the cancel gets
    /// `request_cancelled` (REST-10) and no `apply` (FLOW-7). It moves the run's clock, so it runs
    /// in the timed lane, alone.
    static let raceTimeoutCancel = VerifyCase(
        "race-timeout-cancel", "the client's timeout cancel and a worker's accept for one request at its deadline, many requests at once, round after round: a win before the cancel keeps its winner, an accept after it gets request_cancelled, each request read back as the history ended it",
        ["FLOW-4", "FLOW-7", "REST-10", "FLOW-8", "REST-15"], needs: [.workerFixture, .clockFixture], lane: .timed
    ) { session in
        let race = try await RacePairs.open(session)
        let (client, workers, racers) = (race.client, race.workers, race.racers)
        let accept = try session.route(.workerAccept)
        for round in 1...max(1, session.race.rounds) {
            let reqs = try await race.post()
            // Every deadline passed, the latest just now (the posts' answers were recorded by
            // `posted`): each cancel leaves at its deadline, within the cancel tolerance (TIME-2, TIME-3).
            let posted = session.clock.now()
            try await session.advanceClock(by: session.timeoutMs - (session.clock.now() - posted))
            var calls: [RaceCall] = []
            for (worker, req) in zip(workers, reqs) {
                calls.append(RaceCall(worker.actor, accept, ["ReqID": req], body: ["workerId": .string(worker.actor.id ?? "")]))
                calls.append(try race.cancel(req, reason: "timeout"))
            }
            // Odd rounds sweep: every cancel released before its accept, the accepts following at
            // offsets of 1 to 2n - 1 calls, so some arrive while a cancel is between its read and
            // its write; even rounds draw which goes first, each pair from both sides.
            let order = round.isMultiple(of: 2) ? racers.pairOrder(race.count, round: round) : racers.sweptPairOrder(race.count, round: round)
            try await racers.release(calls, order: order, round: round, reqs: reqs)
            await session.expect(all: reqs.map { (client, .cancel, $0) })
            // The end state as the backend keeps it: cancelled, with the winner if the accept came first.
            _ = try await race.each { pair in try await session.readRequest(client.actor, reqs[pair]) }
        }
        await racers.close()
    }
}
