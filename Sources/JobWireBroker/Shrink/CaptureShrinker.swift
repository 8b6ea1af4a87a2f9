import JobWire
import SocketIOWire

/// Delta-debugs a capture that fails one requirement down to a 1-minimal sub-trace that still
/// fails it (`jobwire capture shrink`, Docs/RECORD.md "Shrinking a failure").
///
/// The checker is the oracle: a candidate is kept when ``TraceChecker`` still reports a violation
/// of the requirement on it, by default the same violation (one whose expectation, lines of the
/// capture included, the capture's violations have), so the search cannot slip to another way of
/// failing the requirement that only the cut made; and failing no requirement the capture passes.
/// First ddmin runs over the event lines, each candidate completed to
/// its well-formed part (``ShrinkInput/closure(_:)``: dropping a connect drops its actor's events
/// on that connection, dropping a REST call drops its answer); then over the fields of each kept
/// line, the top-level ones but `ts`, `actor`, `id` and `kind`, then the members of the objects
/// left (`body`, `payload`, `elements` ...). A field is dropped only when the line still decodes
/// and the requirement still fails. The header is kept as it was. Deterministic.
public struct CaptureShrinker: Sendable {
    /// Fields every event keeps: who wrote it, when, and what it is.
    static let coreFields: Set<String> = ["ts", "actor", "id", "kind"]

    /// The capture.
    public let input: ShrinkInput
    /// The requirement whose failure is kept.
    public let keep: RequirementID
    /// The expectations of the capture's violations of ``keep``, one of which a candidate must
    /// show; nil when any violation of ``keep`` will do.
    public let expectations: Set<String>?
    /// The requirements the capture fails: a candidate may fail no other, so cutting cannot add
    /// a failure (a post without its body failing REST-1) to the one kept.
    public let failing: Set<RequirementID>

    /// A shrinker for `input` keeping a failure of `keep`, one of the capture's own unless
    /// `anyFailure`; an error when no rule judges `keep` or the capture does not fail it.
    public init(input: ShrinkInput, keep: RequirementID, anyFailure: Bool = false) throws(InputError) {
        self.input = input
        self.keep = keep
        let verdict = try TraceChecker.check(header: input.header, events: input.events, file: input.file, keep: Self.kept)
        guard verdict.rules.contains(where: { $0.info.id == keep }) else {
            throw InputError(file: input.file, message: "no checker rule judges \(keep); `jobwire check` lists the requirements it judges")
        }
        guard Self.fails(verdict, keep) else {
            let failed = verdict.failedIDs.map(\.rawValue).joined(separator: ", ")
            let status = failed.isEmpty ? "is conformant" : "fails \(failed) only"
            throw InputError(file: input.file, message: "does not fail \(keep) (it \(status)), so there is nothing to shrink")
        }
        failing = Set(verdict.failedIDs)
        expectations = anyFailure ? nil : Set(verdict.rules.filter { $0.info.id == keep }.flatMap(\.violations).map(\.expected))
    }

    /// How many violations per requirement a check keeps in detail.
    static let kept = 50

    /// Shrinks the capture.
    public func shrink() -> ShrunkCapture {
        var checks = 1
        var events = DeltaDebugger<Int>(oracle: { candidate in
            let closed = input.closure(candidate)
            return stillFails(closed.map { input.events[$0] }) ? closed : nil
        })
        let kept = events.minimize(Array(input.lines.indices))
        checks += events.tests
        var lines = kept.map { input.lines[$0] }
        var decoded = kept.map { input.events[$0] }
        var droppedFields = 0
        for position in lines.indices {
            guard case .object(let object) = lines[position] else { continue }
            let top = object.keys.filter { !Self.coreFields.contains($0) }
            let (afterTop, topChecks) = reduce(object, keys: top, at: position, in: decoded) { $0 }
            checks += topChecks
            var current = afterTop.object
            for member in current.members {
                guard case .object(let nested) = member.value, !nested.isEmpty else { continue }
                let key = member.key
                let (afterNested, nestedChecks) = reduce(nested, keys: nested.keys, at: position, in: afterTop.events) { inner in
                    var whole = current
                    whole[key] = .object(inner)
                    return whole
                }
                checks += nestedChecks
                current[key] = .object(afterNested.nested)
            }
            droppedFields += Self.leafCount(.object(object)) - Self.leafCount(.object(current))
            lines[position] = .object(current)
            decoded[position] = (try? TraceEvent(json: .object(current), header: input.header, file: input.file, line: decoded[position].line)) ?? decoded[position]
        }
        return ShrunkCapture(input: input, keep: keep, lines: lines, originalLines: kept.map { input.events[$0].line }, checks: checks, droppedFields: droppedFields)
    }

    private struct Reduced {
        var nested: JSONObject
        var object: JSONObject
        var events: [TraceEvent]
    }

    /// ddmin over the members `keys` of `nested` (the line itself, or one of its objects, which
    /// `embed` puts back into the line), keeping those the failure needs.
    private func reduce(
        _ nested: JSONObject, keys: [String], at position: Int, in events: [TraceEvent], embed: @escaping (JSONObject) -> JSONObject
    ) -> (Reduced, Int) {
        let original = events[position]
        let removable = Set(keys)
        func build(_ kept: [String]) -> JSONObject {
            let keep = Set(kept)
            return JSONObject(nested.members.filter { !removable.contains($0.key) || keep.contains($0.key) })
        }
        var debugger = DeltaDebugger<String>(oracle: { kept in
            let line = embed(build(kept))
            guard let event = try? TraceEvent(json: .object(line), header: input.header, file: input.file, line: original.line) else { return nil }
            var candidate = events
            candidate[position] = event
            return stillFails(candidate) ? kept : nil
        })
        let kept = keys.isEmpty ? [] : debugger.minimize(keys)
        let inner = build(kept)
        let line = embed(inner)
        var after = events
        if let event = try? TraceEvent(json: .object(line), header: input.header, file: input.file, line: original.line) { after[position] = event }
        return (Reduced(nested: inner, object: line, events: after), debugger.tests)
    }

    /// True when `events` fail ``keep`` the way the capture does (any way, without ``expectations``);
    /// false when they contradict themselves (a cut that left another app's call unfinished under
    /// an `xid` a later call reuses), which `jobwire check` would refuse rather than judge.
    func stillFails(_ events: [TraceEvent]) -> Bool {
        guard let verdict = try? TraceChecker.check(header: input.header, events: events, file: input.file, keep: expectations == nil ? 1 : Self.kept) else { return false }
        guard verdict.rules.allSatisfy({ !$0.failed || failing.contains($0.info.id) }) else { return false }
        guard let expectations else { return Self.fails(verdict, keep) }
        return verdict.rules.contains { $0.info.id == keep && $0.failed && $0.violations.contains { expectations.contains($0.expected) } }
    }

    static func fails(_ verdict: TraceVerdict, _ id: RequirementID) -> Bool {
        verdict.rules.contains { $0.info.id == id && $0.failed }
    }

    /// The scalar values and empty containers in `value`: what a field pass can drop.
    static func leafCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): object.isEmpty ? 1 : object.members.reduce(0) { $0 + leafCount($1.value) }
        case .array(let items): items.isEmpty ? 1 : items.reduce(0) { $0 + leafCount($1) }
        default: 1
        }
    }
}
