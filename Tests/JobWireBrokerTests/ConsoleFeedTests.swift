import JobWire
import Testing
@testable import JobWireBroker

/// The console's feed: lines after a cursor, each once and in order however writes and polls
/// interleave, and a waiting poll woken by a line or a change of state, never by a time.
struct ConsoleFeedTests {
    static func entry(_ line: Int) -> ConsoleFeed.Entry {
        ConsoleFeed.Entry(step: TimelineStep(line: line, ts: Int64(line), from: "backend", to: nil, kind: .state, label: "L\(line)", payload: "{}"), lanes: [], spans: [])
    }

    @Test func pollsWithTheirCursorGetEveryLineOnceWhileLinesAreWritten() async {
        let feed = ConsoleFeed()
        let reader = Task {
            var cursor = 1
            var lines: [Int] = []
            while cursor < 2_001 {
                await feed.wait(after: cursor, seen: feed.version, limit: .seconds(60))
                let news = feed.entries(after: cursor)
                lines += news.map(\.line)
                cursor = news.last?.line ?? cursor
            }
            return lines
        }
        for line in 2...2_001 {
            feed.append(Self.entry(line))
            if line % 100 == 0 { await Task.yield() }
        }
        #expect(await reader.value == Array(2...2_001))
        #expect(feed.entries(after: 2_001).isEmpty)
        #expect(feed.entries(after: 1_999).map(\.line) == [2_000, 2_001])
    }

    @Test func aWaitingPollWakesOnAChangeOfState() async {
        let feed = ConsoleFeed()
        feed.append(Self.entry(2))
        let seen = feed.version
        let waiting = Task { await feed.wait(after: 2, seen: seen, limit: .seconds(60)) }
        feed.touch()
        await waiting.value
        #expect(feed.version == seen + 1)
        // Already behind: no wait at all.
        await feed.wait(after: 1, seen: feed.version, limit: .seconds(60))
        await feed.wait(after: 2, seen: seen, limit: .seconds(60))
    }
}
