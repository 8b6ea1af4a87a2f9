import Foundation
import SocketIOWire
import Testing

/// `jobwire vectors fuzz`: the built-in agrees with the reference and the correct example adapters,
/// and each bug of the wrong example adapter is found, shrunk and printed as a vector naming it.
struct VectorsFuzzCommandTests {
    @Test func theBuiltinAgreesWithTheReferenceImplementation() async throws {
        let result = try await CLIRunner.run(["vectors", "fuzz", "--seed", "1", "--count", "3000"])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))")
        #expect(result.stdout.contains("0 disagreements in 3000 cases"))
        for rule in ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5", "ELIG-6", "ELIG-9", "ELIG-11"] {
            #expect(result.stdout.contains("  \(rule) "), "no coverage line for \(rule)")
        }
    }

    /// The eligibility example, and the worker app example, which serves the suite with the
    /// decision it filters its offers with.
    @Test(arguments: ["eligibility-adapter-python", "worker-app-adapter-python"])
    func theCorrectExampleAdaptersAgreeOn2000Cases(example: String) async throws {
        let result = try await CLIRunner.run(["vectors", "fuzz", "--adapter", CLIRunner.example(example), "--seed", "2", "--count", "2000"])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
        #expect(result.stdout.contains("0 disagreements in 2000 cases"))
    }

    @Test func theWorkerAppExamplePassesEveryEligibilityVector() async throws {
        let result = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--adapter", CLIRunner.example("worker-app-adapter-python")])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
        #expect(result.stdout.contains("0 failed, 0 skipped, 0 errors"))
    }

    /// Each bug of the wrong adapter, alone, and the requirement its shrunk vector must name.
    @Test(arguments: [
        ("strict-boundary", "ELIG-4"), ("flat-earth", "ELIG-4"), ("first-failed-only", "ELIG-11"), ("blockedxp-object", "ELIG-9"),
        ("job-before-profile", "ELIG-9"), ("failed-out-of-order", "ELIG-11"), ("delay-from-created-at", "ELIG-6"),
    ])
    func aWrongAdapterIsShrunkToAVectorNamingItsBug(bug: String, requirement: String) async throws {
        let directory = CLIRunner.scratchDirectory()
        let saved = directory.appendingPathComponent("eligibility/fuzz.json")
        try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
        let adapter = CLIRunner.example("eligibility-adapter-python-wrong") + " --bug \(bug)"
        let result = try await CLIRunner.run(["vectors", "fuzz", "--adapter", adapter, "--seed", "7", "--count", "300", "--save", saved.path], in: directory)
        print(result.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix("  ELIG") }.joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("replay: jobwire vectors fuzz --adapter"))
        #expect(result.stdout.contains("--seed 7 --count 300"))

        // Every counterexample names the bug's requirement and is small: the generated inputs
        // run to 300-460 bytes, a shrunk one keeps little beyond the required fields (some 170).
        let file = try JSONParser.parse(String(contentsOf: saved, encoding: .utf8))
        let cases = file["cases"]?.arrayValue ?? []
        #expect(!cases.isEmpty)
        for vector in cases {
            // A refused input names ELIG-9 first, then the rule its field feeds.
            let named = vector["requirement"].map { $0.arrayValue ?? [$0] }?.compactMap(\.stringValue) ?? []
            #expect(named.first == requirement, "\(vector.compactText)")
            #expect((vector["input"]?.compactText.utf8.count ?? .max) < 230, "not shrunk: \(vector["input"]?.compactText ?? "")")
        }

        // Ready to commit: the built-in passes the vector and the wrong adapter fails it.
        let builtin = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--vectors", directory.path])
        #expect(builtin.status == 0, "\(builtin.stdout)\n\(builtin.stderr)")
        let wrong = try await CLIRunner.run(["vectors", "run", "--suite", "eligibility", "--vectors", directory.path, "--adapter", adapter])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("FAIL   fuzz.\(requirement.lowercased())-seed-7-case-"))
    }

    @Test func anAdapterThatAnswersNoOutputStopsTheRun() async throws {
        let script = CLIRunner.scratchDirectory().appendingPathComponent("testee.py")
        try """
            import json, sys
            for line in sys.stdin:
                message = json.loads(line)
                if message["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "failing", "suites": ["eligibility"]}), flush=True)
                elif message["type"] == "case":
                    print(json.dumps({"type": "error", "id": message["id"], "message": "boom"}), flush=True)
                else:
                    break
            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["vectors", "fuzz", "--adapter", "\(CLIRunner.python) \(script.path)", "--seed", "5", "--count", "50"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("STOPPED at case 0, which got no output: error: testee reported an error: boom"), "\(result.stdout)")
        #expect(result.stdout.contains("--seed 5 --count 1"))
    }

    @Test func helpTeachesWithExamples() async throws {
        let result = try await CLIRunner.run(["vectors", "fuzz", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("Exit status: 0"))
        #expect(result.stdout.contains("--adapter"))
    }
}
