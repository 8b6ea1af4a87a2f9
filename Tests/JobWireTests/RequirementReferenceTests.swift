import Foundation
import Testing
@testable import JobWire

/// Every requirement id the documentation, the examples and the scenarios name exists in
/// `requirements.json`, so a renumbered or removed requirement cannot leave a dangling reference.
struct RequirementReferenceTests {
    /// The areas of `Scripts/extract_requirements.py`'s `AREAS`, the one list of them.
    static let areas: [String] = {
        let script = try! String(contentsOf: TestPaths.root.appendingPathComponent("Scripts/extract_requirements.py"), encoding: .utf8)
        let list = script.firstMatch(of: /(?m)^AREAS = \[([^\]]*)\]/)!.1
        return list.matches(of: /"([A-Z]+)"/).map { String($0.1) }
    }()

    /// README.md, Docs/*.md, Examples/**/*.md and Vectors/scenarios/*.json, as paths from the root.
    static func documents() throws -> [String] {
        let manager = FileManager.default
        var paths = ["README.md"]
        paths += try manager.contentsOfDirectory(atPath: TestPaths.root.appendingPathComponent("Docs").path).filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" }
        let examples = manager.enumerator(atPath: TestPaths.root.appendingPathComponent("Examples").path)
        while let path = examples?.nextObject() as? String {
            if path.hasSuffix(".md") { paths.append("Examples/\(path)") }
        }
        paths += try manager.contentsOfDirectory(atPath: TestPaths.vectors.appendingPathComponent("scenarios").path).filter { $0.hasSuffix(".json") }.map { "Vectors/scenarios/\($0)" }
        return paths.sorted()
    }

    @Test func theAreasAreThoseOfTheRequirements() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        #expect(Set(Self.areas) == Set(catalog.requirements.map(\.id.area)))
        #expect(Self.areas.count >= 13)
    }

    @Test func everyRequirementIDTheDocumentsNameExists() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        let pattern = try Regex("\\b(\(Self.areas.joined(separator: "|")))-[0-9]+\\b")
        let documents = try Self.documents()
        #expect(documents.contains("Docs/PROTOCOL.md") && documents.contains { $0.hasPrefix("Examples/") } && documents.contains { $0.hasPrefix("Vectors/scenarios/") })
        var unknown: [String] = []
        var seen = 0
        for document in documents {
            let text = try String(contentsOf: TestPaths.root.appendingPathComponent(document), encoding: .utf8)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: pattern) {
                    seen += 1
                    let id = RequirementID(String(line[match.range]))
                    if catalog[id] == nil { unknown.append("\(document):\(offset + 1): \(id)") }
                }
            }
        }
        #expect(seen > 500)
        #expect(unknown.isEmpty, "ids that are no requirement of Docs/PROTOCOL.md:\n\(unknown.joined(separator: "\n"))")
    }
}
