import Foundation
import SocketIOWire
import Testing

/// `jobwire spec export` writes the checked-in contract documents byte for byte, a profile renames
/// events, rooms and paths in both, and third-party tools read them (Scripts/check_contract.py).
struct SpecCommandTests {
    @Test(arguments: [("--openapi", "Docs/jobwire.openapi.json"), ("--asyncapi", "Docs/jobwire.asyncapi.json")])
    func theCheckedInDocumentIsWhatTheExportWrites(_ flag: String, _ path: String) async throws {
        let result = try await CLIRunner.run(["spec", "export", flag, "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let shipped = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(result.stdout == shipped, "\(path) is stale: run Scripts/export_contract.py and commit it")
    }

    @Test func theExportIsDeterministic() async throws {
        let first = try await CLIRunner.run(["spec", "export", "--asyncapi", "-", "--openapi", "-"])
        let second = try await CLIRunner.run(["spec", "export", "--asyncapi", "-", "--openapi", "-"])
        #expect(first.status == 0 && !first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test func aProfileRenamesEventsRoomsAndPathsInBothDocuments() async throws {
        let directory = CLIRunner.scratchDirectory()
        let profile = """
            {"events": {"new": "job.new"}, "namespace": "/jobs", "rooms": {"channel": "experts"},
             "paths": {"getJobs": "GET /v2/jobs?worker={workerId}", "clientFixture": null}}
            """
        try profile.write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["spec", "export", "--openapi", "openapi.json", "--asyncapi", "asyncapi.json", "--profile", "names.json"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let openapi = try JSONParser.parse(String(contentsOf: directory.appendingPathComponent("openapi.json"), encoding: .utf8))
        let asyncapi = try JSONParser.parse(String(contentsOf: directory.appendingPathComponent("asyncapi.json"), encoding: .utf8))
        let jobs = openapi["paths"]?["/v2/jobs"]?["get"]
        #expect(jobs?["operationId"] == "getJobs")
        #expect(jobs?["parameters"]?.arrayValue?.first?["name"] == "worker")
        #expect(openapi["paths"]?["/api/jobs"] == nil)
        #expect(openapi["paths"]?["/api/clients/{clientId}"] == nil, "a fixture the profile sets to null is left out")
        #expect(asyncapi["components"]?["messages"]?["new"]?["name"] == "job.new")
        #expect(asyncapi["channels"]?["namespace"]?["address"] == "/jobs")
        #expect(asyncapi["channels"]?["channelRoom"]?["address"] == "experts")
    }

    @Test func noDocumentAskedForIsUnusableInput() async throws {
        let result = try await CLIRunner.run(["spec", "export"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--asyncapi"))
    }

    /// openapi-spec-validator, openapi-core against a live `jobwire broker`, asyncapi-payload-validator,
    /// the structural check of the AsyncAPI document and the agreement of the schemas with the
    /// checker on every shipped payload (Scripts/check_contract.py says what each part proves).
    @Test func theEcosystemsToolsReadTheDocumentsAndAgreeWithTheChecker() async throws {
        let (status, text) = try await Self.checkContract()
        #expect(status == 0, "\(text)")
        #expect(text.contains(" 0 disagreements"), "\(text)")
        // The state and history reads' answers are compared, a shape-bad one of each among them, and
        // so is each family of the task API's bodies and answers (deleteMe's OkAnswer has nothing but `ok`).
        for kind in ["answer getRequest (GetRequestAnswer)", "answer listRequests (ListRequestsAnswer)"] + Self.taskFamilies {
            let counts = text.split(separator: "\n").first { $0.hasPrefix("  \(kind): ") }?.split(separator: " ").last
            #expect((counts.flatMap { Int($0) } ?? 0) > 0, "no malformed \(kind) compared:\n\(text)")
        }
        // What has no shape verdict is named with its reason, not skipped unseen.
        #expect(text.contains("agreement: left out, by kind and reason:") && text.contains("a test fixture's (FIX area)"), "\(text)")
        // No task call's body is left out: each has the verdict its TASK rule reads from ContractShapes.
        let leftOut = text.components(separatedBy: "agreement: left out, by kind and reason:").last ?? ""
        for call in ["signUp", "logIn", "createTask", "editTask", "cancelTask", "chooseContractor", "review", "updateMe", "meImage"] {
            #expect(!leftOut.contains("body \(call) "), "the body of \(call) is left out:\n\(text)")
        }
    }

    /// One body or answer of each shape of the task API, as the agreement names its kind.
    static let taskFamilies = [
        "body signUp (SignUpBody)", "body logIn (LogInBody)", "body createTask (TaskBody)", "body cancelTask (CancelTaskBody)",
        "body chooseContractor (ContractorBody)", "body review (ReviewBody)", "body updateMe (UpdateMeBody)", "body meImage (MeImageBody)",
        "answer userExists (UserExistsAnswer)", "answer signUp (SignUpAnswer)", "answer logIn (LogInAnswer)", "answer createTask (TaskAnswer)",
        "answer listTasks (TasksAnswer)", "answer candidates (CandidatesAnswer)", "answer review (ReviewAnswer)", "answer me (UserAnswer)",
        "answer contractor (ContractorAnswer)",
    ]

    /// The agreement holds the history read's entries to the schema: with `clientId` no longer
    /// required of a HistoryEntry, the schema accepts the entry of rest-16-entry-without-client,
    /// which the checker refuses under REST-16.
    @Test func aSpoiltHistoryEntrySchemaIsCaughtByTheAgreement() async throws {
        let file = try Self.spoilt("jobwire.openapi.json", cutting: "\"clientId\",\n", after: "\"HistoryEntry\": {", as: "spoilt-history.openapi.json")
        let (status, text) = try await Self.checkContract(["--openapi", file.path, "--no-broker"])
        #expect(status == 1, "\(text)")
        #expect(text.contains("rest-16-entry-without-client-backend.jsonl") && text.contains("(ListRequestsAnswer): the checker says ['REST-16'], the schema valid"), "\(text)")
    }

    /// The check can fail: a `new` schema that no longer requires `CatID` accepts the payload of
    /// the bad trace msg-4-no-catid, which the checker refuses under MSG-4, and a channel whose
    /// address names a parameter it does not declare breaks the structural check.
    @Test func aSpoiltAsyncAPIDocumentIsCaughtNamingTheTraceAndTheChannel() async throws {
        let file = try Self.spoilt("jobwire.asyncapi.json", cutting: "\"CatID\",\n", after: "\"NewPayload\": {", as: "spoilt.asyncapi.json") {
            $0.replacingOccurrences(of: "\"address\": \"workers\"", with: "\"address\": \"workers-{zone}\"")
        }
        let (status, text) = try await Self.checkContract(["--asyncapi", file.path, "--no-broker"])
        #expect(status == 1, "\(text)")
        #expect(text.contains("msg-4-no-catid-backend.jsonl") && text.contains("the checker says ['MSG-4'], the schema valid"), "\(text)")
        #expect(text.contains("channels.channelRoom address parameters ['zone']"), "\(text)")
    }

    /// ... and so can the REST half: with race_lost no longer a 409 code, openapi-core refuses the
    /// broker's answer to a second WorkerAccept and the agreement test the traces' race_lost answers.
    @Test func aSpoiltOpenAPIDocumentIsCaughtByOpenAPICoreAndTheAgreement() async throws {
        let file = try Self.spoilt("jobwire.openapi.json", cutting: "\"race_lost\",\n", after: "\"ErrorAnswer409\": {", as: "spoilt.openapi.json")
        let (status, text) = try await Self.checkContract(["--openapi", file.path])
        #expect(status == 1, "\(text)")
        #expect(text.contains("openapi-core: POST /api/requests/") && text.contains("/accept: the document refuses the broker's 409 answer"), "\(text)")
        #expect(text.contains("(ErrorAnswer409): the checker says well formed, the schema ['REST-7']"), "\(text)")
    }

    /// Every documented operation is driven: with the task completion's path renamed in the
    /// document, openapi-core refuses the real completion call and the renamed path is named as
    /// one the check sent nothing to, not skipped.
    @Test func aDocumentedOperationNoCallReachesIsNamed() async throws {
        let file = try Self.spoilt("jobwire.openapi.json", as: "spoilt-paths.openapi.json") {
            $0.replacingOccurrences(of: "\"/api/tasks/{objectId}/complete\": {", with: "\"/api/tasks/{objectId}/done\": {")
        }
        let (status, text) = try await Self.checkContract(["--openapi", file.path])
        #expect(status == 1, "\(text)")
        #expect(text.contains("openapi-core: POST /api/tasks/{objectId}/done: documented, but the check sends it no invalid and no valid request"), "\(text)")
        #expect(text.contains("/complete: the document refuses the request"), "\(text)")
    }

    /// A copy of the shipped `Docs/document` with the first `cut` after `anchor` removed and then
    /// `edit` applied, written to the scratch directory as `name`; it must differ from the shipped one.
    static func spoilt(_ document: String, cutting cut: String? = nil, after anchor: String = "", as name: String, edit: (String) -> String = { $0 }) throws -> URL {
        let shipped = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Docs/\(document)"), encoding: .utf8)
        var spoilt = shipped
        if let cut {
            let start = try #require(shipped.range(of: anchor))
            spoilt.replaceSubrange(try #require(shipped.range(of: cut, range: start.upperBound..<shipped.endIndex)), with: "")
        }
        spoilt = edit(spoilt)
        #expect(spoilt != shipped, "\(name) is the shipped \(document)")
        let file = CLIRunner.scratchDirectory().appendingPathComponent(name)
        try spoilt.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs Scripts/check_contract.py with the built binary: its exit status and output.
    static func checkContract(_ arguments: [String] = []) async throws -> (Int32, String) {
        let script = CLIRunner.packageRoot.appendingPathComponent("Scripts/check_contract.py").path
        let result = try await CLIRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [CLIRunner.python, script, "--jobwire", CLIRunner.executable.path] + arguments)
        return (result.status, result.stdout + result.stderr)
    }
}
