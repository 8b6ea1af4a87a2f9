import Foundation
import Testing
@testable import JobWire
import SocketIOWire

/// The shipped offline vectors: JobWire's own model answers each as expected, and the set itself
/// is sound (every OFFL and AUTH requirement has vectors, every expectation matches its input).
struct OfflineVectorTests {
    static let cases: [VectorCase] = {
        do { return try VectorLoader.load(suite: OfflineSuite(), from: TestPaths.vectors) } catch {
            fatalError("the shipped offline vectors do not load: \(error)")
        }
    }()

    @Test func thereAreAtLeastFortyFiveVectors() {
        #expect(Self.cases.count >= 45)
    }

    @Test(arguments: cases)
    func builtinModelPasses(_ vector: VectorCase) {
        let suite = OfflineSuite()
        let mismatch = suite.mismatch(for: vector, observed: suite.builtinOutput(for: vector.input))
        #expect(mismatch == nil, "\(vector.id) (\(vector.file):\(vector.line)): \(mismatch.map { "expected \($0.expected), observed \($0.observed)" } ?? "")")
    }

    @Test func everyOfflineAndAuthRequirementHasVectors() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        let awaiting = Set(try AwaitingJudgeList.load(fromVectors: TestPaths.vectors).entries.map(\.id))
        // What the model cannot show, judged from captures only (Scripts/check_offline_vectors.py's NOT_COVERED).
        let tracesOnly: Set<RequirementID> = ["OFFL-16", "OFFL-17", "OFFL-18"]
        let ids = catalog.requirements.map(\.id).filter { ($0.area == "OFFL" || $0.area == "AUTH") && !awaiting.contains($0) && !tracesOnly.contains($0) }
        #expect(!ids.isEmpty)
        let covered = Set(Self.cases.map(\.requirement))
        for id in ids {
            #expect(covered.contains(id), "no offline vector checks \(id)")
        }
        for vector in Self.cases {
            #expect(catalog[vector.requirement] != nil, "\(vector.id) names \(vector.requirement), which Docs/PROTOCOL.md does not define")
        }
    }

    @Test func refusalsAndRunsAreBothPresentAndLabelledApart() {
        let refusals = Self.cases.filter { $0.expect["invalid"] != nil }
        #expect(refusals.count >= 10)
        #expect(refusals.allSatisfy { $0.requirement == "OFFL-15" })
        #expect(Self.cases.filter { $0.expect["steps"] != nil }.allSatisfy { $0.requirement != "OFFL-15" })
    }

    @Test func everyExpectedStateIsOneTheModelCanHold() throws {
        for vector in Self.cases {
            for step in vector.expect["steps"]?.arrayValue ?? [] {
                let state = try OfflineAppModel(json: step["state"], path: vector.id)
                #expect(state.json == step["state"].map { Self.sortedEntities($0) }, "\(vector.id)")
            }
        }
    }

    @Test func idsAreUniqueAndDescriptionsShort() {
        #expect(Set(Self.cases.map(\.id)).count == Self.cases.count)
        #expect(Self.cases.allSatisfy { $0.description.count <= 100 })
    }

    /// The state with its entities sorted by id, as ``OfflineAppModel/json`` writes them.
    static func sortedEntities(_ state: JSONValue) -> JSONValue {
        guard var object = state.objectValue, let entities = object["entities"]?.objectValue else { return state }
        object["entities"] = .object(JSONObject(entities.members.sorted { $0.key < $1.key }))
        return .object(object)
    }
}
