import Foundation
import Testing
@testable import JobWire

/// What a served session waits for (`jobwire broker --replay`, Docs/RECORD.md "The end"): the
/// checker says whether an obligation still waiting would fail with nothing more, and the
/// waiting ones that would pass or that their rule dismisses do not count.
struct TraceCheckerPendingTests {
    /// The checker after the first `count` lines of a shipped trace (its header included).
    static func checker(after count: Int, of name: String) throws -> TraceChecker {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Vectors/traces/\(name)").standardized.path
        let text = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").prefix(count).map { $0 + "\n" }.joined()
        var reader = TraceReader(file: name)
        var checker: TraceChecker?
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes { raw in
            try reader.feed(UnsafeRawBufferPointer(raw)) { item in
                switch item {
                case .header(let header): checker = TraceChecker(header: header)
                case .event(let event): checker!.consume(event)
                }
            }
        }
        try reader.finish()
        return try #require(checker)
    }

    @Test func aRelaunchWithNoReadYetAwaitsTheReadAndTheTimeoutCancel() throws {
        // Up to the relaunch's waiting view: the read (STATE-6) and the cancel (TIME-2) are to come.
        let checker = try Self.checker(after: 11, of: "bad/state-6-no-read-after-restart-client.jsonl")
        #expect(checker.awaitsFailingObligation(at: 1_767_225_801_027))
        #expect(checker.finish().filter(\.failed).isEmpty, "asking judges a copy: nothing is judged yet")
        #expect(checker.latestObligationDue ?? 0 > 1_767_225_801_027)
    }

    @Test func obligationsThatWouldPassOrAreDismissedAreNotAwaited() throws {
        // The timeout cancel was sent and the alert shown: what still waits would pass.
        let checker = try Self.checker(after: 18, of: "bad/state-6-no-read-after-restart-client.jsonl")
        #expect(checker.latestObligationDue != nil, "obligations still wait")
        #expect(!checker.awaitsFailingObligation(at: 1_767_226_202_091))
    }
}
