import SocketIOWire

/// Reads typed members out of one JSON object of an offline scenario, turning every absence or
/// type mismatch into an ``OfflineInputError`` that names the member's path (OFFL-15).
struct OfflineFieldReader {
    let object: JSONObject
    /// The path of the object itself, e.g. `initial` or `steps[2]`; empty for the top level.
    let path: String

    /// Wraps `value`, which must be an object; `path` names it in errors.
    init(_ value: JSONValue?, path: String) throws(OfflineInputError) {
        guard let value else { throw OfflineInputError(field: path, message: "is required") }
        guard let object = value.objectValue else {
            throw OfflineInputError(field: path, message: "expected an object, found \(value.typeDescription)")
        }
        self.object = object
        self.path = path
    }

    /// Wraps an object already known to be one.
    init(object: JSONObject, path: String) {
        self.object = object
        self.path = path
    }

    /// Wraps a response body that a successful create, list or login cannot do without.
    init(required body: JSONObject?, path: String) throws(OfflineInputError) {
        guard let body else {
            throw OfflineInputError(field: path, message: "is required for a successful response of this request")
        }
        self.object = body
        self.path = path
    }

    /// The path of member `key`.
    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func required(_ key: String) throws(OfflineInputError) -> JSONValue {
        guard let value = object[key] else { throw OfflineInputError(field: field(key), message: "is required") }
        return value
    }

    /// A non-empty string.
    func text(_ key: String) throws(OfflineInputError) -> String {
        let value = try required(key)
        guard let text = value.stringValue, !text.isEmpty else {
            throw OfflineInputError(field: field(key), message: "expected a non-empty string, found \(value.typeDescription)")
        }
        return text
    }

    /// An id the backend issued: a non-empty string that does not start with the temporary prefix (OFFL-3).
    func backendID(_ key: String) throws(OfflineInputError) -> EntityID {
        let id = EntityID(try text(key))
        guard !id.isTemporary else {
            throw OfflineInputError(field: field(key), message: "a backend id never starts with \"\(EntityID.temporaryPrefix)\"")
        }
        return id
    }

    /// One of `choices`, written as a string.
    func choice(_ key: String, _ choices: [String]) throws(OfflineInputError) -> String {
        let value = try required(key)
        guard let text = value.stringValue, choices.contains(text) else {
            throw OfflineInputError(field: field(key), message: "expected one of \(choices.joined(separator: ", ")), found \(value.compactText)")
        }
        return text
    }

    /// A whole number of at least `minimum`; `3.0` counts as 3.
    func wholeNumber(_ key: String, atLeast minimum: Int64) throws(OfflineInputError) -> Int64 {
        let value = try required(key)
        guard value.doubleValue != nil else {
            throw OfflineInputError(field: field(key), message: "expected a whole number, found \(value.typeDescription)")
        }
        guard let whole = value.integerValue else {
            throw OfflineInputError(field: field(key), message: "expected a whole number, found \(value.compactText)")
        }
        guard whole >= minimum else {
            throw OfflineInputError(field: field(key), message: "\(whole) is below \(minimum)")
        }
        return whole
    }

    func bool(_ key: String) throws(OfflineInputError) -> Bool {
        let value = try required(key)
        guard let flag = value.boolValue else {
            throw OfflineInputError(field: field(key), message: "expected true or false, found \(value.typeDescription)")
        }
        return flag
    }

    func array(_ key: String) throws(OfflineInputError) -> [JSONValue] {
        let value = try required(key)
        guard let array = value.arrayValue else {
            throw OfflineInputError(field: field(key), message: "expected an array, found \(value.typeDescription)")
        }
        return array
    }

    func object(_ key: String) throws(OfflineInputError) -> JSONObject {
        try OfflineFieldReader(object[key], path: field(key)).object
    }

    /// An object that may be absent; present, it must be an object.
    func optionalObject(_ key: String) throws(OfflineInputError) -> JSONObject? {
        guard object[key] != nil else { return nil }
        return try self.object(key)
    }
}
