import JobWire
import SocketIOWire

/// The result of ``CaptureShrinker``: the lines that still fail the requirement, with what it
/// took to find them, written as a bad trace (``traceText``) or a scenario (``scenarioText(name:)``).
public struct ShrunkCapture: Sendable {
    /// The capture it came from.
    public let input: ShrinkInput
    /// The requirement that still fails.
    public let keep: RequirementID
    /// The event lines kept, fields dropped, in their order in the capture.
    public let lines: [JSONValue]
    /// Each kept line's number in the capture.
    public let originalLines: [Int]
    /// How many candidates the checker judged, the first full check included.
    public let checks: Int
    /// How many values (scalars and empty containers) the field passes dropped from the kept lines.
    public let droppedFields: Int

    /// Lines of the capture (its header and events) before shrinking.
    public var linesBefore: Int { input.lines.count + 1 }
    /// Lines of the shrunk trace (the header and the kept events).
    public var linesAfter: Int { lines.count + 1 }

    /// The one-line note the trace's header carries, naming the requirement, the capture and the sizes.
    public var note: String {
        "Still fails \(keep): shrunk by jobwire capture shrink from \(input.file), \(linesBefore) lines to \(linesAfter)."
    }

    /// The shrunk trace: the capture's header with ``note`` as its `description` (the capture's
    /// own description, if any, kept as `x-shrunk.description`), then the kept lines.
    public var traceText: String {
        var header = input.headerJSON
        var origin: JSONObject = [
            "keep": .string(keep.rawValue), "from": .string(input.file),
            "linesBefore": .int(Int64(linesBefore)), "linesAfter": .int(Int64(linesAfter)),
            "capturedLines": .array(originalLines.map { .int(Int64($0)) }),
        ]
        if let described = header["description"] { origin["description"] = described }
        header["description"] = .string(note)
        header["x-shrunk"] = .object(origin)
        return ([JSONValue.object(header)] + lines).map { $0.compactText + "\n" }.joined()
    }

    /// One line for the user: the sizes and the checks made.
    public var summary: String {
        "\(input.file): \(linesBefore) lines → \(linesAfter), still failing \(keep) (\(checks) checks, \(droppedFields) field values dropped)"
    }
}
