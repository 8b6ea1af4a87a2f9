import Foundation
import JobWire

extension RequirementEvidence {
    /// Everything the kit holds, read from its registries and shipped files and never from a
    /// hand-kept list: the checker's rules, the `jobwire verify` cases, the scenarios and vector
    /// suites of `vectors` (the judges); the bad traces of its manifest, the backend and app fault
    /// registries and, when `examples` is given, the wrong example adapters' known failures (the
    /// bad examples). Unusable files are errors naming the file and line.
    public static func kit(vectors: URL, displayRoot: String = "Vectors", examples: URL?) throws(InputError) -> RequirementEvidence {
        var evidence = RequirementEvidence()
        for rule in TraceRuleBook.rules { evidence.add(.rule, rule.check, for: [rule.id]) }
        for verifyCase in try VerifyCases.all(vectors: vectors) { evidence.add(.verify, verifyCase.id, for: verifyCase.requirements) }
        for scenario in try ScenarioCatalog.shipped(vectors: vectors, displayRoot: displayRoot).loadAll() {
            evidence.add(.scenario, scenario.name, for: scenario.requirements)
        }
        for suite in VectorSuites.all {
            for vector in try VectorLoader.load(suite: suite, from: vectors, displayRoot: displayRoot) {
                evidence.add(.vectors, "\(suite.name) \(vector.id)", for: vector.requirements)
            }
        }
        for trace in try TraceManifest.load(fromVectors: vectors, displayRoot: displayRoot).entries where !trace.expect.isEmpty {
            evidence.add(.badTrace, trace.file, for: trace.expect)
        }
        for mutant in BackendFaults.named { evidence.add(.backendMutant, "BackendFaults.\(mutant.name)", for: mutant.breaks) }
        for mutant in TaskFaults.named { evidence.add(.backendMutant, "TaskFaults.\(mutant.name)", for: mutant.breaks) }
        for mutant in AppFaults.named { evidence.add(.appMutant, "AppFaults.\(mutant.name)", for: mutant.breaks) }
        if let examples {
            try evidence.addWrongAdapters(examples: examples, vectors: vectors, displayRoot: displayRoot)
        } else {
            evidence.notes.append("wrong adapters: Examples/ not found, not counted")
        }
        return evidence
    }
}
