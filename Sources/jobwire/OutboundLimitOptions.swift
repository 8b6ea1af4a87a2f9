import ArgumentParser
import SocketIONIO

/// What may wait for one client before the server drops it as a slow consumer: the flags `broker`
/// and `socketio-testee` share (Docs/BROKER.md, "Slow consumers").
struct OutboundLimitOptions: ParsableArguments {
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

    /// The limit in force, nil for none; refuses values that cannot be used.
    func limit() throws -> SocketIOServer.OutboundLimit? {
        guard !unlimited else { return nil }
        guard softSeconds > 0, softSeconds.isFinite else { throw ValidationError("--outbound-soft-seconds must be a positive number") }
        let limit = SocketIOServer.OutboundLimit(
            hardBytes: hardBytes, softBytes: softBytes, softDuration: .milliseconds(Int64((softSeconds * 1000).rounded())))
        if let problem = limit.problem { throw ValidationError("--max-outbound-bytes, --outbound-soft-limit: \(problem)") }
        return limit
    }
}
