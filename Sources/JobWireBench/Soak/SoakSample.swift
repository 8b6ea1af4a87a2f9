import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One reading of the server process during a soak: its resident memory and open file descriptors.
public struct SoakSample: Sendable, Hashable, Codable {
    /// Seconds since the soak started.
    public var seconds: Double
    /// The phase it was taken in, e.g. `storm`, `stuck`.
    public var phase: String
    /// Resident set size (`VmRSS`), in bytes; 0 where it cannot be read (not Linux).
    public var residentBytes: Int
    /// Open file descriptors (entries of `/proc/PID/fd`); 0 where they cannot be counted.
    public var openFiles: Int

    /// A sample built field by field.
    public init(seconds: Double, phase: String, residentBytes: Int, openFiles: Int) {
        self.seconds = seconds
        self.phase = phase
        self.residentBytes = residentBytes
        self.openFiles = openFiles
    }

    /// Reads process `pid` now.
    public static func take(of pid: Int32, seconds: Double, phase: String) -> SoakSample {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        return SoakSample(seconds: seconds, phase: phase, residentBytes: ProcessMeasurement.statusBytes(of: pid, field: "VmRSS:"), openFiles: files)
    }
}
