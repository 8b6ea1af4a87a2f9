import ArgumentParser
import Foundation
import JobWireBench
import Logging
import NIOCore
import NIOPosix
import SocketIONIO

/// `jobwire bench fanout-server` (hidden): JobWire's server under test, run by `bench fanout` as a child process.
struct BenchFanoutServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout-server",
        abstract: "Serve the fan-out benchmark's room and obey the control lines of bench fanout on standard input.",
        discussion: """
            Prints "ready <port>", then answers "room" and "burst <phase> <events> <rate> <bytes>" \
            lines until "quit" or the end of standard input (see FanoutControlRequest).

            Example:
              printf 'room\\nquit\\n' | jobwire bench fanout-server
            """,
        shouldDisplay: false
    )

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port.")
    var port: Int = 0

    @Option(help: "Event loop threads of the server (default: one per core).")
    var threads: Int = System.coreCount

    @Option(help: ArgumentHelp("Seconds after which the server stops by itself.", valueName: "seconds"))
    var deadline: Double = 3600

    func run() async throws {
        FanoutOpenFileLimit.raiseToHardLimit()
        var logger = Logger(label: "jobwire.bench.fanout-server", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let app = FanoutBenchServer(configuration: .init(logger: logger, eventLoopGroup: group))
        let address = try await app.server.start(host: host, port: port)
        Self.reply(.ready(port: address.port ?? port))
        let limit = Task {
            try await Task.sleep(for: .milliseconds(Int64(deadline * 1000)))
            FileHandle.standardError.write(Data("fanout-server: deadline passed, stopping\n".utf8))
            await app.server.shutdown(gracePeriod: .zero)
            Foundation.exit(0)
        }
        await app.obey(StandardInputLines.make(), reply: Self.reply)
        limit.cancel()
        await app.server.shutdown(gracePeriod: .milliseconds(500))
        try await group.shutdownGracefully()
    }

    private static func reply(_ reply: FanoutControlReply) {
        FileHandle.standardOutput.write(Data((reply.line + "\n").utf8))
    }
}
