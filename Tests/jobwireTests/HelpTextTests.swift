import Foundation
import Testing

/// Help text teaches: every command has a one-sentence abstract, and `vectors run`, `check` and
/// `bench check` show examples and exit codes.
struct HelpTextTests {
    @Test(arguments: [
        ["--help"], ["vectors", "--help"], ["vectors", "run", "--help"], ["vectors", "list", "--help"], ["vectors", "fuzz", "--help"], ["check", "--help"],
        ["bench", "--help"], ["bench", "check", "--help"], ["bench", "fanout", "--help"], ["fuzz", "--help"], ["socketio-testee", "--help"],
        ["verify", "--help"], ["scenario", "--help"], ["scenario", "run", "--help"], ["scenario", "list", "--help"], ["broker", "--help"],
        ["requirements", "--help"],
    ])
    func helpIsPrintedAndExitsZero(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        let overview = result.stdout.components(separatedBy: "\n\n").first?.replacingOccurrences(of: "\n", with: " ") ?? ""
        #expect(overview.hasSuffix("."), "abstract must be one sentence ending in a period: \(overview)")
    }

    @Test(arguments: [["vectors", "run", "--help"], ["check", "--help"], ["verify", "--help"], ["scenario", "run", "--help"], ["broker", "--help"]])
    func helpShowsExamplesAndExitCodes(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--known-failures"))
        #expect(result.stdout.contains("Exit status: 0"))
    }

    @Test func brokerHelpNamesItsOptionsAndTheAppHooks() throws {
        let result = try CLIRunner.run(["broker", "--help"])
        for option in ["--play", "--scenario", "--host", "--port", "--capture", "--speed", "--list-scenarios"] {
            #expect(result.stdout.contains(option), "\(option) missing")
        }
        #expect(result.stdout.contains("jobwire:trace"))
        #expect(result.stdout.contains("jobwire broker --play client --scenario worker-happy"))
    }

    @Test func requirementsHelpTeachesTheStatusesAndTheGate() throws {
        let result = try CLIRunner.run(["requirements", "--help"])
        for text in ["Examples:", "judge-none", "awaiting", "untripped", "Exit status: 0", "--unjudged", "--area", "--vectors", "--format"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
    }

    @Test func benchHelpSaysToBuildInRelease() throws {
        let result = try CLIRunner.run(["bench", "check", "--help"])
        #expect(result.stdout.contains("swift build -c release"))
        #expect(result.stdout.contains("jq"))
    }
}
