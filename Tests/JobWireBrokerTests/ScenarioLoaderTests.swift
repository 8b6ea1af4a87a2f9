import Foundation
import JobWire
import Testing
@testable import JobWireBroker

/// The scenario loader refuses every malformed file with its file, line and field.
struct ScenarioLoaderTests {
    static let good = try! String(contentsOf: ScenarioFixtures.catalog.directory.appendingPathComponent("worker-race-lost.json"), encoding: .utf8)

    /// Writes `text` as `NAME.json` in a fresh directory and loads it.
    static func load(_ text: String, name: String = "worker-race-lost") throws(InputError) -> Scenario {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).json")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return try ScenarioLoader.load(url: url, displayPath: "\(name).json", catalog: ScenarioFixtures.requirements)
    }

    static func error(_ text: String, name: String = "worker-race-lost") -> String {
        do {
            _ = try load(text, name: name)
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test func theShippedFileLoads() throws {
        let scenario = try Self.load(Self.good)
        #expect(scenario.app.id == "w-1" && scenario.play == .client)
        #expect(scenario.kit.map(\.id) == ["c-1", "w-2"])
        #expect(scenario.steps.count == 4)
        #expect(scenario.steps[1].timing == .after(ScenarioTrigger(alias: "r1", event: .shown, actor: "w-2"), 200))
        #expect(scenario.app.profile?["userID"] == "w-1")
    }

    @Test(arguments: [
        (#""do": "accept", "req": "r1"}"#, #""do": "accept", "req": "r9"}"#, "worker-race-lost.json:12:", "steps[1].req: r9 is not declared"),
        (#""actor": "w-2", "do": "accept""#, #""actor": "w-7", "do": "accept""#, "worker-race-lost.json:12:", "steps[1].actor: no actor w-7"),
        (#""actor": "w-2", "do": "accept""#, #""actor": "c-1", "do": "accept""#, "worker-race-lost.json:12:", "only a worker app can accept"),
        (#""after": "r1.shown@w-2""#, #""after": "r1.seen@w-2""#, "worker-race-lost.json:12:", "steps[1].after: expected ALIAS.EVENT"),
        (#""outcome": "happy""#, #""outcome": "glad""#, "worker-race-lost.json:14:", "steps[3].outcome: expected one of happy, unhappy"),
        (#""categories": ["9"], "maxKms": 50, "lat": 40.0"#, #""categories": ["9", true], "maxKms": 50, "lat": 40.0"#, "worker-race-lost.json:5:", "app.profile.categories[1]"),
        (#""app": {"role": "worker""#, #""settings": {"timeoutMS": 2000}, "app": {"role": "worker""#, "worker-race-lost.json:5:", "settings.timeoutMS: is not a member here"),
        (#""app": {"role": "worker""#, #""horizon": 0, "app": {"role": "worker""#, "worker-race-lost.json:5:", "horizon: "),
        (#""requirements": ["ALERT-1""#, #""requirements": ["ALERT-99""#, "worker-race-lost.json:4:", "ALERT-99 is not a requirement"),
        (#"{"at": 100, "actor": "c-1""#, #"{"at": 0, "actor": "c-1", "do": "kill"}, {"at": 100, "actor": "c-1""#, "worker-race-lost.json:11:", "steps[0].actor: only the app under test (w-1) can kill"),
        (#"{"at": 100, "actor": "c-1""#, #"{"at": 0, "do": "hang", "call": "apply"}, {"at": 100, "actor": "c-1""#, "worker-race-lost.json:11:", "steps[0].call: expected one of postRequest"),
        (#""at": 100, "actor": "c-1""#, #""at": 100, "after": "r1.posted", "actor": "c-1""#, "worker-race-lost.json:11:", "give exactly one of \"at\""),
    ])
    func aMalformedStepOrFieldIsNamedWithItsLine(original: String, replacement: String, place: String, message: String) {
        #expect(Self.good.contains(original))
        let text = Self.good.replacingOccurrences(of: original, with: replacement)
        let error = Self.error(text)
        #expect(error.hasPrefix(place), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    @Test func theNameMustMatchTheFileAndJSONErrorsGiveTheColumn() {
        #expect(Self.error(Self.good, name: "worker-other").contains("scenario: is \"worker-race-lost\" but the file is worker-other.json"))
        let broken = Self.good.replacingOccurrences(of: #""do": "discard""#, with: "").replacingOccurrences(of: #""outcome": "happy"}"#, with: #""outcome": happy}"#)
        #expect(Self.error(broken).hasPrefix("worker-race-lost.json:14:"), "\(Self.error(broken))")
    }

    @Test func anUnknownScenarioNameIsRefusedWithAHint() {
        do {
            _ = try ScenarioFixtures.catalog.load("worker-hapy")
            Issue.record("loaded an unknown scenario")
        } catch {
            #expect(error.description.contains("no scenario named \"worker-hapy\""))
            #expect(error.description.contains("jobwire scenario list"))
        }
        do {
            _ = try ScenarioFixtures.catalog.load("happy")
        } catch {
            #expect(error.description.contains("did you mean client-close-by-worker-happy, client-happy, worker-close-by-worker-happy, worker-happy?"), "\(error)")
        }
    }

    @Test func everyShippedScenarioListsOnlyRequirementsTheCheckerJudges() {
        let judged = Set(TraceRuleBook.requirementIDs)
        for scenario in ScenarioFixtures.all {
            for id in scenario.requirements { #expect(judged.contains(id), "\(scenario.name) lists \(id)") }
        }
        #expect(Set(ScenarioFixtures.all.map(\.app.role)) == [.client, .worker])
    }
}
