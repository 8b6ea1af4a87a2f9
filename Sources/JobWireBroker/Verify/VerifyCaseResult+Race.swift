import JobWire

extension VerifyCaseResult {
    /// For a race case with violations: the smallest round that broke a requirement (the first
    /// whose request a violation names), its interleaving as the kit observed it, and the options
    /// that replay the same release orders. Empty otherwise.
    var raceNotes: [String] {
        guard !violations.isEmpty, !rounds.isEmpty else { return [] }
        let named = violations.map { "\($0.expected) \($0.observed)" }
        let broken = rounds.filter { round in
            round.reqs.contains { req in named.contains { Self.names($0, req) } }
        }
        guard let first = broken.min(by: { $0.round < $1.round }) else { return [] }
        let ids = Array(Set(violations.filter { v in first.reqs.contains { Self.names("\(v.expected) \(v.observed)", $0) } }.map(\.requirement))).sorted()
        var notes = [
            "race: \(broken.count) of \(rounds.count) rounds broke a requirement; the smallest is round \(first.round) (\(first.reqs.joined(separator: ", "))), breaking \(ids.map(\.rawValue).joined(separator: ", "))",
            "  released together within \(first.releaseSpreadMicroseconds) µs, in this order (call -> answer, #n: the order the answers arrived):",
        ]
        notes += first.interleaving.map { "    \($0)" }
        notes.append("  replay: jobwire verify --only \(id) --seed \(race.seed) --racers \(race.racers) --race-rounds \(race.rounds)")
        return notes
    }

    /// True when `text` names request `req` as a whole word (`R-1` is not in `R-10`).
    static func names(_ text: String, _ req: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: req) {
            let after = range.upperBound < rest.endIndex ? rest[range.upperBound] : " "
            let before = range.lowerBound > rest.startIndex ? rest[rest.index(before: range.lowerBound)] : " "
            if !(after.isLetter || after.isNumber || after == "-"), !(before.isLetter || before.isNumber || before == "-") { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
