import JobWire
import SocketIOWire

/// The calls an app retakes state with and the records behind them: state and history reads
/// (REST-15, REST-16), the meProfile and position calls (REST-17, REST-18), who may cancel and
/// close (REST-19), the client's BlockedXP and Delay (MSG-14) and malformed identities (MSG-16).
extension VerifyCases {
    static let state: [VerifyCase] = [
        VerifyCase(
            "state-read", "a state read reports a request open, in progress, closed or cancelled, with the winner and the payloads as emitted; an unknown one is not_found",
            ["REST-15", "REST-11"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let winner = try await session.worker("winner")
            let req = try await session.post(client)
            await session.awaitDelivery(winner, .new, req)
            try await session.readRequest(client.actor, req)
            try await session.accept(winner.actor, req)
            await session.awaitDelivery(client, .apply, req)
            try await session.readRequest(winner.actor, req)
            try await session.close(client.actor, req)
            await session.awaitDelivery(winner, .close, req)
            try await session.readRequest(client.actor, req)
            let dropped = try await session.post(client)
            await session.awaitDelivery(winner, .new, dropped)
            try await session.cancel(client.actor, dropped)
            await session.awaitDelivery(client, .cancel, dropped)
            // Beyond the clock skew of the cancel, so an `open` is surely read after it (REST-15), however loaded the machine.
            await session.pause()
            try await session.readRequest(winner.actor, dropped)
            try await session.readRequest(client.actor, session.unknownRequest("missing"))
        },
        VerifyCase(
            "history", "the history read lists what a client posted and what a worker won, newest first, and nobody else's; no userId is bad_request",
            ["REST-16", "REST-13"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let other = try await session.client("other-client")
            let winner = try await session.worker("winner")
            var posted: [String] = []
            for _ in 0..<3 {
                posted.append(try await session.post(client))
                // Posts a millisecond apart have createdAt values that order them (REST-16).
                try? await Task.sleep(for: .milliseconds(5))
            }
            let foreign = try await session.post(other)
            await session.awaitDelivery(winner, .new, posted[1])
            try await session.accept(winner.actor, posted[1])
            await session.awaitDelivery(client, .apply, posted[1])
            try await session.history(client.actor)
            try await session.history(winner.actor)
            try await session.history(TraceActor(.client, id: session.id("stranger")))
            try await session.call(client.actor, .listRequests, body: nil)
            for req in posted + [foreign] { try await session.cancel(req == foreign ? other.actor : client.actor, req) }
        },
        VerifyCase(
            "me-profile", "the meProfile read answers the worker's record as the worker fixture set it; an unknown worker is not_found",
            ["REST-17", "REST-11"], needs: [.workerFixture]
        ) { session in
            let worker = try await session.worker("worker", WorkerSetup(categories: ["7", "3"], maxKms: 12, rating: nil))
            let rated = try await session.worker("rated")
            try await session.meProfile(worker.actor)
            try await session.meProfile(rated.actor)
            try await session.meProfile(TraceActor(.worker, id: session.unknownWorker("ghost")))
        },
        VerifyCase(
            "position", "a reported position is used from then on: the `apply` of a later win carries it; a latitude out of range is bad_request",
            ["REST-18", "REST-13", "MSG-9"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let worker = try await session.worker("worker")
            try await session.move(worker.actor, to: GeoPoint(lat: 19.45, lng: -99.1332))
            try await session.call(worker.actor, .position, ["workerId": worker.actor.id!], body: .json(["lat": 95, "lng": -99.1332]))
            let req = try await session.post(client)
            await session.awaitDelivery(worker, .new, req)
            try await session.accept(worker.actor, req)
            // The `apply` must be in the trace for its position to be judged, however slow the machine.
            await session.awaitDelivery(client, .apply, req)
            try await session.close(worker.actor, req)
        },
        VerifyCase(
            "end-callers", "only the posting client may cancel and only it and the winner may close: others get 403 not_eligible, after request_closed",
            ["REST-19", "REST-13", "REST-14"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let stranger = try await session.client("stranger")
            let winner = try await session.worker("winner")
            let bystander = try await session.worker("bystander")
            let open = try await session.post(client)
            await session.awaitDelivery(winner, .new, open)
            try await session.cancel(stranger.actor, open)
            try await session.call(client.actor, .cancel, ["ReqID": open], body: .json(["reason": "no clientId"]))
            try await session.cancel(client.actor, open)
            let won = try await session.post(client)
            await session.awaitDelivery(winner, .new, won)
            try await session.accept(winner.actor, won)
            await session.awaitDelivery(client, .apply, won)
            try await session.close(bystander.actor, won)
            try await session.close(stranger.actor, won)
            try await session.close(winner.actor, won)
            await session.awaitDelivery(client, .close, won)
            try await session.cancel(stranger.actor, won)
        },
        VerifyCase(
            "new-records", "each `new` carries the BlockedXP and Delay the client fixture recorded, exactly",
            ["MSG-14", "MSG-5", "MSG-6"], needs: [.clientFixture]
        ) { session in
            let client = try await session.client("client")
            let watcher = try await session.worker("watcher", nil)
            let banned = [session.id("banned-1"), session.id("banned-2")]
            try await session.putClient(client.actor.id!, blocked: banned.map { .string($0) }, delay: 3)
            // Each `new` must be in the trace for its values to be judged, however slow the machine.
            let first = try await session.post(client)
            await session.awaitDelivery(watcher, .new, first)
            try await session.putClient(client.actor.id!, blocked: [.string(banned[1])], delay: 0)
            let second = try await session.post(client)
            await session.awaitDelivery(watcher, .new, second)
            for req in [first, second] { try await session.cancel(client.actor, req) }
        },
        VerifyCase(
            "identity", "a handshake without a well-formed identity is refused; one user may connect in both roles",
            ["MSG-16"]
        ) { session in
            // MSG-2: a contractor who is also a client holds both roles at once.
            _ = try await session.worker("both")
            _ = try await session.client("both")
            let anonymous = TraceActor(.client, id: "anonymous")
            for auth in HandshakeIdentity.malformedExamples {
                _ = await session.tryConnect(anonymous, auth: auth)
            }
        },
    ]

    /// The backend's clock passes the client's timeout, not yet the timeout plus the cancel
    /// tolerance after which it may expire the request: it stays open, listed and winnable. The
    /// clock fixture's answer must show the move (FIX-4).
    static let noExpiry = VerifyCase(
        "no-expiry", "after the client's timeout has passed on the backend's clock, a request is still open, listed by getJobs and winnable",
        ["FLOW-15", "REST-15", "ELIG-8", "FIX-4"], needs: [.workerFixture, .clockFixture], lane: .timed
    ) { session in
        let client = try await session.client("client")
        let worker = try await session.worker("worker")
        let req = try await session.post(client)
        await session.awaitDelivery(worker, .new, req)
        // Half the default cancel tolerance past the timeout: the client's own cancel may still come.
        try await session.advanceClock(by: session.timeoutMs + 1_000)
        // The list first, and the calls that could settle the request half a second later on the
        // backend's clock (still inside the tolerance): an accept within the skew tolerance of the
        // list's answer may have won the request by then and would excuse leaving it out (ELIG-8).
        try await session.getJobs(worker.actor)
        try await session.advanceClock(by: 500)
        try await session.readRequest(client.actor, req)
        try await session.accept(worker.actor, req)
        await session.awaitDelivery(client, .apply, req)
        try await session.close(client.actor, req)
    }
}
