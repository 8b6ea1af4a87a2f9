import SocketIOWire

/// MSG-14: a `new`, and a getJobs job, carry the posting client's recorded `BlockedXP` and `Delay`
/// exactly: the banned workers as a set, the seconds as a number; `[]` or absent and `0` or absent
/// when the record bans no one or delays nothing. The record is the last client fixture the trace
/// shows answered with success before the post (FIX-2); with a fixture in flight during the post,
/// either record will do. Without a fixture the record is unknown and nothing is judged.
struct MSG14RecordedBanAndDelay: TraceRule {
    let infos = [
        TraceRuleInfo(
            "MSG-14", evidence: TraceRuleInfo.backendEvidence,
            check: "each `new` and getJobs job carries the BlockedXP and Delay of the posting client's last client fixture before the post")
    ]
    var wantsFacts: Bool { true }
    /// The client's record at the receipt of each post, by xid.
    private var atPost: [String: ClientRecordFact?] = [:]
    /// Per posted request: the records its `new` may carry.
    private var records: [String: [ClientRecordFact]] = [:]
    /// `new`s seen before their post's answer, checked when it comes.
    private var early: [String: Emission] = [:]
    private var reported: Set<String> = []

    mutating func observe(_ fact: BackendFact, _ context: inout RuleContext) {
        switch fact {
        case .received(let call) where call.call == .postRequest:
            if atPost.count > 10_000 { atPost.removeAll() }
            atPost[call.xid] = call.body?["clientId"].flatMap(\.idText).flatMap { context.session.clientRecords[$0] }
        case .answered(let answer) where answer.call == .postRequest:
            let atReceipt = atPost.removeValue(forKey: answer.xid) ?? nil
            guard answer.succeeded, let req = answer.req, let client = answer.requestBody?["clientId"].flatMap(\.idText) else { return }
            let candidates = [atReceipt, context.session.clientRecords[client]]
            // A fixture that raced the post leaves the record unknown.
            guard candidates.allSatisfy({ $0 != nil }) else { return }
            records[req] = candidates.compactMap { $0 }
            if let emission = early.removeValue(forKey: req) { check(emission.payload, req, emission.line, "the `new`", &context) }
        case .emitted(let emission) where emission.event == .new:
            guard let req = emission.req else { return }
            if records[req] != nil {
                check(emission.payload, req, emission.line, "the `new`", &context)
            } else if context.session.readRequest(req, { $0.postedAt }) == nil {
                if early.count > 10_000 { early.removeAll() }
                early[req] = emission
            }
        case .answered(let answer) where answer.call == .getJobs && answer.succeeded:
            for job in answer.response.body?["jobs"]?.arrayValue ?? [] {
                guard let req = job["ReqID"].flatMap(\.idText), records[req] != nil else { continue }
                check(job, req, answer.line, "getJobs' job", &context)
            }
        default:
            break
        }
    }

    private mutating func check(_ payload: JSONValue?, _ req: String, _ line: Int, _ what: String, _ context: inout RuleContext) {
        guard let candidates = records[req], let payload, payload.objectValue != nil, !reported.contains(req) else { return }
        let differences = candidates.map { Self.differences(payload, $0.body) }
        guard differences.allSatisfy({ !$0.isEmpty }), let record = candidates.last else { return }
        reported.insert(req)
        context.report(
            "MSG-14", lines: [line, record.line],
            expected: "\(what) for \(req) with the BlockedXP and Delay of the client fixture on line \(record.line): \(Self.describe(record.body))",
            observed: differences.last!.joined(separator: "; "))
    }

    /// How `payload`'s BlockedXP and Delay differ from the client's record `body`.
    static func differences(_ payload: JSONValue, _ body: JSONValue) -> [String] {
        var found: [String] = []
        let banned = Set((body["BlockedXP"]?.arrayValue ?? []).compactMap(\.idText))
        let sent = payload["BlockedXP"]
        if let sent, let elements = sent.arrayValue {
            if Set(elements.compactMap(\.idText)) != banned { found.append("BlockedXP is \(sent.compactText)") }
        } else if !banned.isEmpty || (sent != nil && sent != .null) {
            found.append("BlockedXP is \(sent?.compactText ?? "absent")")
        }
        let delay = body["Delay"]?.doubleValue ?? 0
        let sentDelay = payload["Delay"]
        if (sentDelay?.doubleValue ?? (sentDelay == nil || sentDelay == .null ? 0 : .nan)) != delay {
            found.append("Delay is \(sentDelay?.compactText ?? "absent")")
        }
        return found
    }

    static func describe(_ body: JSONValue) -> String {
        "BlockedXP \(body["BlockedXP"]?.compactText ?? "[]"), Delay \(body["Delay"]?.compactText ?? "0")"
    }

    mutating func forget(_ req: String) {
        records[req] = nil
        early[req] = nil
        reported.remove(req)
    }
}
