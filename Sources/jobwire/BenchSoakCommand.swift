import ArgumentParser
import Foundation
import JobWireBench
import NIOCore
import NIOPosix

/// `jobwire bench soak`: issue 18's soak of `jobwire broker`, memory and descriptors over time.
struct BenchSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak jobwire broker with a connection storm and stuck workers, and report its memory, descriptors and latency.",
        discussion: """
            Starts "jobwire broker --port 0" (with --broker-arg flags) as a child process and \
            samples its resident memory and open descriptors every 250 ms. First a storm: \
            --rounds rounds of --connections WebSocket connections with the same user ids each \
            round, --concurrency at a time, half joining and leaving cleanly, half closing TCP \
            without a close frame. Then --posts requests with --description-bytes of description \
            are posted, --rate a second, to --readers reading workers, and again with --stuck workers that connect \
            and never read beside them. Reported: memory and descriptors over time, the slow \
            consumers the broker dropped, the post-to-reader latency of each phase; and issue 18's \
            bounds: RSS under 100 MB with the stuck workers, within 20 MB of the start at the end, \
            every new delivered, the p99 with stuck workers within 2x of the one without. Build \
            in release for figures that mean anything. Exit status 1 when a bound did not hold.

            Examples:
              jobwire bench soak
              jobwire bench soak --rounds 2 --connections 200 --posts 1000 --stuck 10
              jobwire bench soak --broker-arg=--no-outbound-limit
            """
    )

    @Option(help: "Storm rounds.")
    var rounds = 5
    @Option(help: "Connections per storm round.")
    var connections = 1_000
    @Option(help: "Connections opening at once in the storm.")
    var concurrency = 100
    @Option(help: "Requests posted in each traffic phase.")
    var posts = 9_000
    @Option(name: .customLong("description-bytes"), help: "Characters of each request's description.")
    var descriptionBytes = 10_000
    @Option(help: "Workers that read every new.")
    var readers = 5
    @Option(help: "Workers that never read, beside the readers in the second phase.")
    var stuck = 50
    @Option(name: .customLong("post-concurrency"), help: "Posts in flight at once.")
    var postConcurrency = 8
    @Option(help: "Posts started per second.")
    var rate = 100.0
    @Option(name: .customLong("posts-per-day"), help: "Posts after which the broker's clock is moved a day on (FIX-4), past the one-day history retention (REST-16).")
    var postsPerDay = 1_000

    @Option(name: .customLong("settle-seconds"), help: "Seconds the broker is left alone before the last sample.")
    var settleSeconds = 5.0
    @Option(name: .customLong("broker-arg"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A flag for jobwire broker (repeat).", valueName: "flag"))
    var brokerArguments: [String] = []

    mutating func validate() throws {
        guard rounds >= 0, connections >= 0, posts > 0, descriptionBytes >= 0, readers > 0, stuck >= 0 else {
            throw ValidationError("--posts and --readers must be positive; the other counts must not be negative.")
        }
        guard concurrency > 0, postConcurrency > 0 else { throw ValidationError("--concurrency and --post-concurrency must be positive.") }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number.") }
        guard postsPerDay >= 1 else { throw ValidationError("--posts-per-day must be at least 1.") }
        guard settleSeconds >= 0, settleSeconds.isFinite else { throw ValidationError("--settle-seconds must not be negative.") }
    }

    func run() async throws {
        try await exitingOnUnusableInput {
            signal(SIGPIPE, SIG_IGN)
            FanoutOpenFileLimit.raiseToHardLimit()
            let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            let broker = try await SoakBroker.start(executable: executable, arguments: brokerArguments)
            let workload = SoakBenchmark.Workload(
                stormRounds: rounds, stormConnections: connections, concurrency: concurrency, posts: posts, descriptionBytes: descriptionBytes,
                readers: readers, stuck: stuck, postConcurrency: postConcurrency, rate: rate, settleSeconds: settleSeconds,
                postsPerDay: postsPerDay)
            let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
            let report: SoakReport
            do {
                report = try await SoakBenchmark(workload: workload).run(broker: broker, group: group) { line in
                    FileHandle.standardError.write(Data("bench soak: \(line)\n".utf8))
                }
            } catch {
                await broker.stop()
                throw CLIError("the soak failed: \(error)")
            }
            await broker.stop()
            try await group.shutdownGracefully()
            print(report.text, terminator: "")
            return report.passed ? .success : ExitCode(1)
        }
    }
}
