import Foundation
import Testing

/// Help text teaches: every command has a one-sentence abstract, and `vectors run`, `check` and
/// `bench check` show examples and exit codes.
struct HelpTextTests {
    @Test(arguments: [
        ["--help"], ["vectors", "--help"], ["vectors", "run", "--help"], ["vectors", "list", "--help"], ["vectors", "fuzz", "--help"], ["check", "--help"],
        ["bench", "--help"], ["bench", "check", "--help"], ["bench", "fanout", "--help"], ["fuzz", "--help"], ["socketio-testee", "--help"],
        ["verify", "--help"], ["scenario", "--help"], ["scenario", "run", "--help"], ["scenario", "list", "--help"], ["broker", "--help"],
        ["requirements", "--help"], ["record", "--help"], ["replay", "--help"], ["capture", "--help"], ["capture", "shrink", "--help"],
        ["spec", "--help"], ["spec", "export", "--help"], ["spec", "shapes", "--help"],
    ])
    func helpIsPrintedAndExitsZero(_ arguments: [String]) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        let overview = result.stdout.components(separatedBy: "\n\n").first?.replacingOccurrences(of: "\n", with: " ") ?? ""
        #expect(overview.hasSuffix("."), "abstract must be one sentence ending in a period: \(overview)")
    }

    @Test(arguments: [["vectors", "run", "--help"], ["check", "--help"], ["verify", "--help"], ["scenario", "run", "--help"], ["broker", "--help"], ["record", "--help"], ["replay", "--help"]])
    func helpShowsExamplesAndExitCodes(_ arguments: [String]) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--known-failures"))
        #expect(result.stdout.contains("Exit status: 0"))
    }

    @Test func brokerHelpNamesItsOptionsAndTheAppHooks() async throws {
        let result = try await CLIRunner.run(["broker", "--help"])
        for option in [
            "--play", "--scenario", "--host", "--port", "--capture", "--speed", "--list-scenarios", "--replay", "--volatile",
            "--max-outbound-bytes", "--outbound-soft-limit", "--outbound-soft-seconds", "--no-outbound-limit", "--max-connections",
        ] {
            #expect(result.stdout.contains(option), "\(option) missing")
        }
        #expect(result.stdout.contains("jobwire:trace"))
        #expect(result.stdout.contains("jobwire broker --play client --scenario worker-happy"))
        #expect(result.stdout.contains("jobwire broker --port 0 --replay session.jsonl --volatile email"))
        #expect(result.stdout.contains("slow consumer"))
    }

    /// A server limit that cannot be used is unusable input: exit 2, the problem named.
    @Test(arguments: [
        (["--outbound-soft-seconds", "0"], "--outbound-soft-seconds must be a positive number"),
        (["--max-connections", "0"], "--max-connections must be at least 1"),
    ])
    func brokerRefusesAnUnusableServerLimit(_ flags: [String], _ problem: String) async throws {
        let result = try await CLIRunner.run(["broker", "--port", "0"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.contains(problem))
    }

    @Test func recordHelpTeachesTheWalkThroughAndTheRedaction() async throws {
        let result = try await CLIRunner.run(["record", "--help"])
        for text in ["--upstream", "--listen", "--out", "--check", "--no-redact", "--redact-json", "--har", "--profile", "redacted-1", "jobwire check session.jsonl"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
        #expect(result.stdout.contains("jobwire record --upstream http://127.0.0.1:3000 --out session.jsonl"))
    }

    @Test func captureShrinkHelpTeachesTheOptionsAndAnExample() async throws {
        let result = try await CLIRunner.run(["capture", "shrink", "--help"])
        for text in ["--keep", "--out", "--as", "trace|scenario", "ddmin", "Examples:", "Exit status: 0"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
        #expect(result.stdout.contains("jobwire capture shrink session.jsonl --keep FLOW-4"))
    }

    @Test func replayHelpTeachesItsOptionsTheDiffAndAnExample() async throws {
        let result = try await CLIRunner.run(["replay", "--help"])
        for text in ["--against", "--mutant", "--fast", "--volatile", "--step-timeout", "--out", "--har", "--no-redact", "--format", "--junit", "REPLAY", "assigned", "Exit status: 0"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
        #expect(result.stdout.contains("jobwire replay session.jsonl --against http://127.0.0.1:3000"))
    }

    @Test func replayAndBrokerReplayExplainVolatileTheSameWay() async throws {
        func volatileHelp(_ arguments: [String]) async throws -> String {
            let words = try await CLIRunner.run(arguments).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let start = words.range(of: "--volatile <path> "), let end = words.range(of: "repeatable.", range: start.upperBound..<words.endIndex) else { return "" }
            return String(words[start.upperBound..<end.upperBound])
        }
        let replay = try await volatileHelp(["replay", "--help"])
        #expect(replay.contains("a path from the root of a body or payload"))
        #expect(replay.contains("a bare name for that member at any depth"))
        let broker = try await volatileHelp(["broker", "--help"])
        #expect(broker == "With --replay: " + replay)
    }

    @Test func requirementsHelpTeachesTheStatusesAndTheGate() async throws {
        let result = try await CLIRunner.run(["requirements", "--help"])
        for text in ["Examples:", "judge-none", "awaiting", "untripped", "Exit status: 0", "--unjudged", "--area", "--vectors", "--format"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
    }

    @Test func benchHelpSaysToBuildInRelease() async throws {
        let result = try await CLIRunner.run(["bench", "check", "--help"])
        #expect(result.stdout.contains("swift build -c release"))
        #expect(result.stdout.contains("jq"))
    }
}
