import JobWire
import SocketIOWire

extension VerifyCases {
    /// Malformed bodies and unknown ids: a 4xx with the error body, naming the field.
    static let rest: [VerifyCase] = [
        VerifyCase(
            "rest-malformed", "malformed bodies and queries get 400 bad_request naming the first bad field, before any other failure; a malformed post taken anyway shows its bad value in its `new`",
            ["REST-13", "REST-7", "REST-1", "REST-14", "MSG-4"]
        ) { session in
            let client = try await session.client("client")
            let me = client.actor
            let worker = TraceActor(.worker, id: session.id("worker"))
            // A connected worker with no record: it hears every `new` on the channel, so a post
            // wrongly taken shows its bad value in this case's own trace (MSG-4).
            let watcher = try await session.worker("watcher", nil)
            let req = try await session.post(client)
            try await session.call(me, .postRequest, body: .raw("{\"clientId\": "))
            try await session.call(me, .postRequest, body: .json([]))
            try await session.call(me, .postRequest, body: .json(["clientId": .string(me.id!), "category": "Plumbing"]))
            try await session.call(me, .postRequest, body: .json([
                "clientId": .string(me.id!), "CatID": 7, "category": "Plumbing", "description": "Tap", "clientName": "Ana",
                "address": "Calle Mayor 1", "lat": "north", "lng": 0,
            ]))
            // REST-13's range, both sides of it: a latitude just past the pole is bad_request on
            // `lat`; the pole itself and the antimeridian are coordinates like any other.
            let pastThePole = try await session.call(me, .postRequest, body: .json([
                "clientId": .string(me.id!), "CatID": 7, "category": "Plumbing", "description": "Tap", "clientName": "Ana",
                "address": "Calle Mayor 1", "lat": 90.5, "lng": 0,
            ]))
            let pole = try await session.post(client, ["lat": 90, "lng": -180])
            // The `new`s go out in the order of the posts, so the pole's fences a wrongly taken one.
            await session.awaitDelivery(watcher, .new, pole)
            // A backend that took the bad post gets it cancelled at once, so other cases' workers
            // hardly see it (its mutant declares what they might: postRangeUnchecked).
            if pastThePole.succeeded, let taken = pastThePole.body?["ReqID"].flatMap(VerifyApp.id) {
                try await session.cancel(me, taken)
            }
            try await session.call(worker, .workerAccept, ["ReqID": req], body: .json([:]))
            try await session.call(worker, .workerAccept, ["ReqID": session.unknownRequest("missing")], body: .json(["workerId": 1.5]))
            try await session.call(me, .cancel, ["ReqID": req], body: .json(["reason": ""]))
            try await session.call(me, .close, ["ReqID": req], body: .json(["outcome": "fine", "by": "client"]))
            // Each of the close's two choices, not only the first (REST-6's Decision).
            try await session.call(me, .close, ["ReqID": req], body: .json(["outcome": "happy", "by": "admin"]))
            try await session.call(worker, .getJobs, body: nil)
            try await session.cancel(me, req)
            try await session.cancel(me, pole)
        },
        VerifyCase(
            "unknown-ids", "calls naming a request or a worker the backend cannot know get 404 not_found",
            ["REST-11", "REST-7"]
        ) { session in
            let client = try await session.client("client")
            let ghost = TraceActor(.worker, id: session.unknownWorker("ghost"))
            let missing = session.unknownRequest("missing")
            let req = try await session.post(client)
            try await session.accept(ghost, req)
            try await session.accept(ghost, missing)
            try await session.cancel(client.actor, missing)
            try await session.close(client.actor, missing)
            try await session.getJobs(ghost)
            try await session.call(client.actor, .postRequest, body: .json([
                "clientId": .string(client.actor.id!), "CatID": 7, "category": "Plumbing", "description": "Tap", "clientName": "Ana",
                "address": "Calle Mayor 1", "lat": 19.44, "lng": -99.1332, "workerId": .string(ghost.id!),
            ]))
            try await session.cancel(client.actor, req)
        },
    ]

    /// The client's timeout passes: the request stays open until the client cancels it, and a
    /// WorkerAccept after that cancel is refused.
    static let timeout = VerifyCase(
        "timeout", "an unanswered request stays open past the timeout until the client's timeout cancel, after which WorkerAccept gets request_cancelled",
        ["REST-10", "REST-5", "FLOW-7", "FLOW-8", "MSG-10", "REST-3"], needs: [.workerFixture], lane: .timed
    ) { session in
        let client = try await session.client("client")
        let early = try await session.worker("early")
        let late = try await session.worker("late")
        let kept = try await session.post(client)
        let dropped = try await session.post(client)
        await session.expect(late, .new, dropped)
        try await session.letTimeoutPass()
        try await session.accept(early.actor, kept)
        await session.expect(client, .apply, kept)
        try await session.cancel(client.actor, dropped, reason: "timeout")
        await session.expect(late, .cancel, dropped)
        await session.pause()
        try await session.accept(late.actor, dropped)
        try await session.close(client.actor, kept)
    }
}
