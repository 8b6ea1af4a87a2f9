import Foundation

/// CPU time used by a process, so that a figure can be judged on a machine that other work shares.
///
/// Wall-clock rates move with the load; the CPU time one delivery costs a server moves much
/// less, so the benchmark reports it beside them.
public enum FanoutCPUTime {
    /// User plus system time of this process, all threads, in seconds.
    public static func ofThisProcess() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// User plus system time of process `pid`, all threads, in seconds, from `/proc/<pid>/stat`; nil where there is no `/proc`.
    public static func ofProcess(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return parseStat(stat)
    }

    /// Fields 14 and 15 (utime, stime, in clock ticks) of a `/proc/<pid>/stat` line; the command
    /// name in parentheses may hold spaces, so fields are counted after its closing parenthesis.
    static func parseStat(_ stat: String, ticksPerSecond: Double = Double(sysconf(Int32(_SC_CLK_TCK)))) -> Double? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]), ticksPerSecond > 0 else { return nil }
        return (user + system) / ticksPerSecond
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
