import SocketIOWire

/// Reads typed fields out of one JSON object for the eligibility inputs, turning every
/// absence or type mismatch into an ``EligibilityInputError`` that names the field's path.
struct EligibilityFieldReader {
    let object: JSONObject
    /// The path of the object itself, e.g. `profile`.
    let path: String

    /// Checks that `value` is an object and wraps it, or reports `path` as malformed (ELIG-9).
    init(_ value: JSONValue?, path: String) throws(EligibilityInputError) {
        guard let value else {
            throw EligibilityInputError(field: path, requirement: "ELIG-9", message: "is required")
        }
        guard let object = value.objectValue else {
            throw EligibilityInputError(field: path, requirement: "ELIG-9", message: "expected an object, found \(value.typeDescription)")
        }
        self.object = object
        self.path = path
    }

    func field(_ key: String) -> String { "\(path).\(key)" }

    func required(_ key: String, _ requirement: RequirementID) throws(EligibilityInputError) -> JSONValue {
        guard let value = object[key] else {
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "is required")
        }
        return value
    }

    func bool(_ key: String, _ requirement: RequirementID) throws(EligibilityInputError) -> Bool {
        let value = try required(key, requirement)
        guard let flag = value.boolValue else {
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "expected true or false, found \(value.typeDescription)")
        }
        return flag
    }

    func id(_ key: String, _ requirement: RequirementID) throws(EligibilityInputError) -> CanonicalID {
        try CanonicalID(json: required(key, requirement), field: field(key), requirement: requirement)
    }

    /// An optional id: absent and `null` both read as nil.
    func optionalID(_ key: String, _ requirement: RequirementID) throws(EligibilityInputError) -> CanonicalID? {
        guard let value = object[key], !value.isNull else { return nil }
        return try CanonicalID(json: value, field: field(key), requirement: requirement)
    }

    /// An array of ids; absent reads as `defaultValue` when one is given, else as an error.
    func ids(_ key: String, _ requirement: RequirementID, defaultValue: [CanonicalID]? = nil) throws(EligibilityInputError) -> [CanonicalID] {
        guard let value = object[key] else {
            if let defaultValue { return defaultValue }
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "is required")
        }
        guard let elements = value.arrayValue else {
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "expected an array of ids, found \(value.typeDescription)")
        }
        var result: [CanonicalID] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try CanonicalID(json: element, field: "\(field(key))[\(index)]", requirement: requirement))
        }
        return result
    }

    /// A number that must not be negative.
    func nonNegativeNumber(_ key: String, _ requirement: RequirementID) throws(EligibilityInputError) -> Double {
        let value = try required(key, requirement)
        guard let number = value.doubleValue else {
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "expected a number, found \(value.typeDescription)")
        }
        guard number >= 0 else {
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "\(value) is negative")
        }
        return number
    }

    /// A whole number in `range`; absent reads as `defaultValue` when one is given.
    func wholeNumber(_ key: String, _ requirement: RequirementID, in range: ClosedRange<Int64>, defaultValue: Int64? = nil) throws(EligibilityInputError) -> Int64 {
        guard let value = object[key] else {
            if let defaultValue { return defaultValue }
            throw EligibilityInputError(field: field(key), requirement: requirement, message: "is required")
        }
        return try Self.wholeNumber(value, field: field(key), requirement, in: range)
    }

    /// Checks that `value` is a whole number in `range` (`30.0` counts, `30.5` does not).
    static func wholeNumber(_ value: JSONValue, field: String, _ requirement: RequirementID, in range: ClosedRange<Int64>) throws(EligibilityInputError) -> Int64 {
        guard value.doubleValue != nil else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "expected a whole number, found \(value.typeDescription)")
        }
        guard let whole = value.integerValue else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "expected a whole number, found \(value)")
        }
        guard range.contains(whole) else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "\(whole) is outside \(range.lowerBound) ... \(range.upperBound)")
        }
        return whole
    }
}
