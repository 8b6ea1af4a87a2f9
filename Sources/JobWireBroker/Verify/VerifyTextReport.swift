import JobWire

/// Renders a verify run for a person, h2spec-style: cases grouped by the area of the
/// requirement they check, each passed, failed, skipped or error with its time, and for a
/// failure the requirement's sentence, what was expected and what was observed.
public struct VerifyTextReport: Sendable {
    public var catalog: RequirementCatalog?

    /// The areas' titles as Docs/PROTOCOL.md's headings give them (a test holds them equal).
    static let areaTitles: [String: String] = [
        "MSG": "Socket.IO messages", "REST": "REST calls", "FLOW": "Ordering per request", "VIEW": "Work in Progress and its views",
        "ALERT": "Transitional alerts", "TIME": "Timers and delays", "ELIG": "Eligibility", "DISC": "Discards",
        "STATE": "Connection and retaking state", "OFFL": "Offline workflow", "AUTH": "Authentication online and offline",
        "TASK": "HandyFriends task API", "FIX": "Test fixtures",
    ]

    public init(catalog: RequirementCatalog?) { self.catalog = catalog }

    public func render(_ report: RunReport, timeoutMs: Int64) -> String {
        var out = "jobwire verify — \(report.testee) (timeout \(timeoutMs) ms)\n"
        let areas = Dictionary(grouping: report.results) { $0.requirement.area }
        for area in areas.keys.sorted(by: { Self.order($0) < Self.order($1) }) {
            out += "\n\(area) — \(Self.areaTitles[area] ?? area)\n"
            for result in areas[area]! { out += render(result) }
        }
        for stale in report.staleKnownFailures {
            out += "\nSTALE  \(stale.file):\(stale.line): \(stale.id) \(stale.reason)\n"
        }
        out += "\n\(report.results.count) cases: \(report.summary.line)\n"
        return out
    }

    private func render(_ result: CaseResult) -> String {
        let tag = result.columnTag
        let ids = result.requirements.map(\.rawValue).joined(separator: ", ")
        var out: String
        if case .failed = result.outcome {
            // The violated ids first, as the checker found them, then the case that found them.
            let violated = Array(Set(result.violations.map(\.requirement))).sorted().map(\.rawValue).joined(separator: ", ")
            out = "  \(tag) \(violated) in \(result.id) (\(Self.time(result.durationSeconds)))  \(result.description)  [\(ids)]\n"
        } else {
            out = "  \(tag) \(result.id) (\(Self.time(result.durationSeconds)))  \(result.description)  [\(ids)]\n"
        }
        switch result.outcome {
        case .passed: break
        case .skipped(let reason): out += "         skipped: \(reason)\n"
        case .error(let message): out += "         error: \(message)\n"
        case .inconclusive(let reason): out += "         inconclusive: \(reason)\n"
        case .failed:
            for violation in result.violations {
                out += "         \(catalog?.headline(violation.requirement) ?? violation.requirement.rawValue)\n"
                out += "           \(violation.linesText) of the run's capture (--capture)\n"
                out += "           expected: \(violation.expected)\n"
                out += "           observed: \(violation.observed)\n"
            }
        }
        for note in result.notes { out += "         \(note)\n" }
        return out
    }

    /// PROTOCOL.md's order of the areas.
    static func order(_ area: String) -> Int {
        ["MSG", "REST", "FLOW", "VIEW", "ALERT", "TIME", "ELIG", "DISC", "STATE", "OFFL", "AUTH", "TASK", "FIX"].firstIndex(of: area) ?? 99
    }

    static func time(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(((seconds * 10).rounded() / 10)) s"
    }
}
