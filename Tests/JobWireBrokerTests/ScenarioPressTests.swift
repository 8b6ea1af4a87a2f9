import Foundation
import JobWire
import SocketIOWire
import Testing
@testable import JobWireBroker

/// The user's presses as scenario steps (Docs/BROKER.md): read from a scenario, carried as
/// adapter inputs, and recorded by the reference apps as `user.input` lines (VIEW-9 ... VIEW-12).
struct ScenarioPressTests {
    @Test func thePressStepsLoadWithTheirRequest() {
        let steps = ScenarioFixtures.scenario("worker-work-information").steps.map(\.action)
        #expect(steps.contains(.press(.ok)))
        #expect(steps.contains(.press(.openWorkInformation(req: "r1"))))
        #expect(steps.contains(.press(.closeWorkInformation(req: "r1"))))
    }

    @Test(arguments: [
        (#""actor": "w-2", "do": "accept", "req": "r1""#, #""actor": "c-1", "do": "openWorkInformation", "req": "r1""#, "only a worker app can openWorkInformation"),
        (#""actor": "w-2", "do": "accept", "req": "r1""#, #""actor": "w-2", "do": "closeWorkInformation""#, "req"),
        (#""actor": "w-2", "do": "accept", "req": "r1""#, #""actor": "w-2", "do": "ok", "req": "r1""#, "steps[1].req: is not a member here"),
    ])
    func aMalformedPressIsRefused(original: String, replacement: String, message: String) {
        #expect(ScenarioLoaderTests.good.contains(original))
        let error = ScenarioLoaderTests.error(ScenarioLoaderTests.good.replacingOccurrences(of: original, with: replacement))
        #expect(error.hasPrefix("worker-race-lost.json:12:"), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    @Test(arguments: [UserPress.ok, .openWorkInformation(req: "R-1"), .closeWorkInformation(req: "R-1")])
    func aPressTravelsAsAUserInputAndBack(_ press: UserPress) {
        let input = AppInput.user(.press(press))
        #expect(AppInput(json: input.json) == input)
        #expect(input.json["action"]?.stringValue == press.name)
    }

    @Test func workInformationOpensAndClosesOverWorkInProgress() async throws {
        let lines = await ScenarioEngineTests.lines(ScenarioFixtures.scenario("worker-work-information"))
        let worker = lines.filter { $0.actor.id == "w-1" }
        let inputs = worker.filter { $0.kind == .userInput }.compactMap { $0.fields["input"]?.stringValue }
        #expect(inputs == ["ok", "openWorkInformation", "closeWorkInformation"])
        let opened = try #require(worker.firstIndex { $0.fields["input"] == "openWorkInformation" })
        let closed = try #require(worker.firstIndex { $0.kind == .alertDismissed && $0.fields["alert"] == "workInformation" })
        let alert = try #require(worker[opened...].first { $0.kind == .alertShown })
        #expect(alert.fields["alert"] == "workInformation")
        #expect(alert.fields["elements"]?["image"] == "https://img.example.com/tap.jpg")
        #expect(!worker[opened...closed].contains { $0.kind == .viewShown }, "the view stays while the alert is open")
    }

    @Test func closeGoesThroughTheTwoChoices() async throws {
        let lines = await ScenarioEngineTests.lines(ScenarioFixtures.scenario("client-work-in-progress"))
        let choice = try #require(lines.first { $0.actor.role == .client && $0.kind == .userInput && $0.fields["input"] == "closeRequest" })
        #expect(choice.fields["choices"] == ["happy", "unhappy"])
        #expect(choice.fields["choice"] == "unhappy")
        let close = try #require(lines.first { $0.actor.role == .client && $0.kind == .httpRequest && $0.fields["path"]?.stringValue?.hasSuffix("/close") == true })
        #expect(close.fields["body"]?["outcome"] == "unhappy")
        #expect(lines.contains { $0.actor.role == .client && $0.kind == .userInput && $0.fields["input"] == "ok" && $0.fields["alert"] == "apply" })
    }
}
