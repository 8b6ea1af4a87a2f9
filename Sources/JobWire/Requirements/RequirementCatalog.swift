import Foundation
import SocketIOWire

/// Every requirement of Docs/PROTOCOL.md by id, read from `requirements.json` in the vectors
/// directory, so reports can print the sentence beside each id.
public struct RequirementCatalog: Sendable {
    /// The requirements in document order.
    public let requirements: [Requirement]
    private let byID: [RequirementID: Requirement]

    public init(_ requirements: [Requirement]) {
        self.requirements = requirements
        byID = Dictionary(requirements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The requirement with this id, if the catalogue has it.
    public subscript(id: RequirementID) -> Requirement? { byID[id] }

    /// `ID — sentence`, or the bare id when the catalogue does not know it.
    public func headline(_ id: RequirementID) -> String {
        guard let requirement = byID[id] else { return id.rawValue }
        return "\(id) \(requirement.level): \(requirement.sentence)"
    }

    /// The file name inside a vectors directory.
    public static let fileName = "requirements.json"

    /// Loads `requirements.json` from a vectors directory; every malformed entry is an error naming its line.
    public static func load(fromVectors directory: URL) throws(InputError) -> RequirementCatalog {
        let document = try VectorDocument(url: directory.appendingPathComponent(fileName))
        let list = try document.array(document.root, at: ["requirements"])
        var requirements: [Requirement] = []
        for index in list.indices {
            let path = ["requirements", String(index)]
            requirements.append(
                Requirement(
                    id: RequirementID(try document.string(at: path + ["id"])),
                    level: try document.string(at: path + ["level"]),
                    roles: try document.array(document.root, at: path + ["roles"]).indices.map { role throws(InputError) in
                        try document.string(at: path + ["roles", String(role)])
                    },
                    sentence: try document.string(at: path + ["sentence"]),
                    quote: try document.string(at: path + ["quote"]),
                    seed: try document.string(at: path + ["seed"]),
                    judgeNone: try judgeNone(document, at: path + ["judgeNone"])
                )
            )
        }
        return RequirementCatalog(requirements)
    }

    /// `judgeNone`: a non-empty reason, or null; absent (a catalogue written before it existed) reads as null.
    private static func judgeNone(_ document: VectorDocument, at path: [String]) throws(InputError) -> String? {
        guard let value = document.value(at: path), !value.isNull else { return nil }
        return try document.string(at: path)
    }
}
