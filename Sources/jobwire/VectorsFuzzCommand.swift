import ArgumentParser
import Foundation
import JobWire
import JobWireAdapters

/// `jobwire vectors fuzz`: generated eligibility cases, compared and shrunk (``EligibilityFuzzer``).
struct VectorsFuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Generate eligibility cases around every rule's boundary and compare your adapter's answers with JobWire's.",
        discussion: """
            Each case is a {profile, job, receivedAt} input written as JSON text around one rule's boundary: ids of every JSON type and size (integers beyond 64 bits, 9.0 and 1e1, which are malformed, the empty string, look-alike Unicode such as "café" precomposed and decomposed, non-BMP), positions near each other, across the antimeridian and at the antipode, maxKms at the distance ± the 1e-6 km tolerance, Delay and receivedAt at their bounds, and one to three malformed fields at once (the first in ELIG-9's order must be named).

            JobWire's built-in implementation decides every case. With --adapter your program decides it too, receiving the generated text byte for byte in a `case` message of suite eligibility (Docs/ADAPTER.md), and the answers are compared as `vectors run` compares an answer with a vector. Without --adapter the built-in is compared with a second, independent implementation of ELIG-1 to ELIG-11 written from PROTOCOL.md.

            The first disagreement on each requirement is shrunk to a small input that still disagrees on it (members dropped, arrays shortened, numbers and strings made simple) and printed as a vector ready to add to Vectors/eligibility/, with the built-in's answer as its expectation. Read PROTOCOL.md before you commit it: the built-in can be the one that is wrong.

            Examples:
              jobwire vectors fuzz
              jobwire vectors fuzz --count 100000 --adapter "python3 my_adapter.py"
              jobwire vectors fuzz --adapter "./my-impl" --seed 42 --count 18
                (the first 18 cases of seed 42 again: a failing run prints this line)
              jobwire vectors fuzz --adapter "./my-impl" --save fuzz.json
                (the shrunk counterexamples also written as a vector file)

            Exit status: 0 every case decided alike; 1 a disagreement, or the adapter gave no output for a case (the seed and the command that replays it are printed); 2 unusable input.
            """
    )

    @Option(help: ArgumentHelp("Compare this program (quoted command line) with the built-in implementation.", valueName: "command"))
    var adapter: String?

    @Option(help: "The seed of the generator: the same seed generates the same cases. Default: a new one, printed.")
    var seed: UInt64?

    @Option(help: "How many cases to generate.")
    var count: Int = 10_000

    @Option(help: ArgumentHelp("Also write the shrunk counterexamples to this file as a vector file (feature fuzz), to review and add to Vectors/eligibility/.", valueName: "file"))
    var save: String?

    @Option(help: ArgumentHelp("Seconds the adapter may take to answer one case, or to exit after stop, before it counts as hung.", valueName: "seconds"))
    var timeout: Double = 10

    func run() async throws {
        try await exitingOnUnusableInput {
            guard count > 0 else { throw CLIError("--count must be a positive number of cases") }
            guard timeout > 0 else { throw CLIError("--timeout must be a positive number of seconds") }
            let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            let fuzzer = EligibilityFuzzer(seed: seed, count: count)
            let clock = ContinuousClock()
            let start = clock.now
            let summary: EligibilityFuzzSummary
            let against: String
            if let adapter {
                let testee = try await AdapterTestee.start(AdapterCommand(adapter), suite: "eligibility", timeout: .milliseconds(Int64(timeout * 1000)))
                guard await testee.supports("eligibility") else {
                    _ = await testee.finish()
                    throw CLIError("the adapter does not declare suite eligibility in its hello\(await testee.brokenReason.map { ": \($0)" } ?? "")")
                }
                against = await testee.name
                FileHandle.standardError.write(Data("jobwire: fuzzing \(count) eligibility cases, seed \(seed), against \(against)\n".utf8))
                summary = await fuzzer.run { _, text in await testee.answer(inputText: text, id: "fuzz", suite: "eligibility") }
                if let problem = await testee.finish() { FileHandle.standardError.write(Data("jobwire: \(problem)\n".utf8)) }
            } else {
                against = "the reference implementation of PROTOCOL.md"
                FileHandle.standardError.write(Data("jobwire: fuzzing \(count) eligibility cases, seed \(seed), against \(against)\n".utf8))
                summary = await fuzzer.run(against: EligibilityFuzzer.reference)
            }
            if let save, !summary.counterexamples.isEmpty {
                do {
                    try summary.vectorFileText.write(toFile: save, atomically: true, encoding: .utf8)
                } catch {
                    throw CLIError("cannot write \(save): \(error.localizedDescription)")
                }
            }
            print(Self.report(summary, against: against, seconds: (clock.now - start).inSeconds) { replayCommand(seed: seed, count: $0) })
            return summary.passed ? .success : .failure
        }
    }

    /// The command line that generates the same cases again, up to `count`.
    private func replayCommand(seed: UInt64, count: Int? = nil) -> String {
        var words = ["jobwire", "vectors", "fuzz"]
        if let adapter { words += ["--adapter", "'\(adapter.replacingOccurrences(of: "'", with: "'\\''"))'"] }
        words += ["--seed", String(seed), "--count", String(count ?? self.count)]
        return words.joined(separator: " ")
    }

    /// The summary, each shrunk counterexample as a vector, and how to replay.
    static func report(_ summary: EligibilityFuzzSummary, against: String, seconds: Double, replay: (Int?) -> String) -> String {
        var lines = [
            "fuzz: \(summary.cases) eligibility cases, seed \(summary.seed), built-in against \(against), \(String(format: "%.1f", seconds)) s",
            "coverage (the built-in's answers):",
        ]
        lines += summary.coverage.lines.map { "  " + $0 }
        for example in summary.counterexamples {
            lines += [
                "",
                "DISAGREE \(example.requirement.rawValue)\(example.key.refusal.map { " (\($0))" } ?? "") first at case \(example.caseIndex) (\(example.focus.rawValue)), shrunk in \(example.shrinkTries) tries from \(example.original.text.utf8.count) to \(example.input.text.utf8.count) bytes",
                "  input:    \(example.input.text)",
                "  built-in: \(example.mismatch.expected)",
                "  other:    \(example.mismatch.observed)",
                "  replay up to it: \(replay(example.caseIndex + 1))",
                "  as a vector:",
            ]
            lines += example.vectorText(seed: summary.seed).split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        if let stop = summary.stopped {
            let answer: String
            switch stop.answer {
            case .output(let output): answer = output.compactText
            case .skipped(let reason): answer = "skipped: \(reason)"
            case .error(let message): answer = "error: \(message)"
            }
            lines += ["", "STOPPED at case \(stop.caseIndex), which got no output: \(answer)", "  input: \(stop.input.text)"]
        }
        lines.append("")
        if summary.passed {
            lines.append("0 disagreements in \(summary.cases) cases")
        } else {
            lines.append("\(summary.disagreements) disagreements in \(summary.cases) cases" + (summary.counterexamples.isEmpty ? "" : " (the first of each kind shown, shrunk)"))
            lines.append("replay: \(replay(summary.stopped.map { $0.caseIndex + 1 }))")
        }
        return lines.joined(separator: "\n")
    }
}

