import SocketIOWire

/// The kinds of the task API's members (TASK-7, TASK-17, TASK-21): how the checker judges them,
/// with the field paths TASK-9 names (`image[0]`, `dates[0].start`, `location.lat`), and their
/// JSON Schema. A member's first problem only: a backend's `bad_request` names the first bad path.
extension FieldKind {
    /// What is wrong with `value` of a task kind (nil: absent), at most one problem.
    func taskProblems(_ value: JSONValue?, field: String) -> [(field: String, problem: String)] {
        guard let value else { return [(field, "is missing")] }
        let problem: (field: String, problem: String)?
        switch self {
        case .url:
            problem = Self.isURL(value) ? nil : (field, "is \(value.compactText), not an http or https URL")
        case .urls:
            guard let elements = value.arrayValue, !elements.isEmpty else { return [(field, "is \(value.compactText), not an array of at least one URL")] }
            problem = elements.firstIndex { !Self.isURL($0) }.map { ("\(field)[\($0)]", "is \(elements[$0].compactText), not an http or https URL") }
        case .dates:
            problem = Self.datesProblem(value, field: field)
        case .location:
            guard value.objectValue != nil else { return [(field, "is \(value.typeDescription), not an object {lat, lng}")] }
            problem = FieldKind.coordinate(limit: 90).problems(value["lat"], field: "\(field).lat").first
                ?? FieldKind.coordinate(limit: 180).problems(value["lng"], field: "\(field).lng").first
        case .wholeNumber(let minimum, let maximum):
            if let whole = value.integerValue, whole >= minimum, maximum.map({ whole <= $0 }) ?? true { return [] }
            problem = (field, "is \(value.compactText), not a whole number from \(minimum)\(maximum.map { " to \($0)" } ?? " up")")
        default:
            return []
        }
        return problem.map { [$0] } ?? []
    }

    /// The JSON Schema of a task kind.
    var taskSchema: JSONObject {
        let url: JSONObject = ["type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^ ]+$", "description": "an http or https URL"]
        switch self {
        case .url: return url
        case .urls: return ["type": "array", "minItems": 1, "items": .object(url)]
        case .dates:
            return [
                "type": "array", "minItems": 1, "description": "each start before its end (not expressible in JSON Schema)",
                "items": ["type": "object", "required": ["start", "end"], "properties": ["start": .object(FieldKind.dateTime.schema), "end": .object(FieldKind.dateTime.schema)]],
            ]
        case .location:
            return [
                "type": "object", "required": ["lat", "lng"],
                "properties": ["lat": .object(FieldKind.coordinate(limit: 90).schema), "lng": .object(FieldKind.coordinate(limit: 180).schema)],
            ]
        case .wholeNumber(let minimum, let maximum):
            var schema: JSONObject = ["type": "integer", "minimum": .int(minimum)]
            if let maximum { schema["maximum"] = .int(maximum) }
            return schema
        default:
            return [:]
        }
    }

    /// An http or https URL, as TASK-7's pictures and TASK-21's image are.
    static func isURL(_ value: JSONValue) -> Bool {
        guard let text = value.stringValue?.lowercased() else { return false }
        return ["https://", "http://"].contains { text.hasPrefix($0) && text.count > $0.count } && !text.contains(" ")
    }

    /// The first bad path of a task's `dates`: the array, an element, its start, or its end (also when not after the start).
    private static func datesProblem(_ value: JSONValue, field: String) -> (field: String, problem: String)? {
        guard let elements = value.arrayValue, !elements.isEmpty else { return (field, "is \(value.compactText), not an array of at least one {start, end}") }
        for (index, element) in elements.enumerated() {
            let path = "\(field)[\(index)]"
            guard element.objectValue != nil else { return (path, "is \(element.typeDescription), not an object {start, end}") }
            guard let start = element["start"]?.stringValue.flatMap(ISO8601Time.milliseconds) else {
                return ("\(path).start", "is \(element["start"]?.compactText ?? "missing"), not an ISO 8601 date-time")
            }
            guard let end = element["end"]?.stringValue.flatMap(ISO8601Time.milliseconds) else {
                return ("\(path).end", "is \(element["end"]?.compactText ?? "missing"), not an ISO 8601 date-time")
            }
            if start >= end { return ("\(path).end", "is \(element["end"]!.compactText), not after its start") }
        }
        return nil
    }
}
