import Foundation
import JobWire

/// The scenarios of a directory (`Vectors/scenarios/` by default), by name.
public struct ScenarioCatalog: Sendable {
    /// The directory.
    public let directory: URL
    /// How its files are named in messages, e.g. `Vectors/scenarios`.
    public let displayRoot: String
    /// The scenario names, sorted.
    public let names: [String]

    /// Lists `directory`; a missing or empty one is an error.
    public init(directory: URL, displayRoot: String? = nil) throws(InputError) {
        self.directory = directory
        self.displayRoot = displayRoot ?? directory.path
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw InputError(file: self.displayRoot, message: "cannot list the scenarios: \(error.localizedDescription)")
        }
        names = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        guard !names.isEmpty else { throw InputError(file: self.displayRoot, message: "holds no scenario files (*.json)") }
    }

    /// The shipped scenarios: `scenarios/` of the vectors directory in force.
    public static func shipped(vectors: URL, displayRoot: String = "Vectors") throws(InputError) -> ScenarioCatalog {
        try ScenarioCatalog(directory: vectors.appendingPathComponent("scenarios"), displayRoot: "\(displayRoot)/scenarios")
    }

    /// Loads the scenario called `name`; an unknown name is an error listing the close ones.
    public func load(_ name: String, catalog: RequirementCatalog? = nil) throws(InputError) -> Scenario {
        guard names.contains(name) else {
            let words = Set(name.split(separator: "-"))
            var close = names.filter { Self.distance($0, name) <= 2 }
            if close.isEmpty { close = names.filter { !words.isDisjoint(with: $0.split(separator: "-")) } }
            let hint = close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"
            throw InputError(file: displayRoot, message: "no scenario named \"\(name)\"\(hint) (`jobwire scenario list` shows all \(names.count))")
        }
        return try ScenarioLoader.load(url: directory.appendingPathComponent("\(name).json"), displayPath: "\(displayRoot)/\(name).json", catalog: catalog)
    }

    /// The edit distance between two names, for "did you mean".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// Every scenario, in name order.
    public func loadAll(catalog: RequirementCatalog? = nil) throws(InputError) -> [Scenario] {
        var result: [Scenario] = []
        for name in names { result.append(try load(name, catalog: catalog)) }
        return result
    }
}
