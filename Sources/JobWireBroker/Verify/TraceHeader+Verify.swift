import JobWire

extension TraceHeader {
    /// The header the checker judges a `jobwire verify` run with: the apps recorded, the backend
    /// is under test, the names are the backend's `profile`, and the token and email the cases
    /// make up are listed as unknown (TASK-6, TASK-1). The run adds the request and worker ids
    /// its cases made up (``VerifyRun``).
    static func verify(_ profile: ProtocolProfile, timeoutMs: Int64) -> TraceHeader {
        var header = TraceHeader(roles: [.client, .worker])
        header.subject = [.backend]
        header.timeoutMs = timeoutMs
        header.profile = profile
        header.unknownTokens = [VerifySession.forgedToken]
        header.unknownEmails = [VerifySession.ghostEmail]
        return header
    }
}
