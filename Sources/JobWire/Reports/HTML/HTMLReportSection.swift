/// One part of an HTML report: a trace or a verify case, the cases of the run it shows, and
/// its swimlane diagram when its events are known.
public struct HTMLReportSection: Sendable {
    /// The heading: the trace file, or the case id and title.
    public var title: String
    /// The ids of the run's cases this part shows (``CaseResult/id``).
    public var caseIDs: [String]
    /// The diagram of its events; nil when there were none to draw.
    public var timeline: Timeline?

    /// A part titled `title` showing the cases `caseIDs` and `timeline`.
    public init(title: String, caseIDs: [String], timeline: Timeline?) {
        self.title = title
        self.caseIDs = caseIDs
        self.timeline = timeline
    }
}

extension HTMLReportSection {
    /// A checked trace's part: the cases of `verdict` (`FILE:ID`), drawn from the trace file at
    /// `path` (the file `verdict` judged) with its violations pinned.
    public static func trace(path: String, verdict: TraceVerdict, catalog: RequirementCatalog?) throws(InputError) -> HTMLReportSection {
        let timeline = try TimelineBuilder.timeline(path: path, displayPath: verdict.file, verdict: verdict, catalog: catalog)
        return HTMLReportSection(title: verdict.file, caseIDs: verdict.caseResults().map(\.id), timeline: timeline)
    }
}
