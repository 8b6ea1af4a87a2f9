import Foundation
import Testing

/// Help text teaches: every command has a one-sentence abstract.
struct HelpTextTests {
    @Test(arguments: [["--help"], ["fuzz", "--help"], ["socketio-testee", "--help"]])
    func helpIsPrintedAndExitsZero(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        let overview = result.stdout.components(separatedBy: "\n\n").first?.replacingOccurrences(of: "\n", with: " ") ?? ""
        #expect(overview.hasSuffix("."), "abstract must be one sentence ending in a period: \(overview)")
    }
}
