// A process of its own for FreedMemoryTests: `malloc_trim` holds each arena's lock while it walks
// that arena's free chunks, so in the test process (gigabytes of heap after hundreds of tests) one
// trim once stopped every other test for two and a half minutes. Here the heap is this probe's alone.
//
// Writes 64 MiB in 32 KiB blocks (under malloc's mmap threshold, so they come from a heap), frees
// all but the last, which pins the heap's top so only a trim gives the rest back, then prints the
// resident bytes before and after ``FreedMemory/release()`` as `BEFORE AFTER`.
import Foundation
import JobWireBroker

/// Resident bytes of this process (Linux: VmRSS of /proc/self/status).
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
}

let blocks = (0..<2048).map { _ in
    let block = UnsafeMutableRawPointer.allocate(byteCount: 32 * 1024, alignment: 16)
    block.initializeMemory(as: UInt8.self, repeating: 7, count: 32 * 1024)
    return block
}
for block in blocks.dropLast() { block.deallocate() }
guard let before = residentBytes() else {
    FileHandle.standardError.write(Data("no VmRSS in /proc/self/status\n".utf8))
    exit(2)
}
FreedMemory.release()
let after = residentBytes() ?? 0
blocks.last!.deallocate()
print(before, after)
