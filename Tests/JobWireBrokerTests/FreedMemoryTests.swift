import Foundation
import Testing

@testable import JobWireBroker

/// ``FreedMemory`` gives freed heap pages back: resident memory read from /proc falls after a trim.
@Suite struct FreedMemoryTests {
    /// Resident bytes of this process (Linux: VmRSS of /proc/self/status).
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func freedHeapMemoryIsReturnedToTheSystem() async throws {
        // 64 MiB in 32 KiB blocks (under malloc's mmap threshold, so they come from a heap), all
        // written, then all freed but the last, which pins the heap's top: only a trim gives the rest back.
        let thread = Task.detached {
            let blocks = (0..<2048).map { _ in
                let block = UnsafeMutableRawPointer.allocate(byteCount: 32 * 1024, alignment: 16)
                block.initializeMemory(as: UInt8.self, repeating: 7, count: 32 * 1024)
                return block
            }
            for block in blocks.dropLast() { block.deallocate() }
            return UInt(bitPattern: blocks.last!)
        }
        let pinned = await thread.value
        defer { UnsafeMutableRawPointer(bitPattern: pinned)?.deallocate() }
        let before = try #require(Self.residentBytes())
        FreedMemory.release()
        let after = try #require(Self.residentBytes())
        #expect(before - after > 32 << 20, "resident \(before >> 20) MiB before the trim, \(after >> 20) MiB after")
    }
}
