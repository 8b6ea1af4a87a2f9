/// An app writes its own REST calls: the `http.request` it sent and the `http.response` (or
/// give-up) that came back to it, under one `xid` (Docs/TRACE.md). A line in which one app writes
/// the request or answer of a call another app has in flight under that `xid` cannot be a record
/// of what happened: it is a recorder's fault, or two apps' calls sharing an `xid`. Either way the
/// checker cannot tell whose call a rule should judge, so the trace is refused at that line rather
/// than judged on a guess (the mutation hunt's `field` kind wrote such lines, and they passed).
enum XIDOwnership {
    /// Why `event` contradicts the calls in flight, or nil when it does not.
    static func problem(with event: TraceEvent, exchanges: [String: ExchangeState]) -> String? {
        guard event.actor.role != .backend else { return nil }
        let xid: String
        let what: String
        switch event.body {
        case .httpRequest(let request): (xid, what) = (request.xid, "sends a request")
        case .httpResponse(let response): (xid, what) = (response.xid, "writes an answer")
        default: return nil
        }
        guard let exchange = exchanges[xid], let owner = exchange.app, owner != event.actor else { return nil }
        let sent = exchange.appSentLine.map { " on line \($0)" } ?? ""
        return "\(event.actor) \(what) under xid \"\(xid)\", a call \(owner) sent\(sent) and has not finished; "
            + "each app writes only its own calls, and unfinished calls need distinct xids"
    }
}
