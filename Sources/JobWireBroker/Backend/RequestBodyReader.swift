import JobWire
import SocketIOWire

/// Reads the fields of a REST body in the order PROTOCOL.md lists them, turning the first
/// missing or ill-typed one into a `bad_request` that names it (REST-13).
struct RequestBodyReader {
    let object: JSONObject
    /// Where this object sits in the body, such as `location` or `dates[0]`; empty for the body itself.
    let prefix: String

    init(_ body: JSONValue?) throws(BackendError) {
        guard let body else { throw BackendError.badRequest("body", "a JSON object body is required") }
        guard let object = body.objectValue else {
            throw BackendError.badRequest("body", "expected a JSON object, found \(body.typeDescription)")
        }
        self.object = object
        prefix = ""
    }

    /// A reader of a nested object at `prefix`, so errors name `location.lat` (REST-13).
    init(object: JSONObject, prefix: String) {
        self.object = object
        self.prefix = prefix
    }

    /// The path of member `key`, as a `bad_request` names it.
    func field(_ key: String) -> String { prefix.isEmpty ? key : "\(prefix).\(key)" }

    func string(_ key: String, optional: Bool = false) throws(BackendError) -> String? {
        guard let value = object[key], !value.isNull else {
            if optional { return nil }
            throw BackendError.badRequest(field(key), "is required")
        }
        guard let text = value.stringValue, !text.isEmpty else {
            throw BackendError.badRequest(field(key), "expected a non-empty string, found \(value.typeDescription)")
        }
        return text
    }

    func requiredString(_ key: String) throws(BackendError) -> String {
        guard let text = try string(key) else { throw BackendError.badRequest(field(key), "is required") }
        return text
    }

    func id(_ key: String, optional: Bool = false) throws(BackendError) -> CanonicalID? {
        guard let value = object[key], !value.isNull else {
            if optional { return nil }
            throw BackendError.badRequest(field(key), "is required")
        }
        let id: CanonicalID
        do {
            id = try CanonicalID(json: value, field: field(key), requirement: "REST-13")
        } catch {
            throw BackendError.badRequest(field(key), error.message)
        }
        guard !id.text.isEmpty else { throw BackendError.badRequest(field(key), "is empty") }
        return id
    }

    func requiredID(_ key: String) throws(BackendError) -> CanonicalID {
        guard let id = try id(key) else { throw BackendError.badRequest(field(key), "is required") }
        return id
    }

    func coordinate(_ key: String, limit: Double) throws(BackendError) -> Double {
        guard let value = object[key] else { throw BackendError.badRequest(field(key), "is required") }
        guard let number = value.doubleValue else {
            throw BackendError.badRequest(field(key), "expected a number of degrees, found \(value.typeDescription)")
        }
        guard abs(number) <= limit else { throw BackendError.badRequest(field(key), "\(value) is outside -\(Int(limit)) ... \(Int(limit))") }
        return number
    }

    /// A string that must be one of `allowed`.
    func choice(_ key: String, _ allowed: [String]) throws(BackendError) -> String {
        let text = try requiredString(key)
        guard allowed.contains(text) else {
            throw BackendError.badRequest(field(key), "expected one of \(allowed.joined(separator: ", ")), found \"\(text)\"")
        }
        return text
    }
}
