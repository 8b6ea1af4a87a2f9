import JobWire
import SocketIOWire

/// Reads the members of one object of a scenario file strictly: a ``JSONFieldReader`` whose
/// unknown members, missing ones and wrong types are errors naming the file, line and field
/// (`steps[3].req`).
typealias ScenarioReader = JSONFieldReader<ScenarioFieldContext>

/// A scenario file: problems become ``InputError``s placed at the value's line in the document.
struct ScenarioFieldContext: JSONFieldContext {
    let document: VectorDocument

    func failure(at path: JSONFieldPath, _ message: String) -> InputError {
        document.error(at: path.components, message)
    }
}

extension JSONFieldReader where Context == ScenarioFieldContext {
    /// A reader of the object at `path`, refusing members not in `allowed`.
    init(_ document: VectorDocument, at path: [String], allowed: Set<String>) throws(InputError) {
        let context = ScenarioFieldContext(document: document)
        try self.init(document.required(at: path), at: JSONFieldPath(components: path), in: context)
        try refuseUnknownKeys(allowing: allowed)
    }
}
