import JobWire
import SocketIOWire

/// Reads the fields of a REST body in the order PROTOCOL.md lists them: a ``JSONFieldReader``
/// that turns the first missing or ill-typed one into a `bad_request` naming it (REST-13).
///
/// A `null` member reads as absent: an optional one is left out, a required one "is required".
typealias RequestBodyReader = JSONFieldReader<RequestBodyFieldContext>

/// A REST body's fields: problems become `bad_request`s naming the field's path (REST-13).
struct RequestBodyFieldContext: JSONFieldContext {
    func failure(at path: JSONFieldPath, _ message: String) -> BackendError {
        BackendError.badRequest(path.description, message)
    }
}

extension JSONFieldReader where Context == RequestBodyFieldContext {
    /// A reader of the body, which must be a JSON object.
    init(_ body: JSONValue?) throws(BackendError) {
        guard let body else { throw BackendError.badRequest("body", "a JSON object body is required") }
        guard let object = body.objectValue else {
            throw BackendError.badRequest("body", "expected a JSON object, found \(body.typeDescription)")
        }
        self.init(object, in: RequestBodyFieldContext(), null: .absent)
    }
}
