import SocketIOWire

/// Ids and arrays of ids or strings.
extension JSONFieldReader {
    /// An id as its canonical text (ELIG-2): a string as written or an integer literal's digits,
    /// never empty unless `allowingEmpty`.
    public func id(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> String {
        try id(required(key), at: path(key), allowingEmpty: allowingEmpty)
    }

    public func optionalID(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> String? {
        guard let value = optional(key) else { return nil }
        return try id(value, at: path(key), allowingEmpty: allowingEmpty)
    }

    /// An array of ids, each as canonical text; an element at fault is named as `key[i]`.
    public func ids(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> [String] {
        try ids(required(key), at: path(key), allowingEmpty: allowingEmpty)
    }

    public func optionalIDs(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> [String]? {
        guard let value = optional(key) else { return nil }
        return try ids(value, at: path(key), allowingEmpty: allowingEmpty)
    }

    /// An array of non-empty strings.
    public func strings(_ key: String) throws(Failure) -> [String] {
        try strings(required(key), at: path(key))
    }

    public func optionalStrings(_ key: String) throws(Failure) -> [String]? {
        guard let value = optional(key) else { return nil }
        return try strings(value, at: path(key))
    }

    // MARK: - Checks of one value

    /// Checks that `value` at `path` is an id (``CanonicalID/init(json:)``) and returns its text.
    public func id(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath, allowingEmpty: Bool = false) throws(Failure) -> String {
        guard let id = CanonicalID(json: value) else { throw error(at: path(), CanonicalID.refusal(of: value, describe: context.describe)) }
        guard allowingEmpty || !id.text.isEmpty else { throw error(at: path(), "is empty") }
        return id.text
    }

    func ids(_ value: JSONValue, at path: JSONFieldPath, allowingEmpty: Bool) throws(Failure) -> [String] {
        let elements = try array(value, at: path, of: "ids")
        var ids: [String] = []
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            ids.append(try id(element, at: path.appending(index: index), allowingEmpty: allowingEmpty))
        }
        return ids
    }

    func strings(_ value: JSONValue, at path: JSONFieldPath) throws(Failure) -> [String] {
        let elements = try array(value, at: path, of: "strings")
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            strings.append(try string(element, at: path.appending(index: index)))
        }
        return strings
    }
}
