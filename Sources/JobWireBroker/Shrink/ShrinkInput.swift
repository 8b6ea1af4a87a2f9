import Foundation
import JobWire
import SocketIOWire

/// A capture read for ``CaptureShrinker``: its header and its event lines both as JSON (to be
/// written back as they were) and decoded (for the checker), with what each line needs kept
/// beside it for the trace to stay well formed.
public struct ShrinkInput: Sendable {
    /// The file as the user named it.
    public let file: String
    /// The header line as written.
    public let headerJSON: JSONObject
    /// The header decoded.
    public let header: TraceHeader
    /// The event lines as written, in file order (blank lines left out).
    public let lines: [JSONValue]
    /// The same lines decoded; each event keeps its line number in the file.
    public let events: [TraceEvent]
    /// For each line, the earlier lines it cannot go without (indices into ``lines``).
    public let needs: [[Int]]

    /// Reads the capture at `path`; unreadable or garbled input is an error naming the line.
    public static func load(path: String) throws(InputError) -> ShrinkInput {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot be read")
        }
        return try ShrinkInput(text: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Reads a capture held in memory.
    public init(text: String, file: String) throws(InputError) {
        self.file = file
        var headerJSON: JSONObject?
        var header: TraceHeader?
        var lines: [JSONValue] = []
        var events: [TraceEvent] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let text = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if text.allSatisfy(\.isWhitespace) { continue }
            let json: JSONValue
            do { json = try JSONParser.parse(String(text)) } catch {
                throw InputError(file: file, line: number, message: "not JSON: \(error)")
            }
            if let known = header {
                events.append(try TraceEvent(json: json, header: known, file: file, line: number))
                lines.append(json)
            } else {
                header = try TraceHeader(json: json, file: file, line: number)
                headerJSON = json.objectValue
            }
        }
        guard let header, let headerJSON else { throw InputError(file: file, message: "is empty: a trace starts with its header line") }
        self.headerJSON = headerJSON
        self.header = header
        self.lines = lines
        self.events = events
        needs = Self.needs(of: events)
    }

    /// What each event needs before it: a REST answer its request (same actor, same `xid`); an
    /// app's `io.in`, `io.out` or `io.disconnected` the connect that opened its connection; an
    /// `io.connected` the `io.connecting` of its attempt.
    static func needs(of events: [TraceEvent]) -> [[Int]] {
        var requests: [TraceActor: [String: Int]] = [:]
        var connected: [TraceActor: Int] = [:]
        var connecting: [TraceActor: Int] = [:]
        var needs: [[Int]] = []
        for (index, event) in events.enumerated() {
            var need: [Int] = []
            let app = event.actor.role != .backend
            switch event.body {
            case .httpRequest(let request):
                requests[event.actor, default: [:]][request.xid] = index
            case .httpResponse(let response):
                if let request = requests[event.actor]?[response.xid] { need.append(request) }
            case .connecting where app:
                connecting[event.actor] = index
                connected[event.actor] = nil
            case .connected where app:
                if let attempt = connecting.removeValue(forKey: event.actor) { need.append(attempt) }
                connected[event.actor] = index
            case .socketIn, .socketOut, .disconnected:
                if app, let open = connected[event.actor] ?? connecting[event.actor] { need.append(open) }
                if app, case .disconnected = event.body {
                    connected[event.actor] = nil
                    connecting[event.actor] = nil
                }
            default: break
            }
            needs.append(need)
        }
        return needs
    }

    /// The largest part of `kept` (ascending line indices) that is well formed: each line whose
    /// needs are all kept. Needs point backwards, so one pass settles it.
    func closure(_ kept: [Int]) -> [Int] {
        var present = Set<Int>()
        var closed: [Int] = []
        for index in kept where needs[index].allSatisfy(present.contains) {
            present.insert(index)
            closed.append(index)
        }
        return closed
    }
}
