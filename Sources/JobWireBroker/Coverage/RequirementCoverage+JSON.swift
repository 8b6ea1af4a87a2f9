import JobWire
import SocketIOWire

extension RequirementCoverage {
    /// The coverage for machines: a `summary` of integer counts (the statuses count MUST
    /// requirements), one entry per requirement with its judges and bad examples by kind and
    /// name, the stale declarations and the notes. `hidingJudged` leaves out `judged` entries.
    public func json(hidingJudged: Bool = false) -> JSONValue {
        let summary: JSONObject = [
            "requirements": .int(Int64(count())),
            "must": .int(Int64(count(level: "MUST"))),
            "should": .int(Int64(count(level: "SHOULD"))),
            "judged": .int(Int64(count(.judged, level: "MUST"))),
            "untripped": .int(Int64(count(.untripped, level: "MUST"))),
            "unjudged": .int(Int64(count(.unjudged, level: "MUST"))),
            "awaiting": .int(Int64(count(.awaiting, level: "MUST"))),
            "judgeNone": .int(Int64(count(.judgeNone, level: "MUST"))),
            "gaps": .int(Int64(gaps.count)),
            "problems": .int(Int64(problems.count)),
        ]
        return [
            "succeeded": .bool(succeeded),
            "summary": .object(summary),
            "requirements": .array(entries.filter { !(hidingJudged && $0.status == .judged) }.map(Self.json)),
            "problems": .array(problems.map { problem in
                var object: JSONObject = ["place": .string(problem.place), "message": .string(problem.message)]
                if let id = problem.id { object["id"] = .string(id.rawValue) }
                return .object(object)
            }),
            "notes": .array(notes.map { .string($0) }),
        ]
    }

    private static func json(_ entry: RequirementCoverageEntry) -> JSONValue {
        func list(_ evidence: [CoverageEvidence]) -> JSONValue {
            .array(evidence.map { ["kind": .string($0.kind.rawValue), "name": .string($0.name)] })
        }
        var object: JSONObject = [
            "id": .string(entry.id.rawValue),
            "area": .string(entry.id.area),
            "level": .string(entry.requirement.level),
            "roles": .array(entry.requirement.roles.map { .string($0) }),
            "sentence": .string(entry.requirement.sentence),
            "status": .string(entry.status.rawValue),
            "judges": .int(Int64(entry.judges.count)),
            "badExamples": .int(Int64(entry.badExamples.count)),
            "judgedBy": list(entry.judges),
            "trippedBy": list(entry.badExamples),
        ]
        if let reason = entry.requirement.judgeNone { object["judgeNone"] = .string(reason) }
        if let awaiting = entry.awaiting { object["awaiting"] = .string(awaiting.reason) }
        return .object(object)
    }
}
