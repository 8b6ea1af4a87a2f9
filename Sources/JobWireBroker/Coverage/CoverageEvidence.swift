/// One thing in the kit that speaks for a requirement: a judge, which can fail with its id, or a
/// bad example, something wrong that does fail with it (and a test proves it).
public struct CoverageEvidence: Sendable, Hashable {
    /// Where the evidence comes from.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A checker rule of ``TraceRuleBook``.
        case rule
        /// A `jobwire verify` case naming the requirement.
        case verify
        /// A scenario of `Vectors/scenarios/` listing it.
        case scenario
        /// A vector of a suite (`eligibility`, `offline`) whose `requirement` it is.
        case vectors
        /// A bad trace of `Vectors/traces/manifest.json` expected to trip it.
        case badTrace
        /// A ``BackendFaults`` or ``TaskFaults`` mutant of the reference backend that breaks it.
        case backendMutant
        /// An ``AppFaults`` mutant of the reference apps that breaks it.
        case appMutant
        /// A failure on a known-failures list of a deliberately wrong example adapter.
        case wrongAdapter

        /// True for the kinds that can fail with an id; false for the bad examples.
        public var isJudge: Bool {
            switch self {
            case .rule, .verify, .scenario, .vectors: return true
            case .badTrace, .backendMutant, .appMutant, .wrongAdapter: return false
            }
        }
    }

    /// The kind.
    public var kind: Kind
    /// Which one: a case id, a scenario or trace file, a fault's name, a vector id.
    public var name: String

    /// Evidence of `kind` called `name`.
    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }
}
