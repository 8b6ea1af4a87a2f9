import SocketIOWire

/// Reads typed members out of one JSON object of an offline scenario: a ``JSONFieldReader``
/// whose every absence or type mismatch is an ``OfflineInputError`` naming the member's path (OFFL-15).
typealias OfflineFieldReader = JSONFieldReader<OfflineFieldContext>

/// An offline scenario's members: problems become ``OfflineInputError``s at the member's path.
struct OfflineFieldContext: JSONFieldContext {
    func failure(at path: JSONFieldPath, _ message: String) -> OfflineInputError {
        OfflineInputError(field: path.description, message: message)
    }
}

extension JSONFieldReader where Context == OfflineFieldContext {
    /// Wraps `value`, which must be an object; `path` names it in errors, such as `initial` or `steps[2]`.
    init(_ value: JSONValue?, path: JSONFieldPath) throws(OfflineInputError) {
        try self.init(value, at: path, in: OfflineFieldContext())
    }

    /// Wraps an object already known to be one; `path` is empty for the top level.
    init(object: JSONObject, path: JSONFieldPath = JSONFieldPath()) {
        self.init(object, at: path, in: OfflineFieldContext())
    }

    /// Wraps a response body that a successful create, list or login cannot do without.
    init(required body: JSONObject?, path: JSONFieldPath) throws(OfflineInputError) {
        guard let body else {
            throw OfflineInputError(field: path.description, message: "is required for a successful response of this request")
        }
        self.init(object: body, path: path)
    }

    /// An id the backend issued: a non-empty string that does not start with the temporary prefix (OFFL-3).
    func backendID(_ key: String) throws(OfflineInputError) -> EntityID {
        let id = EntityID(try string(key))
        guard !id.isTemporary else {
            throw error(key, "a backend id never starts with \"\(EntityID.temporaryPrefix)\"")
        }
        return id
    }
}
