import SocketIOWire

/// Reads typed members out of one JSON object, turning the first absent or ill-typed one into
/// the caller's error naming its path, for every input the kit reads: trace lines, eligibility
/// and offline vector inputs, scenario files and the reference backend's REST bodies (REST-13).
///
/// One name means one read everywhere: `string` is a non-empty string, `integer` a whole number
/// (`3.0` counts, `3.5` does not), `number` any number, `id` an id as canonical text (ELIG-2),
/// `choice` one of a list of strings; `optional…` is the same read of a member that may be
/// absent, and an absent member of a required read "is required". Where the value sits and which
/// error type it becomes is the ``JSONFieldContext``'s; what `null` means is the reader's
/// ``JSONNullReading``, by default Docs/PROTOCOL.md's (null is a value).
public struct JSONFieldReader<Context: JSONFieldContext>: Sendable {
    public typealias Failure = Context.Failure

    /// The object read.
    public let object: JSONObject
    /// Where the object sits in the input; errors name its members below it.
    public let path: JSONFieldPath
    /// Where the input came from, and so which error a problem becomes.
    public let context: Context
    /// How a member whose value is `null` reads.
    public let null: JSONNullReading

    /// A reader of `object`, which sits at `path`.
    public init(_ object: JSONObject, at path: JSONFieldPath = JSONFieldPath(), in context: Context, null: JSONNullReading = .value) {
        self.object = object
        self.path = path
        self.context = context
        self.null = null
    }

    /// A reader of `value`, which must be an object: absent "is required", anything else is refused.
    public init(_ value: JSONValue?, at path: JSONFieldPath, in context: Context, null: JSONNullReading = .value) throws(Failure) {
        guard let value, !(value.isNull && null == .absent) else { throw context.failure(at: path, "is required") }
        guard let object = value.objectValue else {
            throw context.failure(at: path, "expected an object, found \(context.describe(value))")
        }
        self.init(object, at: path, in: context, null: null)
    }

    // MARK: - Paths and errors

    /// The path of member `key`.
    public func path(_ key: String) -> JSONFieldPath { path.appending(key) }

    /// An error about member `key`.
    public func error(_ key: String, _ message: String) -> Failure { context.failure(at: path(key), message) }

    /// An error about the object itself.
    public func error(_ message: String) -> Failure { context.failure(at: path, message) }

    /// An error about the value at `path`, such as an element of a member.
    public func error(at path: JSONFieldPath, _ message: String) -> Failure { context.failure(at: path, message) }

    /// A reader of `object`, member `key` of this one, in the same context.
    public func nested(_ key: String, _ object: JSONObject) -> JSONFieldReader {
        nested(at: path(key), object)
    }

    /// A reader of `object`, which sits at `path`, in the same context.
    public func nested(at path: JSONFieldPath, _ object: JSONObject) -> JSONFieldReader {
        JSONFieldReader(object, at: path, in: context, null: null)
    }

    /// This reader with `null` read as `reading`, for one member that says "or null".
    public func readingNull(as reading: JSONNullReading) -> JSONFieldReader {
        JSONFieldReader(object, at: path, in: context, null: reading)
    }

    // MARK: - Presence

    /// The member, or nil when it is absent (or null, when null reads as absent).
    public func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], !(value.isNull && null == .absent) else { return nil }
        return value
    }

    /// True when the member is present (and not null, when null reads as absent).
    public func has(_ key: String) -> Bool { optional(key) != nil }

    /// The member of any type; absent "is required".
    public func required(_ key: String) throws(Failure) -> JSONValue {
        guard let value = optional(key) else { throw error(key, "is required") }
        return value
    }

    /// Refuses the first member not in `keys`, so a misspelt member cannot pass for an absent one.
    public func refuseUnknownKeys(allowing keys: Set<String>) throws(Failure) {
        for key in object.keys where !keys.contains(key) {
            throw error(key, "is not a member here; expected one of \(keys.sorted().joined(separator: ", "))")
        }
    }

    // MARK: - Objects and arrays

    public func object(_ key: String) throws(Failure) -> JSONObject {
        try object(required(key), at: path(key))
    }

    public func optionalObject(_ key: String) throws(Failure) -> JSONObject? {
        guard let value = optional(key) else { return nil }
        return try object(value, at: path(key))
    }

    /// A reader of member `key`, which must be an object.
    public func nested(_ key: String) throws(Failure) -> JSONFieldReader {
        nested(key, try object(key))
    }

    public func array(_ key: String) throws(Failure) -> [JSONValue] {
        try array(required(key), at: path(key), of: nil)
    }

    public func optionalArray(_ key: String) throws(Failure) -> [JSONValue]? {
        guard let value = optional(key) else { return nil }
        return try array(value, at: path(key), of: nil)
    }

    /// Checks that `value` at `path` is an object.
    public func object(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath) throws(Failure) -> JSONObject {
        guard let object = value.objectValue else { throw error(at: path(), "expected an object, found \(context.describe(value))") }
        return object
    }

    /// Checks that `value` at `path` is an array; `elements` names what it holds in messages ("ids").
    func array(_ value: JSONValue, at path: @autoclosure () -> JSONFieldPath, of elements: String?) throws(Failure) -> [JSONValue] {
        guard let array = value.arrayValue else {
            throw error(at: path(), "expected an array\(elements.map { " of \($0)" } ?? ""), found \(context.describe(value))")
        }
        return array
    }
}
