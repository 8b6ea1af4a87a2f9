import Foundation
import Testing
@testable import JobWire

/// Timeline from a trace: lanes, arrows, spans and pinned violations (issue 20).
@Suite struct TimelineTests {
    static func read(_ name: String) throws -> (header: TraceHeader, events: [TraceEvent]) {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        try TraceReader.read(path: TestPaths.vectors.appendingPathComponent("traces/\(name)").path) { item in
            switch item {
            case .header(let read): header = read
            case .event(let event): events.append(event)
            }
        }
        return (header!, events)
    }

    static let catalog = try! RequirementCatalog.load(fromVectors: TestPaths.vectors)

    @Test func aWholeTraceMakesOneStepPerLineWithArrowsBetweenItsActors() throws {
        let (header, events) = try Self.read("good/happy-all.jsonl")
        let timeline = TimelineBuilder.timeline(title: "happy", header: header, events: events, violations: [], catalog: Self.catalog)
        #expect(timeline.steps.map(\.line) == events.map(\.line))
        let lanes = Set(timeline.lanes.map(\.id))
        #expect(lanes.isSuperset(of: ["client c-1", "worker w-1", "worker w-2", "backend", "client c-1 screen", "worker w-1 screen"]))
        // The backend's apply goes to the client it names; the client's receipt comes from the backend.
        let applies = timeline.steps.filter { $0.kind == .emit && $0.label == "apply R-1" }
        #expect(applies.contains { $0.from == "backend" && $0.to == "client c-1" })
        #expect(applies.contains { $0.from == "backend" && $0.to == "client c-1" && $0.payload.contains("\"kind\":\"io.in\"") })
        // The channel broadcast goes to the room, a lane of its own.
        #expect(timeline.steps.contains { $0.label == "new R-1" && $0.from == "backend" && $0.to == "workers" })
        // The backend's side of a REST call comes from the app that made it (by xid).
        #expect(timeline.steps.contains { $0.kind == .request && $0.from == "worker w-1" && $0.to == "backend" && $0.payload.contains("\"actor\":\"backend\"") })
        #expect(timeline.steps.contains { $0.kind == .ui && $0.from == "client c-1" && $0.to == "client c-1 screen" && $0.label == "view home" })
    }

    @Test func timersAreSpansFromTheirStartToWhenTheyFiredOrWereDue() throws {
        let (header, events) = try Self.read("good/happy-all.jsonl")
        let timeline = TimelineBuilder.timeline(title: "happy", header: header, events: events, violations: [], catalog: nil)
        let delay = try #require(timeline.spans.first { $0.label == "delay R-1" })
        #expect(delay.lane == "worker w-1" && delay.start == 1767225601025 && delay.end == 1767225606025 && delay.fired)
        let timeout = try #require(timeline.spans.first { $0.label == "timeout R-1" })
        #expect(timeout.lane == "client c-1" && timeout.end == 1767225601025 + header.timeoutMs && !timeout.fired)
    }

    @Test func violationsArePinnedToTheirLinesWithTheRequirementSentence() throws {
        let verdict = try TraceChecker.check(path: TestPaths.vectors.appendingPathComponent("traces/bad/time-2-no-cancel-client.jsonl").path)
        let (header, events) = try Self.read("bad/time-2-no-cancel-client.jsonl")
        let violations = verdict.rules.flatMap(\.violations)
        let timeline = TimelineBuilder.timeline(title: "bad", header: header, events: events, violations: violations, catalog: Self.catalog)
        let pinned = try #require(timeline.violations.first)
        #expect(pinned.requirement == "TIME-2")
        #expect(pinned.sentence == "MUST: " + (Self.catalog["TIME-2"]?.sentence ?? "none"))
        #expect(!pinned.lines.isEmpty && pinned.lines.allSatisfy { line in timeline.steps.contains { $0.line == line } })
    }

    @Test func fedOneEventAtATimeItReturnsEachStepAndTheLanesItOpened() throws {
        let (header, events) = try Self.read("good/happy-all.jsonl")
        var builder = TimelineBuilder(title: "live", header: header, catalog: nil)
        var streamedSteps: [TimelineStep] = []
        var streamedLanes: [TimelineLane] = []
        var streamedSpans: [String: TimelineSpan] = [:]
        for event in events {
            let added = builder.add(event)
            streamedSteps += added.steps
            streamedLanes += added.lanes
            // A span comes again, whole, when its timer fires: the later one replaces the first.
            for span in added.spans { streamedSpans["\(span.lane) \(span.label) \(span.start)"] = span }
        }
        #expect(streamedSteps == builder.timeline.steps)
        #expect(streamedLanes == builder.timeline.lanes)
        #expect(Set(streamedSpans.values) == Set(builder.timeline.spans) && streamedSpans.count == 2)
        #expect(streamedSpans.values.contains { $0.label == "delay R-1" && $0.fired })
        #expect(builder.timeline == TimelineBuilder.timeline(title: "live", header: header, events: events, violations: [], catalog: nil))
    }

    @Test func theTimelineRoundTripsThroughJSON() throws {
        let (header, events) = try Self.read("good/happy-all.jsonl")
        let timeline = TimelineBuilder.timeline(title: "happy", header: header, events: events, violations: [], catalog: nil)
        let decoded = try JSONDecoder().decode(Timeline.self, from: JSONEncoder().encode(timeline))
        #expect(decoded == timeline)
    }
}
