import ArgumentParser
import Foundation
import SocketIOWire

/// `jobwire fuzz`: runs ``SocketIOWireFuzzer`` and prints its figures.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzzes the Engine.IO and Socket.IO decoders with seeded random and mutated inputs.",
        discussion: """
            Each iteration feeds one decoder in turn (Engine.IO packet, polling payload in random \
            chunks, Socket.IO packet, binary reassembly) an input made by mutating an example of \
            the protocol documents or by drawing random bytes. Every accepted input must re-encode \
            to bytes that decode to the same packet. The same seed repeats the same run.

            Progress goes to standard error, the summary to standard output. The exit status is 1 \
            when any round trip failed.

            Example:
              jobwire fuzz --iterations 10000000 --seed 42
            """
    )

    @Option(help: "How many inputs to try.")
    var iterations: Int = 1_000_000

    @Option(help: "The seed of the pseudo-random generator.")
    var seed: UInt64 = 0

    mutating func validate() throws {
        guard iterations > 0 else { throw ValidationError("--iterations must be positive.") }
    }

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let interval = max(iterations / 20, 10_000)
        let summary = SocketIOWireFuzzer().run(iterations: iterations, seed: seed, progressInterval: interval) { progress in
            let seconds = (clock.now - start).inSeconds
            let percent = progress.iterations * 100 / iterations
            Self.standardError("fuzz: \(progress.iterations)/\(iterations) (\(percent)%), \(Self.rate(progress.iterations, seconds))/s, \(progress.failureCount) failures\n")
        }
        let seconds = (clock.now - start).inSeconds
        print(Self.report(summary, seconds: seconds))
        if summary.failureCount > 0 { throw ExitCode.failure }
    }

    static func report(_ summary: FuzzSummary, seconds: Double) -> String {
        var lines = [
            "seed:        \(summary.seed)",
            "iterations:  \(summary.iterations)",
            "accepted:    \(summary.accepted)",
            "rejected:    \(summary.rejected)",
            "failures:    \(summary.failureCount)",
            "seconds:     \(String(format: "%.2f", seconds))",
            "per second:  \(rate(summary.iterations, seconds))",
            "",
            "decoder               accepted    rejected",
        ]
        for target in FuzzTarget.allCases {
            let counts = summary.counts[target] ?? .init()
            lines.append(target.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(counts.accepted).leftPadded(10) + String(counts.rejected).leftPadded(12))
        }
        lines.append("")
        lines.append("rejections by code:")
        for (code, count) in summary.rejectionsByCode.sorted(by: { $0.value > $1.value }) {
            lines.append("  " + code.padding(toLength: 26, withPad: " ", startingAt: 0) + String(count).leftPadded(10))
        }
        for failure in summary.failures { lines.append("FAILURE " + failure.description) }
        return lines.joined(separator: "\n")
    }

    static func rate(_ count: Int, _ seconds: Double) -> Int {
        seconds > 0 ? Int(Double(count) / seconds) : count
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension String {
    /// Pads with leading spaces to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
