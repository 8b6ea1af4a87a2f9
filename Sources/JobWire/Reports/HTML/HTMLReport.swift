/// Renders a run as one self-contained HTML page (issue 20): a summary table by area and
/// requirement with the counts of ``JSONReport``, then one collapsible part per trace or case
/// with its swimlane diagram, each violation pinned to the lines it cites and linked to its
/// requirement's sentence. A part with a failing case is open on load, the others closed.
///
/// The page fetches nothing: the script and style are inline, the data sits in
/// `<script type="application/json">` elements escaped by ``HTMLText/scriptJSON(_:)``, and a
/// Content-Security-Policy of `default-src 'none'` forbids any request, so it works from
/// `file://` and as a CI artifact.
public struct HTMLReport {
    public var catalog: RequirementCatalog?

    public init(catalog: RequirementCatalog?) { self.catalog = catalog }

    /// The page for `report`, its cases grouped into `sections`; cases no section names get a part of their own.
    public func render(_ report: RunReport, sections: [HTMLReportSection]) -> String {
        let byID = Dictionary(report.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var parts = sections
        let shown = Set(sections.flatMap(\.caseIDs))
        let rest = report.results.map(\.id).filter { !shown.contains($0) }
        if !rest.isEmpty { parts.append(HTMLReportSection(title: "Other cases", caseIDs: rest, timeline: nil)) }
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>jobwire \(HTMLText.escape(report.title)): \(HTMLText.escape(report.summary.line))</title>
            <style>\(HTMLReportPage.style)\(SwimlaneStyle.text)</style>
            </head><body>
            <header><h1>jobwire \(HTMLText.escape(report.title))</h1>
            <p>testee: \(HTMLText.escape(report.testee))</p>
            <p class="jw-verdict \(report.succeeded ? "jw-ok" : "jw-bad")">\(report.succeeded ? "conforms" : "does not conform"): \(HTMLText.escape(report.summary.line))</p></header>

            """
        html += summaryTable(report)
        html += problems(report)
        html += "<h2>\(parts.count == 1 ? "1 trace or case" : "\(parts.count) traces or cases")</h2>\n"
        for (index, part) in parts.enumerated() {
            html += section(part, index: index, cases: part.caseIDs.compactMap { byID[$0] })
        }
        html += "<script>\(SwimlaneScript.text)</script>\n<script>\(HTMLReportPage.script)</script>\n</body></html>\n"
        return html
    }

    // MARK: - Summary

    private func summaryTable(_ report: RunReport) -> String {
        var html = "<h2>Summary</h2>\n<table class=\"jw-summary\"><thead><tr><th>Area / requirement</th>"
        html += HTMLReportPage.countNames.map { "<th>\($0.title)</th>" }.joined() + "</tr></thead><tbody>\n"
        html += row(id: "total", class: "jw-total", heading: "All cases", report.summary)
        let byRequirement = report.summaryByRequirement
        for (area, summary) in report.summaryByArea {
            // An area where nothing went wrong shows its requirements when its row is clicked.
            let quiet = summary.failed + summary.errors + summary.knownFailures + summary.inconclusive == 0
            html += row(id: "area-\(area)", class: "jw-area", heading: HTMLText.escape(area), summary, attributes: " data-area=\"\(HTMLText.escape(area))\"")
            for (requirement, counts) in byRequirement where requirement.area == area {
                let sentence = catalog?[requirement].map { " <span class=\"jw-sentence\">\(HTMLText.escape("\($0.level): \($0.sentence)"))</span>" } ?? ""
                html += row(
                    id: "req-\(requirement.rawValue)", class: "jw-requirement", heading: "<span class=\"jw-req\">\(HTMLText.escape(requirement.rawValue))</span>\(sentence)",
                    counts, attributes: " data-in-area=\"\(HTMLText.escape(area))\"\(quiet ? " hidden" : "")")
            }
        }
        return html + "</tbody></table>\n"
    }

    private func row(id: String, class name: String, heading: String, _ summary: RunSummary, attributes: String = "") -> String {
        let counts = HTMLReportPage.countNames.map { $0.count(summary) }
        let cells = counts.map { "<td\($0 > 0 ? "" : " class=\"jw-zero\"")>\($0)</td>" }.joined()
        let data = counts.map(String.init).joined(separator: " ")
        return "<tr id=\"\(HTMLText.escape(id))\" class=\"\(name)\" data-counts=\"\(data)\"\(attributes)><th>\(heading)</th>\(cells)</tr>\n"
    }

    private func problems(_ report: RunReport) -> String {
        var items = report.staleKnownFailures.map { "stale known failure \($0.file):\($0.line): \($0.id) \($0.reason)" }
        items += report.testeeProblems.map { "testee: \($0)" }
        guard !items.isEmpty else { return "" }
        return "<ul class=\"jw-problems\">" + items.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
    }

    // MARK: - Parts

    private func section(_ part: HTMLReportSection, index: Int, cases: [CaseResult]) -> String {
        let failing = cases.contains { $0.outcome.isProblem && !$0.knownFailure }
        let summary = RunSummary(cases)
        var html = "<details class=\"jw-case\" id=\"part-\(index)\" data-outcome=\"\(failing ? "failed" : "passed")\"\(failing ? " open" : "")>\n"
        html += "<summary><span class=\"jw-tag \(failing ? "jw-fail" : "jw-pass")\">\(failing ? "FAIL" : "PASS")</span> \(HTMLText.escape(part.title)) <span class=\"jw-counts\">\(HTMLText.escape(summary.line))</span></summary>\n"
        // A trace's many skipped requirements are counted in the heading, not listed.
        let listed = cases.filter { result in
            if case .skipped = result.outcome { return cases.count == 1 }
            return result.outcome != .passed
        }
        if !listed.isEmpty {
            html += "<ul class=\"jw-results\">\n" + listed.map(caseItem).joined() + "</ul>\n"
        }
        if let timeline = part.timeline {
            html += "<div class=\"jw-lanes-host\" data-timeline=\"timeline-\(index)\"></div>\n"
            html += "<script type=\"application/json\" id=\"timeline-\(index)\">\(HTMLText.scriptJSON(timeline))</script>\n"
        }
        return html + "</details>\n"
    }

    private func caseItem(_ result: CaseResult) -> String {
        var html = "<li class=\"jw-result\"><span class=\"jw-tag jw-\(result.tag.lowercased())\">\(result.tag)</span> \(HTMLText.escape(result.id))"
        // A failure is told by the requirements it broke, which need not be those the case names.
        let broken = Array(Set(result.violations.map(\.requirement))).sorted()
        for requirement in broken.isEmpty ? result.requirements : broken {
            html += "<div><a class=\"jw-req\" href=\"#req-\(HTMLText.escape(requirement.rawValue))\">\(HTMLText.escape(requirement.rawValue))</a> \(HTMLText.escape(catalog?[requirement].map { "\($0.level): \($0.sentence)" } ?? result.description))</div>"
        }
        switch result.outcome {
        case .passed: break
        case .failed(let expected, let observed) where result.violations.isEmpty:
            html += "<div>expected: \(HTMLText.escape(expected))</div><div>observed: \(HTMLText.escape(observed))</div>"
        case .failed:
            // The violations are listed and pinned by the diagram; say how many there were.
            let more = result.violationCount > result.violations.count ? " (the first \(result.violations.count) of \(result.violationCount) shown)" : ""
            html += "<div>\(result.violationCount) \(result.violationCount == 1 ? "violation" : "violations")\(more): see the diagram.</div>"
        case .skipped(let reason): html += "<div>skipped: \(HTMLText.escape(reason))</div>"
        case .error(let message): html += "<div>error: \(HTMLText.escape(message))</div>"
        case .inconclusive(let reason): html += "<div>inconclusive: \(HTMLText.escape(reason))</div>"
        }
        return html + "</li>\n"
    }
}
