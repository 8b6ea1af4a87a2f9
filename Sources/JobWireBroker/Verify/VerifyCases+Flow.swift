import JobWire
import SocketIOWire

extension VerifyCases {
    /// Routing of `apply`, the race, eligibility at WorkerAccept, cancel, close and getJobs.
    static let flow: [VerifyCase] = [
        VerifyCase(
            "apply-to-client", "a won request's `apply` reaches the posting client only, once, naming the winner, with the documented payload",
            ["FLOW-5", "FLOW-1", "FLOW-4", "FLOW-6", "MSG-9", "REST-3"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let otherClient = try await session.client("other-client")
            let winner = try await session.worker("winner")
            let watcher = try await session.worker("watcher")
            let otherReq = try await session.post(otherClient)
            let req = try await session.post(client)
            await session.expect(winner, .new, req)
            try await session.accept(winner.actor, req)
            await session.expect(client, .apply, req)
            try await session.cancel(otherClient.actor, otherReq)
            _ = watcher
        },
        VerifyCase(
            "race", "two eligible workers accept at the same moment: exactly one wins, the other gets 409 race_lost",
            ["FLOW-3", "REST-8", "FLOW-4", "FLOW-6", "REST-7"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let first = try await session.worker("racer-1")
            let second = try await session.worker("racer-2")
            let req = try await session.post(client)
            await session.expect(first, .new, req)
            await session.expect(second, .new, req)
            async let one = session.accept(first.actor, req)
            async let two = session.accept(second.actor, req)
            _ = try await (one, two)
            await session.expect(client, .apply, req)
        },
        VerifyCase(
            "accept-not-eligible",
            "a WorkerAccept by a blocked, inactive, distant or not addressed worker gets 403 not_eligible, but race_lost once the request is won and request_cancelled once it is cancelled",
            ["REST-9", "REST-7", "FLOW-8", "REST-14"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let blocked = try await session.worker("blocked")
            let inactive = try await session.worker("inactive", WorkerSetup(active: false))
            let distant = try await session.worker("distant", WorkerSetup(maxKms: 0.1))
            let otherCategory = try await session.worker("other-category", WorkerSetup(categories: ["8"]))
            let chosen = try await session.worker("chosen")
            if session.profile.routes[.clientFixture] != nil {
                try await session.putClient(client.actor.id!, blocked: [.string(blocked.actor.id!)])
                let req = try await session.post(client)
                await session.awaitDelivery(blocked, .new, req)
                try await session.accept(blocked.actor, req)
                try await session.cancel(client.actor, req)
            }
            let req = try await session.post(client)
            for worker in [inactive, distant, otherCategory] {
                await session.awaitDelivery(worker, .new, req)
                try await session.accept(worker.actor, req)
            }
            let direct = try await session.post(client, ["workerId": .string(chosen.actor.id!)])
            await session.awaitDelivery(chosen, .new, direct)
            try await session.accept(otherCategory.actor, direct)
            // REST-14: the request's state before the caller, so a worker that is not eligible
            // learns first that the request is won, or cancelled.
            try await session.accept(chosen.actor, req)
            await session.awaitDelivery(client, .apply, req)
            try await session.accept(distant.actor, req)
            try await session.cancel(client.actor, req)
            try await session.accept(inactive.actor, req)
            try await session.cancel(client.actor, direct)
        },
        VerifyCase(
            "cancel-open", "a cancelled request reaches the client and the channel, can no longer be accepted, cancelled or closed, and leaves getJobs",
            ["REST-5", "FLOW-8", "MSG-10", "REST-10", "FLOW-7", "FLOW-13", "REST-14"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let worker = try await session.worker("worker")
            let req = try await session.post(client)
            await session.expect(worker, .new, req)
            try await session.cancel(client.actor, req, reason: "changed my mind")
            await session.expect(worker, .cancel, req)
            await session.pause()
            try await session.getJobs(worker.actor)
            try await session.accept(worker.actor, req)
            try await session.cancel(client.actor, req)
            try await session.close(client.actor, req)
        },
        VerifyCase(
            "cancel-after-win", "a cancel after a win reaches the client and the winner",
            ["FLOW-8", "REST-5", "MSG-10"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let winner = try await session.worker("winner")
            let req = try await session.post(client)
            await session.expect(winner, .new, req)
            try await session.accept(winner.actor, req)
            await session.expect(client, .apply, req)
            try await session.cancel(client.actor, req)
            await session.expect(winner, .cancel, req)
        },
        VerifyCase(
            "close", "a close needs a winner, reaches both sides with the close's outcome and side, and ends the request for every later call",
            ["REST-6", "FLOW-9", "MSG-11", "REST-12", "REST-10", "FLOW-13"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let winner = try await session.worker("winner")
            let late = try await session.worker("late")
            let req = try await session.post(client)
            // REST-12: a close before any win, on a request of its own that only a cancel ends, so
            // that no close of it recorded soon after can pass for the reason of another answer
            // (a 410 request_closed, say).
            let unwon = try await session.post(client)
            await session.expect(winner, .new, req)
            try await session.close(client.actor, unwon, outcome: "unhappy")
            try await session.accept(winner.actor, req)
            await session.expect(client, .apply, req)
            // Unhappy, and by the worker, where late-and-duplicate's is happy and by the client:
            // the `close` must repeat both values whichever they are (MSG-11).
            try await session.close(winner.actor, req, outcome: "unhappy")
            await session.expect(client, .close, req)
            await session.pause()
            try await session.accept(late.actor, req)
            try await session.close(client.actor, req)
            try await session.getJobs(late.actor)
            try await session.cancel(client.actor, unwon)
        },
        VerifyCase(
            "late-and-duplicate", "a repeated WorkerAccept by the winner gets race_lost; calls after the close get request_closed and bring no event",
            ["REST-8", "REST-10", "FLOW-3", "FLOW-7"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let winner = try await session.worker("winner")
            let req = try await session.post(client)
            await session.expect(winner, .new, req)
            try await session.accept(winner.actor, req)
            try await session.accept(winner.actor, req)
            await session.expect(client, .apply, req)
            try await session.close(client.actor, req)
            await session.expect(winner, .close, req)
            await session.pause()
            try await session.accept(winner.actor, req)
            try await session.cancel(client.actor, req)
        },
        VerifyCase(
            "getjobs-open", "getJobs answers a jobs array and drops a request once it is won",
            ["REST-4", "FLOW-13", "ELIG-8"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let winner = try await session.worker("winner")
            let looker = try await session.worker("looker")
            let req = try await session.post(client)
            await session.expect(looker, .new, req)
            try await session.getJobs(looker.actor)
            try await session.accept(winner.actor, req)
            await session.expect(client, .apply, req)
            try await session.getJobs(looker.actor)
            try await session.cancel(client.actor, req)
        },
    ]
}
