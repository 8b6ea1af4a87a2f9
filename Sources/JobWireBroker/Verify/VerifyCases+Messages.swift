import JobWire
import SocketIOWire

extension VerifyCases {
    /// `new`: to the channel or to one worker, with the documented payload.
    static let messages: [VerifyCase] = [
        VerifyCase(
            "new-channel", "a post without workerId sends one `new` to every worker in the channel, with the documented payload and the post's values",
            ["MSG-3", "MSG-1", "MSG-4", "MSG-5", "MSG-6", "MSG-7", "MSG-8", "REST-1", "REST-2"]
        ) { session in
            let client = try await session.client("client")
            let near = try await session.worker("near", nil)
            let other = try await session.worker("other", nil)
            let blocked = try await session.worker("blocked", nil)
            if session.profile.routes[.clientFixture] != nil {
                try await session.putClient(client.actor.id!, blocked: [.string(blocked.actor.id!)], delay: 2)
            }
            // An exclusive request with an image: both must reach the `new` as posted (MSG-4, MSG-7).
            let req = try await session.post(client, ["image": "https://verify.jobwire.test/tap.png", "exclusive": "P-1"])
            await session.expect(all: [near, other, blocked].map { ($0, .new, req) })
        },
        VerifyCase(
            "new-direct", "a post naming a worker sends its `new` to that worker only, carrying its workerId, before the `apply` of its win",
            ["MSG-3", "MSG-8", "MSG-4", "MSG-5", "REST-2", "FLOW-1"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            // In no channel job's category, so its getJobs lists its direct request alone (ELIG-8).
            let chosen = try await session.worker("chosen", WorkerSetup(categories: ["8"]))
            let bystanders = [try await session.worker("bystander-1"), try await session.worker("bystander-2", nil)]
            // The checker forgives a missing `new` to a worker that connected within the clock skew
            // before the post (it may not have been in its room yet); past it, a `new` that never
            // comes is MSG-3's.
            await session.pause()
            let req = try await session.post(client, ["workerId": .string(chosen.actor.id!)])
            await session.expect(chosen, .new, req)
            // FLOW-1: the worker takes the request from getJobs, `new` or not; its `apply` must
            // come after a `new`.
            try await session.getJobs(chosen.actor)
            try await session.accept(chosen.actor, req)
            await session.expect(client, .apply, req)
            _ = bystanders
        },
    ]
}
