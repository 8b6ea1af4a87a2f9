import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The generated eligibility population: the same seed gives the same members, and every seed
/// gives members the oracle finds eligible and members it does not, so getJobs is judged both ways.
struct EligibilityPopulationTests {
    @Test func theSameSeedGivesTheSamePopulation() {
        let first = EligibilityPopulation.generate(seed: 42, count: 40).map { JSONValue.object(["profile": $0.profile, "job": .object($0.job)]) }
        let again = EligibilityPopulation.generate(seed: 42, count: 40).map { JSONValue.object(["profile": $0.profile, "job": .object($0.job)]) }
        let other = EligibilityPopulation.generate(seed: 43, count: 40).map { JSONValue.object(["profile": $0.profile, "job": .object($0.job)]) }
        #expect(first == again)
        #expect(first != other)
    }

    @Test(arguments: 1...25)
    func everySeedHasEligibleAndIneligibleMembers(_ seed: UInt64) throws {
        var eligible = 0
        var failedBy: Set<RequirementID> = []
        for member in EligibilityPopulation.generate(seed: seed, count: 40) {
            var job = member.job
            job["ReqID"] = "R-1"
            let decision = try Eligibility.decide(input: ["profile": member.profile, "job": .object(job), "receivedAt": 0]).get()
            if decision.eligible { eligible += 1 }
            failedBy.formUnion(decision.failed)
        }
        #expect(eligible >= 1, "seed \(seed): no member is eligible")
        #expect(eligible <= 39, "seed \(seed): every member is eligible")
        #expect(failedBy.isSuperset(of: ["ELIG-3", "ELIG-4"]), "seed \(seed): \(failedBy)")
    }

    @Test func aDestinationIsAtTheAskedDistance() {
        let start = GeoPoint(lat: 19.43, lng: -99.13)
        for km in [0.001, 0.25, 1, 3.5, 42.195] {
            for bearing in stride(from: 0.0, to: 6.28, by: 0.7) {
                let end = EligibilityPopulation.destination(from: start, km: km, bearing: bearing)
                #expect(abs(start.haversineKm(to: end) - km) < 1e-9, "\(km) km at \(bearing)")
            }
        }
    }
}
