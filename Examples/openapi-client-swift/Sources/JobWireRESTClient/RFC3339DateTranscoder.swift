import Foundation
import OpenAPIRuntime

/// Reads the `date-time` strings of Docs/jobwire.openapi.json with or without fractional seconds.
///
/// The reference backend writes milliseconds (`2026-11-26T16:40:00.123Z`); RFC 3339 allows either
/// form, and OpenAPIRuntime's `.iso8601` reads only the plain one, so a client of any conforming
/// backend takes both and writes milliseconds.
public struct RFC3339DateTranscoder: DateTranscoder {
    private let fractional = ISO8601DateTranscoder(options: [.withInternetDateTime, .withFractionalSeconds])
    private let plain = ISO8601DateTranscoder(options: [.withInternetDateTime])

    /// A transcoder for both forms.
    public init() {}

    /// The date with milliseconds, in UTC.
    public func encode(_ date: Date) throws -> String {
        try fractional.encode(date)
    }

    /// The date of `string`, whether or not it has fractional seconds.
    public func decode(_ string: String) throws -> Date {
        if let date = try? fractional.decode(string) { return date }
        return try plain.decode(string)
    }
}
