import JobWire
import SocketIOWire

/// Matches what an app under test does to the steps of a ``RecordedScript`` (`jobwire broker
/// --replay`): a pure state machine, no I/O and no clock.
///
/// A call or emit matches the first step not yet used with the same kind, method and path (or
/// event) and a body (or payload) equal modulo the volatile members: those ``volatile`` leaves
/// out (timestamps and the `--volatile` entries, ``VolatileMembers``) match any value, and so does a redaction stand-in of `jobwire record`
/// (`redacted-1` ...), which stands for a secret the app sends for real. A step of another app
/// matches too (a REST call carries no Socket.IO identity), but one of the same app is preferred.
public struct ReplayMatcher: Sendable {
    /// What a matched step says to do.
    public struct Answer: Sendable {
        /// The step matched.
        public var step: RecordedScript.Step
        /// The recorded REST answer's status and body (nil for a connect or an emit, or a call never answered).
        public var status: Int64?
        /// The recorded body.
        public var body: JSONValue?
        /// The events to send now.
        public var pushes: [RecordedScript.Push]
    }

    /// The recording.
    public let script: RecordedScript
    /// Members matching any value: timestamps and the `--volatile` entries.
    public let volatile: VolatileMembers
    private var used: Set<Int> = []

    /// A matcher over `script`.
    public init(script: RecordedScript, volatile: VolatileMembers = VolatileMembers()) {
        self.script = script
        self.volatile = volatile
    }

    /// The steps not matched yet.
    public var remaining: [RecordedScript.Step] { script.steps.indices.filter { !used.contains($0) }.map { script.steps[$0] } }

    /// An app connected: its first recorded connect not yet used, if any, with the events after it.
    public mutating func connect(_ actor: TraceActor) -> Answer? { next(.connect, of: actor) }

    /// An app's connection closed: its first recorded disconnect not yet used, if any, with the
    /// events after it. Any closing matches, as any closing ends what the app sent on it.
    public mutating func disconnect(_ actor: TraceActor) -> Answer? { next(.disconnect, of: actor) }

    /// Uses `actor`'s first step doing `action` not yet used, if any, with the events after it.
    private mutating func next(_ action: RecordedScript.Step.Action, of actor: TraceActor) -> Answer? {
        guard let index = script.steps.indices.first(where: { !used.contains($0) && script.steps[$0].actor == actor && script.steps[$0].action == action }) else {
            return nil
        }
        used.insert(index)
        let step = script.steps[index]
        return Answer(step: step, pushes: step.pushes)
    }

    /// A REST call: the recorded answer, or an error naming the call and the nearest recorded one.
    public mutating func call(method: String, path: String, body: JSONValue?, from actor: TraceActor?) -> Result<Answer, ReplayMismatch> {
        let candidates = script.steps.indices.filter { index in
            guard !used.contains(index), case .call(let m, let p, _, _, _) = script.steps[index].action else { return false }
            return m == method && Self.samePath(p, path)
        }
        let matching = candidates.filter { index in
            guard case .call(_, _, let recorded, _, _) = script.steps[index].action else { return false }
            return matches(recorded, body)
        }
        guard let index = matching.first(where: { script.steps[$0].actor == actor }) ?? matching.first else {
            return .failure(mismatch("\(method) \(path)", body, sameRoute: candidates))
        }
        used.insert(index)
        let step = script.steps[index]
        guard case .call(_, _, _, let status, let answer) = step.action else { preconditionFailure("filtered to calls") }
        return .success(Answer(step: step, status: status, body: answer, pushes: step.pushes))
    }

    /// An event an app sent: the events the recording sent after it, or an error naming it.
    public mutating func emit(event: String, payload: JSONValue?, from actor: TraceActor) -> Result<Answer, ReplayMismatch> {
        let candidates = script.steps.indices.filter { index in
            guard !used.contains(index), case .emit(let name, _) = script.steps[index].action else { return false }
            return name == event
        }
        let matching = candidates.filter { index in
            guard case .emit(_, let recorded) = script.steps[index].action else { return false }
            return matches(recorded, payload)
        }
        guard let index = matching.first(where: { script.steps[$0].actor == actor }) ?? matching.first else {
            return .failure(mismatch("event \(event) from \(actor)", payload, sameRoute: candidates))
        }
        used.insert(index)
        let step = script.steps[index]
        return .success(Answer(step: step, pushes: step.pushes))
    }

