import JobWire
import SocketIOWire

extension VerifyCases {
    /// `new`: to the channel or to one worker, with the documented payload.
    static let messages: [VerifyCase] = [
        VerifyCase(
            "new-channel", "a post without workerId sends one `new` to every worker in the channel, with the documented payload",
            ["MSG-3", "MSG-1", "MSG-4", "MSG-5", "MSG-6", "MSG-7", "MSG-8", "REST-1", "REST-2"]
        ) { session in
            let client = try await session.client("client")
            let near = try await session.worker("near", nil)
            let other = try await session.worker("other", nil)
            let blocked = try await session.worker("blocked", nil)
            if session.profile.routes[.clientFixture] != nil {
                try await session.putClient(client.actor.id!, blocked: [.string(blocked.actor.id!)], delay: 2)
            }
            let req = try await session.post(client, ["image": "https://verify.jobwire.test/tap.png"])
            for worker in [near, other, blocked] { await session.expect(worker, .new, req) }
        },
        VerifyCase(
            "new-direct", "a post naming a worker sends its `new` to that worker only, carrying its workerId",
            ["MSG-3", "MSG-8", "MSG-4", "MSG-5", "REST-2"], needs: [.workerFixture]
        ) { session in
            let client = try await session.client("client")
            let chosen = try await session.worker("chosen")
            let bystanders = [try await session.worker("bystander-1"), try await session.worker("bystander-2", nil)]
            let req = try await session.post(client, ["workerId": .string(chosen.actor.id!)])
            await session.expect(chosen, .new, req)
            _ = bystanders
        },
    ]
}
