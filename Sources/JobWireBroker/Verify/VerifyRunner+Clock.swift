import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JobWire
import SocketIOWire

extension VerifyRunner {
    /// Sets the run's clock to the backend's when its clock fixture (FIX-4) shows it ahead by more
    /// than the clock skew tolerance: the clock only moves forward, so a backend an earlier run
    /// moved stays ahead, and the checker compares the backend's times (a `new`'s `createdAt`) with
    /// the run's while the cases date tasks by the run's. Without the fixture nothing changes.
    static func followBackendClock(_ options: VerifyOptions, root: String, session: BoundedURLSession) async {
        guard let route = options.profile.clockFixture, let url = URL(string: root + route.template) else { return }
        var request = URLRequest(url: url)
        request.httpMethod = route.method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"advanceMs":0}"#.utf8)
        let before = options.clock.now()
        guard let (data, _) = try? await session.data(for: request), let backendNow = (try? JSONParser.parse(Array(data)))?["now"]?.integerValue else { return }
        let ahead = backendNow - (before + options.clock.now()) / 2
        if ahead > TraceHeader(roles: [.client]).clockSkewToleranceMs { options.clock.advance(by: ahead) }
    }
}