    /// Paths match ignoring the order of query members.
    static func samePath(_ recorded: String, _ path: String) -> Bool {
        func parts(_ text: String) -> (Substring, [Substring]) {
            let pieces = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            return (pieces[0], pieces.count > 1 ? pieces[1].split(separator: "&").sorted() : [])
        }
        return parts(recorded) == parts(path)
    }

    /// True when `value` is `recorded` modulo the volatile members and redaction stand-ins.
    func matches(_ recorded: JSONValue?, _ value: JSONValue?) -> Bool {
        switch (recorded, value) {
        case (nil, nil), (nil, .null?), (.null?, nil): return true
        case (let recorded?, let value?): return Self.differences(recorded, value, volatile: volatile) == 0
        default: return false
        }
    }

    /// How many leaves of the two values at `path` differ (0: a match).
    static func differences(_ recorded: JSONValue, _ value: JSONValue, volatile: VolatileMembers, path: JSONFieldPath = JSONFieldPath()) -> Int {
        if case .string(let text) = recorded, SecretPseudonyms.isStandIn(text) { return 0 }
        if volatile.leavesOut(path) { return 0 }
        switch (recorded, value) {
        case (.object(let a), .object(let b)):
            let keys = a.keys + b.keys.filter { a[$0] == nil }
            return keys.filter { !volatile.leavesOut(path.appending($0)) }.reduce(0) { sum, key in
                guard let left = a[key], let right = b[key] else { return sum + 1 }
                return sum + differences(left, right, volatile: volatile, path: path.appending(key))
            }
        case (.array(let a), .array(let b)):
            return zip(a, b).enumerated().reduce(abs(a.count - b.count)) { sum, pair in
                sum + differences(pair.element.0, pair.element.1, volatile: volatile, path: path.appending(index: pair.offset))
            }
        default:
            return recorded.isEquivalent(to: value) ? 0 : 1
        }
    }

    private func mismatch(_ what: String, _ payload: JSONValue?, sameRoute: [Int]) -> ReplayMismatch {
        let pool = sameRoute.isEmpty ? script.steps.indices.filter { !used.contains($0) } : sameRoute
        let nearest = pool.min { left, right in
            distance(script.steps[left], payload) < distance(script.steps[right], payload)
        }.map { script.steps[$0] }
        return ReplayMismatch(what: what, payload: payload, nearest: nearest)
    }

    private func distance(_ step: RecordedScript.Step, _ payload: JSONValue?) -> Int {
        switch step.action {
        case .call(_, _, let body, _, _): return Self.differences(body ?? .null, payload ?? .null, volatile: volatile)
        case .emit(_, let recorded): return Self.differences(recorded ?? .null, payload ?? .null, volatile: volatile)
        case .connect, .disconnect: return Int.max
        }
    }
}

/// An app did something the recording never saw: the call or event, its payload, and the
/// nearest recorded step not yet used, with its capture line.
public struct ReplayMismatch: Error, Sendable, CustomStringConvertible {
    /// The call (`POST /api/requests`) or event (`event apply from worker w-1`).
    public var what: String
    /// Its body or payload.
    public var payload: JSONValue?
    /// The nearest recorded step not used yet.
    public var nearest: RecordedScript.Step?

    /// One line: the call or event and its payload, then the nearest recorded step and its line.
    public var description: String {
        var text = "unmatched: \(what) with \(payload?.compactText ?? "no body") was never recorded"
        guard let nearest else { return text + "; nothing recorded is left to match" }
        switch nearest.action {
        case .call(let method, let path, let body, _, _):
            text += "; nearest recorded: line \(nearest.line), \(nearest.actor) \(method) \(path) with \(body?.compactText ?? "no body")"
        case .emit(let event, let payload):
            text += "; nearest recorded: line \(nearest.line), \(nearest.actor) event \(event) with \(payload?.compactText ?? "no payload")"
        case .connect:
            text += "; nearest recorded: line \(nearest.line), \(nearest.actor) connect"
        case .disconnect:
            text += "; nearest recorded: line \(nearest.line), \(nearest.actor) disconnect"
        }
        return text
    }
}
