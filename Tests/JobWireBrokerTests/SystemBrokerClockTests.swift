import Foundation
import Testing
@testable import JobWireBroker

/// The broker's clock stamps from the apps' own wall clock: a reading taken after an app's stamp
/// is never behind it, so a call an app makes after a report keeps its place after the report
/// (the live client-restart's read after its launch, STATE-6); `--speed` scales from the start and
/// the clock fixture adds on top.
struct SystemBrokerClockTests {
    /// An app's stamp: the wall clock in whole ms, rounded down (`int(time.time() * 1000)`).
    static func appStamp() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    @Test func aReadingIsNeverBehindAnAppStampTakenBeforeIt() {
        // Many clocks, since a clock started at some fraction of a millisecond could hide a lag.
        for _ in 0..<50 {
            let clock = SystemBrokerClock()
            for _ in 0..<200 {
                let stamp = Self.appStamp()
                let reading = clock.now()
                #expect(reading >= stamp, "the broker read \(reading) after an app stamped \(stamp)")
                guard reading >= stamp else { return }
            }
        }
    }

    @Test func atOneSpeedItIsTheWallClockPlusWhatTheFixtureAdded() {
        let clock = SystemBrokerClock()
        let before = Self.appStamp()
        clock.advance(by: 60_000)
        let reading = clock.now()
        #expect(reading >= before + 60_000 && reading <= Self.appStamp() + 60_000)
    }

    @Test func fasterItRunsFromItsStartSpeedTimesTheWallClock() {
        let start = Self.appStamp()
        let clock = SystemBrokerClock(speed: 1_000)
        let wall = ContinuousClock.now
        while ContinuousClock.now - wall < .milliseconds(5) {}
        let reading = clock.now()
        // At least 5 wall ms passed: at least 5 s on the clock; no more than the wall time since before the start, times 1000.
        #expect(reading >= start + 4_000, "\(reading - start) ms after the start")
        #expect(reading <= start + (Self.appStamp() - start + 1) * 1_000)
    }
}
