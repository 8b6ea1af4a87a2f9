import Foundation
import JobWire

/// The server suite of `jobwire verify`: every case, each naming the requirements it checks.
public enum VerifyCases {
    /// Every case, the eligibility ones driven by the eligibility vectors in `vectors` and by a
    /// population generated from `seed`.
    public static func all(vectors: URL, seed: UInt64 = 0) throws(InputError) -> [VerifyCase] {
        messages + flow + races + rest + state + tasks + taskUsers + taskLifecycle + taskContractors + [timeout, noExpiry, raceTimeoutCancel]
            + (try eligibility(vectors: vectors)) + [generatedEligibility(seed: seed)]
    }
}
