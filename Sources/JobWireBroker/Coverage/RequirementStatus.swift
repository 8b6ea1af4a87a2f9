/// How well the kit covers one requirement (`jobwire requirements`).
public enum RequirementStatus: String, Sendable, Hashable, CaseIterable {
    /// At least one judge can fail with its id, and at least one bad example does.
    case judged
    /// A judge can fail with its id, but nothing wrong in the kit shows that it does.
    case untripped
    /// Nothing in the kit can fail with its id.
    case unjudged
    /// PROTOCOL.md says `Judge: none.`, with the reason no judge can exist.
    case judgeNone = "judge-none"
    /// Not judged yet, and on `requirements-awaiting-judge.txt` with the reason and the issue that will judge it.
    case awaiting
}
