import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The caller's own account: read (TASK-19), update (TASK-20), picture (TASK-21) and delete (TASK-22).
struct TaskBackendUserTests {
    typealias F = TaskFixtures

    static func me(_ backend: TaskBackend, _ auth: String, at time: Int64 = F.now) -> JSONValue? { backend.me(token: auth, now: time).body["user"] }

    @Test func theAccountReadsBackWithNullsForWhatWasNeverGiven() {
        var backend = F.backend()
        let reply = backend.signUp(body: ["email": "Ana@Example.com", "password": "pw"], now: F.now)
        let auth = "Bearer \(reply.body["token"]?.stringValue ?? "")"
        #expect(Self.me(backend, auth) == [
            "userId": "U-1", "email": "Ana@Example.com", "name": nil, "phoneNumber": nil, "image": nil, "contractor": false,
            "categories": [], "rating": nil,
        ])  // TASK-19
        #expect(backend.me(token: nil, now: F.now).status == 401)
    }

    @Test func aContractorsAccountCarriesEverySignUpMemberAndItsMeanRating() {
        var backend = F.backend()
        let (ana, _) = F.user(&backend, "ana@example.com")
        let signUp = backend.signUp(
            body: ["email": "luis@example.com", "password": "pw", "phoneNumber": "+34 600 000 001", "image": "https://img.example.com/luis.png",
                   "name": "Luis", "contractor": true, "categories": [9, "12"]], now: F.now)
        let luis = signUp.body["userId"]?.stringValue ?? "?"
        _ = backend.review(contractor: luis, body: ["rating": 4], token: ana, now: F.now)
        _ = backend.review(contractor: luis, body: ["rating": 5], token: ana, now: F.now)
        #expect(Self.me(backend, "Bearer \(signUp.body["token"]?.stringValue ?? "")") == [
            "userId": .string(luis), "email": "luis@example.com", "name": "Luis", "phoneNumber": "+34 600 000 001",
            "image": "https://img.example.com/luis.png", "contractor": true, "categories": ["9", "12"], "rating": 4.5,
        ])  // TASK-19, TASK-18
    }

    @Test func anUpdateReplacesTheEditableStateAndKeepsEmailAndPicture() throws {
        var backend = F.backend()
        let signUp = backend.signUp(body: ["email": "ana@example.com", "password": "pw", "phoneNumber": "+34 1", "image": "https://img.example.com/a.png", "name": "Ana"], now: F.now)
        let auth = "Bearer \(signUp.body["token"]?.stringValue ?? "")"
        let reply = backend.updateMe(body: ["name": "Ana María", "phoneNumber": nil, "contractor": true, "categories": [9]], token: auth, now: F.now)
        let expected: JSONValue = [
            "userId": "U-1", "email": "ana@example.com", "name": "Ana María", "phoneNumber": nil, "image": "https://img.example.com/a.png",
            "contractor": true, "categories": ["9"], "rating": nil,
        ]
        #expect(reply.body["user"] == expected)
        #expect(Self.me(backend, auth) == expected)  // TASK-20: stored, phoneNumber null and so cleared
        let (bea, _) = F.user(&backend, "bea@example.com")
        let task = F.task(&backend, bea)
        #expect(backend.candidates(objectID: task, token: bea, now: F.now).body["contractors"]?.arrayValue?.map { $0["userId"] } == ["U-1"])
        _ = backend.updateMe(body: ["name": nil, "phoneNumber": nil, "contractor": false, "categories": nil], token: auth, now: F.now)
        #expect(Self.me(backend, auth)?["contractor"] == false && Self.me(backend, auth)?["name"] == .null)
        #expect(backend.candidates(objectID: task, token: bea, now: F.now).body["contractors"] == [])
    }

    @Test(arguments: [
        (#"{"name":5,"phoneNumber":null,"contractor":false,"categories":[]}"#, "name"),
        (#"{"name":"","phoneNumber":null,"contractor":false,"categories":[]}"#, "name"),
        (#"{"name":null,"phoneNumber":true,"contractor":false,"categories":[]}"#, "phoneNumber"),
        (#"{"name":null,"phoneNumber":null,"contractor":"yes","categories":[]}"#, "contractor"),
        (#"{"name":null,"phoneNumber":null,"contractor":false,"categories":"9"}"#, "categories"),
        (#"{"name":null,"phoneNumber":null,"contractor":false,"categories":[9,1.5]}"#, "categories[1]"),
        (#"{"name":5,"phoneNumber":null,"contractor":"yes","categories":[]}"#, "name"),
        (#"{"phoneNumber":null,"contractor":false,"categories":[]}"#, "name"),
        (#"{"name":"Ana","contractor":false,"categories":[]}"#, "phoneNumber"),
        (#"{"name":"Ana","phoneNumber":null,"categories":[]}"#, "contractor"),
        (#"{"name":"Ana","phoneNumber":null,"contractor":true}"#, "categories"),
        ("[]", "body"),
    ])
    func aBadUpdateIsABadRequestNamingTheMemberAndChangesNothing(_ body: String, _ field: String) {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        let before = Self.me(backend, auth)
        let reply = backend.updateMe(body: JSONValue.parsing(body), token: auth, now: F.now)
        #expect(reply.status == 400 && F.field(reply) == field)  // TASK-20
        #expect(Self.me(backend, auth) == before)
        #expect(F.code(backend.updateMe(body: ["name": nil, "phoneNumber": nil, "contractor": false, "categories": []], token: "Bearer forged", now: F.now)) == "unauthorized")
    }

    @Test func thePictureIsSetAndRemovedAndAnythingElseIsABadRequest() {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        #expect(backend.setMeImage(body: ["image": "https://img.example.com/a.png"], token: auth, now: F.now).body["user"]?["image"] == "https://img.example.com/a.png")
        #expect(Self.me(backend, auth)?["image"] == "https://img.example.com/a.png")
        #expect(backend.setMeImage(body: ["image": nil], token: auth, now: F.now).body["user"]?["image"] == .null)
        #expect(Self.me(backend, auth)?["image"] == .null)  // TASK-21
        for body: JSONValue in [["image": 5], ["image": "not a url"], [:]] {
            let reply = backend.setMeImage(body: body, token: auth, now: F.now)
            #expect(reply.status == 400 && F.field(reply) == "image", "\(body.compactText)")
        }
    }

    @Test func aDeletedAccountLosesItsTokensTasksAndCandidacyButItsReviewsStay() {
        var backend = F.backend()
        let (ana, anaID) = F.user(&backend, "ana@example.com")
        let (luis, luisID) = F.user(&backend, "luis@example.com", contractor: true)
        let (marta, martaID) = F.user(&backend, "marta@example.com", contractor: true)
        let remembered = F.remembered(&backend, "ana@example.com")
        _ = F.task(&backend, ana)
        _ = backend.review(contractor: martaID, body: ["rating": 2], token: ana, now: F.now)
        #expect(backend.deleteMe(token: ana, now: F.now).body == ["ok": true, "userId": .string(anaID)])
        for token in [ana, remembered] { #expect(F.code(backend.me(token: token, now: F.now)) == "unauthorized") }  // TASK-22
        #expect(backend.userExists(email: "ana@example.com").body["exists"] == false)
        #expect(backend.tasks.isEmpty)
        #expect(backend.rating(of: martaID) == 2)  // the review ana wrote stays
        #expect(backend.signUp(body: ["email": "ana@example.com", "password": "new"], now: F.now).body["userId"] == "U-4")

        let (bea, _) = F.user(&backend, "bea@example.com")
        let task = F.task(&backend, bea)
        _ = backend.deleteMe(token: luis, now: F.now)
        #expect(backend.candidates(objectID: task, token: bea, now: F.now).body["contractors"]?.arrayValue?.map { $0["userId"] } == [.string(martaID)])
        #expect(F.code(backend.contractorProfile(userID: luisID, token: marta, now: F.now)) == "not_found")
        #expect(F.code(backend.deleteMe(token: luis, now: F.now)) == "unauthorized")
    }
}
