import JobWire
import SocketIOWire
import Testing

/// The adapter protocol's messages (Docs/ADAPTER.md) as text, and what each answer means.
struct AdapterMessagesTests {
    @Test func requestsAreTheLinesOfTheTranscript() {
        #expect(AdapterMessages.hello(suites: ["eligibility"]).compactText == #"{"type":"hello","protocol":1,"suites":["eligibility"]}"#)
        let vector = VectorCase(id: "demo.ok", description: "", requirement: "ELIG-1", input: ["a": .int(9)], expect: nil, file: "demo.json", line: 1)
        #expect(AdapterMessages.caseRequestLine(vector, suite: "eligibility")
            == #"{"type":"case","suite":"eligibility","id":"demo.ok","input":{"a":9}}"#)
        #expect(AdapterMessages.stop.compactText == #"{"type":"stop"}"#)
    }

    @Test func aHelloAnswerNamesTheAdapterAndItsSuites() throws {
        let reply: JSONValue = ["type": "hello", "protocol": 1, "name": "example", "suites": ["eligibility", "offline"], "roles": ["client"]]
        guard case .success(let hello) = AdapterMessages.hello(from: reply) else {
            Issue.record("a good hello was refused")
            return
        }
        #expect(hello.name == "example")
        #expect(hello.suites == ["eligibility", "offline"])
        #expect(hello.reply == reply)
    }

    @Test(arguments: [
        (#"{"type":"result","id":"x"}"#, "testee answered the hello handshake with {\"type\":\"result\",\"id\":\"x\"}"),
        (#"{"type":"hello","protocol":2}"#, "testee speaks adapter protocol 2; this runner speaks 1"),
        (#"{"type":"hello"}"#, "testee speaks adapter protocol (none); this runner speaks 1"),
    ])
    func aBadHelloEndsTheSession(_ text: String, _ reason: String) throws {
        #expect(AdapterMessages.hello(from: try JSONParser.parse(text)) == .failure(AdapterHandshakeError(reason)))
    }

    @Test(arguments: [
        (#"{"type":"result","id":"x","output":{"eligible":true}}"#, TesteeAnswer.output(["eligible": true])),
        (#"{"type":"result","id":"x"}"#, .error("testee's result has no \"output\"")),
        (#"{"type":"skipped","id":"x","reason":"not mine"}"#, .skipped("not mine")),
        (#"{"type":"skipped","id":"x"}"#, .skipped("(no reason given)")),
        (#"{"type":"error","id":"x","message":"boom"}"#, .error("testee reported an error: boom")),
        (#"{"type":"maybe","id":"x"}"#, .error("testee answered with an unknown type: {\"type\":\"maybe\",\"id\":\"x\"}")),
    ])
    func aCaseAnswerIsAnOutputASkipOrAnError(_ text: String, _ answer: TesteeAnswer) throws {
        #expect(AdapterMessages.answer(from: try JSONParser.parse(text)) == answer)
    }
}
