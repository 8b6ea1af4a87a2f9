import Foundation
import JobWire

extension RequirementEvidence {
    /// The `Examples/` folder of the checkout a vectors directory belongs to: the first folder
    /// above `vectors` that holds a `Package.swift` and an `Examples/` folder. The examples do not
    /// ship with the binary, so an installed `jobwire` finds none.
    public static func examples(near vectors: URL) -> URL? {
        var directory = vectors.standardizedFileURL
        while directory.path != "/" && !directory.path.isEmpty {
            directory.deleteLastPathComponent()
            let examples = directory.appendingPathComponent("Examples")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: examples.path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                return examples
            }
        }
        return nil
    }

    /// The known failures of every deliberately wrong example adapter (`Examples/*-wrong`), each
    /// under the requirement id its bug breaks: the ID of a `scenario:ID` case
    /// (`known-failures/BUG.txt` of an app adapter; a `scenario:steps[N]` entry, a step that never
    /// ran, counts for none); for a vector id (`known-failures.txt` of a
    /// suite's adapter), the ids of the `BUG(ID)` markers its line's comment names (the explaining
    /// scripts write them: a vector of one requirement may fail by a bug that breaks another), or the
    /// vector's own requirements when the line names none. The tests run each adapter with its lists,
    /// so every entry is a failure that happens.
    mutating func addWrongAdapters(examples: URL, vectors: URL, displayRoot: String) throws(InputError) {
        let folders: [String]
        do {
            folders = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix("-wrong") }.sorted()
        } catch {
            throw InputError(file: examples.path, message: "cannot list the examples: \(error.localizedDescription)")
        }
        for folder in folders {
            let base = examples.appendingPathComponent(folder)
            let lists = base.appendingPathComponent("known-failures")
            if let bugs = try? FileManager.default.contentsOfDirectory(atPath: lists.path) {
                for bug in bugs.filter({ $0.hasSuffix(".txt") }).sorted() {
                    let list = try KnownFailures.load(path: lists.appendingPathComponent(bug).path)
                    for entry in list.entries {
                        // A step that never ran (`SCENARIO:steps[N]`) fails the scenario but breaks no requirement.
                        if let colon = entry.id.lastIndex(of: ":"), entry.id[entry.id.index(after: colon)...].hasPrefix("steps[") { continue }
                        guard let colon = entry.id.lastIndex(of: ":"), RequirementID(String(entry.id[entry.id.index(after: colon)...])).number != nil else {
                            throw InputError(file: list.file, line: entry.line, message: "expected SCENARIO:ID, found \"\(entry.id)\"")
                        }
                        let id = RequirementID(String(entry.id[entry.id.index(after: colon)...]))
                        add(.wrongAdapter, "\(folder) --bug \(bug.dropLast(4)): \(entry.id)", for: [id])
                    }
                }
            }
            let vectorList = base.appendingPathComponent("known-failures.txt")
            guard FileManager.default.fileExists(atPath: vectorList.path) else { continue }
            guard let suite = VectorSuites.all.first(where: { folder.hasPrefix("\($0.name)-") }) else {
                throw InputError(file: vectorList.path, message: "\(folder) names no vector suite (\(VectorSuites.all.map(\.name).joined(separator: ", ")))")
            }
            let requirementsOf = Dictionary(
                try VectorLoader.load(suite: suite, from: vectors, displayRoot: displayRoot).map { ($0.id, $0.requirements) },
                uniquingKeysWith: { first, _ in first })
            let list = try KnownFailures.load(path: vectorList.path)
            let lines = ((try? String(contentsOf: vectorList, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            for entry in list.entries {
                guard let ids = requirementsOf[entry.id] else {
                    throw InputError(file: list.file, line: entry.line, message: "\(entry.id) is no vector of the \(suite.name) suite")
                }
                let broken = Self.bugMarkers(in: entry.line <= lines.count ? String(lines[entry.line - 1]) : "")
                add(.wrongAdapter, "\(folder): \(entry.id)", for: broken.isEmpty ? ids : broken)
            }
        }
    }

    /// The requirement ids of the `BUG(ID)` markers in a known-failures line, in order.
    static func bugMarkers(in line: String) -> [RequirementID] {
        line.components(separatedBy: "BUG(").dropFirst().compactMap { part in
            guard let close = part.firstIndex(of: ")") else { return nil }
            let id = RequirementID(String(part[..<close]))
            return id.number == nil ? nil : id
        }
    }
}
