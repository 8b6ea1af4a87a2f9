import JobWireBench
import Testing

/// The load generator's frame reader: the frames a receiver must act on, and nothing more.
struct FanoutFrameTests {
    @Test(arguments: [
        ("0{\"sid\":\"abc\",\"upgrades\":[],\"pingInterval\":25000}", FanoutFrame.open),
        ("2", .ping),
        ("40{\"sid\":\"xyz\"}", .connected),
        ("40", .connected),
        ("44{\"message\":\"Invalid namespace\"}", .connectError),
        ("1", .closed),
        ("41", .closed),
        ("42[\"fanout\",1,7,123456789,\"xxxx\"]", .event(phase: 1, sequence: 7, sentNanoseconds: 123_456_789)),
        ("42[\"fanout\", 2, 0, 5]", .event(phase: 2, sequence: 0, sentNanoseconds: 5)),
        ("42[\"other\",1,2,3]", .other),
        ("42[\"fanout\",1,2]", .other),
        ("42[\"fanout\",-1,2,3]", .other),
        ("42[\"fanout\",1,2,99999999999999999999]", .other),
        ("40/admin,{\"sid\":\"x\"}", .other),
        ("43", .other),
        ("", .other),
        ("6", .other),
    ])
    func classifies(_ text: String, _ expected: FanoutFrame) {
        #expect(FanoutFrame(Array(text.utf8)) == expected)
    }

    /// python-socketio's JSON is compact, but a server may put spaces after commas.
    @Test func eventWithSpacesAndTrailingArguments() {
        let frame = FanoutFrame(Array("42[\"fanout\" , 3 ,\t4 , 5 , {\"a\":[1,2]}]".utf8))
        #expect(frame == .event(phase: 3, sequence: 4, sentNanoseconds: 5))
    }
}
