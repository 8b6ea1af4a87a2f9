import JobWire
import SocketIOWire
import Testing

/// MSG-16's reading of the handshake auth, both ways: every well-formed identity is accepted with
/// its id and role, every malformed one is refused with a reason naming MSG-16.
struct HandshakeIdentityTests {
    @Test(arguments: HandshakeIdentity.malformedExamples)
    func aMalformedAuthHasAProblem(_ auth: JSONObject) {
        let problem = HandshakeIdentity.problem(in: .object(auth))
        #expect(problem?.contains("MSG-16") == true, "\(JSONValue.object(auth).compactText)")
        #expect(HandshakeIdentity(auth: .object(auth)) == nil)
    }

    @Test func noAuthOrANonObjectAuthHasAProblem() {
        for auth: JSONValue? in [nil, .null, "u-1", 7, ["u-1", "client"]] {
            #expect(HandshakeIdentity.problem(in: auth) != nil, "\(auth?.compactText ?? "none")")
        }
    }

    @Test(arguments: [
        (JSONValue.string("u-1"), "u-1"), (.int(42), "42"), (.string("09"), "09"), (.int(-3), "-3"), (.string(" x "), " x "),
    ])
    func aWellFormedAuthIsTheIdAndRoleItClaims(_ id: JSONValue, _ text: String) {
        for role in [TraceRole.client, .worker] {
            let auth: JSONValue = ["userId": id, "role": .string(role.rawValue), "device": "phone"]
            #expect(HandshakeIdentity.problem(in: auth) == nil)
            #expect(HandshakeIdentity(auth: auth) == HandshakeIdentity(userID: CanonicalID(text), role: role))
        }
    }
}
