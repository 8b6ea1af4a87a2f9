import JobWire
import JobWireBroker
import Testing

/// A run is a fault's when it fails every id the fault always breaks and nothing else but ids it
/// declares it breaks in some interleavings only.
struct NamedFaultTests {
    static let fault = NamedFault("f", 1, breaks: ["FLOW-15", "ELIG-8"], breaksInSomeInterleavings: ["REST-10"])

    @Test(arguments: [
        (["ELIG-8", "FLOW-15"], true),
        (["ELIG-8", "FLOW-15", "REST-10"], true),
        (["ELIG-8"], false),
        (["REST-10"], false),
        (["ELIG-8", "FLOW-15", "REST-8"], false),
        ([], false),
    ] as [([RequirementID], Bool)])
    func aRunIsTheFaultsWhenItFailsItsIdsAndOnlyThoseThatMayCome(failed: [RequirementID], caught: Bool) {
        #expect(Self.fault.isCaught(by: failed) == caught)
    }

    @Test func withoutInterleavingIdsOnlyTheExactIdsAreCaught() {
        let exact = NamedFault("g", 2, breaks: ["MSG-5"])
        #expect(exact.isCaught(by: ["MSG-5"]))
        #expect(!exact.isCaught(by: ["MSG-5", "REST-10"]))
    }
}
