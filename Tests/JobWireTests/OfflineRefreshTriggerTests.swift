import PropertyBased
import Testing
@testable import JobWire

/// OFFL-16 (SHOULD): the list GET comes with the list appearing and with a return to the
/// foreground onto it, within reactionToleranceMs (2000 ms) before or after; after, the deadline
/// is on the app's own clock, so no clockSkewToleranceMs is added: a GET 1 ms late fails.
/// Only OFFL-16's verdict is read: a GET moved away from its render breaks OFFL-1 too, which is
/// judged by the shipped vectors.
@Suite(.shrinking)
struct OfflineRefreshTriggerTests {
    /// A client online with an active token: launched onto the list and refreshed, then on a
    /// settings view from 20 s, back on the list at 30 s (line 12), where `tail` continues.
    static func session(_ tail: [String]) -> String {
        let app = #""actor":"client","id":"c-1""#
        let lines = [
            #"{"format":"jobwire-trace","version":1,"roles":["client"],"subject":["client"]}"#,
            #"{"ts":1000,\#(app),"kind":"net.online"}"#,
            #"{"ts":1001,\#(app),"kind":"app.launched","jwt":{"expiresAt":1769817600000,"token":"hf.cached"},"everOnline":true,"queue":[]}"#,
            #"{"ts":1002,\#(app),"kind":"view.shown","view":"contacts"}"#,
            #"{"ts":1003,\#(app),"kind":"http.request","xid":"x-1","method":"GET","path":"/api/options","call":{"seq":1,"kind":"options"}}"#,
            #"{"ts":1004,\#(app),"kind":"http.request","xid":"x-2","method":"GET","path":"/api/tasks","call":{"seq":2,"kind":"list"}}"#,
            #"{"ts":1005,\#(app),"kind":"view.shown","view":"contacts","elements":{"updated":false,"items":[]}}"#,
            #"{"ts":1030,\#(app),"kind":"http.response","xid":"x-1","status":200,"body":{"ok":true,"categories":[4]}}"#,
            #"{"ts":1031,\#(app),"kind":"http.response","xid":"x-2","status":200,"body":{"ok":true,"tasks":[]}}"#,
            #"{"ts":1032,\#(app),"kind":"view.shown","view":"contacts","elements":{"updated":true,"items":[]}}"#,
            #"{"ts":20000,\#(app),"kind":"view.shown","view":"settings"}"#,
            #"{"ts":30000,\#(app),"kind":"view.shown","view":"contacts"}"#,
        ]
        return (lines + tail + [#"{"ts":60000,\#(app),"kind":"trace.end"}"#]).joined(separator: "\n") + "\n"
    }

    static func listGET(at ts: Int64) -> String {
        #"{"ts":\#(ts),"actor":"client","id":"c-1","kind":"http.request","xid":"x-3","method":"GET","path":"/api/tasks","call":{"seq":3,"kind":"list"}}"#
    }

    static func refreshFails(_ text: String) throws -> Bool {
        try TraceChecker.check(text: text, file: "refresh.jsonl").failedIDs.contains("OFFL-16")
    }

    /// The return to the list at 30 s with its list GET `offset` ms away, the trace sorted by time.
    static func returnWithGET(offset: Int64) throws -> Bool {
        var text = session([])
        let get = listGET(at: 30_000 + offset)
        var lines = text.split(separator: "\n").map(String.init)
        let at = offset < 0 ? lines.firstIndex { $0.contains(#""ts":30000,"#) }! : lines.count - 1
        lines.insert(get, at: at)
        text = lines.joined(separator: "\n") + "\n"
        return try refreshFails(text)
    }

    @Test(arguments: [(Int64(-2001), true), (-2000, false), (0, false), (2000, false), (2001, true)])
    func bothSidesOfTheWindow(_ offset: Int64, _ fails: Bool) throws {
        #expect(try Self.returnWithGET(offset: offset) == fails, "GET \(offset) ms from the list appearing")
    }

    @Test func theWindowHoldsForGeneratedOffsets() async {
        await propertyCheck(count: 200, input: Gen.int(in: -4000...4000)) { offset in
            let fails = offset < -2000 || offset > 2000
            #expect((try? Self.returnWithGET(offset: Int64(offset))) == fails, "GET \(offset) ms from the list appearing")
        }
    }

    @Test func theListAppearingWithoutAGETFailsNamingItsLine() throws {
        let verdict = try TraceChecker.check(text: Self.session([]), file: "refresh.jsonl")
        let violation = try #require(verdict.rules.first { $0.info.id == "OFFL-16" }?.violations.first)
        #expect(verdict.failedIDs == ["OFFL-16"])
        #expect(violation.lines == [12])
        #expect(violation.expected.contains("`contacts` appearing"))
    }

    @Test func aReturnToTheForegroundOntoTheListNeedsItsGET() throws {
        let app = #""actor":"client","id":"c-1""#
        let back = [#"{"ts":40000,\#(app),"kind":"app.backgrounded"}"#, #"{"ts":45000,\#(app),"kind":"app.foregrounded"}"#]
        let refreshed = [Self.listGET(at: 30_001)]
        #expect(try Self.refreshFails(Self.session(refreshed + back)))
        #expect(try !Self.refreshFails(Self.session(refreshed + back + [Self.listGET(at: 45_010).replacingOccurrences(of: "x-3", with: "x-4").replacingOccurrences(of: #""seq":3"#, with: #""seq":4"#)])))
        // Back onto the login screen (an expired token, TASK-5): the list was not on screen after all.
        #expect(try !Self.refreshFails(Self.session(refreshed + back + [#"{"ts":45001,\#(app),"kind":"view.shown","view":"login"}"#])))
    }

    @Test func anAppOfflineOrOfUnknownConnectivityIsNotJudged() throws {
        let app = #""actor":"client","id":"c-1""#
        let offline = Self.session([]).replacingOccurrences(of: #"{"ts":20000,\#(app),"kind":"view.shown","view":"settings"}"#, with: #"{"ts":20000,\#(app),"kind":"view.shown","view":"settings"}"# + "\n" + #"{"ts":25000,\#(app),"kind":"net.offline"}"#)
        #expect(try !Self.refreshFails(offline))
        let unknown = Self.session([]).split(separator: "\n").filter { !$0.contains("net.online") }.joined(separator: "\n") + "\n"
        #expect(try !Self.refreshFails(unknown))
    }

    @Test func theListShownAgainWhileOnItIsNoAppearance() throws {
        let app = #""actor":"client","id":"c-1""#
        let again = [Self.listGET(at: 30_001), #"{"ts":35000,\#(app),"kind":"view.shown","view":"contacts","elements":{"updated":false,"items":[]}}"#]
        #expect(try !Self.refreshFails(Self.session(again)))
    }
}
