import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// How long a test's HTTP call waits for its answer before it fails: a hang guard, never a
    /// verdict. In the test command's first pass hundreds of tests share two cores, and an
    /// in-process server answers on the cooperative threads, so an answer can wait minutes behind
    /// CPU-bound tests; URLRequest's default of 60 s failed five tests so beside two `yes`.
    static let hangGuard = TimeInterval(Duration.hangGuard.components.seconds)

    /// A request to `url` that waits up to ``hangGuard`` for its answer.
    ///
    /// The interval is assigned, not passed to `init(url:cachePolicy:timeoutInterval:)`: Linux's
    /// FoundationNetworking honours only an interval set through the property and otherwise waits
    /// the session's 60 s (a 3 s interval passed to the initializer timed out after 60 s).
    init(guarding url: URL) {
        self.init(url: url)
        timeoutInterval = Self.hangGuard
    }
}
