import JobWire

extension VerifyRun {
    /// One part of the HTML report per case: the events it recorded, on their lines of the run's
    /// capture (the lines its violations cite), drawn as swimlanes.
    public func htmlSections(catalog: RequirementCatalog?) -> [HTMLReportSection] {
        let header = capture.header
        var eventsByCase: [String: [TraceEvent]] = [:]
        for (event, caseID) in captureEvents { eventsByCase[caseID, default: []].append(event) }
        return results.map { result in
            let events = eventsByCase[result.id] ?? []
            let timeline = events.isEmpty ? nil : TimelineBuilder.timeline(
                title: result.id, header: header, events: events, violations: result.violations, catalog: catalog)
            return HTMLReportSection(title: "\(result.id): \(result.verifyCase.title)", caseIDs: [result.id], timeline: timeline)
        }
    }
}
