import Foundation
import SocketIOWire

/// A profile file: a JSON object whose every key is optional and defaults to PROTOCOL.md's value.
///
/// ```json
/// {"events": {"new": "job.new"}, "namespace": "/jobs", "rooms": {"channel": "experts"},
///  "paths": {"getJobs": "GET /v2/jobs?worker={workerId}", "workerFixture": null},
///  "timeoutMs": 5000}
/// ```
///
/// A fixture path set to `null` says the backend has no such hook; `jobwire verify` skips the
/// cases that need it. Unknown keys are refused, so a misspelt name cannot silently leave the
/// default in force.
extension ProtocolProfile {
    /// The keys a profile file may hold.
    static let fileKeys: Set<String> = ["events", "namespace", "rooms", "paths", "timeoutMs", "description"]
    /// The fixtures' keys under `paths`, each of which may be `null`.
    static let fixtureKeys = ["workerFixture", "clientFixture", "settings", "clockFixture"]

    /// Reads a profile file; every problem names the file, line and field.
    public static func load(path: String) throws(InputError) -> ProtocolProfile {
        let document = try VectorDocument(url: URL(fileURLWithPath: path), displayPath: path)
        return try ProtocolProfile(document: document)
    }

    /// Reads a parsed profile document.
    public init(document: VectorDocument) throws(InputError) {
        self.init()
        guard let root = document.root.objectValue else { throw document.error(at: [], "expected a JSON object") }
        for key in root.keys where !Self.fileKeys.contains(key) {
            throw document.error(at: [key], "is not a profile key; expected one of \(Self.fileKeys.sorted().joined(separator: ", "))")
        }
        if let value = root["events"] {
            guard let events = value.objectValue else { throw document.error(at: ["events"], "expected an object of event names") }
            for (key, name) in events.members.map({ ($0.key, $0.value) }) {
                guard let event = ProtocolEvent(rawValue: key) else {
                    throw document.error(at: ["events", key], "is not a protocol event; expected new, apply, cancel or close")
                }
                eventNames[event] = try Self.text(name, document, ["events", key])
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
                    case "workerFixture": routes[.workerFixture] = route
                    case "clientFixture": routes[.clientFixture] = route
                    case "clockFixture": clockFixture = route
                    default: taskRoutes[.settings] = route
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

    private static func route(_ value: JSONValue, _ document: VectorDocument, _ path: [String]) throws(InputError) -> RESTRoute {
        let text = try text(value, document, path)
        guard let route = RESTRoute(text) else {
            throw document.error(at: path, "expected \"METHOD /path\", such as \"POST /api/requests/{ReqID}/accept\", found \"\(text)\"")
        }
        return route
    }
}
