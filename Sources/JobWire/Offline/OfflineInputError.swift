/// Why an offline scenario was refused: the field at fault and what was wrong (OFFL-15).
///
/// Fields are paths into the scenario input, such as `initial.queue[0].kind` or `steps[2].seq`.
/// ``OfflineAppModel/apply(_:)`` reports fields relative to the operation (`seq`, `body.id`);
/// ``OfflineScenario`` prefixes them with the step (`steps[2].seq`).
public struct OfflineInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the offending field.
    public var field: String
    /// A sentence saying what was expected and what was found.
    public var message: String

    /// An error about `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// The same error with its field placed under `prefix`: `seq` under `steps[2]` is `steps[2].seq`.
    public func prefixed(by prefix: String) -> OfflineInputError {
        OfflineInputError(field: field.isEmpty ? prefix : "\(prefix).\(field)", message: message)
    }

    /// `field: message`, as printed in reports (OFFL-15).
    public var description: String { "\(field): \(message) (OFFL-15)" }
}
