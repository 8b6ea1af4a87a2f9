import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

extension Client {
    /// A client of the JobWire backend at `serverURL` (e.g. `http://127.0.0.1:3000`, the address
    /// `jobwire broker` prints), over URLSession, reading dates with or without fractional seconds.
    public static func jobWire(serverURL: URL) -> Client {
        Client(
            serverURL: serverURL,
            configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
            transport: URLSessionTransport()
        )
    }
}
