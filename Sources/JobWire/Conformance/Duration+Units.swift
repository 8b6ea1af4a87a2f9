/// A `Duration` in the units reports and timers use, written once for every command and runner.
extension Duration {
    /// In seconds, with the fraction.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// In whole milliseconds.
    public var inMilliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }
}
