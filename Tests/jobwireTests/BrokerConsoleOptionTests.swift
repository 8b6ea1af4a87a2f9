import Testing

/// `jobwire broker --console` and its options: named in the help, refused with exit 2 where they
/// cannot work.
struct BrokerConsoleOptionTests {
    @Test func theHelpNamesTheConsoleAndItsOptions() async throws {
        let result = try await CLIRunner.run(["broker", "--help"])
        for text in ["--console", "--console-port", "--paused", "127.0.0.1", "jobwire broker --play client --scenario worker-happy --console --paused"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
    }

    @Test(arguments: [
        (["--console"], "--console drives a scenario: it needs --scenario NAME"),
        (["--paused"], "--paused pauses the console's scenario: it needs --console"),
        (["--scenario", "worker-happy", "--console", "--console-port", "70000"], "--console-port must be between 0 and 65535"),
    ])
    func unusableConsoleOptionsAreRefused(_ flags: [String], _ problem: String) async throws {
        let result = try await CLIRunner.run(["broker", "--port", "0"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.contains(problem), "\(result.stderr)")
    }
}
