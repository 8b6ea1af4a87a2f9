import JobWire

extension RequirementCoverage {
    /// The table for a person: a line per requirement (id, level, roles, judges by kind, bad
    /// examples, status and, for `awaiting` and `judge-none`, the reason), then stale declarations,
    /// notes and the totals. `hidingJudged` leaves out the `judged` lines, not their totals.
    public func text(hidingJudged: Bool = false) -> String {
        var out = Self.row("ID", "LEVEL", "ROLES", "JUDGES", "BAD", "STATUS")
        for entry in entries where !(hidingJudged && entry.status == .judged) {
            var status = entry.status.rawValue
            if entry.status == .awaiting, let reason = entry.awaiting?.reason { status += "  # \(reason)" }
            if entry.status == .judgeNone, let reason = entry.requirement.judgeNone { status += "  # \(reason)" }
            let roles = entry.requirement.roles.map { $0.replacingOccurrences(of: " app", with: "") }.joined(separator: ",")
            out += Self.row(entry.id.rawValue, entry.requirement.level, roles, entry.judgeSummary, String(entry.badExamples.count), status)
        }
        if !problems.isEmpty { out += "\n" }
        for problem in problems { out += "STALE  \(problem)\n" }
        if !notes.isEmpty { out += "\n" }
        for note in notes { out += "NOTE   \(note)\n" }
        out += "\n" + footer
        return out
    }

    /// The totals by level and status, then the verdict: `MUST 131: 90 judged, 0 untripped, ...`.
    public var footer: String {
        var out = ""
        for level in ["MUST", "SHOULD"] where count(level: level) > 0 {
            let counts = [RequirementStatus.judged, .untripped, .unjudged, .awaiting, .judgeNone].map { "\(count($0, level: level)) \($0.rawValue)" }
            out += "\(level) \(count(level: level)): \(counts.joined(separator: ", "))\n"
        }
        if !gaps.isEmpty {
            out += "\(gaps.count) MUST requirement(s) neither judged, judge-none nor awaiting: \(gaps.map(\.id.rawValue).joined(separator: ", "))\n"
        }
        if !problems.isEmpty { out += "\(problems.count) stale or excessive declaration(s)\n" }
        if succeeded { out += "every MUST requirement is judged, judge-none or awaiting\n" }
        return out
    }

    private static func row(_ id: String, _ level: String, _ roles: String, _ judges: String, _ bad: String, _ status: String) -> String {
        let bad = String(repeating: " ", count: max(0, 3 - bad.count)) + bad
        return "\(pad(id, 9)) \(pad(level, 7)) \(pad(roles, 21)) \(pad(judges, 42)) \(bad)  \(status)\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
