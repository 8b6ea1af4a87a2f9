/// The error object of every failure answer (REST-7), used for the document's `Error` schema in
/// place of the generated type (`typeOverrides` in openapi-generator-config.yaml).
///
/// Decision: Docs/jobwire.openapi.json gives `message` every JSON type at once (`"type": ["array",
/// "boolean", ...]`), which swift-openapi-generator 1.14 reads as its first type, an array, so no
/// real answer decodes; and it states `field` only inside `if`/`then`/`else`, which the generator
/// does not read. REST-7 says what the object holds, so this type says it: `code` one of REST-7's
/// codes, `message` readable English, `field` present for `bad_request` only. A test holds `Code`
/// to the document's enum.
public struct RESTError: Codable, Hashable, Sendable {
    /// REST-7's codes, each with the status it comes with.
    public enum Code: String, Codable, Hashable, Sendable, CaseIterable {
        case bad_request, unauthorized, not_eligible, not_found, race_lost, not_in_progress
        case already_exists, cancel_cutoff_passed, request_cancelled, request_closed, server_error
    }

    /// What went wrong.
    public var code: Code
    /// Readable English for people; never parsed.
    public var message: String
    /// The offending field's path (`lat`, `dates[0].start`), for `bad_request` only (REST-13).
    public var field: String?

    /// An error object; `field` only with `bad_request`.
    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
