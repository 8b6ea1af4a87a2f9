import JobWireBench
import Testing

/// The control lines between `bench fanout` and a server under test.
struct FanoutControlTests {
    @Test(arguments: [
        FanoutControlRequest.room,
        .quit,
        .burst(FanoutBurst(phase: 2, events: 20, rate: 10, payloadBytes: 64)),
        .burst(FanoutBurst(phase: 1, events: 5, rate: 0, payloadBytes: 0)),
    ])
    func requestsRoundTrip(_ request: FanoutControlRequest) {
        #expect(FanoutControlRequest(line: request.line) == request)
    }

    @Test(arguments: ["", "rooms", "room 1", "burst 1 2 3", "burst 1 -2 3 4", "burst 1 2 nan 4", "burst a 2 3 4"])
    func badRequestsAreRefused(_ line: String) {
        #expect(FanoutControlRequest(line: line) == nil)
    }

    @Test func repliesRoundTrip() {
        let replies: [FanoutControlReply] = [.ready(port: 4000), .room(count: 10_000), .sent(phase: 1, events: 20, seconds: 1.5), .error("unknown request")]
        for reply in replies { #expect(FanoutControlReply(line: reply.line) == reply) }
        #expect(FanoutControlReply(line: "sent 1 20 1.9050000000000002") == .sent(phase: 1, events: 20, seconds: 1.9050000000000002))
        #expect(FanoutControlReply(line: "DeprecationWarning: something") == nil)
    }
}
