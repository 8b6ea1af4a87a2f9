import Foundation
import Testing
@testable import JobWire

/// The facts the reader derives for each event (``TraceEventFacts``) never stand in for the
/// event itself: a checker of another profile, or an event changed after decoding, is judged as
/// if no facts had been derived.
struct TraceEventFactsTests {
    /// A `new` without CatID: MSG-4 under the standard names; no protocol event at all where `new`
    /// is called `job.new`.
    private static let trace = TraceVectorTests.directory.appendingPathComponent("bad/msg-4-no-catid-backend.jsonl")

    /// The trace's header and events as one reader decodes them, with that reader's facts.
    private static func decoded() throws -> (TraceHeader, [TraceEvent]) {
        let text = try String(contentsOf: trace, encoding: .utf8)
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try TraceReader.read(text: text, file: "msg-4.jsonl") { (item: TraceReader.Item) in
            switch item {
            case .header(let read): header = read
            case .event(let event): events.append(event)
            }
        }
        return (header!, events)
    }

    private static func failedIDs(_ header: TraceHeader, _ events: [TraceEvent]) throws -> [String] {
        try TraceChecker.check(header: header, events: events, file: "t").rules.filter(\.failed).map(\.info.id.description)
    }

    /// The same events with no facts attached, as if made in memory.
    private static func remade(_ events: [TraceEvent]) -> [TraceEvent] {
        events.map { TraceEvent(line: $0.line, ts: $0.ts, actor: $0.actor, body: $0.body) }
    }

    @Test func decodedEventsCarryFactsAndAreJudgedAsRemadeOnes() throws {
        let (header, events) = try Self.decoded()
        #expect(events.allSatisfy { $0.facts != nil })
        #expect(try Self.failedIDs(header, events) == ["MSG-4"])
        #expect(try Self.failedIDs(header, Self.remade(events)) == ["MSG-4"])
    }

    @Test func factsOfAnotherProfileAreDerivedAgain() throws {
        let (standard, events) = try Self.decoded()
        var renamed = standard
        renamed.profile.eventNames[.new] = "job.new"
        // Under `job.new` the trace's `new` is no protocol event: its payload is not judged, and
        // the posted request never goes out (FLOW-1, MSG-3). Facts kept from the standard names
        // would have said MSG-4 instead.
        #expect(try Self.failedIDs(renamed, Self.remade(events)) == ["FLOW-1", "MSG-3"])
        #expect(try Self.failedIDs(renamed, events) == ["FLOW-1", "MSG-3"])
    }

    @Test func factsOfAnotherReaderOfTheSameProfileAreTrusted() throws {
        // Two readers, two origins, one profile: a checker switches between them and judges the
        // events as one reader's (the origin it trusts changes; its verdict does not).
        let (header, first) = try Self.decoded()
        let (_, second) = try Self.decoded()
        #expect(first[0].facts!.origin !== second[0].facts!.origin)
        var checker = TraceChecker(header: header)
        for (index, event) in first.enumerated() { checker.consume(index % 2 == 0 ? event : second[index]) }
        #expect(checker.finish().filter(\.failed).map(\.info.id.description) == ["MSG-4"])
    }

    @Test func anEventChangedAfterDecodingLosesItsFacts() throws {
        let (header, events) = try Self.decoded()
        var mended: [TraceEvent] = []
        for var event in events {
            if case .socketOut(var message) = event.body, var payload = message.payload?.objectValue, payload["ReqID"] != nil {
                payload["CatID"] = .int(9)
                message.payload = .object(payload)
                event.body = .socketOut(message)
                #expect(event.facts == nil)
            }
            mended.append(event)
        }
        #expect(try Self.failedIDs(header, mended) == (try Self.failedIDs(header, Self.remade(mended))))
        #expect(try !Self.failedIDs(header, mended).contains("MSG-4"))
    }

    /// Events share their storage between copies (issue 15, item 7): a change to one copy must
    /// reach neither the other's fields nor its facts.
    @Test func aCopyChangedKeepsTheOriginalAndItsFactsIntact() throws {
        let (_, events) = try Self.decoded()
        let original = try #require(events.first { $0.kind == .socketOut })
        let ts = original.ts
        var copy = original
        copy.ts += 1
        copy.actor = TraceActor(.worker, id: "someone-else")
        copy.body = .end
        #expect(copy.facts == nil)
        #expect(original.ts == ts && copy.ts == ts + 1)
        #expect(original.actor != copy.actor)
        #expect(original.kind == .socketOut)
        #expect(original.facts != nil)
        var stripped = original
        stripped.facts = nil
        #expect(original.facts != nil)
    }
}
