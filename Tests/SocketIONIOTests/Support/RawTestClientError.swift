/// Why a raw test client call failed.
enum RawTestClientError: Error, CustomStringConvertible {
    /// Nothing happened within the deadline.
    case timeout(String)
    /// The server closed the connection before answering.
    case connectionClosed(String)

    var description: String {
        switch self {
        case .timeout(let what): "timed out waiting for \(what)"
        case .connectionClosed(let what): "connection closed while waiting for \(what)"
        }
    }
}
