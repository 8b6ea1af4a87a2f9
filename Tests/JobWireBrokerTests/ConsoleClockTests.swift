import Testing
@testable import JobWireBroker

/// The console's clock stands still while paused, steps only forward, runs on from where it stood,
/// and puts an app's wall-clock stamps on its own time.
struct ConsoleClockTests {
    @Test func pausedItStandsStillAndResumedItRunsOnFromThere() {
        let base = ManualBrokerClock(start: 1_000)
        let clock = ConsoleClock(base: base)
        base.advance(by: 50)
        #expect(clock.now() == 1_050 && !clock.isPaused)
        clock.pause()
        base.advance(by: 10_000)
        #expect(clock.now() == 1_050 && clock.isPaused)
        clock.step(to: 1_300)
        base.advance(by: 500)
        #expect(clock.now() == 1_300)
        clock.step(to: 1_200)
        #expect(clock.now() == 1_300, "a step never goes back")
        clock.resume()
        base.advance(by: 40)
        #expect(clock.now() == 1_340)
    }

    @Test func aWallStampLandsWhereTheClockStoodThen() {
        let base = ManualBrokerClock(start: 1_000)
        let clock = ConsoleClock(base: base)
        base.advance(by: 100)
        clock.pause()  // at base 1_100, reading 1_100
        base.advance(by: 900)
        clock.resume()  // at base 2_000, reading 1_100
        base.advance(by: 100)
        #expect(clock.reading(atWall: 1_050) == 1_050, "before the pause, the same")
        #expect(clock.reading(atWall: 1_500) == 1_100, "during the pause, the paused moment")
        #expect(clock.reading(atWall: 2_050) == 1_150, "after the resume, as far from it")
        #expect(clock.reading(atWall: 9_999) == clock.now(), "never ahead of now")
        #expect(SystemBrokerClock().reading(atWall: 42) == 42)
    }
}
