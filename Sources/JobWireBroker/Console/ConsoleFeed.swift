import Foundation
import JobWire
import SocketIOWire
import Synchronization

/// The capture of a live session as the console sees it: every line as the recorder writes it,
/// numbered by its capture line, and the long polls of console pages waiting for more.
///
/// A page asks for the lines after its cursor (the last line it has) and gets each later line
/// exactly once: lines are only ever appended, in line order, so nothing is lost or shown twice
/// however the polls and the writes interleave. A poll with nothing new waits until a line is
/// written or the console's state changes (``touch()``), at most ``ConsoleFeed/longPoll``.
public final class ConsoleFeed: Sendable {
    /// How long a poll with nothing new is held before it is answered empty (the page asks again).
    public static let longPoll: Duration = .seconds(20)

    /// One capture line as the swimlanes draw it: its step, with the lanes and timer spans it opened.
    public struct Entry: Sendable {
        /// The capture line number (the header is line 1).
        public var line: Int { step.line }
        /// The line's arrow or mark; its `payload` is the line's JSON.
        public var step: TimelineStep
        /// The lanes first seen on this line.
        public var lanes: [TimelineLane]
        /// The timer span this line started or ended, whole as it then stood (a page replaces
        /// one it was given before).
        public var spans: [TimelineSpan]
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        /// Bumped at each change of the console's state that is not a line (pause, resume).
        var version = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Polls whose limit passed before they began to wait.
        var expired: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// An empty feed.
    public init() {}

    /// Takes a line as the recorder writes it (``CaptureRecorder/observeLines(_:)``), drawn.
    public func append(_ entry: Entry) {
        let woken = state.withLock { state in
            state.entries.append(entry)
            return Self.takeWaiters(&state)
        }
        for waiter in woken { waiter.resume() }
    }

    /// The console's state changed (paused, resumed): waiting polls answer with it.
    public func touch() {
        let woken = state.withLock { state in
            state.version += 1
            return Self.takeWaiters(&state)
        }
        for waiter in woken { waiter.resume() }
    }

    /// The version of the console's state: a page passes back the one it has seen.
    public var version: Int { state.withLock { $0.version } }

    /// The number of the last line written, 1 (the header) before any event.
    public var cursor: Int { state.withLock { $0.entries.last?.line ?? 1 } }

    /// The lines after line `cursor`, in order.
    public func entries(after cursor: Int) -> [Entry] {
        state.withLock { state in
            // Lines are numbered without gaps from 2, so the first after `cursor` is at `cursor - 1`.
            let start = max(0, min(state.entries.count, cursor - 1))
            return Array(state.entries[start...]).filter { $0.line > cursor }
        }
    }

    /// Waits until a line after `cursor` is written or the state's version is not `seen`, at most `limit`.
    public func wait(after cursor: Int, seen: Int, limit: Duration = ConsoleFeed.longPoll) async {
        let id: Int? = state.withLock { state in
            guard (state.entries.last?.line ?? 1) <= cursor, state.version == seen else { return nil }
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        guard let id else { return }
        let timer = Task {
            do { try await Task.sleep(for: limit) } catch { return }
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.expired.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard (state.entries.last?.line ?? 1) <= cursor, state.version == seen, state.expired.remove(id) == nil else { return true }
                state.waiters[id] = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        timer.cancel()
    }

    private static func takeWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
    }
}
