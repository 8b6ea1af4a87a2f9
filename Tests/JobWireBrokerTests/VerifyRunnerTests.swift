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

    /// Each BackendFaults mutant fails exactly the ids its catalogue entry declares it breaks.
    @Test(arguments: BackendFaults.named.map(\.name))
    func eachMutantFailsOnItsRequirements(_ name: String) async throws {
        let mutant = try #require(BackendFaults.named.first { $0.name == name })
        #expect(!mutant.breaks.isEmpty)
        let run = try await Self.verify(mutant.fault)
        #expect(run.failedRequirements == mutant.breaks, "\(name):\n\(Self.describe(run))")
        #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(Self.describe(run))")
    }

    /// Each TaskFaults mutant fails exactly its declared TASK ids; only the TASK cases run, so it takes seconds.
    @Test(arguments: TaskFaults.named.map(\.name))
    func eachTaskMutantFailsOnItsRequirements(_ name: String) async throws {
        let mutant = try #require(TaskFaults.named.first { $0.name == name })
        #expect(!mutant.breaks.isEmpty)
        let run = try await Self.verify(taskFaults: mutant.fault, only: ["TASK"])
        #expect(!run.results.isEmpty)
        #expect(run.failedRequirements == mutant.breaks, "\(name):\n\(Self.describe(run))")
        #expect(!run.results.contains { if case .error = $0.outcome { return true } else { return false } }, "\(Self.describe(run))")
    }

    /// One verdict source: `jobwire check` on the whole run's capture fails exactly the TASK ids the
    /// run failed, for the clean backend and each TaskFaults mutant, since both are the checker's.
    @Test(arguments: ["clean"] + TaskFaults.named.map(\.name))
    func theTaskRunsCaptureFailsWhatTheRunFailed(_ name: String) async throws {
        let fault = TaskFaults.named.first { $0.name == name }?.fault ?? []
        let run = try await Self.verify(taskFaults: fault, only: ["TASK"])
        #expect(!run.results.isEmpty)
        let verdict = try TraceChecker.check(text: run.captureText, file: "capture.jsonl")
        #expect(verdict.failedIDs == run.failedRequirements, "\(name): capture \(verdict.failedIDs), run \(run.failedRequirements)\n\(verdict.rules.filter(\.failed).flatMap(\.violations).map { "\($0.requirement) \($0.observed)" })")
    }
}
