import ArgumentParser
import Foundation
import JobWire

/// `jobwire bench check`: `jobwire check` on a generated trace, side by side with `jq -c .`.
struct BenchCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time jobwire check on a generated trace side by side with jq, and report events per second and peak memory.",
        discussion: """
            Writes a conformant trace of --events events (the happy path, many overlapping
            requests, every actor recording) to a temporary file, then runs, --runs times each,
            `jobwire check FILE --format json` and `jq -c . FILE` with their output to
            /dev/null, each as a child process measured alone (wall time; peak resident memory
            from wait4). Prints every run and the medians. Build in release first:

              swift build -c release
              .build/release/jobwire bench check
              .build/release/jobwire bench check --events 200000 --runs 5

            When jq is not on PATH the comparison is skipped and says so (Debian: apt-get
            install -y jq). Exit status: 0 after measuring; 1 when the generated trace did not
            check as conformant; 2 on bad options.
            """
    )

    @Option(help: "How many events the generated trace holds (whole requests are kept, so a few more may come).")
    var events = 1_000_000

    @Option(help: "How many times each tool runs; the medians are reported.")
    var runs = 3

    @Flag(help: "Keep the generated trace and print its path.")
    var keep = false

    func run() async throws {
        try await exitingOnUnusableInput {
            guard events > 0, runs > 0 else { throw CLIError("--events and --runs must be positive") }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-bench-\(ProcessInfo.processInfo.processIdentifier).jsonl").path
            defer { if !keep { try? FileManager.default.removeItem(atPath: path) } }
            let (count, bytes) = try Self.writeTrace(SyntheticTrace(events: events), to: path)
            print("trace: \(count) events, \(Self.megabytes(bytes)) MB\(keep ? " at \(path)" : "")")

            let me = Self.ownExecutable()
            var tools: [(name: String, executable: String, arguments: [String])] = [("jobwire check", me, ["check", path, "--format", "json"])]
            if let jq = ProcessMeasurement.which("jq") {
                tools.append(("jq -c .", jq, ["-c", ".", path]))
            } else {
                print("jq: not found on PATH, so there is nothing to compare with (Debian: apt-get install -y jq)")
            }
            var results: [String: [ProcessMeasurement]] = [:]
            print("run  tool            seconds   events/s   peak MB  exit")
            for run in 1...runs {
                for tool in tools {
                    let measured = try ProcessMeasurement.run(tool.executable, tool.arguments)
                    results[tool.name, default: []].append(measured)
                    print("\(String(run).padding(4)) \(tool.name.padding(15)) \(String(format: "%7.2f", measured.seconds)) \(String(Int(Double(count) / measured.seconds)).leftPadding(10)) \(Self.megabytes(measured.peakBytes).leftPadding(9))  \(measured.status)")
                }
            }
            print("")
            var medians: [String: Double] = [:]
            for tool in tools {
                let measured = results[tool.name] ?? []
                let seconds = Self.median(measured.map(\.seconds))
                let peak = Self.median(measured.map { Double($0.peakBytes) })
                medians[tool.name] = seconds
                print("median \(tool.name.padding(15)) \(String(format: "%7.2f", seconds)) s  \(Int(Double(count) / seconds)) events/s  peak \(Self.megabytes(Int(peak))) MB")
            }
            if let ours = medians["jobwire check"], let theirs = medians["jq -c ."] {
                print(String(format: "jobwire check runs at %.2fx jq's throughput", theirs / ours))
            }
            guard results["jobwire check"]?.allSatisfy({ $0.status == 0 }) == true else {
                FileHandle.standardError.write(Data("jobwire: the generated trace did not check as conformant; run with --keep and check it\n".utf8))
                return ExitCode(1)
            }
            return .success
        }
    }

    /// Writes the trace through a 1 MiB buffer; returns the events and bytes written.
    static func writeTrace(_ trace: SyntheticTrace, to path: String) throws -> (Int, Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIError("cannot create \(path)")
        }
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var bytes = 0
        let count = try trace.forEachLine { line in
            buffer.append(contentsOf: line.utf8)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        bytes += buffer.count
        return (count, bytes)
    }

    /// This executable's path, so the measured `check` is the same build.
    static func ownExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
}

extension String {
    /// The text padded with spaces on the right to `width`.
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    /// The text padded with spaces on the left to `width`.
    fileprivate func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
