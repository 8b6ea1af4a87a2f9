import SocketIOWire

/// What one member of a payload or body must hold, as PROTOCOL.md words it: both how the checker
/// judges a value (``problems(_:field:)``, with the texts the MSG and REST rules report) and the
/// JSON Schema 2020-12 that says the same (``schema``).
///
/// Decision: the shapes are declared once in Swift (``MessageShape``, ``ContractShapes``) rather
/// than kept as JSON Schema files that a small evaluator reads, because the checker's findings
/// carry texts (`"is 95, outside -90 ... 90"`) and field paths (`BlockedXP[2]`) that a schema
/// evaluator would have to rebuild from its keywords, and because a declaration that both judges
/// and emits cannot drift from either. Where JSON Schema cannot say what the checker checks, the
/// schema says the nearest thing and ``schemaGaps`` lists the difference.
public enum FieldKind: Sendable, Hashable {
    /// A non-empty string.
    case text
    /// Any string, even empty: text for people that no app parses (an error's `message`, REST-7).
    case string
    /// An id (ELIG-2): a non-empty string or an integer literal.
    case id
    /// A number from `-limit` to `limit` (a latitude or a longitude).
    case coordinate(limit: Int)
    /// One of a few strings.
    case choice([String])
    /// An ISO 8601 date-time as ``ISO8601Time`` reads it (`createdAt`, MSG-7).
    case dateTime
    /// An array of ids, each element judged on its own (`BlockedXP`, MSG-5).
    case idArray
    /// A whole number of seconds from 0 to `maximum` (`Delay`, MSG-6).
    case wholeSeconds(maximum: Int64)
    /// A rating: a number from 0 to 5, or null for a worker with none (MSG-9, REST-17).
    case rating
    /// `true` or `false`.
    case boolean
    /// A number of at least `minimum`.
    case number(minimum: Int)
    /// Exactly this value (`"ok": true`, REST-1).
    case constant(JSONValue)
    /// An object of the named shape of ``ContractShapes`` (judged as an object; its members by that shape).
    case object(String)
    /// An array of objects of the named shape of ``ContractShapes``.
    case objects(String)
    /// An object no shape declares the members of; the text says what it holds (a state's `end`, REST-15).
    case anyObject(String)
    /// A member that must be absent; the text says why.
    case forbidden(String)
    /// A member the document names but the shape does not judge; the text says what it holds.
    case described(String)
    /// A member the shape does not judge whose schema is given as is (an error's `field`, REST-7).
    case schema(JSONObject)
    /// An http or https URL (a task's pictures, TASK-7; an account's image, TASK-21).
    case url
    /// At least one URL (a task's `image`, TASK-7), each element judged on its own (`image[1]`).
    case urls
    /// At least one `{start, end}` pair of date-times, each start before its end (a task's `dates`, TASK-7).
    case dates
    /// A `{lat, lng}` point in range (a task's `location`, TASK-7).
    case location
    /// A whole number (`3.0` counts) from `minimum` to `maximum` (nil: no upper bound), as a task's
    /// `estimatedDuration` (TASK-7) and a review's `rating` (TASK-17) are.
    case wholeNumber(minimum: Int64, maximum: Int64?)

    /// The pattern of ``ISO8601Time/milliseconds(_:)``: `YYYY-MM-DDThh:mm:ss[.f...](Z|±hh:mm)`,
    /// ASCII digits only, month 01-12, day 01-31, hour 00-23, minute 00-59, second 00-60.
    public static let dateTimePattern =
        "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$"

    /// The seven JSON Schema types, for a member that may hold anything.
    static let anyType: [JSONValue] = ["array", "boolean", "integer", "null", "number", "object", "string"]

    /// What JSON Schema cannot say of these kinds, for the documents' descriptions and the docs.
    public static let schemaGaps = [
        "an id is a string or an integer literal: JSON Schema's `integer` also admits `9.0`, which the checker refuses as an id (ELIG-2)",
        "a date-time's calendar: the pattern, like the checker, admits day 31 of any month",
        "a task's dates: each start before its end (TASK-7)",
        "a request state's members by status (REST-15): which of workerId, apply and end are null follows the status",
        "what only the trace can tell: a `cancel`'s reason and a `close`'s outcome and by are the call's (MSG-10, MSG-11), a direct `new` carries its worker's id (MSG-8)",
    ]

