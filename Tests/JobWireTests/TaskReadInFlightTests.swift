import Foundation
import PropertyBased
import SocketIOWire
import Testing
@testable import JobWire

/// TASK-26 both ways for a read in flight with writes: a backend that read the task before an
/// edit may answer it as it stood then, so a read passes when it shows a version that was still
/// in force when the read was sent, and fails when it shows one an edit answered before the read
/// was sent had already replaced (or one the task never had). Generated: `edits` edits of T-1, a
/// read sent just before edit `sentBefore`'s answer (after them all when past the last), answered
/// after every edit with version `shown` (0 is the created task). A read in flight across more
/// writes than ``ReplacedVersions/kept`` may show a version no longer kept and is not judged.
@Suite(.shrinking)
struct TaskReadInFlightTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var edits: Int
        var sentBefore: Int
        var shown: Int

        var testDescription: String { "\(edits) edits, the read sent before edit \(sentBefore)'s answer, showing version \(shown)" }

        /// Whether TASK-26 must fail: the version shown was replaced by an edit answered before the
        /// read was sent (edit `shown + 1` when `shown + 1 < sentBefore`), unless that edit's
        /// version went with the oldest ones and the read was sent before every version kept.
        var fails: Bool {
            let replacedBeforeSent = shown + 1 < sentBefore
            let keptFrom = edits - ReplacedVersions<JSONValue>.kept
            let unjudged = keptFrom > 0 && sentBefore <= keptFrom + 1
            return replacedBeforeSent && !unjudged
        }
    }

    static let t0: Int64 = 1_767_225_600_000

    /// The backend's trace of the case: ana signs up and creates T-1 (version 0), then each edit
    /// `i` is received at `t0 + 1000 i` and answered 5 ms later with Description `version i`.
    static func trace(_ test: Case) -> String {
        func task(_ version: Int, updated: Int64) -> String {
            """
            {"objectId":"T-1","author":"U-1","status":"open","contractor":null,\(members(version).dropFirst().dropLast()),\
            "createdAt":"\(ISO8601Time.string(milliseconds: t0 + 15))","updatedAt":"\(ISO8601Time.string(milliseconds: updated))"}
            """
        }
        func draft(_ version: Int) -> String { members(version) }
        func members(_ version: Int) -> String {
            """
            {"category":9,"Description":"version \(version)","image":["https://img.example.com/tap.jpg"],\
            "dates":[{"start":"2026-01-11T00:00:00.000Z","end":"2026-01-11T01:00:00.000Z"}],"address":"Calle Mayor 1",\
            "location":{"lat":40.4168,"lng":-3.7038},"maxBudget":80,"estimatedDuration":60}
            """
        }
        var lines = [
            #"{"format":"jobwire-trace","version":1,"roles":["backend"],"description":"reads in flight with edits","subject":["backend"]}"#,
            #"{"ts":\#(t0),"actor":"backend","kind":"http.request","xid":"x-0","method":"POST","path":"/api/auth/signup","body":{"email":"ana@example.com","password":"secret-1","name":"Ana"}}"#,
            #"{"ts":\#(t0 + 5),"actor":"backend","kind":"http.response","xid":"x-0","status":200,"body":{"ok":true,"userId":"U-1","token":"tok","expiresAt":"\#(ISO8601Time.string(milliseconds: t0 + 86_400_000))"}}"#,
            #"{"ts":\#(t0 + 10),"actor":"backend","kind":"http.request","xid":"x-c","method":"POST","path":"/api/tasks","bearer":"tok","body":\#(draft(0))}"#,
            #"{"ts":\#(t0 + 15),"actor":"backend","kind":"http.response","xid":"x-c","status":200,"body":{"ok":true,"id":"T-1","task":\#(task(0, updated: t0 + 15))}}"#,
        ]
        let read = #"{"ts":\#(t0 + 1000 * Int64(test.sentBefore) + 4),"actor":"backend","kind":"http.request","xid":"x-r","method":"GET","path":"/api/tasks/T-1","bearer":"tok"}"#
        for edit in 1...test.edits {
            let at = t0 + 1000 * Int64(edit)
            lines.append(#"{"ts":\#(at),"actor":"backend","kind":"http.request","xid":"x-\#(edit)","method":"PUT","path":"/api/tasks/T-1","bearer":"tok","body":\#(draft(edit))}"#)
            if edit == test.sentBefore { lines.append(read) }
            lines.append(#"{"ts":\#(at + 5),"actor":"backend","kind":"http.response","xid":"x-\#(edit)","status":200,"body":{"ok":true,"task":\#(task(edit, updated: at + 5))}}"#)
        }
        if test.sentBefore > test.edits { lines.append(read) }
        let end = t0 + 1000 * Int64(test.edits + 1) + 10
        lines.append(#"{"ts":\#(end),"actor":"backend","kind":"http.response","xid":"x-r","status":200,"body":{"ok":true,"task":\#(task(test.shown, updated: test.shown == 0 ? t0 + 15 : t0 + 1000 * Int64(test.shown) + 5))}}"#)
        lines.append(#"{"ts":\#(end + 1),"actor":"backend","kind":"trace.end"}"#)
        return lines.joined(separator: "\n") + "\n"
    }

    static func failed(_ test: Case) throws -> Set<String> {
        Set(try TraceChecker.check(text: trace(test), file: "in-flight.jsonl").failedIDs.map(\.rawValue))
    }

    /// Up to four edits past the versions kept; the read's place and the version it shows spread
    /// over the edits there are.
    static let cases = zip(Gen.int(in: 1...(ReplacedVersions<JSONValue>.kept + 4)), Gen.int(in: 0...999), Gen.int(in: 0...999)).map { edits, place, version in
        Case(edits: edits, sentBefore: 1 + place % (edits + 1), shown: version % (edits + 1))
    }

    @Test func aReadShowsAVersionInForceWhenItWasSentOrFailsTASK26Alone() async {
        await propertyCheck(count: 150, input: Self.cases) { test in
            #expect((try? Self.failed(test)) == (test.fails ? ["TASK-26"] : []), "\(test.testDescription)")
        }
    }

    /// The boundaries by hand: the version just replaced before the read was sent fails, the one
    /// replaced just after it passes, the current one always passes; and past the kept versions
    /// a read in flight across them all is not judged, while one sent later still is.
    @Test func theBoundariesEachWay() throws {
        #expect(try Self.failed(Case(edits: 3, sentBefore: 3, shown: 1)) == ["TASK-26"])
        #expect(try Self.failed(Case(edits: 3, sentBefore: 3, shown: 2)) == [])
        #expect(try Self.failed(Case(edits: 3, sentBefore: 4, shown: 2)) == ["TASK-26"])
        #expect(try Self.failed(Case(edits: 3, sentBefore: 1, shown: 0)) == [])
        #expect(try Self.failed(Case(edits: 3, sentBefore: 4, shown: 3)) == [])
        let many = ReplacedVersions<JSONValue>.kept + 2
        #expect(try Self.failed(Case(edits: many, sentBefore: 1, shown: 0)) == [])
        #expect(try Self.failed(Case(edits: many, sentBefore: many, shown: 0)) == ["TASK-26"])
    }
}
