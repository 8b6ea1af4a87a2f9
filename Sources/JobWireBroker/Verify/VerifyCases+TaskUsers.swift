import JobWire
import SocketIOWire

/// The task cases on the caller's own account: read, update, picture and delete (TASK-19 ...
/// TASK-22). The checker judges by values: what a call wrote is what a later read returns.
extension VerifyCases {
    static let taskUsers: [VerifyCase] = [
        VerifyCase("task.me", "the caller's account reads back as signed up: null, false or empty where never given, and the rating its reviews make", ["TASK-19"]) { session in
            let bare = try await session.signUp("bare", ["name": nil])
            try await session.taskCall(bare.actor, .me, token: bare.token)
            let luis = try await session.signUp("luis", contractor: true, ["phoneNumber": "+34 600 000 001"])
            let ana = try await session.signUp("ana")
            // TASK-18 judges the number itself; the account shows the rating the last review answer announced.
            for rating: JSONValue in [4, 5] {
                let reviewed = try await session.taskCall(ana.actor, .review, ["userId": luis.userID], body: ["rating": rating], token: ana.token)
                guard reviewed.succeeded else { throw VerifyStepError("a review of \(luis.userID) answered \(reviewed.summary)") }
            }
            // Beyond the clock skew of ana's last review, so luis's read surely follows it and must
            // show its rating (a read in flight with a write may show the account before it).
            await session.pause()
            try await session.taskCall(luis.actor, .me, token: luis.token)
        },
        VerifyCase(
            "task.me-update",
            "an account update is stored as sent, null members cleared, email and picture kept, and makes a contractor a candidate; a bad or missing member is a bad_request naming it",
            ["TASK-20"]
        ) { session in
            let picture = "https://verify.jobwire.test/\(session.id("ana")).png"
            let ana = try await session.signUp("ana", ["phoneNumber": "+34 600 000 002", "image": .string(picture)])
            try await session.taskCall(
                ana.actor, .updateMe, body: ["name": "Ana María", "phoneNumber": nil, "contractor": true, "categories": [9, "12"]], token: ana.token)
            try await session.taskCall(ana.actor, .me, token: ana.token)
            // Ana, now a contractor of category 9, must be among the candidates for another user's category 9 task.
            let bea = try await session.signUp("bea")
            let task = try await session.createTask(bea)
            try await session.taskCall(bea.actor, .candidates, ["objectId": task.objectID], token: bea.token)
            try await session.taskCall(
                ana.actor, .updateMe, body: ["name": "Ana", "phoneNumber": nil, "contractor": "yes", "categories": []], token: ana.token)
            try await session.taskCall(ana.actor, .updateMe, body: ["name": "Ana", "contractor": false, "categories": []], token: ana.token)
        },
        VerifyCase("task.me-image", "the profile image is set to a URL and removed with null, as the answer and a later read show; a number is a bad_request on image", ["TASK-21"]) { session in
            let ana = try await session.signUp("ana")
            let picture = "https://verify.jobwire.test/\(session.id("ana"))-2.png"
            for image: JSONValue in [.string(picture), .null] {
                try await session.taskCall(ana.actor, .meImage, body: ["image": image], token: ana.token)
                try await session.taskCall(ana.actor, .me, token: ana.token)
            }
            try await session.taskCall(ana.actor, .meImage, body: ["image": 5], token: ana.token)
        },
        VerifyCase(
            "task.me-delete",
            "a deleted account's token is refused, its email is free to sign up again, and a deleted contractor is no longer a candidate",
            ["TASK-22"]
        ) { session in
            let ana = try await session.signUp("ana")
            _ = try await session.createTask(ana)
            try await session.taskCall(ana.actor, .deleteMe, token: ana.token)
            for call in [TaskCallKind.me, .listTasks] {
                try await session.taskCall(ana.actor, call, token: ana.token)
            }
            try await session.taskCall(ana.actor, .userExists, ["email": ana.email])
            try await session.taskCall(ana.actor, .signUp, body: ["email": .string(ana.email), "password": "secret-2"])

            let bea = try await session.signUp("bea")
            let luis = try await session.signUp("luis", contractor: true)
            let task = try await session.createTask(bea)
            func candidates() async throws -> [String] {
                let answer = try await session.taskCall(bea.actor, .candidates, ["objectId": task.objectID], token: bea.token)
                return answer.body?["contractors"]?.arrayValue?.compactMap { $0["userId"].flatMap(VerifyApp.id) } ?? []
            }
            // Only a candidate can be seen to leave the list.
            guard try await candidates().contains(luis.userID) else { throw VerifyStepError("\(luis.userID), a contractor of category 9, is no candidate for a category 9 task") }
            let gone = try await session.taskCall(luis.actor, .deleteMe, token: luis.token)
            guard gone.succeeded else { throw VerifyStepError("deleting \(luis.userID) answered \(gone.summary)") }
            _ = try await candidates()
        },
    ]
}
