import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// The race cases alone: a caught race is reported so a backend team can act on it (its smallest
/// round, the interleaving as observed, the options that replay it), and the same seed draws the
/// same release orders.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct VerifyRaceTests {
    /// The race case `only` against the embedded backend with `faults`, seed 7; a race mutant's run
    /// that caught nothing runs again with the next seed, up to three (``VerifyRunnerTests/isRaceMiss(_:_:)``).
    /// Each run takes one of ``VerifyRunnerTests/slots``.
    static func raceRun(_ faults: BackendFaults, only: [String] = ["race-many"]) async throws -> VerifyRun {
        var seed: UInt64 = 7
        while true {
            let run = try await VerifyRunnerTests.slots.run { [seed] in
                let backend = try await EmbeddedBackend.start(faults: faults)
                var options = backend.options(vectors: VerifyRunnerTests.vectors)
                options.only = only
                options.seed = seed
                let run = try await VerifyRunner.run(options)
                await backend.shutdown()
                return run
            }
            if !VerifyRunnerTests.isRaceMiss(faults, run) || seed >= 9 { return run }
            seed += 1
        }
    }

    @Test func aCaughtRaceNamesItsSmallestRoundItsInterleavingAndItsReplay() async throws {
        let mutant = try #require(BackendFaults.named.first { $0.name == "acceptGapYield" })
        let run = try await Self.raceRun(mutant.fault)
        #expect(mutant.isCaught(by: run.failedRequirements), "\(VerifyRunnerTests.describe(run))")
        let notes = run.runReport.results.flatMap(\.notes)
        #expect(notes.first?.contains("the smallest is round") == true, "\(notes)")
        #expect(notes.contains { $0.contains("/accept -> 200 ok") && $0.contains("#") }, "\(notes)")
        let replay = notes.last ?? ""
        #expect(replay.hasPrefix("  replay: jobwire verify --only race-many --seed ") && replay.hasSuffix(" --racers 16 --race-rounds \(RaceOptions().rounds)"), "\(notes)")
        let json = JSONReport(catalog: nil).render(run.runReport)
        #expect(json.contains("\"notes\""))
    }

    /// Close against cancel, lost either way: both ends answered with success is REST-10 (the clean
    /// backend, which ends each request once, is ``theCleanRunsRacesFailNothingHaveNoNotesAndRunEveryRound()``).
    @Test(arguments: ["closeFromStaleRead", "cancelFromStaleRead"])
    func closeAgainstCancelIsCaughtFromBothSides(_ name: String) async throws {
        let fault = try #require(BackendFaults.named.first { $0.name == name }?.fault)
        let run = try await Self.raceRun(fault, only: ["race-close-cancel"])
        #expect(run.failedRequirements == ["REST-10"], "\(name): \(VerifyRunnerTests.describe(run))")
        #expect(run.results.first?.rounds.count == RaceOptions().rounds)
    }

    /// The timeout cancel against the `apply` on its way, lost by the cancel: a cancel decided on a
    /// stale read writes the request cancelled with no winner over an accept that won in its yield,
    /// and the read back of that request (cancelled, no winner, though the accept succeeded) is REST-15.
    @Test func aTimeoutCancelThatForgetsAWinIsCaught() async throws {
        let run = try await Self.raceRun(.timeoutCancelFromStaleRead, only: ["race-timeout-cancel"])
        #expect(run.failedRequirements == ["REST-15"], "\(VerifyRunnerTests.describe(run))")
        #expect(run.results.first?.rounds.count == RaceOptions().rounds)
        #expect(run.runReport.results.first?.notes.first?.contains("breaking REST-15") == true)
    }

    /// A backend that sends a request's events to the sockets its users had at the post, not to
    /// their rooms: the client connected again before the last round's release misses its `apply`
    /// (FLOW-4), the worker connected again before it misses its `cancel` (FLOW-8), and each
    /// report names that round and the reconnection. The rounds whose app went away right after the
    /// release (5 and 11) are not what catches it: nothing is owed while the app was away.
    @Test func aReconnectionInsideARoundIsCaughtInItsLastRound() async throws {
        let run = try await Self.raceRun(.socketsPinnedAtPost, only: ["race-many", "race-cancel-accept"])
        #expect(run.failedRequirements == ["FLOW-4", "FLOW-8"], "\(VerifyRunnerTests.describe(run))")
        for result in run.runReport.results {
            #expect(result.notes.first?.contains("the smallest is round \(RaceOptions().rounds) ") == true, "\(result.id): \(result.notes)")
            #expect(result.notes.contains { $0.hasSuffix("socket: connected again (a new session) before the release") }, "\(result.id): \(result.notes)")
        }
    }

    /// Clean, also with every third round's dropped racers and the client's reconnections: the
    /// give-ups are in the trace (a quarter of the racers, in 3 of the 12 rounds: not in the last,
    /// where the client connects again), and their worker, maybe the winner, is not held against
    /// the backend; nor is an `apply` lost while the client was away (rounds 5 and 11).
    @Test func aCleanRaceHasNoNotes() async throws {
        let run = try await Self.raceRun([])
        #expect(run.failedRequirements == [], "\(VerifyRunnerTests.describe(run))")
        #expect(run.runReport.results.allSatisfy { $0.notes.isEmpty })
        #expect(run.results.first?.rounds.count == RaceOptions().rounds)
        let dropping = RaceOptions().rounds / 3 - 1
        let dropped = run.captureText.components(separatedBy: "\"error\":\"reset\"").count - 1
        #expect(dropped == dropping * (RaceOptions().racers / 4))
        #expect(run.results.first?.rounds.filter { $0.interleaving.contains { $0.contains("dropped unread") } }.count == dropping)
        let moved = run.results.first?.rounds.filter { $0.interleaving.contains { $0.contains(" socket: ") } }.map(\.round)
        #expect(moved == [5, 11, 12])
        #expect(run.captureText.components(separatedBy: "\"reason\":\"client\"").count - 1 >= 3)
    }

    @Test func theSameSeedDrawsTheSameReleaseOrders() {
        let session = VerifySession(
            caseID: "race-many", runTag: "t", base: URL(string: "http://127.0.0.1:1")!, profile: .standard, clock: WallVerifyClock(),
            timeoutMs: 1000, emitToleranceMs: 2000, race: RaceOptions(seed: 42))
        let orders = (1...3).map { VerifyRacers.order(16, round: $0, session: session) }
        #expect(orders == (1...3).map { VerifyRacers.order(16, round: $0, session: session) })
        #expect(Set(orders.map { $0 }).count > 1)
        #expect(orders.allSatisfy { $0.sorted() == Array(0..<16) })
    }

    /// Every race case of the clean backend's one whole-suite run (``VerifyRunnerTests/cleanRun``,
    /// shared, not run again here) fails nothing, has no notes and runs every round: the clean
    /// backend ends each request once, whichever of close and cancel comes first.
    @Test func theCleanRunsRacesFailNothingHaveNoNotesAndRunEveryRound() async throws {
        let run = try await VerifyRunnerTests.cleanRun.value
        let races = run.results.filter { !$0.rounds.isEmpty }
        #expect(Set(races.map(\.id)) == ["race-many", "race-cancel-accept", "race-close-cancel", "race-timeout-cancel"])
        #expect(run.failedRequirements == [], "\(VerifyRunnerTests.describe(run))")
        #expect(races.allSatisfy { $0.raceNotes.isEmpty })
        for race in races { #expect(race.rounds.count == RaceOptions().rounds, "\(race.id)") }
    }
}
