import Foundation
import JobWire

/// The server suite of `jobwire verify`: every case, each naming the requirements it checks.
public enum VerifyCases {
    /// Every case, the eligibility ones driven by the eligibility vectors in `vectors`.
    public static func all(vectors: URL) throws(VectorLoadError) -> [VerifyCase] {
        messages + flow + rest + state + tasks + taskUsers + taskLifecycle + taskContractors + [timeout, noExpiry] + (try eligibility(vectors: vectors))
    }
}
