/// TIME-10: each actor's timestamps MUST agree with the kit's clock within the clock skew tolerance.
///
/// In a trace only the actors' own clocks are seen, so the rule checks what they imply: a message
/// cannot be received before it was sent, nor a REST call received or answered before it was
/// sent, by more than the tolerance, and no actor's clock goes back by more than it. Socket.IO
/// receipts are paired with the backend's sends by event, `ReqID` and room (MSG-2); REST halves by `xid`.
struct TIME10ClockAgreement: TraceRule {
    let infos = [
        TraceRuleInfo(
            "TIME-10", evidence: [.client, .worker, .backend],
            check: "no receipt precedes its send, no actor records a REST answer before its own request, and no actor's clock goes back",
            tolerance: "allows clockSkewToleranceMs", about: [.client, .worker, .backend])
    ]
    var kinds: Set<TraceEventKind> { Set(TraceEventKind.allCases) }
    /// Receipts seen before their send, by request.
    private var early: [String: [PairedMessage]] = [:]
    /// REST answers recorded before the request of the same side (the app's, or the backend's
    /// receipt), by side and xid: the time and line of the answer. One whose request never comes
    /// was sent before the trace began; past 10,000 such the map is emptied, so a trace of only
    /// orphan answers stays in bounded memory (a request more than 10,000 orphans later is not judged).
    private var answeredFirst: [AnsweredFirst: (ts: Int64, line: Int)] = [:]
    private struct AnsweredFirst: Hashable {
        var backend: Bool
        var xid: String
    }

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let skew = context.skew
        if let last = context.session.actors[event.actor]?.lastTs, event.ts < last - skew {
            context.report(
                "TIME-10", lines: [event.line], expected: "\(event.actor)'s timestamps never going back by more than \(skew) ms",
                observed: "ts \(event.ts) after \(last): the clock went back \(last - event.ts) ms")
        }
        switch event.body {
        case .socketIn(let message) where event.actor.role != .backend && context.session.backendRecorded:
            guard let protocolEvent = context.message.event, let req = context.message.req else { return }
            // Read in place: copying the request out and building its rooms' set for every
            // receipt was a measurable share of the checker's time.
            let receiver = event.actor
            let channelRoom = context.header.profile.channelRoom
            let send = context.session.readRequest(req) { request in
                request.sends.last { send in
                    send.event == protocolEvent
                        && TraceSession.isRoom(send.room ?? "", of: receiver, channelRoom: channelRoom, clientActor: request.clientActor, clientId: request.clientId)
                }
            }
            if let send {
                check(receipt: event.ts, receiptLine: event.line, send: send, what: "`\(message.event)` for \(req)", &context)
            } else {
                early[req, default: []].append(PairedMessage(event: protocolEvent, room: nil, receiver: event.actor, ts: event.ts, line: event.line))
            }
        case .socketOut(let message) where event.actor.role == .backend:
            guard let protocolEvent = context.message.event, let req = context.message.req,
                var waiting = early[req], let room = message.room
            else { return }
            let send = PairedMessage(event: protocolEvent, room: room, receiver: nil, ts: event.ts, line: event.line)
            // A copy, read while `context` is passed on: made only when receipts wait.
            let session = context.session
            waiting.removeAll { receipt in
                guard receipt.event == protocolEvent, let receiver = receipt.receiver,
                    session.rooms(of: receiver, for: session.request(req)).contains(room)
                else { return false }
                check(receipt: receipt.ts, receiptLine: receipt.line, send: send, what: "`\(message.event)` for \(req)", &context)
                return true
            }
            early[req] = waiting.isEmpty ? nil : waiting
        case .httpRequest(let request):
            // Both on one clock, so no skew: a line written out of order but stamped in order is not this.
            if !answeredFirst.isEmpty, let answer = answeredFirst.removeValue(forKey: AnsweredFirst(backend: event.actor.role == .backend, xid: request.xid)),
                answer.ts < event.ts
            {
                report(
                    lines: [answer.line, event.line],
                    "\(event.actor) recorded the answer to \(request.xid) at \(answer.ts), on line \(answer.line), before its request at \(event.ts)", &context)
            }
            guard let exchange = context.session.exchanges[request.xid] else { return }
            if event.actor.role == .backend, let sent = exchange.appSentAt, event.ts < sent - skew {
                report(lines: [exchange.appSentLine ?? event.line, event.line], "REST call \(request.xid) received at \(event.ts), \(sent - event.ts) ms before it was sent", &context)
            } else if event.actor.role != .backend, let received = exchange.backendReceivedAt, received < event.ts - skew {
                report(lines: [exchange.backendReceivedLine ?? event.line, event.line], "REST call \(request.xid) received at \(received), \(event.ts - received) ms before it was sent", &context)
            }
        case .httpResponse(let response):
            let sent = event.actor.role == .backend ? context.session.exchanges[response.xid]?.backendReceivedAt : context.session.exchanges[response.xid]?.appSentAt
            if sent == nil {
                if answeredFirst.count > 10_000 { answeredFirst.removeAll() }
                answeredFirst[AnsweredFirst(backend: event.actor.role == .backend, xid: response.xid)] = (event.ts, event.line)
            }
            guard let exchange = context.session.exchanges[response.xid] else { return }
            if event.actor.role == .backend, let received = exchange.appReceivedAt, received < event.ts - skew {
                report(lines: [event.line], "the answer to \(response.xid) arrived at \(received), \(event.ts - received) ms before it was sent", &context)
            } else if event.actor.role != .backend, response.status != nil, let answered = exchange.backendAnsweredAt, event.ts < answered - skew {
                // An `error` is the app giving up, not an answer arriving: it may come before the answer is sent.
                report(lines: [event.line], "the answer to \(response.xid) arrived at \(event.ts), \(answered - event.ts) ms before it was sent", &context)
            }
        default:
            break
        }
    }

    /// Reports a receipt earlier than its send; `what` names the message, put in words only then.
    private func check(receipt: Int64, receiptLine: Int, send: PairedMessage, what: @autoclosure () -> String, _ context: inout RuleContext) {
        guard receipt < send.ts - context.skew else { return }
        report(lines: [send.line, receiptLine], "\(what()) received at \(receipt), \(send.ts - receipt) ms before it was sent at \(send.ts)", &context)
    }

    private func report(lines: [Int], _ observed: String, _ context: inout RuleContext) {
        context.report(
            "TIME-10", lines: lines, expected: "every receipt no earlier than its send, within \(context.skew) ms",
            observed: observed)
    }

    mutating func forget(_ req: String) { early[req] = nil }
}
