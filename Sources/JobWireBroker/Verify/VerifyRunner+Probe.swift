import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SocketIOWire

extension VerifyRunner {
    /// Closes the Engine.IO session the reachability probe opened, with a close packet (`1`)
    /// posted to it, so it does not linger on the backend until its ping timeout: a server that
    /// shuts down gracefully (the embedded backend after every run) would wait for it. A probe
    /// whose answer names no session leaves nothing to close.
    static func closeProbe(_ handshake: Data, probe: URL, session: BoundedURLSession) async {
        guard let text = String(data: handshake, encoding: .utf8), text.first == "0",
            let sid = (try? JSONParser.parse(String(text.dropFirst())))?["sid"]?.stringValue,
            var components = URLComponents(url: probe, resolvingAgainstBaseURL: false)
        else { return }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "sid", value: sid)]
        guard let url = components.url else { return }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("text/plain;charset=UTF-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("1".utf8)
        _ = try? await session.data(for: request)
    }
}
