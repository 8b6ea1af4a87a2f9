import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// Accounts and tokens: user exists (TASK-1), sign-up (TASK-2), log-in and remember me
/// (TASK-3, TASK-4), and the bearer token every task call needs (TASK-6).
struct TaskBackendAccountTests {
    typealias F = TaskFixtures

    @Test func userExistsAnswersWhetherAnAccountHasTheEmailWhateverItsCase() {
        var backend = F.backend()
        #expect(backend.userExists(email: "ana@example.com").body["exists"] == false)
        F.user(&backend, "ana@example.com")
        #expect(backend.userExists(email: "ANA@example.com").body == ["ok": true, "exists": true])
        let missing = backend.userExists(email: nil)
        #expect(missing.status == 400 && F.field(missing) == "email")
    }

    @Test func signUpAnswersAUserATokenAndASessionLongExpiry() throws {
        var backend = F.backend()
        let reply = backend.signUp(body: ["email": "ana@example.com", "password": "pw", "phoneNumber": "+34 600 000 000"], now: F.now)
        #expect(reply.status == 200 && reply.body["ok"] == true)
        #expect(reply.body["userId"] == "U-1")
        #expect(try #require(reply.body["token"]?.stringValue).count > 8)
        #expect(reply.body["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) == F.now + F.day)
    }

    @Test func aTakenEmailIsAlreadyExists() {
        var backend = F.backend()
        F.user(&backend, "ana@example.com")
        let again = backend.signUp(body: ["email": "Ana@Example.com", "password": "other"], now: F.now)
        #expect(again.status == 409 && F.code(again) == "already_exists")
    }

    @Test(arguments: [
        (#"{"password":"pw"}"#, "email"), (#"{"email":"ana","password":"pw"}"#, "email"), (#"{"email":"ana@example.com"}"#, "password"),
        (#"{"email":"ana@example.com","password":""}"#, "password"), (#"{"email":"a@b.es","password":"pw","image":"me.png"}"#, "image"),
        (#"{"email":"a@b.es","password":"pw","contractor":"yes"}"#, "contractor"), (#"{"email":"a@b.es","password":"pw","categories":[true]}"#, "categories[0]"),
        ("[]", "body"),
    ])
    func aBadSignUpNamesItsField(_ body: String, _ field: String) {
        var backend = F.backend()
        let reply = backend.signUp(body: JSONValue.parsing(body), now: F.now)
        #expect(reply.status == 400 && F.code(reply) == "bad_request" && F.field(reply) == field)
    }

    @Test func logInGivesASessionTokenAndRememberMeALongerOne() {
        var backend = F.backend()
        F.user(&backend, "ana@example.com")
        let session = backend.logIn(body: ["email": "ana@example.com", "password": "secret-1"], now: F.now)
        let remembered = backend.logIn(body: ["email": "ana@example.com", "password": "secret-1", "rememberMe": true], now: F.now)
        #expect(session.body["userId"] == "U-1" && remembered.body["userId"] == "U-1")
        #expect(session.body["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) == F.now + F.day)
        #expect(remembered.body["expiresAt"]?.stringValue.flatMap(ISO8601Time.milliseconds) == F.now + 30 * F.day)  // TASK-4
        #expect(session.body["token"] != remembered.body["token"])
    }

    @Test func wrongCredentialsAreUnauthorizedAndABadRememberMeIsABadRequest() {
        var backend = F.backend()
        F.user(&backend, "ana@example.com")
        for body: JSONValue in [["email": "ana@example.com", "password": "nope"], ["email": "bea@example.com", "password": "secret-1"]] {
            let reply = backend.logIn(body: body, now: F.now)
            #expect(reply.status == 401 && F.code(reply) == "unauthorized")
        }
        let bad = backend.logIn(body: ["email": "ana@example.com", "password": "secret-1", "rememberMe": "yes"], now: F.now)
        #expect(F.field(bad) == "rememberMe")
    }

    @Test func aTaskCallNeedsAValidUnexpiredBearerToken() {
        var backend = F.backend()
        let (auth, _) = F.user(&backend, "ana@example.com")
        for token in [nil, "Bearer nope", auth.replacingOccurrences(of: "Bearer ", with: "Basic ")] as [String?] {
            let reply = backend.listTasks(token: token, now: F.now)
            #expect(reply.status == 401 && F.code(reply) == "unauthorized", "\(token ?? "no token")")
        }
        #expect(backend.listTasks(token: auth, now: F.now + F.day - 1).status == 200)
        #expect(F.code(backend.listTasks(token: auth, now: F.now + F.day)) == "unauthorized")  // expired at expiresAt (AUTH-1)
        #expect(backend.listTasks(token: auth.replacingOccurrences(of: "Bearer", with: "bearer"), now: F.now).status == 200)
    }
}
