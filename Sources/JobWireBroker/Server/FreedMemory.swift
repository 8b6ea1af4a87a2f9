import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Gives back to the system the memory the C allocator keeps after it was freed, so a broker's
/// resident memory falls again once what it held is gone (issue 18: after the stuck sockets are
/// dropped, memory returns within 20 MB of the start).
///
/// glibc's malloc returns freed memory by itself only from the top of its main heap. The broker's
/// work runs on NIO's event loop threads and the concurrency pool, whose allocations come from
/// per-thread arenas: what a dropped socket's backlog, a closed storm connection or a forgotten
/// request held is free for malloc to reuse but stays resident (a measured soak kept about 25 MB
/// that way). `malloc_trim(0)` releases the free pages of every arena. Elsewhere it does nothing.
public enum FreedMemory {
    /// Releases the free pages the allocator holds; true when some were released (glibc only).
    @discardableResult
    public static func release() -> Bool {
        guard let trim else { return false }
        return trim(0) == 1
    }

    /// glibc's `malloc_trim`, found by name: Swift's Glibc module leaves out `malloc.h`. Set once, never changed.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Calls ``release()`` every `interval` on a thread of its own until ``Releaser/stop()``.
    ///
    /// A trim walks the free lists of every arena, a millisecond or so for a broker's heaps, so a
    /// few seconds apart it costs nothing measurable and memory follows what the broker holds. The
    /// thread sleeps with `nanosleep`: no event loop is held up by a trim, and no descriptor is
    /// opened (a timer of Swift concurrency or libdispatch would add one, lazily, to the broker's count).
    public static func releasePeriodically(every interval: Duration = .seconds(5)) -> Releaser {
        let releaser = Releaser()
        let thread = Thread { [releaser] in
            while !releaser.stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
                if !releaser.stopped.load(ordering: .relaxed) { release() }
            }
        }
        thread.name = "jobwire-freed-memory"
        thread.start()
        return releaser
    }

    /// Stops a ``releasePeriodically(every:)`` loop.
    public final class Releaser: Sendable {
        fileprivate let stopped = Atomic(false)

        /// The loop ends after its current sleep.
        public func stop() { stopped.store(true, ordering: .relaxed) }
    }
}
