import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// `jobwire verify` in-process against the embedded reference backend: the clean backend passes
/// every case, and each mutant fails exactly on the requirements its fault breaks.
@Suite(.serialized, .timeLimit(.minutes(3)))
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

    static func verify(_ faults: BackendFaults = [], taskFaults: TaskFaults = [], only: [String] = []) async throws -> VerifyRun {
        let backend = try await EmbeddedBackend.start(faults: faults, taskFaults: taskFaults)
        var options = backend.options(vectors: vectors)
        options.only = only
        let run = try await VerifyRunner.run(options)
        await backend.shutdown()
        return run
    }

    static func describe(_ run: VerifyRun) -> String {
        run.results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.outcome) \($0.violations.map { "\($0.requirement) \($0.observed)" })" }.joined(separator: "\n")
    }

    @Test func theCleanBackendPassesEveryCase() async throws {
        let run = try await Self.verify()
        #expect(run.results.count >= 20)
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(Self.describe(run))")
    }

    @Test(arguments: [
        ("eligibilityIgnored", ["ELIG-8", "REST-9"]),
        ("blockedIgnored", ["ELIG-8", "REST-9"]),
        ("everyRacerWins", ["FLOW-3", "FLOW-4", "FLOW-6"]),
        ("applyToEveryone", ["FLOW-5"]),
        ("cancelNotEnforced", ["FLOW-7", "FLOW-13", "REST-10"]),
        ("closeReachesOneSide", ["FLOW-9"]),
        ("directNewToChannel", ["MSG-3"]),
        ("stateHidesProgress", ["REST-15"]),
        ("historyOldestFirst", ["REST-16"]),
        ("meProfileIgnoresFixture", ["REST-17"]),
        ("positionIgnored", ["REST-18"]),
        ("anyoneMayEnd", ["REST-19"]),
        ("delayDropped", ["MSG-14"]),
        ("identityNotChecked", ["MSG-16"]),
        ("requestsExpire", ["FLOW-15"]),
    ] as [(String, [RequirementID])])
    func eachMutantFailsOnItsRequirements(_ name: String, _ ids: [RequirementID]) async throws {
        let fault = try #require(BackendFaults.named.first { $0.name == name }?.fault)
        let run = try await Self.verify(fault)
        #expect(run.failedRequirements == ids.sorted(), "\(name):\n\(Self.describe(run))")
        #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(Self.describe(run))")
    }

    /// Each TaskFaults switch fails exactly its TASK ids; only the TASK cases run, so it takes seconds.
    @Test(arguments: [
        ("userExistsCaseSensitive", ["TASK-1"]),
        ("duplicateSignUpAllowed", ["TASK-2"]),
        ("wrongPasswordAccepted", ["TASK-3"]),
        ("rememberMeIgnored", ["TASK-4"]),
        ("tokenNotRequired", ["TASK-6"]),
        ("expiredTokenAccepted", ["TASK-6"]),
        ("validationSkipped", ["TASK-7", "TASK-9"]),
        ("nullContractorOmitted", ["TASK-8"]),
        ("updatedAtUnchanged", ["TASK-10"]),
        ("endedTaskEditable", ["TASK-11"]),
        ("cancelReasonDropped", ["TASK-12"]),
        ("cancelAfterCutoff", ["TASK-13"]),
        ("listOldestFirst", ["TASK-14"]),
        ("listEveryonesTasks", ["TASK-14"]),
        ("candidateFieldsMissing", ["TASK-15"]),
        ("anyContractorAccepted", ["TASK-16"]),
        ("ratingRangeUnchecked", ["TASK-17"]),
        ("ratingNotAveraged", ["TASK-18"]),
    ] as [(String, [RequirementID])])
    func eachTaskMutantFailsOnItsRequirements(_ name: String, _ ids: [RequirementID]) async throws {
        let fault = try #require(TaskFaults.named.first { $0.name == name }?.fault)
        let run = try await Self.verify(taskFaults: fault, only: ["TASK"])
        #expect(!run.results.isEmpty)
        #expect(run.failedRequirements == ids.sorted(), "\(name):\n\(Self.describe(run))")
        #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(Self.describe(run))")
    }
}
