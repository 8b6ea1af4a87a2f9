import Foundation
import JobWire

/// `jobwire check` on a generated trace, side by side with `jq -c .`: events per second, peak
/// memory and CPU time of each, every run and the medians, and the checker/jq ratio by wall and
/// by CPU time (the one a shared machine does not skew).
///
/// Each tool runs as a child process measured alone (``ProcessMeasurement``), so the figures
/// are those of the command a user types, start-up included. The trace is conformant by
/// construction (``SyntheticTrace``), so a checker run that exits non-zero is a bug to report.
public struct CheckBenchmark: Sendable {
    /// A program measured on the trace.
    public struct Tool: Sendable, Hashable {
        /// The name printed in the table.
        public var name: String
        /// The program's path.
        public var executable: String
        /// Its arguments, the trace's path among them.
        public var arguments: [String]

        /// `jobwire check PATH --format json`, run from `executable`.
        public static func checker(_ executable: String, trace path: String) -> Tool {
            Tool(name: checkerName, executable: executable, arguments: ["check", path, "--format", "json"])
        }

        /// `jq -c . PATH`, when jq is on PATH.
        public static func jq(trace path: String) -> Tool? {
            ProcessMeasurement.which("jq").map { Tool(name: jqName, executable: $0, arguments: ["-c", ".", path]) }
        }
    }

    /// The checker's name in the table.
    public static let checkerName = "jobwire check"
    /// jq's name in the table.
    public static let jqName = "jq -c ."

    /// How many events the generated trace holds (whole requests are kept, so a few more may come).
    public var events: Int
    /// How many times each tool runs.
    public var runs: Int
    /// When set, the trace is ``SyntheticRequestTrace``'s: this many distinct short requests
    /// (seven events each) instead of `events` events of the happy path.
    public var requests: Int?

    /// A benchmark of `events` events (or `requests` distinct requests), each tool run `runs` times.
    public init(events: Int, runs: Int, requests: Int? = nil) {
        self.events = events
        self.runs = runs
        self.requests = requests
    }

    /// Writes the generated trace through a 1 MiB buffer; returns the events and bytes written.
    public func writeTrace(to path: String) throws -> (events: Int, bytes: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BenchError("cannot create \(path)")
        }
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var bytes = 0
        let write = { (line: String) throws in
            buffer.append(contentsOf: line.utf8)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        let count = try requests.map { try SyntheticRequestTrace(requests: $0).forEachLine(write) } ?? SyntheticTrace(events: events).forEachLine(write)
        try handle.write(contentsOf: buffer)
        bytes += buffer.count
        return (count, bytes)
    }

    /// Runs every tool ``runs`` times on a trace of `count` events, handing `print` a table row
    /// per run, then the medians and the ratio to jq; returns whether every checker run passed.
    public func measure(_ tools: [Tool], count: Int, print: (String) -> Void) throws(BenchError) -> Bool {
        var results: [String: [ProcessMeasurement]] = [:]
        print(String(format: "load average (1 min) before: %.2f", FanoutBenchmark.loadAverage()))
        print("run  tool            seconds   events/s   peak MB  exit   cpu s")
        for run in 1...runs {
            for tool in tools {
                let measured = try ProcessMeasurement.run(tool.executable, tool.arguments)
                results[tool.name, default: []].append(measured)
                print("\(String(run).padding(4)) \(tool.name.padding(15)) \(String(format: "%7.2f", measured.seconds)) \(String(Int(Double(count) / measured.seconds)).leftPadding(10)) \(Self.megabytes(measured.peakBytes).leftPadding(9))  \(String(measured.status).padding(4)) \(String(format: "%7.2f", measured.cpuSeconds))")
            }
        }
        print(String(format: "load average (1 min) after: %.2f (wall-clock figures are only comparable on a machine near idle)", FanoutBenchmark.loadAverage()))
        print("")
        var medians: [String: Double] = [:]
        var cpuMedians: [String: Double] = [:]
        for tool in tools {
            let measured = results[tool.name] ?? []
            let seconds = Self.median(measured.map(\.seconds))
            let peak = Self.median(measured.map { Double($0.peakBytes) })
            let cpu = Self.median(measured.map(\.cpuSeconds))
            medians[tool.name] = seconds
            cpuMedians[tool.name] = cpu
            print("median \(tool.name.padding(15)) \(String(format: "%7.2f", seconds)) s  \(Int(Double(count) / seconds)) events/s  peak \(Self.megabytes(Int(peak))) MB  cpu \(String(format: "%.2f", cpu)) s (\(Int(Double(count) / max(cpu, 1e-9))) events per CPU second)")
        }
        if let ours = medians[Self.checkerName], let theirs = medians[Self.jqName] {
            print(String(format: "jobwire check runs at %.2fx jq's throughput by wall time", theirs / ours))
            if let ourCPU = cpuMedians[Self.checkerName], let theirCPU = cpuMedians[Self.jqName], ourCPU > 0 {
                print(String(format: "by CPU time (what other processes on the machine do not change): %.2fx", theirCPU / ourCPU))
            }
        }
        return results[Self.checkerName]?.allSatisfy({ $0.status == 0 }) == true
    }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Bytes as mebibytes with one decimal, as the table prints them.
    public static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
}

extension String {
    /// The text padded with spaces on the right to `width`.
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    /// The text padded with spaces on the left to `width`.
    fileprivate func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
