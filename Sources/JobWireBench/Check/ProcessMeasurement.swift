import JobWire
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a child process cost: its exit status, wall time and peak resident memory.
public struct ProcessMeasurement: Sendable, Hashable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// Wall-clock time from spawn to exit.
    public var seconds: Double
    /// Peak resident set size of that process alone, in bytes.
    ///
    /// On Linux `ru_maxrss` is useless here: a child started with `posix_spawn` (vfork semantics)
    /// inherits the parent's high-water mark when it calls `exec`, so every child would look at
    /// least as big as `jobwire bench` itself. The child's own `VmHWM` in `/proc/PID/status` is
    /// per address space, so it is read every 2 ms while the child runs. Elsewhere, `wait4`'s
    /// `ru_maxrss` is used.
    public var peakBytes: Int
    /// CPU time the child used, user and system, from `wait4`: unlike wall time, it does not grow
    /// when other processes share the machine's cores.
    public var cpuSeconds: Double = 0

    /// Runs `executable` with `arguments`, stdin from /dev/null, stdout to `stdoutPath` and stderr
    /// to /dev/null, and measures it. Only this child's usage is counted.
    public static func run(_ executable: String, _ arguments: [String], stdoutPath: String = "/dev/null") throws(BenchError) -> ProcessMeasurement {
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        var highWater = 0
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0, errno != EINTR { throw BenchError("waiting for \(executable) failed: \(String(cString: strerror(errno)))") }
            highWater = max(highWater, Self.highWaterBytes(of: pid))
            usleep(2000)
        }
        let elapsed = ContinuousClock.now - start
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        let peak = highWater > 0 ? highWater : Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ProcessMeasurement(
            status: exit, seconds: elapsed.inSeconds, peakBytes: peak, cpuSeconds: cpu)
    }

    /// `VmHWM` of a running process (Linux), in bytes; 0 when it cannot be read.
    static func highWaterBytes(of pid: pid_t) -> Int { statusBytes(of: pid, field: "VmHWM:") }

    /// A kilobyte figure of `/proc/PID/status` (Linux; `VmHWM:`, `VmRSS:`), in bytes; 0 when it cannot be read.
    static func statusBytes(of pid: pid_t, field: String) -> Int {
        // /proc files report a size of 0, so read them with read(2) rather than Foundation.
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let status = String(decoding: bytes[0..<count], as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let kilobytes = line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }

    /// The full path of `name` found on PATH, if any.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// This executable's path, so that a measured child is the same build as its parent.
    public static func currentExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
