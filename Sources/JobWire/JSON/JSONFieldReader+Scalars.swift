import SocketIOWire

/// Strings, booleans, whole numbers, numbers and choices.
extension JSONFieldReader {
    /// A non-empty string, or any string with `allowingEmpty`.
    public func string(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> String {
        try string(required(key), at: path(key), allowingEmpty: allowingEmpty)
    }

    public func optionalString(_ key: String, allowingEmpty: Bool = false) throws(Failure) -> String? {
        guard let value = optional(key) else { return nil }
        return try string(value, at: path(key), allowingEmpty: allowingEmpty)
    }

    public func bool(_ key: String) throws(Failure) -> Bool {
        try bool(required(key), at: path(key))
    }

    public func optionalBool(_ key: String) throws(Failure) -> Bool? {
        guard let value = optional(key) else { return nil }
        return try bool(value, at: path(key))
    }

    /// A whole number of at least `minimum`: counts, times and durations, never negative unless said.
    public func integer(_ key: String, minimum: Int64 = 0) throws(Failure) -> Int64 {
        try integer(key, in: minimum...Int64.max)
    }

    /// A whole number in `range`.
    public func integer(_ key: String, in range: ClosedRange<Int64>) throws(Failure) -> Int64 {
        try integer(required(key), at: path(key), in: range)
    }

    public func optionalInteger(_ key: String, minimum: Int64 = 0) throws(Failure) -> Int64? {
        try optionalInteger(key, in: minimum...Int64.max)
    }

    public func optionalInteger(_ key: String, in range: ClosedRange<Int64>) throws(Failure) -> Int64? {
        guard let value = optional(key) else { return nil }
        return try integer(value, at: path(key), in: range)
    }

    /// A number of at least `minimum`.
    public func number(_ key: String, minimum: Double) throws(Failure) -> Double {
        try number(key, in: minimum...Double.infinity)
    }

    /// A number in `range`, any number by default.
    public func number(_ key: String, in range: ClosedRange<Double> = -Double.infinity...Double.infinity) throws(Failure) -> Double {
        try number(required(key), at: path(key), in: range)
    }

    public func optionalNumber(_ key: String, in range: ClosedRange<Double> = -Double.infinity...Double.infinity) throws(Failure) -> Double? {
        guard let value = optional(key) else { return nil }
        return try number(value, at: path(key), in: range)
    }

    /// One of `choices`, written as a string.
    public func choice(_ key: String, _ choices: [String]) throws(Failure) -> String {
        let value = try required(key)
        guard let text = value.stringValue, choices.contains(text) else {
            throw error(key, "expected one of \(choices.joined(separator: ", ")), found \(value.compactText)")
        }
        return text
    }

    // MARK: - Checks of one value, for members and elements alike

    /// Checks that `value` at `path` is a string, non-empty unless `allowingEmpty`.
    public func string(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath, allowingEmpty: Bool = false) throws(Failure) -> String {
        guard let text = value.stringValue, allowingEmpty || !text.isEmpty else {
            throw error(at: path(), "expected \(allowingEmpty ? "a string" : "a non-empty string"), found \(context.describe(value))")
        }
        return text
    }

    public func bool(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath) throws(Failure) -> Bool {
        guard let flag = value.boolValue else { throw error(at: path(), "expected true or false, found \(context.describe(value))") }
        return flag
    }

    /// Checks that `value` at `path` is a whole number in `range`; a number with a fraction shows as written.
    public func integer(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath, in range: ClosedRange<Int64>) throws(Failure) -> Int64 {
        guard value.doubleValue != nil else { throw error(at: path(), "expected a whole number, found \(context.describe(value))") }
        if case .bigInt(let digits) = value { throw error(at: path(), "\(digits) is outside \(range.lowerBound) ... \(range.upperBound)") }
        guard let whole = value.integerValue else { throw error(at: path(), "expected a whole number, found \(value.compactText)") }
        guard range.contains(whole) else {
            throw error(at: path(), range.upperBound == .max ? "\(whole) is below \(range.lowerBound)" : "\(whole) is outside \(range.lowerBound) ... \(range.upperBound)")
        }
        return whole
    }

    public func number(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath, in range: ClosedRange<Double>) throws(Failure) -> Double {
        guard let number = value.doubleValue else { throw error(at: path(), "expected a number, found \(context.describe(value))") }
        guard range.contains(number) else {
            let lower = JSONValue.double(range.lowerBound).compactText
            let upper = JSONValue.double(range.upperBound).compactText
            throw error(at: path(), range.upperBound == .infinity ? "\(value.compactText) is below \(lower)" : "\(value.compactText) is outside \(lower) ... \(upper)")
        }
        return number
    }
}
