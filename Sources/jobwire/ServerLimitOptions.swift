import ArgumentParser
import SocketIONIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the server holds for its clients: what may wait for one before it is dropped as a slow
/// consumer, and how many may be connected at once; the flags `broker` and `socketio-testee`
/// share (Docs/BROKER.md, "Slow consumers" and "Connections").
struct ServerLimitOptions: ParsableArguments {
    private static let standard = SocketIOServer.OutboundLimit.standard

    @Option(
        name: .customLong("max-outbound-bytes"),
        help: ArgumentHelp("Drop a client at once when more than this many bytes wait for it (the hard limit).", valueName: "bytes"))
    var hardBytes = standard.hardBytes

    @Option(
        name: .customLong("outbound-soft-limit"),
        help: ArgumentHelp("Drop a client that keeps more than this many bytes waiting for --outbound-soft-seconds.", valueName: "bytes"))
    var softBytes = standard.softBytes

    @Option(
        name: .customLong("outbound-soft-seconds"),
        help: ArgumentHelp("How long a client may stay past --outbound-soft-limit.", valueName: "seconds"))
    var softSeconds = Double(standard.softDuration.components.seconds)

    @Flag(name: .customLong("no-outbound-limit"), help: "Never drop a slow client: what waits for it may grow without bound.")
    var unlimited = false

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp(
            "Answer 503 and close past this many open connections; by default 10000, or fewer when the file descriptor limit is lower.",
            valueName: "n"))
    var maxConnections = Self.defaultMaxConnections

    /// 10 000, or 64 less than the process's file descriptor limit when that is lower, so the
    /// server refuses a connection cleanly before `accept` runs out of descriptors.
    static var defaultMaxConnections: Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        let read = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard read == 0 else { return 10_000 }
        return max(1, Int(min(UInt64(limit.rlim_cur), 10_064)) - 64)
    }

    /// The maximum number of connections; refuses one below 1.
    func connections() throws -> Int {
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        return maxConnections
    }

    /// The outbound limit in force, nil for none; refuses values that cannot be used.
    func limit() throws -> SocketIOServer.OutboundLimit? {
        guard !unlimited else { return nil }
        guard softSeconds > 0, softSeconds.isFinite else { throw ValidationError("--outbound-soft-seconds must be a positive number") }
        let limit = SocketIOServer.OutboundLimit(
            hardBytes: hardBytes, softBytes: softBytes, softDuration: .milliseconds(Int64((softSeconds * 1000).rounded())))
        if let problem = limit.problem { throw ValidationError("--max-outbound-bytes, --outbound-soft-limit: \(problem)") }
        return limit
    }
}
