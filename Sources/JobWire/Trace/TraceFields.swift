import SocketIOWire

/// Reads typed members out of one JSON object of a trace line, turning every absence or
/// type mismatch into a ``InputError`` that names the file, the line and the field.
///
/// This is what makes a garbled trace line exit 2 with `FILE:LINE: field: message`.
struct TraceFields {
    let object: JSONObject
    /// The path of the object inside the line, e.g. `` (the line itself) or `offer`.
    let path: String
    let file: String
    let line: Int

    init(_ object: JSONObject, path: String = "", file: String, line: Int) {
        self.object = object
        self.path = path
        self.file = file
        self.line = line
    }

    /// The dotted name of a member, for messages.
    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about member `key` of this object.
    func error(_ key: String, _ message: String) -> InputError {
        InputError(file: file, line: line, field: name(key), message: message)
    }

    /// The member, or nil when absent (a `null` member counts as absent).
    func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func required(_ key: String) throws(InputError) -> JSONValue {
        guard let value = object[key] else { throw error(key, "is required") }
        return value
    }

    func string(_ key: String) throws(InputError) -> String {
        let value = try required(key)
        guard let text = value.stringValue, !text.isEmpty else {
            throw error(key, "expected a non-empty string, found \(Self.describe(value))")
        }
        return text
    }

    func optionalString(_ key: String) throws(InputError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw error(key, "expected a non-empty string, found \(Self.describe(value))")
        }
        return text
    }

    /// An id: a non-empty string or an integer, as canonical text (ELIG-2).
    func id(_ key: String) throws(InputError) -> String {
        guard let text = try optionalID(key) else { throw error(key, "is required") }
        return text
    }

    func optionalID(_ key: String) throws(InputError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let text = Self.canonicalID(value) else {
            throw error(key, "expected an id (a non-empty string or an integer), found \(Self.describe(value))")
        }
        return text
    }

    /// A whole number; `minimum` bounds it from below.
    func integer(_ key: String, minimum: Int64 = 0) throws(InputError) -> Int64 {
        guard let number = try optionalInteger(key, minimum: minimum) else { throw error(key, "is required") }
        return number
    }

    func optionalInteger(_ key: String, minimum: Int64 = 0) throws(InputError) -> Int64? {
        guard let value = optional(key) else { return nil }
        guard case .int(let number) = value else {
            throw error(key, "expected a whole number, found \(Self.describe(value))")
        }
        guard number >= minimum else { throw error(key, "\(number) is below the minimum \(minimum)") }
        return number
    }

    func optionalBool(_ key: String) throws(InputError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard let flag = value.boolValue else { throw error(key, "expected true or false, found \(Self.describe(value))") }
        return flag
    }

    func optionalNumber(_ key: String) throws(InputError) -> Double? {
        guard let value = optional(key) else { return nil }
        guard let number = value.doubleValue else { throw error(key, "expected a number, found \(Self.describe(value))") }
        return number
    }

    func optionalObject(_ key: String) throws(InputError) -> JSONObject? {
        guard let value = optional(key) else { return nil }
        guard let object = value.objectValue else { throw error(key, "expected an object, found \(Self.describe(value))") }
        return object
    }

    func object(_ key: String) throws(InputError) -> JSONObject {
        guard let object = try optionalObject(key) else { throw error(key, "is required") }
        return object
    }

    /// An array of ids as canonical text.
    func optionalIDs(_ key: String) throws(InputError) -> [String]? {
        guard let value = optional(key) else { return nil }
        guard let elements = value.arrayValue else { throw error(key, "expected an array of ids, found \(Self.describe(value))") }
        var ids: [String] = []
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = Self.canonicalID(element) else {
                throw error("\(key)[\(index)]", "expected an id (a non-empty string or an integer), found \(Self.describe(element))")
            }
            ids.append(text)
        }
        return ids
    }

    /// One of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(InputError) -> String {
        let text = try string(key)
        guard choices.contains(text) else {
            throw error(key, "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\"")
        }
        return text
    }

    /// A nested object's reader.
    func nested(_ key: String, _ object: JSONObject) -> TraceFields {
        TraceFields(object, path: name(key), file: file, line: line)
    }

    /// An id's canonical text: a string as written, an integer as its digits (ELIG-2).
    static func canonicalID(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .int(let number): return String(number)
        default: return nil
        }
    }

    /// The value's type and, when short, the value itself.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null, .bool, .int, .double: return "\(value.typeDescription) (\(value.compactText))"
        case .string(let text): return text.isEmpty ? "an empty string" : "a string (\(value.compactText.prefix(40)))"
        case .array, .object: return value.typeDescription
        }
    }
}
