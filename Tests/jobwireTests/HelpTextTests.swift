import Foundation
import Testing

/// Help text teaches: every command has a one-sentence abstract, and `vectors run` shows examples.
struct HelpTextTests {
    @Test(arguments: [["--help"], ["vectors", "--help"], ["vectors", "run", "--help"], ["vectors", "list", "--help"], ["fuzz", "--help"], ["socketio-testee", "--help"], ["bench", "--help"], ["bench", "fanout", "--help"]])
    func helpIsPrintedAndExitsZero(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        let overview = result.stdout.components(separatedBy: "\n\n").first?.replacingOccurrences(of: "\n", with: " ") ?? ""
        #expect(overview.hasSuffix("."), "abstract must be one sentence ending in a period: \(overview)")
    }

    @Test func vectorsRunHelpShowsExamplesAndExitCodes() throws {
        let result = try CLIRunner.run(["vectors", "run", "--help"])
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--known-failures"))
        #expect(result.stdout.contains("Exit status: 0"))
    }
}
