import SocketIOWire

/// VIEW-9, VIEW-10 and VIEW-11: the worker's Work Information alert. It shows the `new`'s client
/// name and address, date and time, category and description and a close button (VIEW-9), the
/// request's image when and only when the `new` had one (VIEW-10), and opening and closing it
/// leaves the view as it was (VIEW-11).
///
/// The alert is the `alert.shown` named `workInformation`; the presses are the `user.input`s
/// `openWorkInformation` and `closeWorkInformation` (Docs/TRACE.md). A press to open is answered
/// by the alert within reactionToleranceMs. The view must stay from the opening (the press or the
/// alert) until reactionToleranceMs after the closing (the press or the dismissal), unless the
/// request's `cancel` or `close` arrives, which VIEW-13 and VIEW-14 make the app leave.
struct VIEWWorkInformation: TraceRule {
    static let alertName = "workInformation"

    let infos = [
        TraceRuleInfo(
            "VIEW-9", evidence: [.worker],
            check: "the Work Information alert shows `clientName`, `address`, `createdAt`, `category` and `description` equal to the request's `new`, and `close`; a press to open it shows it",
            tolerance: "the alert may take up to reactionToleranceMs after the press"),
        TraceRuleInfo(
            "VIEW-10", evidence: [.worker],
            check: "the Work Information alert shows `image` equal to the `new`'s image when the `new` carried one, and no `image` when it did not"),
        TraceRuleInfo(
            "VIEW-11", evidence: [.worker],
            check: "from the opening of the Work Information alert until its closing the view does not change, unless the request's `cancel` or `close` arrives",
            tolerance: "the view is held until reactionToleranceMs after the closing"),
    ]
    var kinds: Set<TraceEventKind> { [.userInput, .alertShown, .alertDismissed, .viewShown, .appTerminated] }

    /// The view on screen when the alert opened, and until when it must stay.
    private struct Window {
        var view: String?
        var viewReq: String?
        var req: String?
        var openLine: Int
        var closesAt: Int64?
    }
    private var windows: [TraceActor: Window] = [:]
    /// Presses to open that wait for their alert: actor and request to the press's line.
    private var opening: [ActorRequest: Int] = [:]

    mutating func observe(_ event: TraceEvent, _ context: inout RuleContext) {
        let actor = event.actor
        guard actor.role == .worker else { return }
        switch event.body {
        case .userInput(let input) where input.input == UserInputName.openWorkInformation:
            open(event, req: input.req, &context)
            if let req = input.req {
                opening[ActorRequest(actor: actor, req: req)] = event.line
                context.schedule(due: event.ts + context.header.reactionToleranceMs, req: req, actor: actor, clock: actor, line: event.line)
            }
        case .userInput(let input) where input.input == UserInputName.closeWorkInformation:
            close(actor, at: event.ts, &context)
        case .alertShown(let alert) where alert.alert == Self.alertName:
            open(event, req: alert.req, &context)
            guard let req = alert.req else { return }
            opening[ActorRequest(actor: actor, req: req)] = nil
            judge(alert, req: req, event, &context)
        case .alertDismissed(let alert, _) where alert == Self.alertName:
            close(actor, at: event.ts, &context)
        case .viewShown(let view):
            guard let window = windows[actor] else { return }
            if let closesAt = window.closesAt, event.ts > closesAt {
                windows[actor] = nil
                return
            }
            guard view.view != window.view || view.req != window.viewReq else { return }
            if let req = window.req, context.session.side(actor, req)?.endReceivedAt != nil { return }
            windows[actor] = nil
            context.report(
                "VIEW-11", lines: [window.openLine, event.line],
                expected: "the view \(window.view ?? "none")\(window.viewReq.map { " (\($0))" } ?? "") kept while the Work Information alert is open and as it closes",
                observed: "the view changed to \(view.view)\(view.req.map { " (\($0))" } ?? "")")
        case .lifecycle(.terminated, _):
            windows[actor] = nil
        default:
            break
        }
    }

    private mutating func open(_ event: TraceEvent, req: String?, _ context: inout RuleContext) {
        // Already open: the press and its alert open one window.
        if let window = windows[event.actor], window.closesAt == nil { return }
        let state = context.session.actors[event.actor]
        windows[event.actor] = Window(view: state?.view, viewReq: state?.viewReq, req: req, openLine: event.line)
    }

    private mutating func close(_ actor: TraceActor, at ts: Int64, _ context: inout RuleContext) {
        guard windows[actor] != nil, windows[actor]!.closesAt == nil else { return }
        windows[actor]!.closesAt = ts + context.header.reactionToleranceMs
    }

    private func judge(_ alert: AlertRecord, req: String, _ event: TraceEvent, _ context: inout RuleContext) {
        let (newPayload, newLine) = context.session.readRequest(req) { ($0.newPayload, $0.newLine) } ?? (nil, nil)
        guard let offer = context.session.side(event.actor, req)?.offer?.payload ?? newPayload else { return }
        let elements = alert.elements
        let fields = ["clientName", "address", "createdAt", "category", "description"]
        var problems = ALERTContents.missing(fields + ["close"], in: elements)
        problems += VIEWWorkInProgressContents.differences(fields.map { ($0, $0) }, in: elements, from: offer, source: "new")
        if !problems.isEmpty {
            context.report(
                "VIEW-9", lines: [newLine ?? event.line, event.line],
                expected: "the Work Information alert of \(req) with the `new`'s client name and address, date and time, category and description, and a close button",
                observed: problems.joined(separator: "; "))
        }
        let image = offer["image"].flatMap { $0.isNull ? nil : $0 }
        let shown = elements["image"].flatMap { $0.isNull ? nil : $0 }
        switch (image, shown) {
        case (let sent?, let shown?) where !TraceSession.sameValue(sent, shown):
            context.report(
                "VIEW-10", lines: [event.line], expected: "the request's image \(sent.reportText)", observed: "`image` \(shown.reportText)")
        case (let sent?, nil):
            context.report(
                "VIEW-10", lines: [event.line], expected: "the request's image \(sent.reportText), since its `new` carried one", observed: "no `image`")
        case (nil, let shown?):
            context.report(
                "VIEW-10", lines: [event.line], expected: "no image, since the `new` of \(req) carried none", observed: "`image` \(shown.reportText)")
        default:
            break
        }
    }

    mutating func due(_ obligation: Obligation, _ context: inout RuleContext) {
        guard let actor = obligation.actor, opening.removeValue(forKey: ActorRequest(actor: actor, req: obligation.req)) == obligation.line else { return }
        guard let state = context.session.actors[actor], state.running, state.foreground,
            context.session.side(actor, obligation.req)?.endReceivedAt == nil
        else { return }
        context.report(
            "VIEW-9", lines: [obligation.line],
            expected: "the Work Information alert of \(obligation.req) within \(context.header.reactionToleranceMs) ms of the press to open it",
            observed: "no `workInformation` alert")
    }

    mutating func forget(_ req: String) {
        opening.forget(req)
    }
}
