import SocketIOWire

/// Reads typed members out of one JSON object of a trace line: a ``JSONFieldReader`` whose every
/// absence or type mismatch is an ``InputError`` that names the file, the line and the field.
///
/// This is what makes a garbled trace line exit 2 with `FILE:LINE: field: message`. A `null`
/// member reads as absent (``JSONNullReading/absent``), as trace readers always have.
typealias TraceFields = JSONFieldReader<TraceLineContext>

/// A trace line's place: problems become ``InputError``s at the file and line, and a value of the
/// wrong type shows with the value itself when short (`found a string ("soon")`, Docs/TRACE.md).
struct TraceLineContext: JSONFieldContext {
    let file: String
    let line: Int

    func failure(at path: JSONFieldPath, _ message: String) -> InputError {
        InputError(file: file, line: line, field: path.description.isEmpty ? nil : path.description, message: message)
    }

    func describe(_ value: JSONValue) -> String { TraceFields.describe(value) }
}

extension JSONFieldReader where Context == TraceLineContext {
    /// A reader of `object`, the line itself or (with `path`) an object inside it.
    init(_ object: JSONObject, path: JSONFieldPath = JSONFieldPath(), file: String, line: Int) {
        self.init(object, at: path, in: TraceLineContext(file: file, line: line), null: .absent)
    }

    /// The value's type and, when short, the value itself.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null, .bool, .int, .bigInt, .double: return "\(value.typeDescription) (\(value.compactText.prefix(40)))"
        case .string(let text): return text.isEmpty ? "an empty string" : "a string (\(value.compactText.prefix(40)))"
        case .array, .object: return value.typeDescription
        }
    }
}
