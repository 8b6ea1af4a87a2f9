import Foundation
import SocketIOWire

/// Reads a suite's vector files (`Vectors/<suite>/*.json`) strictly: every missing or ill-typed
/// field, bad expectation and duplicate id is an error naming the file, line and field.
public enum VectorLoader {
    /// All cases of `suite` under `directory`, files in name order, cases in file order.
    /// Files are named in errors and reports as `displayRoot/<suite>/<file>` (the directory's
    /// path when `displayRoot` is nil), so a reader sees `Vectors/eligibility/distance.json:172`
    /// rather than a build folder.
    public static func load(suite: any VectorSuite, from directory: URL, displayRoot: String? = nil) throws(InputError) -> [VectorCase] {
        let suiteDirectory = directory.appendingPathComponent(suite.name)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: suiteDirectory.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw InputError(file: suiteDirectory.path, message: "cannot list the suite's vectors: \(error.localizedDescription)")
        }
        guard !names.isEmpty else {
            throw InputError(file: suiteDirectory.path, message: "holds no .json vector files")
        }
        var cases: [VectorCase] = []
        var seen: [String: (file: String, line: Int)] = [:]
        for name in names {
            let display = "\(displayRoot ?? directory.path)/\(suite.name)/\(name)"
            let document = try VectorDocument(url: suiteDirectory.appendingPathComponent(name), displayPath: display)
            for vector in try VectorLoader.cases(in: document, suite: suite) {
                if let first = seen[vector.id] {
                    throw InputError(file: vector.file, line: vector.line, field: "id", message: "duplicate id \"\(vector.id)\", first defined at \(first.file):\(first.line)")
                }
                seen[vector.id] = (vector.file, vector.line)
                cases.append(vector)
            }
        }
        return cases
    }

    /// The cases of one parsed vector file.
    public static func cases(in document: VectorDocument, suite: any VectorSuite) throws(InputError) -> [VectorCase] {
        let declared = try document.string(at: ["suite"])
        guard declared == suite.name else {
            throw document.error(at: ["suite"], "this file belongs to suite \"\(declared)\", not \"\(suite.name)\"")
        }
        let list = try document.array(document.root, at: ["cases"])
        var result: [VectorCase] = []
        for index in list.indices {
            let path = ["cases", String(index)]
            let requirements = try VectorLoader.requirements(in: document, at: path + ["requirement"])
            let expect = try document.required(at: path + ["expect"])
            let input = try document.required(at: path + ["input"])
            if let problem = suite.problem(input: input, expect: expect) {
                throw document.error(at: path + ["expect"] + problem.path, problem.message)
            }
            result.append(
                VectorCase(
                    id: try document.string(at: path + ["id"]),
                    description: try document.string(at: path + ["description"]),
                    requirement: requirements[0],
                    requirements: requirements,
                    input: input,
                    inputText: document.text(at: path + ["input"]),
                    expect: expect,
                    file: document.file,
                    line: document.line(of: path)
                )
            )
        }
        return result
    }

    /// A case's `requirement`: one id (`"ELIG-4"`), or several, the main one first
    /// (`["ELIG-9", "ELIG-3"]`: a malformed `categories` breaks ELIG-9 and feeds ELIG-3).
    static func requirements(in document: VectorDocument, at path: [String]) throws(InputError) -> [RequirementID] {
        let value = try document.required(at: path)
        let texts: [(text: String?, path: [String])]
        switch value {
        case .string(let text): texts = [(text, path)]
        case .array(let items):
            guard !items.isEmpty else { throw document.error(at: path, "expected a requirement id or a non-empty array of them, found []") }
            texts = items.indices.map { (items[$0].stringValue, path + [String($0)]) }
        default:
            throw document.error(at: path, "expected a requirement id like ELIG-4 or an array of them, found \(value.typeDescription)")
        }
        var ids: [RequirementID] = []
        for (text, itemPath) in texts {
            guard let text, RequirementID(text).number != nil else {
                let found = text.map { "\"\($0)\"" } ?? (document.value(at: itemPath)?.typeDescription ?? "nothing")
                throw document.error(at: itemPath, "expected a requirement id like ELIG-4, found \(found)")
            }
            guard !ids.contains(RequirementID(text)) else { throw document.error(at: itemPath, "\(text) is named twice") }
            ids.append(RequirementID(text))
        }
        return ids
    }
}
