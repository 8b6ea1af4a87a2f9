import Foundation
import Testing

/// ``FreedMemory`` gives freed heap pages back: resident memory read from /proc falls after a trim.
///
/// The trim runs in FreedMemoryProbe, a process of its own: a trim stops every thread of the
/// process while it walks the heap, and the test process's heap is large (see the probe's header).
@Suite struct FreedMemoryTests {
    /// The built probe beside the test bundle.
    static let probe: URL? = {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return directories.map { $0.appendingPathComponent("FreedMemoryProbe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")), .timeLimit(.minutes(30)))
    func freedHeapMemoryIsReturnedToTheSystem() async throws {
        let executable = try #require(Self.probe, "FreedMemoryProbe is not built beside the tests")
        let probe = try ChildProgram(executable.path, [])
        defer { probe.stop() }
        #expect(await probe.finish(within: .hangGuard) == 0, "\(probe.text)")
        let printed = probe.stdout
        let figures = printed.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(figures.count == 2, "the probe printed \(printed.debugDescription), not BEFORE AFTER")
        let (before, after) = (figures[0], figures[1])
        #expect(before - after > 32 << 20, "resident \(before >> 20) MiB before the trim, \(after >> 20) MiB after")
    }
}
