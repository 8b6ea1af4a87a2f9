extension TimelineBuilder {
    /// The timeline of the trace file at `path`, read as a stream, with the violations of `verdict`
    /// (the checker's on the same file); `displayPath` names it in the title and in errors.
    public static func timeline(path: String, displayPath: String? = nil, verdict: TraceVerdict?, catalog: RequirementCatalog?) throws(InputError) -> Timeline {
        try build(title: displayPath ?? path, verdict: verdict, catalog: catalog) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(path: path, displayPath: displayPath, body)
        }
    }

    /// The timeline of a trace held in memory (a scenario's or a replay's capture), with the violations of `verdict`.
    public static func timeline(text: String, file: String, verdict: TraceVerdict?, catalog: RequirementCatalog?) throws(InputError) -> Timeline {
        try build(title: file, verdict: verdict, catalog: catalog) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TraceReader.read(text: text, file: file, body)
        }
    }

    /// Feeds what `read` reads into one builder, in place.
    private static func build(
        title: String, verdict: TraceVerdict?, catalog: RequirementCatalog?,
        _ read: ((TraceReader.Item) throws(InputError) -> Void) throws(InputError) -> Void
    ) throws(InputError) -> Timeline {
        var builder: TimelineBuilder?
        try read { (item: TraceReader.Item) throws(InputError) in
            switch item {
            case .header(let header): builder = TimelineBuilder(title: title, header: header, catalog: catalog)
            case .event(let event): builder!.add(event)
            }
        }
        builder!.setViolations(verdict?.pinnedViolations ?? [])
        return builder!.timeline
    }
}

extension TraceVerdict {
    /// The violations a report pins to the trace: those kept of every requirement that failed.
    public var pinnedViolations: [Violation] { rules.filter(\.failed).flatMap(\.violations) }
}
