import Foundation
import PropertyBased
import SocketIOWire
import Testing
@testable import JobWire

/// Both sides of the tolerances that compare two times on one actor's clock: an emission the
/// backend records against its own answer (emitToleranceMs: MSG-3, FLOW-4, FLOW-8, FLOW-9), and
/// what an app does against an answer, a press, a view, a launch, a return or a drop it recorded
/// (reactionToleranceMs: ALERT-3 to ALERT-9, ALERT-12, VIEW-1 to VIEW-3, VIEW-9, VIEW-12 to VIEW-15,
/// ELIG-12, OFFL-1, STATE-2, STATE-5 to STATE-8, STATE-10, STATE-11, AUTH-4, AUTH-5, TASK-5; the
/// reconnection delays of STATE-9; TIME-1's clockSkewToleranceMs between a post's success and its
/// timer).
/// clockSkewToleranceMs is for times of different actors (PROTOCOL.md), so none of these may get
/// it: a line late by 1 ms breaks the requirement, however many more lines follow within the skew.
///
/// Each case takes a shipped good trace and moves a block of lines so that its first lands `d` ms
/// after the anchor it answers; every id of the case fails exactly when its own line is late.
@Suite(.shrinking)
struct SameClockToleranceTests {
    /// emitToleranceMs and reactionToleranceMs keep PROTOCOL.md's default in the traces used
    /// here; a case judged against another time names it.
    static let tolerance: Int64 = 2_000

    struct Case: Sendable, CustomTestStringConvertible {
        /// A file of Vectors/traces: a good one, or a bad one the move makes good (STATE-8's).
        var file: String
        /// The 1-based lines moved together, in file order; they keep their distances.
        var lines: [Int]
        /// The time of the line the first moved line answers.
        var anchor: Int64
        /// Each group of ids, with how much later than the first moved line the line it judges lies.
        var breaks: [(ids: Set<String>, after: Int64)]
        /// The time the judged line may come after the anchor.
        var tolerance = SameClockToleranceTests.tolerance
        /// A change made after the move to a field that must agree with the new time, given `d`.
        var edit: (@Sendable (_ text: String, _ d: Int64) -> String)?

        var testDescription: String { "\(file) lines \(lines)" }

        /// The ids failed when the first moved line lands `d` ms after the anchor.
        func expected(_ d: Int64) -> Set<String> {
            breaks.reduce(into: []) { ids, group in if d + group.after > tolerance { ids.formUnion(group.ids) } }
        }

