import ArgumentParser
import Foundation
import JobWireBench

/// `jobwire bench check`: `jobwire check` on a generated trace, side by side with `jq -c .`.
struct BenchCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time jobwire check on a generated trace side by side with jq, and report events per second and peak memory.",
        discussion: """
            Writes a conformant trace of --events events (the happy path, many \
            overlapping requests, every actor recording) to a temporary file, then runs, \
            --runs times each, `jobwire check FILE --format json` and `jq -c . FILE` with \
            their output to /dev/null, each as a child process measured alone (wall time; \
            peak resident memory from wait4). Prints every run (wall and CPU seconds, \
            events per second, peak memory), the medians, the ratio to jq by wall time \
            and by CPU time, and the load average before and after: the checker reads on \
            a second thread, which helps its wall time only on a machine near idle. Build \
            in release first:

              swift build -c release
              .build/release/jobwire bench check
              .build/release/jobwire bench check --events 200000 --runs 5
              .build/release/jobwire bench check --requests 1000000

            When jq is not on PATH the comparison is skipped and says so (Debian: \
            apt-get install -y jq). Exit status: 0 after measuring; 1 when the generated \
            trace did not check as conformant; 2 on bad options.
            """
    )

    @Option(help: "How many events the generated trace holds (whole requests are kept, so a few more may come).")
    var events = 1_000_000

    @Option(help: "Instead of --events: a trace of this many distinct requests, each posted and cancelled (seven events each, the backend recording), to measure what the checker keeps per ended request.")
    var requests: Int?

    @Option(help: "How many times each tool runs; the medians are reported.")
    var runs = 3

    @Flag(help: "Keep the generated trace and print its path.")
    var keep = false

    func run() async throws {
        try await exitingOnUnusableInput {
            guard events > 0, runs > 0, requests.map({ $0 > 0 }) ?? true else { throw CLIError("--events, --requests and --runs must be positive") }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-bench-\(ProcessInfo.processInfo.processIdentifier).jsonl").path
            defer { if !keep { try? FileManager.default.removeItem(atPath: path) } }
            let benchmark = CheckBenchmark(events: events, runs: runs, requests: requests)
            do {
                let (count, bytes) = try benchmark.writeTrace(to: path)
                print("trace: \(count) events, \(CheckBenchmark.megabytes(bytes)) MB\(keep ? " at \(path)" : "")")
                var tools = [CheckBenchmark.Tool.checker(ProcessMeasurement.currentExecutable(), trace: path)]
                if let jq = CheckBenchmark.Tool.jq(trace: path) {
                    tools.append(jq)
                } else {
                    print("jq: not found on PATH, so there is nothing to compare with (Debian: apt-get install -y jq)")
                }
                guard try benchmark.measure(tools, count: count, print: { print($0) }) else {
                    FileHandle.standardError.write(Data("jobwire: the generated trace did not check as conformant; run with --keep and check it\n".utf8))
                    return ExitCode(1)
                }
                return .success
            } catch let error as BenchError {
                throw CLIError(error.description)
            }
        }
    }
}
