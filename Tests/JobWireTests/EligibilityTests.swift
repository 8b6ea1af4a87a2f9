import Testing
@testable import JobWire
import SocketIOWire

/// The decision function, rule by rule (ELIG-1 ... ELIG-6) and its input validation (ELIG-9).
struct EligibilityTests {
    static let profile = WorkerProfile(
        userID: CanonicalID("w-1"), expertActive: true, expertSource: nil,
        categories: [CanonicalID("7")], maxKms: 10, position: GeoPoint(lat: 19.4326, lng: -99.1332))
    static let job = JobOffer(
        reqID: "r-1", categoryID: CanonicalID("7"), exclusivePartner: nil,
        position: GeoPoint(lat: 19.4426, lng: -99.1332))

    @Test func aMatchingOfferIsEligibleAndShowsAfterItsDelay() {
        var job = Self.job
        job.delaySeconds = 30
        let decision = Eligibility.decide(profile: Self.profile, job: job, receivedAt: 1_000)
        #expect(decision.eligible)
        #expect(decision.failed.isEmpty)
        #expect(decision.showAt == 31_000)
        #expect(abs(decision.distanceKm - 1.1119492664) < 1e-6)
    }

    @Test func everyFailedRuleIsReportedInOrder() {
        var profile = Self.profile
        profile.expertActive = false
        profile.categories = []
        profile.maxKms = 0.5
        var job = Self.job
        job.exclusivePartner = CanonicalID("p-9")
        job.blockedWorkers = [CanonicalID("w-1")]
        let decision = Eligibility.decide(profile: profile, job: job, receivedAt: 0)
        #expect(decision.failed == ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"])
        #expect(!decision.eligible)
    }

    @Test func exclusiveRequestsMatchThePartnerIdWhateverItsJSONType() throws {
        let input = JSONValue.parsing(
            """
            {"receivedAt":0,
             "profile":{"userID":1,"expertActive":true,"expertSource":12,"categories":["7"],"maxKms":5,"lat":0,"lng":0},
             "job":{"ReqID":"r","CatID":7,"exclusive":"12","lat":0,"lng":0}}
            """)
        let decision = try Eligibility.decide(input: input).get()
        #expect(decision.eligible)
    }

    @Test func leadingZerosAreNotNormalised() throws {
        let input = JSONValue.parsing(
            """
            {"receivedAt":0,
             "profile":{"userID":1,"expertActive":true,"expertSource":9,"categories":[7],"maxKms":5,"lat":0,"lng":0},
             "job":{"ReqID":"r","CatID":7,"exclusive":"09","lat":0,"lng":0}}
            """)
        #expect(try Eligibility.decide(input: input).get().failed == ["ELIG-2"])
    }

    @Test(arguments: [
        (#"{"receivedAt":-1,"profile":{},"job":{}}"#, "receivedAt"),
        (#"{"receivedAt":0,"profile":[],"job":{}}"#, "profile"),
        (#"{"receivedAt":0,"profile":{"userID":true},"job":{}}"#, "profile.userID"),
        (#"{"receivedAt":0,"profile":{"userID":1,"expertActive":true,"categories":[1,null],"maxKms":1,"lat":0,"lng":0},"job":{}}"#, "profile.categories[1]"),
        (#"{"receivedAt":0,"profile":{"userID":1,"expertActive":true,"categories":[],"maxKms":1,"lat":0,"lng":0},"job":{"ReqID":"r","CatID":1,"exclusive":"","lat":0,"lng":0}}"#, "job.exclusive"),
        (#"{"receivedAt":0,"profile":{"userID":1,"expertActive":true,"categories":[],"maxKms":1,"lat":0,"lng":0},"job":{"ReqID":"r","CatID":1,"exclusive":0,"lat":0,"lng":0,"Delay":1.5}}"#, "job.Delay"),
        (#"{"receivedAt":0,"profile":{"userID":1,"expertActive":true,"categories":[],"maxKms":1,"lat":90.5,"lng":0},"job":{}}"#, "profile.lat"),
    ])
    func malformedInputNamesTheField(input: String, field: String) {
        switch Eligibility.decide(input: JSONValue.parsing(input)) {
        case .success(let decision): Issue.record("accepted malformed input: \(decision)")
        case .failure(let error): #expect(error.field == field)
        }
    }

    @Test func aWholeDelayWrittenWithAFractionIsAccepted() throws {
        let input = JSONValue.parsing(
            #"{"receivedAt":0,"profile":{"userID":1,"expertActive":true,"categories":[1],"maxKms":1,"lat":0,"lng":0},"job":{"ReqID":"r","CatID":1,"exclusive":0,"lat":0,"lng":0,"Delay":30.0}}"#)
        #expect(try Eligibility.decide(input: input).get().showAt == 30_000)
    }
}
