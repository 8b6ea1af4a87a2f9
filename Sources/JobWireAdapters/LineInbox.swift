import Foundation

/// Lines read from a child process's output, handed to one awaiting reader with a time limit.
///
/// A reader thread pushes lines in order; ``next(timeout:)`` waits for the next one, the end of
/// the stream, or the deadline, whichever comes first.
final class LineInbox: @unchecked Sendable {
    /// What waiting for a line produced.
    enum Event: Sendable, Equatable {
        case line(String)
        case closed
        case timedOut
        case overlong
    }

    /// Lines longer than this end the stream: a testee writing megabytes without a newline is broken.
    static let maximumLineBytes = 16 << 20

    private let lock = NSLock()
    private var lines: [Event] = []
    private var closed = false
    private var waiter: (token: UInt64, continuation: CheckedContinuation<Event, Never>)?
    /// The waiter's time limit, cancelled when its line comes, so a long run of quick answers
    /// (`vectors fuzz --count 100000`) does not keep one sleeping task per answer for `timeout`.
    private var timer: Task<Void, Never>?
    private var nextToken: UInt64 = 0

    /// Starts a thread that reads `handle` until end of file, splitting on `\n`.
    func startReading(_ handle: FileHandle) {
        PipeLineReader.start(
            handle, limit: Self.maximumLineBytes,
            onLine: { [self] line in push(.line(line)) },
            onOverlong: { [self] in push(.overlong) },
            onEnd: { [self] in close() })
    }

    private func push(_ event: Event) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            let timer = self.timer
            self.timer = nil
            lock.unlock()
            timer?.cancel()
            waiter.continuation.resume(returning: event)
        } else {
            lines.append(event)
            lock.unlock()
        }
    }

    private func close() {
        lock.lock()
        closed = true
        if let waiter, lines.isEmpty {
            self.waiter = nil
            let timer = self.timer
            self.timer = nil
            lock.unlock()
            timer?.cancel()
            waiter.continuation.resume(returning: .closed)
        } else {
            lock.unlock()
        }
    }

    /// The next line, `.closed` at end of stream, or `.timedOut` after `timeout`.
    func next(timeout: Duration) async -> Event {
        await withCheckedContinuation { continuation in
            lock.lock()
            if !lines.isEmpty {
                let event = lines.removeFirst()
                lock.unlock()
                continuation.resume(returning: event)
                return
            }
            if closed {
                lock.unlock()
                continuation.resume(returning: .closed)
                return
            }
            nextToken += 1
            let token = nextToken
            waiter = (token, continuation)
            timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                expire(token)
            }
            lock.unlock()
        }
    }

    private func expire(_ token: UInt64) {
        lock.lock()
        guard let waiter, waiter.token == token else {
            lock.unlock()
            return
        }
        self.waiter = nil
        timer = nil
        lock.unlock()
        waiter.continuation.resume(returning: .timedOut)
    }
}
