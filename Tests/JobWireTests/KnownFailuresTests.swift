import Testing
@testable import JobWire

/// A known-failures list excuses listed failures and can never go stale silently.
struct KnownFailuresTests {
    private func result(_ id: String, _ outcome: CaseOutcome) -> CaseResult {
        CaseResult(id: id, description: id, requirement: "ELIG-4", outcome: outcome)
    }

    @Test func listedFailuresDoNotFailTheRun() throws {
        let list = try KnownFailures.parse("# known\nb.two   # flat earth\n\n", file: "known.txt")
        let report = RunReport(title: "t", testee: "x", results: [result("a.one", .passed), result("b.two", .failed(expected: "e", observed: "o"))]).applying(list)
        #expect(report.succeeded)
        #expect(report.summary.failed == 0)
        #expect(report.summary.knownFailures == 1)
    }

    @Test func aListedCaseThatPassesFailsTheRun() throws {
        let list = try KnownFailures.parse("a.one\n", file: "known.txt")
        let report = RunReport(title: "t", testee: "x", results: [result("a.one", .passed)]).applying(list)
        #expect(!report.succeeded)
        #expect(report.staleKnownFailures.map(\.id) == ["a.one"])
        #expect(report.staleKnownFailures.first?.line == 1)
    }

    @Test func aListedIdNoCaseHasFailsTheRun() throws {
        let list = try KnownFailures.parse("\nnot.a.case\n", file: "known.txt")
        let report = RunReport(title: "t", testee: "x", results: [result("a.one", .passed)]).applying(list)
        #expect(!report.succeeded)
        #expect(report.staleKnownFailures.first?.reason.contains("no case has this id") == true)
        #expect(report.staleKnownFailures.first?.line == 2)
    }

    @Test func anUnlistedFailureStillFailsTheRun() throws {
        let list = try KnownFailures.parse("b.two\n", file: "known.txt")
        let report = RunReport(title: "t", testee: "x", results: [result("a.one", .error(message: "hung")), result("b.two", .failed(expected: "e", observed: "o"))]).applying(list)
        #expect(!report.succeeded)
        #expect(report.summary.errors == 1)
    }

    @Test func malformedListsNameTheLine() {
        #expect(throws: InputError.self) { try KnownFailures.parse("a.one\ntwo words\n", file: "k.txt") }
        #expect(throws: InputError.self) { try KnownFailures.parse("a.one\na.one\n", file: "k.txt") }
    }
}

/// One reading of a known-failures entry for every command: a case id, a requirement the case is
/// about or violated, or FILE:ID; nothing else.
struct KnownFailuresEntryTests {
    @Test func anEntryNamesACaseByItsIDItsRequirementsOrWhatItViolated() {
        let result = CaseResult(
            id: "new-direct", description: "d", requirement: "MSG-3", outcome: .failed(expected: "", observed: ""), location: "/tmp/run.jsonl",
            violations: [Violation(requirement: "FLOW-8", lines: [3], expected: "e", observed: "o")], requirements: ["MSG-3", "MSG-8"])
        for entry in ["new-direct", "MSG-3", "MSG-8", "FLOW-8", "run.jsonl:MSG-3"] {
            #expect(KnownFailures.entry(entry, names: result), "\(entry)")
        }
        for entry in ["new", "MSG-4", "other.jsonl:MSG-3", "run.jsonl:FLOW-8x", ""] {
            #expect(!KnownFailures.entry(entry, names: result), "\(entry)")
        }
    }
}
