import NIOCore
import NIOEmbedded
import Testing

@testable import SocketIONIO

/// One flush per writer per pass of the loop, after the tasks already queued.
struct EngineIOFlushBatcherTests {
    final class Writer: EngineIOFlushable {
        let name: String
        let log: Log
        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }
        func flushPendingWrites() { log.entries.append(name) }
    }

    final class Log { var entries: [String] = [] }

    @Test func flushesEachWriterOnceAfterTheCurrentTasks() {
        let loop = EmbeddedEventLoop()
        let batcher = EngineIOFlushBatcher(eventLoop: loop)
        let log = Log()
        let a = Writer("a", log: log)
        let b = Writer("b", log: log)
        batcher.flushSoon(a)
        batcher.flushSoon(b)
        #expect(log.entries.isEmpty)
        loop.run()
        #expect(log.entries == ["a", "b"])
        batcher.flushSoon(b)
        loop.run()
        #expect(log.entries == ["a", "b", "b"])
        loop.run()
        #expect(log.entries == ["a", "b", "b"])
    }

    @Test func aWriterEnqueuedDuringAFlushIsFlushedInTheNextPass() {
        final class Again: EngineIOFlushable {
            var batcher: EngineIOFlushBatcher?
            var flushes = 0
            func flushPendingWrites() {
                flushes += 1
                if flushes == 1 { batcher?.flushSoon(self) }
            }
        }
        let loop = EmbeddedEventLoop()
        let batcher = EngineIOFlushBatcher(eventLoop: loop)
        let writer = Again()
        writer.batcher = batcher
        batcher.flushSoon(writer)
        loop.run()
        #expect(writer.flushes == 2)
    }
}
