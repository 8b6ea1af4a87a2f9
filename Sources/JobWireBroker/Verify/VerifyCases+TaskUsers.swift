import JobWire
import SocketIOWire

/// The task cases on the caller's own account: read, update, picture and delete (TASK-19 ...
/// TASK-22). Each judges by values: what a call wrote is what a later read returns.
extension VerifyCases {
    static let taskUsers: [VerifyCase] = [
        VerifyCase("task.me", "the caller's account reads back as signed up: null, false or empty where never given, and the rating its reviews make", ["TASK-19"]) { session in
            let bare = try await session.signUp("bare", ["name": nil])
            let blank: JSONObject = [
                "userId": .string(bare.userID), "email": .string(bare.email), "name": nil, "phoneNumber": nil, "image": nil,
                "contractor": false, "categories": [], "rating": nil,
            ]
            let read = try await session.taskCall(bare.actor, "GET", session.taskPaths.me, token: bare.token)
            session.judge("TASK-19", read.succeeded && read.body?["user"]?.differences(from: blank) == [],
                expected: "2xx with user \(JSONValue.object(blank).compactText) for an account signed up with only email and password",
                observed: Self.userDifferences(read, blank))
            let luis = try await session.signUp("luis", contractor: true, ["phoneNumber": "+34 600 000 001"])
            let ana = try await session.signUp("ana")
            try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 4], token: ana.token)
            let reviewed = try await session.taskCall(ana.actor, "POST", session.taskPaths.review, ["userId": luis.userID], body: ["rating": 5], token: ana.token)
            guard reviewed.succeeded else { throw VerifyStepError("a review of \(luis.userID) answered \(reviewed.summary)") }
            // TASK-18 judges the number itself; the account shows the rating the review answer announced.
            let full: JSONObject = [
                "userId": .string(luis.userID), "email": .string(luis.email), "name": "luis", "phoneNumber": "+34 600 000 001",
                "image": .string("https://verify.jobwire.test/luis.png"), "contractor": true, "categories": [9],
                "rating": reviewed.body?["rating"] ?? .null,
            ]
            let mine = try await session.taskCall(luis.actor, "GET", session.taskPaths.me, token: luis.token)
            session.judge("TASK-19", mine.succeeded && mine.body?["user"]?.differences(from: full) == [],
                expected: "2xx with user \(JSONValue.object(full).compactText) for a contractor signed up with every member and reviewed 4 and 5",
                observed: Self.userDifferences(mine, full))
        },
        VerifyCase(
            "task.me-update",
            "an account update is stored as sent, null members cleared, email and picture kept, and makes a contractor a candidate; a bad or missing member is a bad_request naming it",
            ["TASK-20"]
        ) { session in
            let picture = "https://verify.jobwire.test/\(session.id("ana")).png"
            let ana = try await session.signUp("ana", ["phoneNumber": "+34 600 000 002", "image": .string(picture)])
            let answer = try await session.taskCall(
                ana.actor, "PUT", session.taskPaths.me, body: ["name": "Ana María", "phoneNumber": nil, "contractor": true, "categories": [9, "12"]], token: ana.token)
            let written: JSONObject = [
                "userId": .string(ana.userID), "email": .string(ana.email), "name": "Ana María", "phoneNumber": nil, "image": .string(picture),
                "contractor": true, "categories": [9, "12"],
            ]
            session.judge("TASK-20", answer.succeeded && answer.body?["user"]?.differences(from: written) == [],
                expected: "2xx with the updated user \(JSONValue.object(written).compactText), phoneNumber null and so cleared",
                observed: Self.userDifferences(answer, written))
            let read = try await session.taskCall(ana.actor, "GET", session.taskPaths.me, token: ana.token)
            session.judge("TASK-20", read.succeeded && read.body?["user"]?.differences(from: written) == [],
                expected: "the update read back by GET me: \(JSONValue.object(written).compactText)", observed: Self.userDifferences(read, written))
            let bea = try await session.signUp("bea")
            let task = try await session.createTask(bea)
            let candidates = try await session.taskCall(bea.actor, "GET", session.taskPaths.candidates, ["objectId": task.objectID], token: bea.token)
            let ids = candidates.body?["contractors"]?.arrayValue?.compactMap { $0["userId"].flatMap(VerifyApp.id) } ?? []
            session.judge("TASK-20", candidates.succeeded && ids.contains(ana.userID),
                expected: "\(ana.userID), turned contractor of category 9, among the candidates for a category 9 task", observed: candidates.succeeded ? "candidates \(ids)" : candidates.summary)
            let bad = try await session.taskCall(
                ana.actor, "PUT", session.taskPaths.me, body: ["name": "Ana", "phoneNumber": nil, "contractor": "yes", "categories": []], token: ana.token)
            session.judge("TASK-20", bad.status == 400 && bad.code == "bad_request" && bad.body?["error"]?["field"]?.stringValue == "contractor",
                expected: "400 bad_request with field contractor for contractor \"yes\"", observed: bad.summary)
            let partial = try await session.taskCall(ana.actor, "PUT", session.taskPaths.me, body: ["name": "Ana", "contractor": false, "categories": []], token: ana.token)
            session.judge("TASK-20", partial.status == 400 && partial.code == "bad_request" && partial.body?["error"]?["field"]?.stringValue == "phoneNumber",
                expected: "400 bad_request with field phoneNumber for an update that leaves phoneNumber out", observed: partial.summary)
        },
        VerifyCase("task.me-image", "the profile image is set to a URL and removed with null, as the answer and a later read show; a number is a bad_request on image", ["TASK-21"]) { session in
            let ana = try await session.signUp("ana")
            let picture = "https://verify.jobwire.test/\(session.id("ana"))-2.png"
            for image: JSONValue in [.string(picture), .null] {
                let answer = try await session.taskCall(ana.actor, "PUT", session.taskPaths.meImage, body: ["image": image], token: ana.token)
                session.judge("TASK-21", answer.succeeded && answer.body?["user"]?.differences(from: ["image": image]) == [],
                    expected: "2xx with the user's image \(image.compactText)", observed: Self.userDifferences(answer, ["image": image]))
                let read = try await session.taskCall(ana.actor, "GET", session.taskPaths.me, token: ana.token)
                session.judge("TASK-21", read.succeeded && read.body?["user"]?.differences(from: ["image": image]) == [],
                    expected: "image \(image.compactText) read back by GET me", observed: Self.userDifferences(read, ["image": image]))
            }
            let bad = try await session.taskCall(ana.actor, "PUT", session.taskPaths.meImage, body: ["image": 5], token: ana.token)
            session.judge("TASK-21", bad.status == 400 && bad.code == "bad_request" && bad.body?["error"]?["field"]?.stringValue == "image",
                expected: "400 bad_request with field image for image 5", observed: bad.summary)
        },
        VerifyCase(
            "task.me-delete",
            "a deleted account's token is refused, its email is free to sign up again, and a deleted contractor is no longer a candidate",
            ["TASK-22"]
        ) { session in
            let ana = try await session.signUp("ana")
            _ = try await session.createTask(ana)
            let deleted = try await session.taskCall(ana.actor, "DELETE", session.taskPaths.me, token: ana.token)
            session.judge("TASK-22", deleted.succeeded, expected: "2xx for deleting the caller's account", observed: deleted.summary)
            for path in [session.taskPaths.me, session.taskPaths.tasks] {
                let refused = try await session.taskCall(ana.actor, "GET", path, token: ana.token)
                session.judge("TASK-22", refused.status == 401 && refused.code == "unauthorized",
                    expected: "401 unauthorized for GET \(path) with the deleted account's token", observed: refused.summary)
            }
            let exists = try await session.taskCall(ana.actor, "GET", session.taskPaths.userExists + "?email={email}", ["email": ana.email])
            session.judge("TASK-22", exists.succeeded && exists.body?["exists"] == false,
                expected: "200 {\"exists\": false} for the deleted account's email \(ana.email)", observed: exists.summary)
            let again = try await session.taskCall(ana.actor, "POST", session.taskPaths.signUp, body: ["email": .string(ana.email), "password": "secret-2"])
            session.judge("TASK-22", again.succeeded && again.body?["token"]?.stringValue != nil,
                expected: "2xx with a token for a new sign-up with the deleted account's email", observed: again.summary)

            let bea = try await session.signUp("bea")
            let luis = try await session.signUp("luis", contractor: true)
            let task = try await session.createTask(bea)
            func candidates() async throws -> (VerifyAnswer, [String]) {
                let answer = try await session.taskCall(bea.actor, "GET", session.taskPaths.candidates, ["objectId": task.objectID], token: bea.token)
                return (answer, answer.body?["contractors"]?.arrayValue?.compactMap { $0["userId"].flatMap(VerifyApp.id) } ?? [])
            }
            guard try await candidates().1.contains(luis.userID) else { throw VerifyStepError("\(luis.userID), a contractor of category 9, is no candidate for a category 9 task") }
            let gone = try await session.taskCall(luis.actor, "DELETE", session.taskPaths.me, token: luis.token)
            let (answer, ids) = try await candidates()
            session.judge("TASK-22", gone.succeeded && answer.succeeded && !ids.contains(luis.userID),
                expected: "\(luis.userID) no longer among the candidates once its account is deleted",
                observed: gone.succeeded ? (answer.succeeded ? "candidates \(ids)" : answer.summary) : "the delete answered \(gone.summary)")
        },
    ]

    /// What a user answer shows against `expected`: its differences, or the answer when it failed.
    static func userDifferences(_ answer: VerifyAnswer, _ expected: JSONObject) -> String {
        guard answer.succeeded, let user = answer.body?["user"] else { return answer.summary }
        let differences = user.differences(from: expected)
        return differences.isEmpty ? "user as expected" : differences.joined(separator: "; ")
    }
}
