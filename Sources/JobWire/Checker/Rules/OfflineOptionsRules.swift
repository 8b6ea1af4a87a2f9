import SocketIOWire

/// OFFL-17 (SHOULD): the option values of the last successful options GET survive termination.
///
/// A launch that reports the option values it read back (`app.launched.options`) is compared, as
/// JSON values, with the members other than `ok` of the last successful options answer the app
/// received before its termination. A launch that reports nothing, or an app the trace never saw
/// answered, is not judged.
struct OFFLOptionsRules: TraceRule {
    let infos = [
        TraceRuleInfo(
            "OFFL-17", evidence: [.client, .worker],
            check: "the option values a launch reads back are those of the last successful options answer before the termination")
    ]
    var kinds: Set<TraceEventKind> { [.httpResponse, .appTerminated, .appLaunched] }

    /// The option values of each app's last successful options answer, with its line.
    private var latest: [TraceActor: (values: JSONValue, line: Int)] = [:]
    /// What the app held when it was last terminated.
    private var kept: [TraceActor: (values: JSONValue, line: Int)] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        guard event.actor.role != .backend else { return }
        switch event.body {
        case .httpResponse(let response):
            guard response.succeeded, context.session.workflow[event.actor]?.inFlight[response.xid]?.request.call == .options,
                var values = response.body?.objectValue
            else { return }
            values["ok"] = nil
            latest[event.actor] = (.object(values), event.line)
        case .lifecycle(.terminated, _):
            kept[event.actor] = latest[event.actor]
        case .lifecycle(.launched, let stored):
            guard let readBack = stored.options, let expected = kept.removeValue(forKey: event.actor), readBack != expected.values else { return }
            context.report(
                "OFFL-17", lines: [expected.line, event.line], expected: "the option values read back as the answer on line \(expected.line) gave them: \(expected.values.compactText)",
                observed: "\(event.actor) read back \(readBack.compactText)")
        default:
            break
        }
    }
}
