import Foundation
import JobWire
import JobWireAdapters
import Testing

/// The two-thread reader gives the checker exactly what the one-thread reader gives it: the same
/// items in the same order, the same verdict, and a bad or cut-off line's error at the same point.
struct TracePipelineTests {
    /// A synthetic trace several times longer than the queue holds (``TracePipeline/batchSize``
    /// times ``TracePipeline/depth``), so the reading side waits on a full queue.
    static let lines: [String] = {
        var lines: [String] = []
        _ = SyntheticTrace(events: 3 * TracePipeline.batchSize * TracePipeline.depth).forEachLine { lines.append($0) }
        return lines
    }()

    /// Writes `text` to a temporary file, runs `body` with its path, and removes it.
    private func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-pipeline-\(UUID().uuidString).jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// The line number of each item `read` delivers, and the error that ended the stream.
    private func collect(_ read: ((TraceReader.Item) throws(InputError) -> Void) throws(InputError) -> Void) -> (lines: [Int], error: String?) {
        var lines: [Int] = []
        do {
            try read { (item: TraceReader.Item) throws(InputError) in
                switch item {
                case .header: lines.append(1)
                case .event(let event): lines.append(event.line)
                }
            }
            return (lines, nil)
        } catch {
            return (lines, error.description)
        }
    }

    /// Both readers over the same file: what each delivered, and where each stopped.
    private func bothReaders(_ text: String) throws -> (sequential: (lines: [Int], error: String?), pipelined: (lines: [Int], error: String?)) {
        try withFile(text) { path in
            let sequential = collect { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in try TraceReader.read(path: path, displayPath: "t.jsonl", body) }
            let pipelined = collect { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in try TracePipeline.read(path: path, displayPath: "t.jsonl", body) }
            return (sequential, pipelined)
        }
    }

    /// The trace file at `path` checked with its events read and decoded on a second thread.
    private func pipelinedCheck(_ path: String) throws(InputError) -> TraceVerdict {
        try TraceChecker.check(file: path) { (body: (TraceReader.Item) throws(InputError) -> Void) throws(InputError) in
            try TracePipeline.read(path: path, body)
        }
    }

    /// What a verdict says per requirement, violations and their texts included.
    private func findings(_ verdict: TraceVerdict) -> [String] {
        verdict.rules.map { "\($0.info.id) applicable=\($0.applicable) count=\($0.violationCount) \($0.violations)" }
    }

    @Test func aTraceWithViolationsGetsTheSameVerdictFromBothReaders() throws {
        // Every 50th event left out: replies without their calls, offers never shown, and so on.
        let holed = Self.lines.enumerated().filter { $0.offset == 0 || $0.offset % 50 != 0 }.map(\.element).joined()
        let (sequential, pipelined) = try withFile(holed) { path in
            (try TraceChecker.check(path: path), try pipelinedCheck(path))
        }
        #expect(!sequential.failedIDs.isEmpty, "the holed trace should violate something")
        #expect(pipelined.eventCount == sequential.eventCount)
        #expect(findings(pipelined) == findings(sequential))
    }

    @Test func aBadLineInTheMiddleIsReportedAfterTheSameEvents() throws {
        var lines = Self.lines
        // Half way: after batches handed over, with more still to read.
        let bad = Self.lines.count / 2
        lines[bad - 1] = #"{"ts":1767225600000,"actor":"client","kind":"view.shown","view":5}"# + "\n"
        let (sequential, pipelined) = try bothReaders(lines.joined())
        #expect(sequential.lines == Array(1..<bad))
        #expect(sequential.error?.contains("t.jsonl:\(bad)") == true, "\(sequential.error ?? "no error")")
        #expect(sequential.error?.contains("view") == true)
        #expect(pipelined.lines == sequential.lines)
        #expect(pipelined.error == sequential.error)
        try withFile(lines.joined()) { path in
            let sequentialError = #expect(throws: InputError.self) { try TraceChecker.check(path: path) }
            let pipelinedError = #expect(throws: InputError.self) { try pipelinedCheck(path) }
            #expect(pipelinedError?.description == sequentialError?.description)
        }
    }

    @Test func aTraceCutOffMidLineIsReportedAfterEveryCompleteLine() throws {
        let whole = Self.lines.joined()
        let cut = String(whole.prefix(whole.utf8.count * 2 / 3).dropLast(3))
        let (sequential, pipelined) = try bothReaders(cut)
        #expect(sequential.error?.contains("incomplete line") == true, "\(sequential.error ?? "no error")")
        #expect(sequential.lines.count > 2 * TracePipeline.batchSize)
        #expect(pipelined.lines == sequential.lines)
        #expect(pipelined.error == sequential.error)
    }

    @Test func aJudgeThatThrowsStopsTheReadingThreadWithItsOwnError() throws {
        let stopAt = TracePipeline.batchSize + 7
        try withFile(Self.lines.joined()) { path in
            var seen = 0
            do throws(InputError) {
                try TracePipeline.read(path: path) { (_: TraceReader.Item) throws(InputError) in
                    seen += 1
                    if seen == stopAt { throw InputError(file: "judge", message: "stop here") }
                }
                Issue.record("the judge's error was lost")
            } catch {
                #expect(error.file == "judge")
                #expect(seen == stopAt)
            }
        }
    }
}
