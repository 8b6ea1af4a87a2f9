import Foundation
import JobWire
import SocketIOWire

/// How the backend under `jobwire verify` names things: event names, namespace, channel room,
/// REST routes, the test fixtures it offers and the timeout (PROTOCOL.md, Configuration), so
/// backends that differ only in naming are verified without a fork.
///
/// A profile file is a JSON object; every key is optional and defaults to PROTOCOL.md's value:
///
/// ```json
/// {"events": {"new": "job.new"}, "namespace": "/jobs", "rooms": {"channel": "experts"},
///  "paths": {"getJobs": "GET /v2/jobs?worker={workerId}", "workerFixture": null},
///  "timeoutMs": 5000}
/// ```
///
/// A fixture path set to `null` says the backend has no such hook; cases that need it are skipped.
public struct VerifyProfile: Sendable, Hashable {
    /// Wire names of the four events (MSG-1).
    public var events: [ProtocolEvent: String] = Dictionary(uniqueKeysWithValues: ProtocolEvent.allCases.map { ($0, $0.rawValue) })
    /// The namespace of the events (MSG-1).
    public var namespace = "/"
    /// The channel room every worker is in (MSG-2).
    public var channelRoom = "workers"
    /// The routes of the protocol's calls, `METHOD /path/{ReqID}` (REST-2 ... REST-6, REST-15 ... REST-18);
    /// the fixtures' are ``workerFixture`` and ``clientFixture``.
    public var routes: [RESTCallKind: String] = Dictionary(uniqueKeysWithValues: RESTCallKind.protocolCalls.map { ($0, $0.defaultRoute) })
    /// `PUT` a worker's record (FIX-1); nil when the backend has no such hook.
    public var workerFixture: String? = "PUT /api/workers/{workerId}"
    /// `PUT` a client's record (FIX-2); nil when the backend has no such hook.
    public var clientFixture: String? = "PUT /api/clients/{clientId}"
    /// `GET` the announced settings (FIX-3, FIX-5); nil when the backend announces nothing.
    public var settings: String? = "GET /api/settings"
    /// `POST` a move of the backend's clock (FIX-4); nil when the backend has no such hook.
    public var clockFixture: String? = "POST /api/clock"
    /// The client's timeout when the profile fixes one; else announced by the backend or 600000.
    public var timeoutMs: Int64?
    /// The task API's paths (TASK area), `taskPaths` in a profile file; TaskSettings' defaults.
    public var taskPaths = TaskPaths()

    /// The embedded backend's task settings: PROTOCOL.md's, with these paths.
    public var taskSettings: TaskSettings {
        var settings = TaskSettings.standard
        settings.paths = taskPaths
        return settings
    }

    /// PROTOCOL.md's defaults.
    public init() {}

    /// The keys a profile file may hold.
    static let keys: Set<String> = ["events", "namespace", "rooms", "paths", "timeoutMs", "description"]
    static let fixtureKeys = ["workerFixture", "clientFixture", "settings", "clockFixture"]

    /// Reads a profile file; every problem names the file, line and field.
    public static func load(path: String) throws(InputError) -> VerifyProfile {
        let document = try VectorDocument(url: URL(fileURLWithPath: path), displayPath: path)
        return try VerifyProfile(document: document)
    }

    /// Reads a parsed profile document.
    public init(document: VectorDocument) throws(InputError) {
        guard let root = document.root.objectValue else { throw document.error(at: [], "expected a JSON object") }
        for key in root.keys where !Self.keys.contains(key) {
            throw document.error(at: [key], "is not a profile key; expected one of \(Self.keys.sorted().joined(separator: ", "))")
        }
        if let value = root["events"] {
            guard let events = value.objectValue else { throw document.error(at: ["events"], "expected an object of event names") }
            for (key, name) in events.members.map({ ($0.key, $0.value) }) {
                guard let event = ProtocolEvent(rawValue: key) else {
                    throw document.error(at: ["events", key], "is not a protocol event; expected new, apply, cancel or close")
                }
                self.events[event] = try Self.text(name, document, ["events", key])
            }
        }
        if let value = root["namespace"] {
            let text = try Self.text(value, document, ["namespace"])
            guard text.hasPrefix("/") else { throw document.error(at: ["namespace"], "expected a namespace starting with /, found \"\(text)\"") }
            namespace = text
        }
        if let value = root["rooms"] {
            guard let rooms = value.objectValue else { throw document.error(at: ["rooms"], "expected an object") }
            for key in rooms.keys where key != "channel" { throw document.error(at: ["rooms", key], "is not a room; expected channel") }
            if let channel = rooms["channel"] { channelRoom = try Self.text(channel, document, ["rooms", "channel"]) }
        }
        if let value = root["paths"] {
            guard let paths = value.objectValue else { throw document.error(at: ["paths"], "expected an object of routes") }
            for member in paths.members {
                let at = ["paths", member.key]
                if Self.fixtureKeys.contains(member.key) {
                    let route = member.value.isNull ? nil : try Self.route(member.value, document, at)
                    switch member.key {
                    case "workerFixture": workerFixture = route
                    case "clientFixture": clientFixture = route
                    case "clockFixture": clockFixture = route
                    default: settings = route
                    }
                } else if let call = RESTCallKind(rawValue: member.key), !call.isFixture {
                    routes[call] = try Self.route(member.value, document, at)
                } else {
                    let known = RESTCallKind.protocolCalls.map(\.rawValue) + Self.fixtureKeys
                    throw document.error(at: at, "is not a route of verify; expected one of \(known.joined(separator: ", "))")
                }
            }
        }
        if let value = root["timeoutMs"] {
            guard case .int(let milliseconds) = value, milliseconds > 0 else {
                throw document.error(at: ["timeoutMs"], "expected a whole number of milliseconds above 0, found \(value.compactText)")
            }
            timeoutMs = milliseconds
        }
        if let value = root["description"], value.stringValue == nil { throw document.error(at: ["description"], "expected a string") }
    }

