import Synchronization

/// The clock of a broker with a console (Docs/BROKER.md, "The console"): the broker's clock,
/// except that a person may pause it and step it. Paused, it stands still, so the scenario stays
/// paused: no step, timer or late delivery of the kit falls due; stepping moves it to the next
/// moment the scenario waits for; resumed, it runs again from where it stood, behind the base
/// clock by the time it stood still.
///
/// An app under test stamps its UI reports with its own (wall) clock, which never paused;
/// ``reading(atWall:)`` puts such a stamp on this clock's time, so a report made while paused
/// lands at the paused moment and one made later keeps its distance from the resume.
public final class ConsoleClock: BrokerClock {
    private let base: any BrokerClock
    private let state: Mutex<State>

    /// Where the clock stood at a moment of the base clock, and whether it ran from there.
    private struct Mark: Sendable {
        var base: Int64
        var reading: Int64
        var running: Bool
    }

    private struct State: Sendable {
        /// Each pause, step and resume, oldest first; the last says how the clock runs now.
        var marks: [Mark]
    }

    /// A clock reading as `base` does, running unless `paused`.
    public init(base: any BrokerClock, paused: Bool = false) {
        self.base = base
        let now = base.now()
        state = Mutex(State(marks: [Mark(base: now, reading: now, running: !paused)]))
    }

    public var speed: Double { base.speed }

    public func now() -> Int64 {
        let baseNow = base.now()
        return state.withLock { Self.reading(of: $0.marks, atBase: baseNow) }
    }

    public func reading(atWall wallMs: Int64) -> Int64 {
        let baseNow = base.now()
        return state.withLock { state in
            min(Self.reading(of: state.marks, atBase: wallMs), Self.reading(of: state.marks, atBase: baseNow))
        }
    }

    /// True while the clock stands still.
    public var isPaused: Bool { state.withLock { !$0.marks.last!.running } }

    /// Stops the clock where it stands.
    public func pause() { mark(running: false, to: nil) }

    /// Runs the clock again from where it stands.
    public func resume() { mark(running: true, to: nil) }

    /// Moves the paused clock forward to `reading` (never back); it stays paused.
    public func step(to reading: Int64) { mark(running: false, to: reading) }

    private func mark(running: Bool, to target: Int64?) {
        let baseNow = base.now()
        state.withLock { state in
            let current = Self.reading(of: state.marks, atBase: baseNow)
            let reading = max(current, target ?? current)
            if state.marks.count > 1_000 { state.marks.removeFirst(state.marks.count - 1_000) }
            state.marks.append(Mark(base: baseNow, reading: reading, running: running))
        }
    }

    /// The reading at base time `at`: from the last mark at or before it (the first mark before any).
    private static func reading(of marks: [Mark], atBase at: Int64) -> Int64 {
        let mark = marks.last { $0.base <= at } ?? marks[0]
        guard mark.running else { return mark.reading }
        return mark.reading + max(0, at - mark.base)
    }
}