    /// What is wrong with `value` (nil: absent), each problem with the field path it concerns.
    func problems(_ value: JSONValue?, field: String) -> [(field: String, problem: String)] {
        func one(_ problem: String?) -> [(field: String, problem: String)] { problem.map { [(field, $0)] } ?? [] }
        switch self {
        case .text: return one(PayloadShape.string(value))
        case .string: return one(value?.stringValue == nil ? "is \(value?.compactText ?? "missing"), not a string" : nil)
        case .id: return one(PayloadShape.id(value))
        case .coordinate(let limit): return one(PayloadShape.coordinate(value, limit: Double(limit)))
        case .choice(let allowed): return one(PayloadShape.choice(value, allowed))
        case .dateTime:
            guard let text = value?.stringValue else { return one(PayloadShape.string(value) ?? "is not a string") }
            return one(ISO8601Time.milliseconds(text) == nil ? "is \"\(text)\", not an ISO 8601 date-time" : nil)
        case .idArray:
            guard let value else { return one("is missing") }
            guard let elements = value.arrayValue else { return one("is \(value.typeDescription), not an array of worker ids") }
            return elements.enumerated().flatMap { index, element in FieldKind.id.problems(element, field: "\(field)[\(index)]") }
        case .wholeSeconds(let maximum):
            guard let value else { return one("is missing") }
            if let seconds = value.integerValue, (0...maximum).contains(seconds) { return [] }
            return one("is \(value.compactText), not a whole number of seconds from 0 to \(maximum)")
        case .rating:
            switch value {
            case .none: return one("is missing; a worker with no rating has null")
            case .some(.null): return []
            case .some(let rating):
                if let number = rating.doubleValue, (0...5).contains(number) { return [] }
                return one("is \(rating.compactText), not a number from 0 to 5 or null")
            }
        case .boolean:
            guard let value else { return one("is missing") }
            return one(value.boolValue == nil ? "is \(value.typeDescription), not a boolean" : nil)
        case .number(let minimum):
            guard let value else { return one("is missing") }
            if let number = value.doubleValue, number >= Double(minimum) { return [] }
            return one("is \(value.compactText), not a number of at least \(minimum)")
        case .constant(let expected):
            guard let value else { return one("is missing") }
            return one(value.isEquivalent(to: expected) ? nil : "is \(value.compactText), not \(expected.compactText)")
        case .object:
            guard let value else { return one("is missing") }
            return one(value.objectValue == nil ? "is \(value.typeDescription), not an object" : nil)
        case .anyObject:
            return FieldKind.object("").problems(value, field: field)
        case .objects:
            guard let value else { return one("is missing") }
            guard let elements = value.arrayValue else { return one("is \(value.typeDescription), not an array") }
            return elements.enumerated().flatMap { index, element in FieldKind.object("").problems(element, field: "\(field)[\(index)]") }
        case .forbidden(let why): return value == nil ? [] : one(why)
        case .described, .schema: return []
        case .url, .urls, .dates, .location, .wholeNumber: return taskProblems(value, field: field)
        }
    }

    /// The JSON Schema (2020-12) of a value of this kind.
    var schema: JSONObject {
        switch self {
        case .text: return ["type": "string", "minLength": 1]
        case .string: return ["type": "string"]
        case .id: return ["type": ["string", "integer"], "minLength": 1, "description": "an id (ELIG-2): a non-empty string or an integer"]
        case .coordinate(let limit): return ["type": "number", "minimum": .int(Int64(-limit)), "maximum": .int(Int64(limit))]
        case .choice(let allowed): return ["type": "string", "enum": .array(allowed.map { .string($0) })]
        case .dateTime: return ["type": "string", "format": "date-time", "pattern": .string(Self.dateTimePattern)]
        case .idArray: return ["type": "array", "items": .object(FieldKind.id.schema)]
        case .wholeSeconds(let maximum): return ["type": "integer", "minimum": 0, "maximum": .int(maximum)]
        case .rating: return ["type": ["number", "null"], "minimum": 0, "maximum": 5]
        case .boolean: return ["type": "boolean"]
        case .number(let minimum): return ["type": "number", "minimum": .int(Int64(minimum))]
        case .constant(let value): return ["const": value]
        case .object(let name): return ["$ref": .string(ContractShapes.reference(name))]
        case .objects(let name): return ["type": "array", "items": ["$ref": .string(ContractShapes.reference(name))]]
        case .anyObject(let what): return ["type": "object", "description": .string(what)]
        case .forbidden(let why): return ["not": [:], "description": .string(why)]
        // Every JSON type, spelt out: the same as no constraint, but tools that read a member without `type` as an object read it right.
        case .described(let what): return ["type": .array(Self.anyType), "description": .string(what)]
        case .schema(let schema): return schema
        case .url, .urls, .dates, .location, .wholeNumber: return taskSchema
        }
    }
}
