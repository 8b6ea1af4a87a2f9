import Foundation
import SocketIOWire

/// A JSON file read with the position of every value, so each complaint about its content
/// names the file, line, column and field (`cases[3].expect.showAt`).
public struct VectorDocument: Sendable {
    /// The path as shown in errors.
    public let file: String
    /// The parsed document.
    public let root: JSONValue
    private let locations: JSONLocations
    private let bytes: [UInt8]

    /// Reads and parses `url`; unreadable files and invalid JSON are errors naming the line.
    public init(url: URL, displayPath: String? = nil) throws(InputError) {
        let file = displayPath ?? url.path
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw InputError(file: file, message: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(bytes: bytes, file: file)
    }

    /// Parses `bytes` (a request body, say) as a document named `file` in errors; invalid JSON is
    /// an error naming the line.
    public init(bytes: [UInt8], file: String) throws(InputError) {
        self.bytes = bytes
        do {
            (root, locations) = try JSONParser.parseWithLocations(bytes)
        } catch {
            let position = LineIndex(bytes).position(ofOffset: error.offset)
            throw InputError(file: file, line: position.line, column: position.column, message: "invalid JSON: \(error.reason)")
        }
        self.file = file
    }

    /// A readable field path: `cases[3].expect.showAt`.
    public static func fieldName(_ path: [String]) -> String {
        var result = ""
        for component in path {
            if Int(component) != nil { result += "[\(component)]" } else { result += result.isEmpty ? component : ".\(component)" }
        }
        return result.isEmpty ? "(document)" : result
    }

    /// An error about the value at `path`, placed at its line.
    public func error(at path: [String], _ message: String) -> InputError {
        let position = locations.position(of: path)
        return InputError(file: file, line: position.line, column: position.column, field: Self.fieldName(path), message: message)
    }

    /// The value at `path` as written in the file, on one line (``JSONText/oneLine(_:)``): what an
    /// adapter receives, so that `9.0`, `1e1` and integers beyond 64 bits reach it untouched.
    public func text(at path: [String]) -> String? {
        locations.range(of: path).map { JSONText.oneLine(bytes[$0]) }
    }

    /// The 1-based line where the value at `path` starts.
    public func line(of path: [String]) -> Int { locations.position(of: path).line }

    /// The value at `path`, or nil when some step does not exist.
    public func value(at path: [String]) -> JSONValue? {
        var current = root
        for component in path {
            switch current {
            case .object(let object):
                guard let next = object[component] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(component), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value at `path`; absence is an error.
    public func required(at path: [String]) throws(InputError) -> JSONValue {
        guard let value = value(at: path) else { throw error(at: path, "is required") }
        return value
    }

    /// The non-empty string at `path`.
    public func string(at path: [String]) throws(InputError) -> String {
        let value = try required(at: path)
        guard let text = value.stringValue, !text.isEmpty else {
            throw error(at: path, "expected a non-empty string, found \(value.typeDescription)")
        }
        return text
    }

    /// The array at `path` (the `root` argument keeps call sites explicit about the document).
    public func array(_ root: JSONValue, at path: [String]) throws(InputError) -> [JSONValue] {
        let value = try required(at: path)
        guard let array = value.arrayValue else {
            throw error(at: path, "expected an array, found \(value.typeDescription)")
        }
        return array
    }
}
