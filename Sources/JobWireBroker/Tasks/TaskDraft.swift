import JobWire
import SocketIOWire

/// A task's editable state, the body of a create (TASK-7) or an edit (TASK-10), validated in
/// the order PROTOCOL.md lists the fields so a `bad_request` names the first bad one (TASK-9).
struct TaskDraft: Sendable, Hashable {
    /// The editable members as they will be returned, in document order.
    var fields: JSONObject
    /// The type of service as a canonical id, for matching contractors (TASK-15).
    var category: CanonicalID?
    /// The earliest `dates[].start` in ms, which the cancel cut-off counts back from (TASK-13).
    var earliestStart: Int64?

    /// The editable member names, in the order TASK-7 lists them.
    static let keys = ["category", "Description", "image", "dates", "address", "location", "maxBudget", "estimatedDuration"]

    /// Validates `body` (TASK-7, TASK-9).
    init(body: JSONValue?) throws(BackendError) {
        let reader = try RequestBodyReader(body)
        fields = JSONObject()
        let category = CanonicalID(try reader.id("category"))
        self.category = category
        fields["category"] = reader.object["category"]
        fields["Description"] = .string(try reader.string("Description"))
        fields["image"] = .array(try Self.pictures(reader).map(JSONValue.string))
        let dates = try Self.dates(reader)
        earliestStart = dates.map(\.start).min()
        fields["dates"] = .array(dates.map { ["start": .string($0.startText), "end": .string($0.endText)] })
        fields["address"] = .string(try reader.string("address"))
        guard let location = reader.object["location"], !location.isNull else { throw .badRequest("location", "is required") }
        guard let point = location.objectValue else { throw .badRequest("location", "expected an object {\"lat\", \"lng\"}, found \(location.typeDescription)") }
        let place = reader.nested("location", point)
        fields["location"] = ["lat": .double(try place.number("lat", in: -90...90)), "lng": .double(try place.number("lng", in: -180...180))]
        if let budget = reader.object["maxBudget"], !budget.isNull {
            guard let amount = budget.doubleValue, amount >= 0 else {
                throw .badRequest("maxBudget", "expected a number of at least 0, found \(budget.compactText)")
            }
            fields["maxBudget"] = budget
        }
        if let duration = reader.object["estimatedDuration"], !duration.isNull {
            guard let minutes = duration.integerValue, minutes > 0 else {
                throw .badRequest("estimatedDuration", "expected a whole number of minutes above 0, found \(duration.compactText)")
            }
            fields["estimatedDuration"] = .int(minutes)
        }
    }

    /// The `validationSkipped` fault: whatever editable members the body has, unchecked.
    init(unchecked body: JSONValue?) {
        let object = body?.objectValue ?? JSONObject()
        fields = JSONObject(Self.keys.compactMap { key in object[key].map { JSONObject.Member(key: key, value: $0) } })
        category = object["category"].flatMap { CanonicalID(json: $0) }
        earliestStart = object["dates"]?.arrayValue?.compactMap { $0["start"]?.stringValue.flatMap(ISO8601Time.milliseconds) }.min()
    }

    /// `image`: at least one `http` or `https` URL.
    private static func pictures(_ reader: RequestBodyReader) throws(BackendError) -> [String] {
        guard let value = reader.object["image"], !value.isNull else { throw .badRequest("image", "is required: at least one picture") }
        guard let elements = value.arrayValue else { throw .badRequest("image", "expected an array of picture URLs, found \(value.typeDescription)") }
        guard !elements.isEmpty else { throw .badRequest("image", "needs at least one picture URL") }
        var urls: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue, isURL(text) else {
                throw .badRequest("image[\(index)]", "expected an http or https URL, found \(element.compactText)")
            }
            urls.append(text)
        }
        return urls
    }

    /// `dates`: at least one `{"start", "end"}` of ISO 8601 date-times, start before end.
    private static func dates(_ reader: RequestBodyReader) throws(BackendError) -> [(start: Int64, startText: String, endText: String)] {
        guard let value = reader.object["dates"], !value.isNull else { throw .badRequest("dates", "is required") }
        guard let elements = value.arrayValue else { throw .badRequest("dates", "expected an array of {start, end}, found \(value.typeDescription)") }
        guard !elements.isEmpty else { throw .badRequest("dates", "needs at least one {start, end}") }
        var result: [(Int64, String, String)] = []
        for (index, element) in elements.enumerated() {
            let path = reader.path("dates").appending(index: index)
            guard let object = element.objectValue else { throw reader.error(at: path, "expected an object {start, end}, found \(element.typeDescription)") }
            let slot = reader.nested(at: path, object)
            let (start, startText) = try dateTime(slot, "start")
            let (end, endText) = try dateTime(slot, "end")
            guard start < end else { throw slot.error("end", "must be later than start (\(startText))") }
            result.append((start, startText, endText))
        }
        return result
    }

    private static func dateTime(_ reader: RequestBodyReader, _ key: String) throws(BackendError) -> (Int64, String) {
        let text = try reader.string(key)
        guard let milliseconds = ISO8601Time.milliseconds(text) else {
            throw reader.error(key, "expected an ISO 8601 date-time such as 2026-01-05T09:00:00Z, found \"\(text)\"")
        }
        return (milliseconds, text)
    }

    static func isURL(_ text: String) -> Bool {
        for scheme in ["https://", "http://"] where text.lowercased().hasPrefix(scheme) {
            return text.count > scheme.count && !text.contains(" ")
        }
        return false
    }
}
