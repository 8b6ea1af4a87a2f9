import SocketIOWire

/// What a ``JSONFieldReader`` reads in: where its input came from (a trace file and line, a
/// requirement, a scenario document, a REST body) and so how a problem becomes the caller's error.
///
/// The reader words every message itself, so the same mistake reads the same in every input;
/// the context only places it, as an ``InputError`` naming the file and line, an
/// ``EligibilityInputError`` naming the requirement, or a `bad_request` naming the field.
public protocol JSONFieldContext: Sendable {
    /// The error the reader throws.
    associatedtype Failure: Error

    /// The error about the value at `path`.
    func failure(at path: JSONFieldPath, _ message: String) -> Failure

    /// How a value of the wrong type shows after "found" in a message; by default its JSON type
    /// ("a string"), which is what the vectors' messages say.
    func describe(_ value: JSONValue) -> String
}

extension JSONFieldContext {
    public func describe(_ value: JSONValue) -> String { value.typeDescription }
}

/// How a ``JSONFieldReader`` reads a member whose value is `null`.
///
/// Docs/PROTOCOL.md reads null one way: a member whose value is null is present, and null is
/// allowed only where a field says "or null". That is ``value``, the default. Inputs whose every
/// optional member may be null (REST bodies, trace lines) are read with ``absent``, and a single
/// "or null" member with ``JSONFieldReader/readingNull(as:)`` (`expertSource`, ELIG-2).
public enum JSONNullReading: Sendable, Hashable {
    /// Null is a value, of the wrong type for every typed read: `optionalString` refuses it.
    /// ``JSONFieldReader/required(_:)`` and ``JSONFieldReader/optional(_:)`` return it as it is.
    case value
    /// Null reads as if the member were absent: an optional read gives nil, a required one
    /// "is required".
    case absent
}