    private static func text(_ value: JSONValue, _ document: VectorDocument, _ path: [String]) throws(InputError) -> String {
        guard let text = value.stringValue, !text.isEmpty else { throw document.error(at: path, "expected a non-empty string, found \(value.compactText)") }
        return text
    }

    private static func route(_ value: JSONValue, _ document: VectorDocument, _ path: [String]) throws(InputError) -> String {
        let text = try text(value, document, path)
        guard RESTRoute(text) != nil else {
            throw document.error(at: path, "expected \"METHOD /path\", such as \"POST /api/requests/{ReqID}/accept\", found \"\(text)\"")
        }
        return text
    }

    /// The trace header the checker judges a verify run with: the apps recorded, the backend under test.
    public func traceHeader(timeoutMs: Int64, unknownRequests: Set<String> = [], unknownWorkers: Set<String> = []) -> TraceHeader {
        var header = TraceHeader(roles: [.client, .worker])
        header.subject = [.backend]
        header.timeoutMs = timeoutMs
        header.eventNames = events
        header.namespace = namespace
        header.channelRoom = channelRoom
        for (call, text) in routes { header.routes[call] = RESTRoute(text) }
        // The fixtures' answers tell the checker what the backend's records hold (MSG-14, REST-17).
        if let workerFixture { header.routes[.workerFixture] = RESTRoute(workerFixture) }
        if let clientFixture { header.routes[.clientFixture] = RESTRoute(clientFixture) }
        // The task API's paths, so the TASK rules know each call, and the settings fixture, whose
        // answer tells them the token lifetimes and the cancel cut-off in force (FIX-5).
        for (call, route) in taskRoutes { header.taskRoutes[call] = route }
        header.unknownRequests = unknownRequests
        header.unknownWorkers = unknownWorkers
        header.unknownTokens = [Self.forgedToken]
        header.unknownEmails = [Self.ghostEmail]
        return header
    }

    /// A bearer token no backend issued: the cases send it to see it refused (TASK-6), and every
    /// trace header lists it under `unknown.tokens` so the checker knows it was made up.
    public static let forgedToken = "jobwire-verify-forged-token"
    /// An email no account has: the cases ask for it (TASK-1), listed under `unknown.emails`.
    public static let ghostEmail = "ghost@unknown.jobwire.test"

    /// The task API's routes by the Configuration section's names, from ``taskPaths`` and the settings fixture.
    var taskRoutes: [TaskCallKind: RESTRoute] {
        let paths = taskPaths
        var routes: [TaskCallKind: String] = [
            .userExists: "GET \(paths.userExists)?email={email}", .signUp: "POST \(paths.signUp)", .logIn: "POST \(paths.logIn)",
            .createTask: "POST \(paths.tasks)", .listTasks: "GET \(paths.tasks)", .editTask: "PUT \(paths.task)", .readTask: "GET \(paths.task)",
            .cancelTask: "POST \(paths.cancelTask)", .completeTask: "POST \(paths.completeTask)", .candidates: "GET \(paths.candidates)",
            .chooseContractor: "PUT \(paths.chooseContractor)", .review: "POST \(paths.review)", .contractor: "GET \(paths.contractor)",
            .me: "GET \(paths.me)", .updateMe: "PUT \(paths.me)", .meImage: "PUT \(paths.meImage)", .deleteMe: "DELETE \(paths.me)",
        ]
        if let settings { routes[.settings] = settings }
        return routes.compactMapValues(RESTRoute.init)
    }

    /// The reference backend's profile for these names, for the embedded backend.
    public var protocolProfile: ProtocolProfile {
        var profile = ProtocolProfile()
        profile.newEvent = events[.new] ?? "new"
        profile.applyEvent = events[.apply] ?? "apply"
        profile.cancelEvent = events[.cancel] ?? "cancel"
        profile.closeEvent = events[.close] ?? "close"
        profile.namespace = namespace
        profile.channelRoom = channelRoom
        func path(_ route: String?) -> String? { route.map { String($0.split(separator: " ", maxSplits: 1)[1].split(separator: "?")[0]) } }
        profile.postRequestPath = path(routes[.postRequest]) ?? profile.postRequestPath
        profile.workerAcceptPath = path(routes[.workerAccept]) ?? profile.workerAcceptPath
        profile.getJobsPath = path(routes[.getJobs]) ?? profile.getJobsPath
        profile.cancelPath = path(routes[.cancel]) ?? profile.cancelPath
        profile.closePath = path(routes[.close]) ?? profile.closePath
        profile.getRequestPath = path(routes[.getRequest]) ?? profile.getRequestPath
        profile.listRequestsPath = path(routes[.listRequests]) ?? profile.listRequestsPath
        profile.meProfilePath = path(routes[.meProfile]) ?? profile.meProfilePath
        profile.positionPath = path(routes[.position]) ?? profile.positionPath
        profile.workerFixturePath = path(workerFixture)
        profile.clientFixturePath = path(clientFixture)
        profile.settingsPath = path(settings)
        profile.clockFixturePath = path(clockFixture)
        return profile
    }
}
