import Foundation

/// The process's open-file limit (RLIMIT_NOFILE), which caps how many clients or sockets it can hold.
public enum FanoutOpenFileLimit {
    /// Raises the soft limit to the hard limit; returns the limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return -1 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif

    /// Descriptors a process needs besides its sockets: standard streams, event loops, pipes, files.
    public static let overhead = 256
}
