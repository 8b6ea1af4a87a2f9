import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The one profile: its defaults are PROTOCOL.md's Configuration table, a profile file sets any
/// name and refuses a bad one with the file, line and field, and a trace header carries it.
struct ProtocolProfileTests {
    private func load(_ text: String) throws(InputError) -> ProtocolProfile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-profile-\(UUID().uuidString).json")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ProtocolProfile.load(path: url.path)
    }

    @Test func theDefaultsAreTheConfigurationTableOfProtocolMD() throws {
        let text = try String(contentsOf: TestPaths.root.appendingPathComponent("Docs/PROTOCOL.md"), encoding: .utf8)
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`"), cells[1].hasPrefix("`") else { continue }
            table[String(cells[0].dropFirst().dropLast())] = String(cells[1].dropFirst().dropLast())
        }
        let standard = ProtocolProfile.standard
        for event in ProtocolEvent.allCases { #expect(table["events.\(event.rawValue)"] == standard.name(of: event)) }
        #expect(table["namespace"] == standard.namespace)
        #expect(table["rooms.channel"] == standard.channelRoom)
        for call in RESTCallKind.allCases { #expect(table["paths.\(call.rawValue)"] == standard.routes[call]?.description, "\(call)") }
        for call in TaskCallKind.allCases { #expect(table["paths.\(call.rawValue)"] == standard.taskRoutes[call]?.description, "\(call)") }
        #expect(table["paths.clockFixture"] == standard.clockFixture?.description)
        #expect(standard.timeoutMs == nil)
    }

    @Test func aFileSetsNamesRoutesAndSwitchesFixturesOff() throws {
        let profile = try load(#"""
            {"events": {"new": "job.new"}, "namespace": "/jobs", "rooms": {"channel": "experts"},
             "paths": {"getJobs": "GET /v2/jobs?worker={workerId}", "workerFixture": null, "settings": null, "clockFixture": "post /v2/clock"},
             "timeoutMs": 5000, "description": "a deployment"}
            """#)
        #expect(profile.name(of: .new) == "job.new" && profile.name(of: .apply) == "apply")
        #expect(profile.event(named: "job.new") == .new && profile.event(named: "new") == nil)
        #expect(profile.namespace == "/jobs" && profile.channelRoom == "experts")
        #expect(profile.routes[.getJobs]?.queryKey(for: "workerId") == "worker")
        #expect(profile.routes[.workerFixture] == nil && profile.routes[.clientFixture] == ProtocolProfile.standard.routes[.clientFixture])
        #expect(profile.taskRoutes[.settings] == nil && profile.clockFixture?.description == "POST /v2/clock")
        #expect(profile.timeoutMs == 5_000)
    }

    @Test(arguments: [
        (#"{"events": {"neu": "x"}}"#, "events.neu", "is not a protocol event"),
        (#"{"namespace": "jobs"}"#, "namespace", "starting with /"),
        (#"{"rooms": {"channel": ""}}"#, "rooms.channel", "non-empty string"),
        (#"{"paths": {"workerAccept": "/v2/accept"}}"#, "paths.workerAccept", "expected \"METHOD /path\""),
        (#"{"paths": {"createTask": "POST /v2/tasks"}}"#, "paths.createTask", "is not a route of verify"),
        (#"{"paths": {"getJobs": null}}"#, "paths.getJobs", "non-empty string"),
        (#"{"timeoutMs": 0}"#, "timeoutMs", "above 0"),
        (#"{"timeout": 5000}"#, "timeout", "is not a profile key"),
    ])
    func aBadFileNamesItsLineAndField(text: String, field: String, message: String) {
        do {
            _ = try load("{\n\n" + text.dropFirst())
            Issue.record("loaded \(text)")
        } catch {
            #expect(error.file.hasSuffix(".json"))
            #expect(error.line == 3, "\(error)")
            #expect(error.field == field, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func aHeaderWritesOnlyWhatDiffersAndLeavesAMissingFixtureOut() throws {
        var header = TraceHeader(roles: [.client])
        header.profile.routes[.workerFixture] = nil
        header.profile.taskRoutes[.settings] = nil
        header.profile.clockFixture = nil
        header.profile.timeoutMs = 5_000
        #expect(header.json.compactText == TraceHeader(roles: [.client]).json.compactText)
        header.profile.eventNames[.close] = "done"
        header.profile.routes[.cancel] = RESTRoute("PUT /v2/requests/{ReqID}/cancel")
        header.profile.taskRoutes[.me] = RESTRoute("GET /v2/me")
        let expected = #"{"format":"jobwire-trace","version":1,"roles":["client"],"timeoutMs":600000,"cancelToleranceMs":2000,"clockSkewToleranceMs":250,"emitToleranceMs":2000,"reactionToleranceMs":2000,"retainMs":60000,"events":{"new":"new","apply":"apply","cancel":"cancel","close":"done"},"paths":{"cancel":"PUT /v2/requests/{ReqID}/cancel","me":"GET /v2/me"}}"#
        #expect(header.json.compactText == expected)
        let again = try TraceHeader(json: header.json, file: "again")
        #expect(again.profile.name(of: .close) == "done" && again.profile.routes[.cancel] == header.profile.routes[.cancel])
        #expect(again.profile.routes[.workerFixture] == ProtocolProfile.standard.routes[.workerFixture])
    }
}
