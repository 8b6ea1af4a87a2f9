import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A URLSession whose answers are bounded: a body over ``maximumBodySize`` bytes is not held, the
/// call is cancelled as soon as the limit is passed (or at once, when the answer announces a longer
/// `Content-Length`) and fails with ``BoundedURLSession/BodyTooLarge``, naming the URL and the limit.
///
/// `verify`'s REST calls go through it, so a backend that answers with an endless or huge body
/// cannot make the kit hold it (issue 18: the kit as a client is as defensive as the broker).
/// URLSession's own `data(for:)` collects a whole body whatever its size.
public final class BoundedURLSession: Sendable {
    /// An answer whose body passed the limit.
    public struct BodyTooLarge: Error, Sendable, CustomStringConvertible {
        /// The URL called.
        public var url: String
        /// The limit, in bytes.
        public var limit: Int

        public var description: String {
            "the server at \(url) answered with a body over the client's limit of \(limit) bytes; the call was cancelled"
        }
    }

    /// The largest body accepted by default: 16 MiB, as the Socket.IO client's polling answers
    /// (`SocketIOClientConfiguration.maximumHTTPBodySize`); a REST answer of this protocol is a
    /// few kilobytes, a long history a few megabytes.
    public static let defaultMaximumBodySize = 1 << 24

    /// The largest body accepted, in bytes.
    public let maximumBodySize: Int
    private let session: URLSession
    private let collector: BodyCollector

    /// A session made with `configuration` that accepts bodies of at most `maximumBodySize` bytes.
    public init(configuration: URLSessionConfiguration = .ephemeral, maximumBodySize: Int = defaultMaximumBodySize) {
        self.maximumBodySize = maximumBodySize
        let collector = BodyCollector(limit: maximumBodySize)
        self.collector = collector
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request` and returns the body and the response.
    /// - Throws: ``BodyTooLarge`` past the limit, URLSession's error when the call failed.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            collector.expect(task, continuation)
            task.resume()
        }
    }

    /// GETs `url` and returns the body and the response.
    public func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }
}

/// Collects each task's body up to the limit and completes its caller.
private final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct Call {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var body = Data()
        var response: URLResponse?
        var tooLarge = false
    }

    private let limit: Int
    private let calls = Mutex<[Int: Call]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    func expect(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        calls.withLock { $0[task.taskIdentifier] = Call(continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let announcedTooLarge = response.expectedContentLength > Int64(limit)
        calls.withLock { calls in
            calls[dataTask.taskIdentifier]?.response = response
            if announcedTooLarge { calls[dataTask.taskIdentifier]?.tooLarge = true }
        }
        completionHandler(announcedTooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let passed = calls.withLock { calls -> Bool in
            guard var call = calls[dataTask.taskIdentifier], !call.tooLarge else { return false }
            if call.body.count + data.count > limit {
                call.tooLarge = true
                call.body = Data()
            } else {
                call.body.append(data)
            }
            calls[dataTask.taskIdentifier] = call
            return call.tooLarge
        }
        if passed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let call = calls.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if call.tooLarge {
            let url = task.originalRequest?.url?.absoluteString ?? "?"
            call.continuation.resume(throwing: BoundedURLSession.BodyTooLarge(url: url, limit: limit))
        } else if let error {
            call.continuation.resume(throwing: error)
        } else if let response = call.response ?? task.response {
            call.continuation.resume(returning: (call.body, response))
        } else {
            call.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
