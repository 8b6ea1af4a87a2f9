import Foundation
@testable import JobWire
import SocketIOWire

/// Paths of the package checkout the tests were compiled from.
enum TestPaths {
    /// The package root, found by walking up from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The shipped vectors.
    static let vectors = root.appendingPathComponent("Vectors")
}

extension JSONValue {
    /// Parses a literal JSON text in a test; a bad literal is a bug in the test itself.
    static func parsing(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad JSON in test: \(error)") }
    }
}

import Testing

extension VectorCase: CustomTestStringConvertible {
    /// Test logs name a vector by its id, not its whole input.
    public var testDescription: String { id }
}
