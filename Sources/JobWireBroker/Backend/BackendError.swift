import SocketIOWire

/// A failure the backend answers a REST call with: a code, its HTTP status, a readable message
/// and, for `bad_request`, the field at fault (REST-7).
public struct BackendError: Error, Sendable, Hashable {
    /// The error codes of REST-7, in the precedence order of REST-14.
    public enum Code: String, Sendable, CaseIterable {
        case badRequest = "bad_request"
        case unauthorized
        case notFound = "not_found"
        case requestClosed = "request_closed"
        case requestCancelled = "request_cancelled"
        case notInProgress = "not_in_progress"
        case raceLost = "race_lost"
        case alreadyExists = "already_exists"
        case cancelCutoffPassed = "cancel_cutoff_passed"
        case notEligible = "not_eligible"
        case serverError = "server_error"

        /// The HTTP status that goes with the code (REST-7).
        public var status: Int {
            switch self {
            case .badRequest: return 400
            case .unauthorized: return 401
            case .notEligible: return 403
            case .notFound: return 404
            case .raceLost, .notInProgress, .alreadyExists, .cancelCutoffPassed: return 409
            case .requestCancelled, .requestClosed: return 410
            case .serverError: return 500
            }
        }
    }

    public var code: Code
    public var message: String
    /// The offending field's path, only for `bad_request` (REST-13).
    public var field: String?

    public init(_ code: Code, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// A `bad_request` naming `field`.
    public static func badRequest(_ field: String, _ message: String) -> BackendError {
        BackendError(.badRequest, "\(field): \(message)", field: field)
    }

    /// The failure body `{"ok":false,"error":{"code","message","field"?}}` (REST-7).
    public var body: JSONValue {
        var error: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        if let field { error["field"] = .string(field) }
        return ["ok": false, "error": .object(error)]
    }
}
