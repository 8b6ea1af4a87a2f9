import JobWire
import Testing

@testable import JobWireAdapters

/// `--adapter` command lines split like a shell's words, without a shell.
struct AdapterCommandTests {
    @Test(arguments: [
        ("python3 adapter.py", ["python3", "adapter.py"]),
        ("  a   'b c'  \"d \\\" e\" f\\ g ", ["a", "b c", "d \" e", "f g"]),
        ("x ''", ["x", ""]),
    ])
    func splitsWords(text: String, words: [String]) throws {
        #expect(try AdapterCommand.split(text) == words)
    }

    @Test func unterminatedQuotesAreRefused() {
        #expect(throws: InputError.self) { try AdapterCommand.split("a 'b") }
        #expect(throws: InputError.self) { try AdapterCommand.split("a b\\") }
    }

    @Test func aMissingProgramIsNamed() {
        do {
            _ = try AdapterCommand("no-such-program-jobwire --flag", environment: ["PATH": "/usr/bin:/bin"])
            Issue.record("resolved a missing program")
        } catch {
            #expect(error.message.contains("no-such-program-jobwire"))
        }
    }
}
