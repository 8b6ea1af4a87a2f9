import Testing
@testable import JobWire
import SocketIOWire

/// The header: PROTOCOL.md's defaults, configured names and paths, and a faithful round trip.
struct TraceHeaderTests {
    private func header(_ text: String) throws -> TraceHeader {
        try TraceHeader(json: .parsing(text), file: "h.jsonl")
    }

    @Test func defaultsAreThoseOfTheConfigurationSection() throws {
        let header = try header(#"{"format":"jobwire-trace","version":1,"roles":["client","backend"]}"#)
        #expect(header.roles == [.client, .backend])
        #expect(header.timeoutMs == 600_000)
        #expect(header.cancelToleranceMs == 2_000)
        #expect(header.clockSkewToleranceMs == 250)
        #expect(header.profile.event(named: "apply") == .apply)
        #expect(header.profile.channelRoom == "workers")
        #expect(header.profile.routes[.workerAccept]?.description == "POST /api/requests/{ReqID}/accept")
    }

    @Test func namesRoomsPathsAndProfilesAreConfigurable() throws {
        let header = try header(
            #"{"format":"jobwire-trace","version":1,"roles":["worker"],"timeoutMs":30000,"events":{"apply":"Apply"},"rooms":{"channel":"experts"},"paths":{"workerAccept":"PUT /v2/jobs/{ReqID}/accept","userExists":"GET /api/users/exists?email={email}"},"profiles":{"w-1":{"userID":"w-1"}},"x-recorder":"kit 0.1"}"#)
        #expect(header.timeoutMs == 30_000)
        #expect(header.profile.event(named: "Apply") == .apply)
        #expect(header.profile.event(named: "apply") == nil)
        #expect(header.profile.channelRoom == "experts")
        #expect(header.profile.routes[.workerAccept]?.match(method: "put", path: "/v2/jobs/R-1/accept") == ["ReqID": "R-1"])
        #expect(header.profiles["w-1"]?["userID"] == "w-1")
        let again = try TraceHeader(json: header.json, file: "again")
        #expect(again.json == header.json)
        #expect(again.profile.routes[.workerAccept] == header.profile.routes[.workerAccept])
        #expect(again.profile.eventNames == header.profile.eventNames)
    }

    @Test func theTaskAPIsPathsBoundariesAndMadeUpTokensAreRead() throws {
        let header = try header(
            #"{"format":"jobwire-trace","version":1,"roles":["client"],"sessionTtlMs":60000,"paths":{"createTask":"POST /v2/tasks"},"unknown":{"tokens":["t-0"],"emails":["x@y.z"]}}"#)
        #expect(header.sessionTtlMs == 60_000 && header.rememberMeTtlMs == 2_592_000_000 && header.taskCancelCutoffMs == 172_800_000)
        #expect(header.profile.taskRoutes[.createTask]?.match(method: "POST", path: "/v2/tasks") == [:])
        #expect(header.profile.taskRoutes[.userExists]?.match(method: "GET", path: "/api/users/exists?email=a%40b.c") == ["email": "a@b.c"])
        #expect(header.unknownTokens == ["t-0"] && header.unknownEmails == ["x@y.z"])
        let again = try TraceHeader(json: header.json, file: "again")
        #expect(again.json == header.json && again.profile.taskRoutes == header.profile.taskRoutes)
        var events: [TraceEvent] = []
        let line = #"{"ts":1,"actor":"client","id":"c-1","kind":"http.request","xid":"x","method":"GET","path":"/api/tasks","bearer":"tok"}"#
        try TraceReader.read(text: header.json.compactText + "\n" + line + "\n", file: "b.jsonl") { (item: TraceReader.Item) in
            if case .event(let event) = item { events.append(event) }
        }
        guard case .httpRequest(let request)? = events.first?.body else { Issue.record("no request"); return }
        #expect(request.bearer == "tok")
    }

    /// A clock fixture at another path is read and written again, so FIX-4 finds its calls; the default one is not written.
    @Test func aClockFixtureAtAnotherPathRoundTrips() throws {
        let header = try header(#"{"format":"jobwire-trace","version":1,"roles":["backend"],"paths":{"clockFixture":"PUT /test/time"}}"#)
        #expect(header.profile.clockFixture?.match(method: "PUT", path: "/test/time") == [:])
        let again = try TraceHeader(json: header.json, file: "again")
        #expect(again.profile.clockFixture == header.profile.clockFixture)
        let standard = try self.header(#"{"format":"jobwire-trace","version":1,"roles":["backend"]}"#)
        #expect(standard.profile.clockFixture?.description == "POST /api/clock")
        #expect(standard.json["paths"] == nil)
    }
}

/// REST paths of the Configuration section, matched against recorded requests.
struct RESTRouteTests {
    @Test func placeholdersCaptureSegmentsAndQueryValues() {
        let accept = RESTRoute("POST /api/requests/{ReqID}/accept")!
        #expect(accept.match(method: "POST", path: "/api/requests/R-1/accept") == ["ReqID": "R-1"])
        #expect(accept.match(method: "POST", path: "/api/requests/R%201/accept") == ["ReqID": "R 1"])
        #expect(accept.match(method: "GET", path: "/api/requests/R-1/accept") == nil)
        #expect(accept.match(method: "POST", path: "/api/requests/R-1/cancel") == nil)
        #expect(accept.match(method: "POST", path: "/api/requests/R-1") == nil)
        let jobs = RESTRoute("GET /api/jobs?workerId={workerId}")!
        #expect(jobs.match(method: "GET", path: "/api/jobs?page=2&workerId=w-1") == ["workerId": "w-1"])
        #expect(jobs.match(method: "GET", path: "/api/jobs") == [:])
    }

    /// An ASCII path is split on its bytes, any other by Characters: both give the same parts.
    @Test(arguments: [
        "/api/jobs", "//api///jobs/", "/api/jobs?", "/api/jobs?a=1&&b=&c&=d&e=f=g", "/api/jobs?workerId=w-1?x",
        "/api/r\u{E9}quests/R-\u{E9}?w\u{E9}=\u{E9}", "/", "", "?a=1",
    ])
    func requestPathsSplitAlikeWhateverTheirBytes(_ path: String) {
        let parts = RESTRequestPath(path)
        let pieces = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        #expect(parts.segments.map(String.init) == pieces[0].split(separator: "/").map(String.init))
        var query: [String] = []
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append("\(keyValue[0])=\(keyValue.count == 2 ? keyValue[1] : "")")
            }
        }
        #expect(parts.query.map { "\($0.key)=\($0.value)" } == query)
    }

    @Test func malformedTemplatesAreRefused() {
        #expect(RESTRoute("accept") == nil)
        #expect(RESTRoute("POST api/requests") == nil)
    }
}

/// ISO 8601 date-times of `createdAt`, read and written without a formatter.
struct ISO8601TimeTests {
    @Test(arguments: [
        ("2026-01-01T00:00:00Z", Int64(1_767_225_600_000)),
        ("2026-01-01T00:00:00.250Z", 1_767_225_600_250),
        ("2026-01-01T01:00:00+01:00", 1_767_225_600_000),
        ("2025-12-31T19:00:00.5-05:00", 1_767_225_600_500),
        ("2000-02-29T12:00:00Z", 951_825_600_000),
    ])
    func readsDateTimes(_ text: String, _ milliseconds: Int64) {
        #expect(ISO8601Time.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["2026-01-01", "2026-13-01T00:00:00Z", "2026-01-01T00:00:00", "2026-01-01T00:00:00.Z", "yesterday"])
    func refusesOtherText(_ text: String) {
        #expect(ISO8601Time.milliseconds(text) == nil)
    }

    @Test(arguments: [Int64(0), 951_825_600_000, 1_767_225_600_250, 4_102_444_799_999])
    func writesWhatItReads(_ milliseconds: Int64) {
        #expect(ISO8601Time.milliseconds(ISO8601Time.string(milliseconds: milliseconds)) == milliseconds)
    }
}

/// The header keys a recorder playing the apps needs: the roles under test and made-up ids.
struct TraceHeaderSubjectTests {
    @Test func subjectAndUnknownIdsRoundTrip() throws {
        let value = JSONValue.parsing(#"{"format":"jobwire-trace","version":1,"roles":["client","worker"],"subject":["backend"],"unknown":{"requests":["R-x"],"workers":[7]}}"#)
        let header = try TraceHeader(json: value, file: "t.jsonl")
        #expect(header.subject == [.backend])
        #expect(header.unknownRequests == ["R-x"])
        #expect(header.unknownWorkers == ["7"])
        let again = try TraceHeader(json: header.json, file: "t.jsonl")
        #expect(again.subject == [.backend] && again.unknownWorkers == ["7"])
    }

    @Test func aBadSubjectNamesItsField() {
        let value = JSONValue.parsing(#"{"format":"jobwire-trace","version":1,"roles":["client"],"subject":["server"]}"#)
        #expect(throws: InputError.self) { try TraceHeader(json: value, file: "t.jsonl") }
        do {
            _ = try TraceHeader(json: value, file: "t.jsonl")
        } catch {
            #expect(error.description.contains("subject[0]"))
        }
    }

    @Test func rulesAboutRolesOutsideTheSubjectAreSkipped() throws {
        let text = """
            {"format":"jobwire-trace","version":1,"roles":["client"],"subject":["backend"]}
            {"ts":1000,"actor":"client","id":"c-1","kind":"http.request","xid":"x1","method":"POST","path":"/api/requests","body":{"clientId":"c-1"}}
            {"ts":1025,"actor":"client","id":"c-1","kind":"http.response","xid":"x1","status":200,"body":{"ok":true,"ReqID":"R-1","createdAt":"2026-01-01T00:00:01Z"}}
            {"ts":60000,"actor":"client","id":"c-1","kind":"trace.end"}

            """
        let verdict = try TraceChecker.check(text: text, file: "t.jsonl")
        // TIME-1 (the client's timer) is not judged; REST-13 (the backend took a malformed post) is.
        #expect(verdict.failedIDs == ["REST-13"])
        let time1 = verdict.caseResults().first { $0.requirement == "TIME-1" }
        #expect(time1?.outcome == .skipped(reason: "the trace tests only the backend (its subject)"))
    }
}
