import JobWire
import SocketIOWire

/// Reads the members of one object of a scenario file strictly: unknown members, missing ones and
/// wrong types are errors naming the file, line and field (`steps[3].req`).
struct ScenarioReader {
    let document: VectorDocument
    let path: [String]
    let object: JSONObject

    init(_ document: VectorDocument, at path: [String], allowed: Set<String>) throws(InputError) {
        let value = try document.required(at: path)
        guard let object = value.objectValue else {
            throw document.error(at: path, "expected an object, found \(value.typeDescription)")
        }
        for key in object.keys where !allowed.contains(key) {
            throw document.error(at: path + [key], "is not a member here; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
        self.document = document
        self.path = path
        self.object = object
    }

    func error(_ key: String, _ message: String) -> InputError { document.error(at: path + [key], message) }

    func has(_ key: String) -> Bool { object[key] != nil }

    func string(_ key: String) throws(InputError) -> String {
        guard let value = object[key] else { throw document.error(at: path, "\(key) is required") }
        guard let text = value.stringValue, !text.isEmpty else { throw error(key, "expected a non-empty string, found \(value.typeDescription)") }
        return text
    }

    func optionalString(_ key: String) throws(InputError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    func choice(_ key: String, _ allowed: [String]) throws(InputError) -> String {
        let text = try string(key)
        guard allowed.contains(text) else { throw error(key, "expected one of \(allowed.joined(separator: ", ")), found \"\(text)\"") }
        return text
    }

    func integer(_ key: String, minimum: Int64 = 0) throws(InputError) -> Int64 {
        guard let value = object[key] else { throw document.error(at: path, "\(key) is required") }
        guard let number = value.integerValue, number >= minimum else {
            throw error(key, "expected a whole number of at least \(minimum), found \(value.compactText)")
        }
        return number
    }

    func optionalInteger(_ key: String, minimum: Int64 = 0) throws(InputError) -> Int64? {
        guard has(key) else { return nil }
        return try integer(key, minimum: minimum)
    }

    func object(_ key: String) throws(InputError) -> JSONObject {
        guard let value = object[key] else { throw document.error(at: path, "\(key) is required") }
        guard let object = value.objectValue else { throw error(key, "expected an object, found \(value.typeDescription)") }
        return object
    }

    func strings(_ key: String) throws(InputError) -> [String] {
        guard let value = object[key] else { return [] }
        guard let array = value.arrayValue else { throw error(key, "expected an array of strings, found \(value.typeDescription)") }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let text = element.stringValue, !text.isEmpty else {
                throw document.error(at: path + [key, String(index)], "expected a non-empty string, found \(element.typeDescription)")
            }
            result.append(text)
        }
        return result
    }
}
