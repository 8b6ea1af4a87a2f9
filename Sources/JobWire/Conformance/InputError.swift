/// Why an input the user gave could not be used (a trace, vectors, a profile, a scenario, a
/// known-failures list, an adapter to launch): the file, the line and column when known, the
/// field at fault when known, and what was wrong. `jobwire` exits 2 on these.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it or as it was found.
    public var file: String
    /// 1-based line, when the problem has a place in the file.
    public var line: Int?
    /// 1-based column (in bytes), when known.
    public var column: Int?
    /// The JSON path of the offending field, e.g. `cases[3].expect.showAt`.
    public var field: String?
    /// What was wrong.
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        if let field { return "\(place): \(field): \(message)" }
        return "\(place): \(message)"
    }
}
