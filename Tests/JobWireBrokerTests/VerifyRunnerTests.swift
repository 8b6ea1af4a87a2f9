import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// `jobwire verify` in-process against the embedded reference backend: the clean backend passes
/// every case, and each mutant fails exactly on the requirements its fault breaks. Its tests run
/// beside one another; ``slots`` bounds the runs they make at once.
@Suite(.timeLimit(.minutes(30)))
struct VerifyRunnerTests {
    static let vectors: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Vectors")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("requirements.json").path) { return candidate }
        }
        return url
    }()

    /// Runs verify against the embedded backend with `faults`. A run with an inconclusive case (the
    /// kit starved on a loaded machine) has no verdict, so it runs again, up to `attempts` times.
    /// So does a race mutant's run that `missed` (by default ``isRaceMiss(_:_:)``: it caught
    /// nothing), with the next seed.
    static func verify(
        _ faults: BackendFaults = [], taskFaults: TaskFaults = [], only: [String] = [], attempts: Int = 3,
        missed: ((VerifyRun) -> Bool)? = nil
    ) async throws -> VerifyRun {
        var attempt = 0
        while true {
            attempt += 1
            let backend = try await EmbeddedBackend.start(faults: faults, taskFaults: taskFaults)
            var options = backend.options(vectors: vectors)
            options.only = only
            options.seed = 20_261_125 + UInt64(attempt - 1)  // the generated population, the same in every test run's first try
            // The race mutants get every round they need to be caught each time; for every other
            // backend the race cases run two rounds, which judge the same history in less time.
            if !faults.isEmpty, faults.isDisjoint(with: .races) { options.race.rounds = 2 }
            let run = try await VerifyRunner.run(options)
            await backend.shutdown()
            if (!run.isInconclusive && !(missed?(run) ?? isRaceMiss(faults, run))) || attempt >= attempts { return run }
        }
    }

    /// A race mutant whose run failed nothing: its gap is one turn of the server's task pool wide,
    /// and a run's rounds land a call inside it often but not surely (Docs/BROKER.md, "Races in verify"), so the
    /// test gives it up to three seeds. A run that fails anything at all is judged as it is (a
    /// mutant's own run retries a partial catch too, ``isPartialRaceCatch(_:_:)``), and the clean
    /// backend never runs again: a false alarm is never retried away.
    static func isRaceMiss(_ faults: BackendFaults, _ run: VerifyRun) -> Bool {
        !faults.isDisjoint(with: .races) && run.failedRequirements.isEmpty
    }

    /// A race mutant's run over the cases of every id it declares that caught it not at all or only
    /// in part: it failed nothing it does not declare, but not every id of its ``NamedFault/breaks`` either.
    /// Each id is shown by its own rounds (`cancelFromStaleRead`'s REST-10 by `race-close-cancel`,
    /// its REST-15 by `race-cancel-accept`), and a loaded machine may break none of one case's
    /// rounds (Docs/BROKER.md, "Races in verify"), so the run gets the next seed as a miss does;
    /// what it declares must show within the attempts. An id it does not declare is never retried away.
    static func isPartialRaceCatch(_ mutant: NamedFault<BackendFaults>, _ run: VerifyRun) -> Bool {
        let failed = Set(run.failedRequirements)
        return !mutant.fault.isDisjoint(with: .races) && !Set(mutant.breaks).isSubset(of: failed)
            && failed.isSubset(of: mutant.breaks + mutant.breaksInSomeInterleavings)
    }

    /// The verify runs this suite and ``VerifyRaceTests`` make at once: a run mostly waits on the
    /// backend and on its settle windows, so four overlap well even on two cores. Four hold about
    /// 2,000 sockets, past what Foundation's Process.run() survives on Linux (Swift 6.3.1), so
    /// `Scripts/test` runs these two suites in a pass apart from every test that starts a child.
    static let slots = RunSlots(limit: 4)

    /// The clean backend's whole suite, run once for every test that judges it: this suite's and
    /// ``VerifyRaceTests``' clean race cases. The clean backend never runs again for a verdict (a
    /// false alarm is never retried away); only an inconclusive run does.
    static let cleanRun = Task { try await slots.run { try await verify(attempts: 5) } }

    static func describe(_ run: VerifyRun) -> String {
        run.results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.outcome) \($0.violations.map { "\($0.requirement) \($0.observed)" })" }.joined(separator: "\n")
    }

    /// What `jobwire check` finds in the run's `--capture` (its text, parsed again), every
    /// violation kept; checked on a thread of its own (``BlockingWork``), as verify judges, so
    /// that the runs going on beside it do not stall.
    static func checkedCapture(_ run: VerifyRun) async throws -> TraceVerdict {
        try await BlockingWork.run("jobwire.test.check") {
            Result { () throws(InputError) in try TraceChecker.check(text: run.captureText, file: "capture.jsonl", keep: .max) }
        }.get()
    }

    /// `jobwire check` on the capture fails exactly the ids verify reported; every violation it
    /// finds is one verify reported, and each is reported by a case that recorded one of its
    /// lines (or by the run).
    static func expectTheCaptureAgrees(_ run: VerifyRun, _ label: String) async throws {
        let verdict = try await checkedCapture(run)
        #expect(verdict.failedIDs == run.failedRequirements, "\(label): jobwire check on the capture")
        let checked = verdict.rules.filter(\.failed).flatMap(\.violations)
        #expect(Set(checked) == Set(run.results.flatMap(\.violations)), "\(label)")
        let owners = run.captureEvents.map(\.caseID)
        for result in run.results where result.id != "run" {
            for violation in result.violations {
                #expect(violation.lines.contains { $0 >= 2 && $0 - 2 < owners.count && owners[$0 - 2] == result.id }, "\(label): \(result.id) reports \(violation)")
            }
        }
    }

    @Test func theCleanBackendPassesEveryCaseAndItsCaptureChecksClean() async throws {
        let run = try await Self.cleanRun.value
        #expect(run.results.count >= 20)
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(Self.describe(run))")
        #expect(run.failedRequirements == [])
        try await Self.expectTheCaptureAgrees(run, "clean")
    }

    /// A backend whose clock the kit cannot move (a wall clock, no clock fixture) and whose timeout
    /// is longer than a case may wait: the case that waits the timeout out is skipped, and says why.
    @Test func aTimedCaseIsSkippedWhenItWouldWaitLongerThanACaseMay() async throws {
        let backend = try await EmbeddedBackend.start()
        defer { Task { await backend.shutdown() } }
        var profile = ProtocolProfile.standard
        profile.clockFixture = nil
        var options = backend.options(profile: profile, vectors: Self.vectors)
        options.clock = WallVerifyClock()
        options.only = ["timeout"]
        let run = try await VerifyRunner.run(options)
        #expect(run.results.map(\.id) == ["timeout"])
        #expect(run.results.first?.outcome == .skipped(
            reason: "the timeout is 600000 ms, longer than the 60000 ms a case may wait; announce a shorter one (FIX-3) or give --timeout"))
    }

    /// The cases that can catch `mutant`: every case naming one of the ids it declares it breaks
    /// (`--only` by requirement id), derived from the catalogue so that no list here can rot.
    static func only(for mutant: NamedFault<BackendFaults>) -> [String] {
        mutant.breaks.map(\.rawValue)
    }

    /// Runs `fault`'s cases (``only(for:)``); when they do not fail exactly its declared ids (a
    /// violation that only other cases' traffic shows, say), the whole suite, whose verdict then counts.
    static func verify(mutant fault: BackendFaults, attempts: Int) async throws -> VerifyRun {
        guard let mutant = BackendFaults.named.first(where: { $0.fault == fault }) else { return try await verify(fault, attempts: attempts) }
        let run = try await verify(fault, only: only(for: mutant), attempts: attempts) { isPartialRaceCatch(mutant, $0) }
        if run.isInconclusive || mutant.isCaught(by: run.failedRequirements) { return run }
        return try await verify(fault, attempts: attempts)
    }

    /// Every case of `jobwire verify`.
    static let verifyCases: [VerifyCase] = (try? VerifyCases.all(vectors: vectors)) ?? []

    /// The backend mutants, the costliest first (by the cases their runs select), so that the
    /// long runs start early and the short ones fill in beside them at the end.
    static let backendMutantsCostliestFirst: [NamedFault<BackendFaults>] = {
        let cases = verifyCases
        let options = VerifyOptions(base: URL(string: "http://127.0.0.1:1")!, vectors: vectors)
        func selected(_ mutant: NamedFault<BackendFaults>) -> Int {
            var only = options
            only.only = VerifyRunnerTests.only(for: mutant)
            return cases.filter { VerifyRunner.selects($0, only) }.count
        }
        return BackendFaults.named.map { ($0, selected($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
    }()

    /// Each BackendFaults mutant fails exactly the ids its catalogue entry declares it breaks (and
    /// perhaps those it declares it breaks in some interleavings only), and
    /// `jobwire check` on the run's capture finds exactly those ids too. Each runs the cases that
    /// name its ids (``verify(mutant:attempts:)``), which includes what catches it and whatever else
    /// judges those requirements, or everything when those alone do not show its ids exactly; the
    /// clean backend runs everything above.
    @Test func eachMutantFailsOnItsRequirementsAndTheCaptureAgrees() async throws {
        #expect(Set(Self.backendMutantsCostliestFirst.map(\.name)) == Set(BackendFaults.named.map(\.name)))
        let tripped = TrippedCases()
        try await Self.forEachVerdict(Self.backendMutantsCostliestFirst, { try await Self.verify(mutant: $0, attempts: $1) }) { mutant, run in
            await tripped.add(run, mutant.name)
            #expect(!run.results.isEmpty, "\(mutant.name): no case ran")
            #expect(!mutant.breaks.isEmpty)
            #expect(mutant.isCaught(by: run.failedRequirements), "\(mutant.name):\n\(Self.describe(run))")
            if !mutant.isCaught(by: run.failedRequirements) {
                // The capture, for whoever looks into it.
                try? run.captureText.write(toFile: NSTemporaryDirectory() + "jobwire-mutant-\(mutant.name).jsonl", atomically: true, encoding: .utf8)
            }
            #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(mutant.name): \(Self.describe(run))")
            try await Self.expectTheCaptureAgrees(run, mutant.name)
        }
        await tripped.expectEveryCaseTripped(Self.verifyCases.filter { !$0.isTaskCase }, by: "backend")
    }

    /// Each TaskFaults mutant fails exactly its declared TASK ids, and `jobwire check` on the
    /// run's capture fails exactly what the run failed (one verdict source: both are the
    /// checker's); only the TASK cases run, so each takes a second or two.
    @Test func eachTaskMutantFailsOnItsRequirementsAndTheCaptureAgrees() async throws {
        let tripped = TrippedCases()
        try await Self.forEachVerdict(TaskFaults.named, { try await Self.verify(taskFaults: $0, only: ["TASK"], attempts: $1) }) { mutant, run in
            await tripped.add(run, mutant.name)
            #expect(!run.results.isEmpty && !mutant.breaks.isEmpty)
            #expect(run.failedRequirements == mutant.breaks, "\(mutant.name):\n\(Self.describe(run))")
            #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(mutant.name): \(Self.describe(run))")
            try await Self.expectTheCaptureAgrees(run, mutant.name)
        }
        await tripped.expectEveryCaseTripped(Self.verifyCases.filter(\.isTaskCase), by: "task API")
    }

    /// The clean backend's TASK cases alone pass, and `jobwire check` on that run's capture fails nothing.
    @Test func theCleanTaskRunsCaptureFailsNothing() async throws {
        let run = try await Self.slots.run { try await Self.verify(only: ["TASK"], attempts: 5) }
        #expect(!run.results.isEmpty)
        #expect(!run.isInconclusive, "clean: no verdict in five runs:\n\(Self.describe(run))")
        #expect(run.failedRequirements == [], "clean:\n\(Self.describe(run))")
        try await Self.expectTheCaptureAgrees(run, "clean TASK")
    }

    /// Runs every mutant through `verify`, each in one of ``slots``, and `judge`s its run. A mutant
    /// whose run stays inconclusive beside the others (the kit starved on each of three tries)
    /// runs again alone afterwards, holding every slot; only a run with a verdict is judged, and
    /// one that has none even alone fails the test.
    static func forEachVerdict<Fault: Sendable & Hashable>(
        _ mutants: [NamedFault<Fault>],
        _ verify: @escaping @Sendable (Fault, _ attempts: Int) async throws -> VerifyRun,
        judge: @escaping @Sendable (NamedFault<Fault>, VerifyRun) async throws -> Void
    ) async throws {
        let starved = StarvedMutants<Fault>()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for mutant in mutants {
                group.addTask {
                    let run = try await slots.run { try await verify(mutant.fault, 3) }
                    if run.isInconclusive { await starved.add(mutant) } else { try await judge(mutant, run) }
                }
            }
            try await group.waitForAll()
        }
        for mutant in await starved.mutants {
            let run = try await slots.alone { try await verify(mutant.fault, 5) }
            #expect(!run.isInconclusive, "\(mutant.name): no verdict in three runs beside others and five alone:\n\(Self.describe(run))")
            if !run.isInconclusive { try await judge(mutant, run) }
        }
    }
}

/// The mutants whose runs had no verdict, to run again alone.
actor StarvedMutants<Fault: Sendable & Hashable> {
    private(set) var mutants: [NamedFault<Fault>] = []
    func add(_ mutant: NamedFault<Fault>) { mutants.append(mutant) }
}

/// The verify cases the mutants' runs failed with a requirement the case names: a case is a judge,
/// and a judge that no fault of the reference backend trips is a sentence nothing shows it can
/// fail. Each mutant runs the cases naming the ids it breaks, so a case is tripped by a fault that
/// breaks what it judges.
actor TrippedCases {
    private var trippers: [String: [String]] = [:]

    func add(_ run: VerifyRun, _ mutant: String) {
        for result in run.results where result.violations.contains(where: { result.verifyCase.requirements.contains($0.requirement) }) {
            trippers[result.id, default: []].append(mutant)
        }
    }

    /// Every one of `cases` was tripped by some mutant (`kind` names the catalogue, for the message).
    func expectEveryCaseTripped(_ cases: [VerifyCase], by kind: String) {
        #expect(!cases.isEmpty)
        let untripped = cases.filter { trippers[$0.id] == nil }.map { "\($0.id) (\($0.requirements.map(\.rawValue).joined(separator: ", ")))" }
        #expect(untripped.isEmpty, "verify cases no \(kind) mutant fails with an id they name:\n\(untripped.joined(separator: "\n"))")
    }
}

extension VerifyCase {
    /// Whether the case judges the task API (its ids are TASK's), which the TaskFaults mutants break.
    var isTaskCase: Bool { requirements.contains { $0.area == "TASK" } }
}
