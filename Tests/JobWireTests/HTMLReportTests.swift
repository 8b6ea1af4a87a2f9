import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The HTML report (issue 20): the JSON report's counts, nothing fetched, payloads that cannot break the page.
@Suite struct HTMLReportTests {
    static let catalog = try! RequirementCatalog.load(fromVectors: TestPaths.vectors)

    /// `jobwire check` of `files` as its report and the HTML report's parts.
    static func checked(_ files: [String]) throws -> (RunReport, [HTMLReportSection]) {
        var results: [CaseResult] = []
        var sections: [HTMLReportSection] = []
        for file in files {
            let path = TestPaths.vectors.appendingPathComponent("traces/\(file)").path
            let verdict = try TraceChecker.check(path: path, displayPath: file)
            results += verdict.caseResults()
            sections.append(try HTMLReportSection.trace(path: path, verdict: verdict, catalog: catalog))
        }
        return (RunReport(title: "check", testee: files.joined(separator: ", "), results: results), sections)
    }

    /// The `data-counts` of the summary row with this id, as the JSON report's names.
    static func counts(_ html: String, row id: String) -> [String: Int64]? {
        guard let start = html.range(of: "<tr id=\"\(id)\"") else { return nil }
        let tail = html[start.upperBound...]
        guard let open = tail.range(of: "data-counts=\""), let close = tail[open.upperBound...].firstIndex(of: "\"") else { return nil }
        let numbers = tail[open.upperBound..<close].split(separator: " ").compactMap { Int64($0) }
        return Dictionary(uniqueKeysWithValues: zip(["passed", "failed", "skipped", "errors", "knownFailures", "inconclusive"], numbers))
    }

    static func jsonCounts(_ value: JSONValue?) -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for key in ["passed", "failed", "skipped", "errors", "knownFailures", "inconclusive"] { counts[key] = value?[key]?.integerValue }
        return counts
    }

    @Test func theSummaryHasTheCountsOfTheJSONReportByRequirementAndByArea() throws {
        let (report, sections) = try Self.checked(["bad/time-2-no-cancel-client.jsonl", "good/happy-all.jsonl", "bad/alert-4-apply-alert-before-view-client.jsonl"])
        let html = HTMLReport(catalog: Self.catalog).render(report, sections: sections)
        let json = JSONReport(catalog: Self.catalog).json(report)
        #expect(Self.counts(html, row: "total") == Self.jsonCounts(json["summary"]))
        let requirements = try #require(json["summary"]?["requirements"]?.objectValue)
        #expect(requirements.members.count > 100)
        for member in requirements.members {
            #expect(Self.counts(html, row: "req-\(member.key)") == Self.jsonCounts(member.value), "\(member.key)")
        }
        // Each case of check names one requirement, so an area's row adds up its requirements' rows.
        for area in Set(requirements.members.map { RequirementID($0.key).area }) {
            var sum: [String: Int64] = [:]
            for member in requirements.members where RequirementID(member.key).area == area {
                sum.merge(Self.jsonCounts(member.value), uniquingKeysWith: +)
            }
            #expect(Self.counts(html, row: "area-\(area)") == sum, "\(area)")
        }
    }

    @Test func aFailingPartIsOpenAndAPassingOneClosed() throws {
        let (report, sections) = try Self.checked(["bad/time-2-no-cancel-client.jsonl", "good/happy-all.jsonl"])
        let html = HTMLReport(catalog: Self.catalog).render(report, sections: sections)
        #expect(html.contains("<details class=\"jw-case\" id=\"part-0\" data-outcome=\"failed\" open>"))
        #expect(html.contains("<details class=\"jw-case\" id=\"part-1\" data-outcome=\"passed\">"))
    }

    @Test func thePageFetchesNothing() throws {
        let (report, sections) = try Self.checked(["good/happy-all.jsonl"])
        let html = HTMLReport(catalog: Self.catalog).render(report, sections: sections)
        #expect(html.contains("https://img.example.com"))  // in a payload, as data
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\""))
        // Outside the JSON data, no address and nothing that loads one.
        var markup = html
        while let open = markup.range(of: "<script type=\"application/json\""), let close = markup[open.upperBound...].range(of: "</script>") {
            markup.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for loader in ["http:", "https:", "://", "src=", "href=\"//", "<link", "@import", "url(", "fetch(", "XMLHttpRequest", "WebSocket", "EventSource", "import("] {
            #expect(!markup.contains(loader), "\(loader)")
        }
    }

    @Test func aPayloadCannotCloseTheScriptOpenACommentOrEndALine() throws {
        let hostile = "</script><script>alert(1)</script><!-- \u{2028}\u{2029}"
        let line = JSONValue.object([
            "ts": 1_767_225_600_000, "actor": "client", "id": "c-1", "kind": "io.out", "event": .string("note</script>"),
            "payload": ["ReqID": "R-1", "text": .string(hostile)],
        ]).compactText
        let text = "{\"format\":\"jobwire-trace\",\"version\":1,\"roles\":[\"client\"]}\n\(line)\n"
        let verdict = try TraceChecker.check(text: text, file: "hostile.jsonl")
        let timeline = try TimelineBuilder.timeline(text: text, file: "hostile.jsonl", verdict: verdict, catalog: nil)
        let report = RunReport(title: "check", testee: "hostile </script>", results: verdict.caseResults())
        let html = HTMLReport(catalog: nil).render(report, sections: [HTMLReportSection(title: "hostile </script><!--", caseIDs: verdict.caseResults().map(\.id), timeline: timeline)])
        // Three scripts (the data, the swimlanes, the page's), closed three times: no payload closed one.
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        #expect(html.components(separatedBy: "</script>").count - 1 == 3)
        #expect(!html.contains("<!--") && !html.contains("\u{2028}") && !html.contains("\u{2029}"))
        // The data still reads back as the payload.
        let open = try #require(html.range(of: "<script type=\"application/json\" id=\"timeline-0\">"))
        let close = try #require(html[open.upperBound...].range(of: "</script>"))
        let decoded = try JSONDecoder().decode(Timeline.self, from: Data(html[open.upperBound..<close.lowerBound].utf8))
        let payload = try JSONParser.parse(try #require(decoded.steps.first).payload)
        #expect(payload["payload"]?["text"]?.stringValue == hostile)
    }
}