        /// The trace with the block moved, its lines then in time order (a stable sort: lines of
        /// one time keep their order), as a recorder merging the actors' lines writes them.
        func trace(_ d: Int64) throws -> String {
            var lines = try String(contentsOf: TestPaths.vectors.appendingPathComponent("traces/\(file)"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            let first = try Self.ts(lines[self.lines[0] - 1])
            for number in self.lines {
                let line = lines[number - 1]
                let moved = anchor + d + (try Self.ts(line) - first)
                lines[number - 1] = "{\"ts\":\(moved)," + line.drop { $0 != "," }.dropFirst()
            }
            let events = try lines.dropFirst().enumerated().map { (ts: try Self.ts($1), index: $0, line: $1) }
                .sorted { ($0.ts, $0.index) < ($1.ts, $1.index) }
            let text = ([lines[0]] + events.map(\.line)).joined(separator: "\n") + "\n"
            return edit?(text, d) ?? text
        }

        /// The `ts` a line starts with.
        static func ts(_ line: String) throws -> Int64 {
            try #require(Int64(line.dropFirst("{\"ts\":".count).prefix { $0 != "," }), "no leading ts in \(line)")
        }
    }

    static let cases: [Case] = [
        Case(file: "good/happy-backend.jsonl", lines: [12], anchor: 1_767_225_601_015, breaks: [(["MSG-3"], 0)]),
        Case(file: "good/happy-backend.jsonl", lines: [15], anchor: 1_767_225_609_040, breaks: [(["FLOW-4"], 0)]),
        Case(file: "good/happy-backend.jsonl", lines: [18, 19], anchor: 1_767_225_669_070, breaks: [(["FLOW-9"], 0)]),
        Case(file: "good/timeout-backend.jsonl", lines: [15, 16], anchor: 1_767_226_201_080, breaks: [(["FLOW-8"], 0)]),
        // The loser's failure alert, then its offer's removal 1 ms later.
        Case(file: "good/race-all.jsonl", lines: [59, 60, 61], anchor: 1_767_225_609_150, breaks: [(["ALERT-3", "ALERT-9"], 0), (["VIEW-15"], 1)]),
        // The winner's success alert (and its dismissal) after its Work in Progress shows.
        Case(file: "good/race-all.jsonl", lines: [51, 64], anchor: 1_767_225_609_051, breaks: [(["ALERT-5", "ALERT-8"], 0)]),
        // w-1's profile read (request and answer) after its launch (ELIG-12).
        Case(file: "good/happy-worker.jsonl", lines: [5, 12], anchor: 1_767_225_600_002, breaks: [(["ELIG-12"], 0)]),
        // w-1's Work Information alert (its close and dismissal) after the press to open it (VIEW-9).
        Case(file: "good/happy-all.jsonl", lines: [56, 57, 58], anchor: 1_767_225_619_055, breaks: [(["VIEW-9"], 0)]),
        // w-1's closed alert (and its dismissal) after it leaves Work in Progress (ALERT-12).
        Case(file: "good/race-all.jsonl", lines: [76, 77], anchor: 1_767_225_669_086, breaks: [(["ALERT-12"], 0)]),
        // The client's render marked updated after the list's answer (OFFL-1).
        Case(file: "good/offline-refresh-client.jsonl", lines: [10], anchor: 1_767_225_600_062, breaks: [(["OFFL-1"], 0)]),
        // The client's apply alert (its OK and dismissal) after its Work in Progress shows.
        Case(file: "good/race-all.jsonl", lines: [54, 62, 63], anchor: 1_767_225_609_056, breaks: [(["ALERT-4", "ALERT-6"], 0)]),
        // The client's waiting view after its post succeeds, its counter the seconds then left (VIEW-1).
        Case(file: "good/happy-client.jsonl", lines: [7], anchor: 1_767_225_601_025, breaks: [(["VIEW-1"], 0)],
             edit: { text, d in text.replacingOccurrences(of: "\"counter\":600", with: "\"counter\":\(600 - d / 1000)") }),
        // The client's close call (and what follows) after the user chose the outcome (VIEW-12).
        Case(file: "good/happy-client.jsonl", lines: [14, 15, 16, 17], anchor: 1_767_225_669_054, breaks: [(["VIEW-12"], 0)]),
        // The client's Work in Progress (and its apply alert) after the `apply` arrives (VIEW-2).
        Case(file: "good/happy-client.jsonl", lines: [9, 10], anchor: 1_767_225_609_055, breaks: [(["VIEW-2"], 0)]),
        // The worker's Work in Progress (its alert and dismissal) after its WorkerAccept succeeds (VIEW-3).
        Case(file: "good/happy-worker.jsonl", lines: [27, 28, 29], anchor: 1_767_225_609_050, breaks: [(["VIEW-3"], 0)]),
        // The client leaves Work in Progress after its close succeeds (VIEW-13).
        Case(file: "good/happy-client.jsonl", lines: [16], anchor: 1_767_225_669_080, breaks: [(["VIEW-13"], 0)]),
        // The worker leaves Work in Progress after dismissing the alert about the cancel (VIEW-14).
        Case(file: "good/alert-holds-wip-all.jsonl", lines: [66], anchor: 1_767_225_644_085, breaks: [(["VIEW-14"], 0)]),
        // The client's timer starts within the skew of its post's success (TIME-1).
        Case(file: "good/happy-client.jsonl", lines: [6], anchor: 1_767_225_601_025, breaks: [(["TIME-1"], 0)], tolerance: 250),
        // w-1's getJobs (and its answer) after its launch (STATE-5).
        Case(file: "good/happy-worker.jsonl", lines: [6, 13], anchor: 1_767_225_600_002, breaks: [(["STATE-5"], 0)]),
        // The client retakes Work in Progress on its return to the foreground (STATE-2).
        Case(file: "good/retake-all.jsonl", lines: [87], anchor: 1_767_225_634_055, breaks: [(["STATE-2"], 0)]),
        // ... and reads the request's state (the backend's lines of the read move with it) (STATE-6).
        Case(file: "good/retake-all.jsonl", lines: [88, 89, 90, 91], anchor: 1_767_225_634_055, breaks: [(["STATE-6"], 0)]),
        // The client's Work in Progress (and alert) after its read says the request is in progress (STATE-7).
        Case(file: "good/client-missed-apply-client.jsonl", lines: [15, 16], anchor: 1_767_225_629_083, breaks: [(["STATE-7"], 0)]),
        // w-1's read after its WorkerAccept's answer was lost, everything after it moving along (STATE-10).
        Case(file: "good/lost-accept-won-all.jsonl", lines: [53, 54, 55, 56, 57, 58], anchor: 1_767_225_619_025, breaks: [(["STATE-10"], 0)]),
        // ... and its Work in Progress after that read names it the winner (STATE-10).
        Case(file: "good/lost-accept-won-all.jsonl", lines: [57, 58], anchor: 1_767_225_619_052, breaks: [(["STATE-10"], 0)]),
        // The client's history read after its post's answer was lost, and what follows (STATE-11).
        Case(file: "good/lost-post-client.jsonl", lines: [7, 8, 9, 10, 11], anchor: 1_767_225_611_000, breaks: [(["STATE-11"], 0)]),
        // ... and its cancel of the open request that read lists (STATE-11).
        Case(file: "good/lost-post-client.jsonl", lines: [9, 10, 11], anchor: 1_767_225_611_027, breaks: [(["STATE-11"], 0)]),
        // The first screen after a launch with a token (AUTH-5), and `contacts` after a login (AUTH-4).
        Case(file: "good/auth-login-client.jsonl", lines: [17], anchor: 1_767_225_729_109, breaks: [(["AUTH-5"], 0)]),
        Case(file: "good/auth-login-client.jsonl", lines: [9, 10, 11, 12, 13], anchor: 1_767_225_608_076, breaks: [(["AUTH-4"], 0)]),
        // The login screen on a return after the token expired (TASK-5); the list on screen that
        // long without a refresh breaks OFFL-16 too.
        Case(file: "good/task-session-returns-client.jsonl", lines: [22], anchor: 1_767_225_672_129, breaks: [(["TASK-5", "OFFL-16"], 0)]),
        // A reconnection attempt within reconnectMs of a drop, and the next within reconnectMaxMs (STATE-9).
        Case(file: "good/reconnect-all.jsonl", lines: [49], anchor: 1_767_225_606_525, breaks: [(["STATE-9"], 0)], tolerance: 15_000),
        Case(file: "good/reconnect-all.jsonl", lines: [51, 52, 53, 54, 55, 56, 57], anchor: 1_767_225_608_525, breaks: [(["STATE-9"], 0)], tolerance: 45_000),
        // A bad trace made good: the client that let its socket go connects again (its
        // `io.connected` 15 ms after the attempt) and reads the request (STATE-8).
        Case(file: "bad/state-8-socket-let-go-client.jsonl", lines: [10, 11, 12, 13], anchor: 1_767_225_606_525, breaks: [(["STATE-8"], 15)]),
    ]

    static func failed(_ text: String) throws -> Set<String> {
        Set(try TraceChecker.check(text: text, file: "moved.jsonl").failedIDs.map(\.rawValue))
    }

    @Test(arguments: cases)
    func onTimeAndOneMillisecondLateAroundEachBoundary(_ tolerated: Case) throws {
        let boundaries = Set(tolerated.breaks.map { tolerated.tolerance - $0.after })
        for boundary in boundaries.sorted() {
            for d in [boundary - 1, boundary, boundary + 1] {
                #expect(try Self.failed(tolerated.trace(d)) == tolerated.expected(d), "moved \(d) ms after the anchor")
            }
        }
    }

    /// A backend whose lines once went back 200 ms (TIME-10 tolerates up to the skew) has its
    /// later obligations judged 200 ms after their time: its `new`, on time but written after a
    /// line 100 ms past the time, still counts.
    @Test func aLineWrittenOutOfOrderCountsOnceItsActorsClockHasGoneBack() throws {
        var lines = try String(contentsOf: TestPaths.vectors.appendingPathComponent("traces/good/happy-backend.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let answered: Int64 = 1_767_225_601_015
        func stamped(_ line: String, _ ts: Int64, xid: String? = nil) -> String {
            let moved = "{\"ts\":\(ts)," + line.drop { $0 != "," }.dropFirst()
            return xid.map { moved.replacingOccurrences(of: "\"xid\":\"x-1\"", with: "\"xid\":\"\($0)\"") } ?? moved
        }
        let (profileRead, profileAnswer, new) = (lines[1], lines[5], lines[11])
        #expect(profileRead.contains("\"xid\":\"x-1\"") && profileAnswer.contains("\"xid\":\"x-1\"") && new.contains("\"event\":\"new\""))
        lines[1] = stamped(profileRead, 1_767_225_600_213)
        lines[11] = stamped(new, answered + Self.tolerance - 10)
        lines.insert(stamped(profileRead, answered + Self.tolerance + 100, xid: "x-9"), at: 11)
        lines.insert(stamped(profileAnswer, answered + Self.tolerance + 101, xid: "x-9"), at: 13)
        #expect(try Self.failed(lines.joined(separator: "\n") + "\n") == [])
    }

    @Test(arguments: cases)
    func generatedDelaysFailExactlyWhenLate(_ tolerated: Case) async throws {
        // Up to 2 s past the boundary: a block moved further would pass lines it must precede.
        await propertyCheck(count: 40, input: Gen.int64(in: 0...(tolerated.tolerance + 2_000))) { d in
            #expect((try? Self.failed(tolerated.trace(d))) == tolerated.expected(d), "moved \(d) ms after the anchor")
        }
    }
}
