import JobWire

/// The steps that press a control of the app under test (Docs/BROKER.md, Steps): `ok` on the
/// alert on screen, and a worker's `openWorkInformation` and `closeWorkInformation` (VIEW-9 ...
/// VIEW-11). The Close Request choice is the `close` step's `outcome`.
extension ScenarioStepReader {
    /// The members each press takes besides timing, actor and `do`.
    static let pressKeys: [String: Set<String>] = [
        UserInputName.ok: [], UserInputName.openWorkInformation: ["req"], UserInputName.closeWorkInformation: ["req"],
    ]
    /// The role that may press each (nil: either).
    static let pressActions: [String: TraceRole?] = [
        UserInputName.ok: nil, UserInputName.openWorkInformation: .worker, UserInputName.closeWorkInformation: .worker,
    ]

    /// The press `name`, its request by alias.
    static func press(_ name: String, _ reader: ScenarioReader) throws(InputError) -> ScenarioStep.Action {
        switch name {
        case UserInputName.openWorkInformation: return .press(.openWorkInformation(req: try reader.string("req")))
        case UserInputName.closeWorkInformation: return .press(.closeWorkInformation(req: try reader.string("req")))
        default: return .press(.ok)
        }
    }
}

extension UserPress {
    /// The press with its request alias replaced by the request `lookup` gives; nil when it gives none.
    func resolving(_ lookup: (String) -> String?) -> UserPress? {
        switch self {
        case .ok: return .ok
        case .openWorkInformation(let alias): return lookup(alias).map { .openWorkInformation(req: $0) }
        case .closeWorkInformation(let alias): return lookup(alias).map { .closeWorkInformation(req: $0) }
        }
    }
}
