extension Duration {
    /// How long a live test waits for what must come (a frame, a log line, a child's exit, the end
    /// of a stream) before it calls the wait hung: five minutes. A guard, never a verdict: on a busy
    /// two-core machine a socket's answer or a Python interpreter's start can lag by many seconds,
    /// and a correct peer must not fail for it. What must not come is proved by a fence, never by a
    /// wait that runs out.
    static let hangGuard = Duration.seconds(300)
}
