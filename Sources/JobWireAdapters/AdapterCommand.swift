import Foundation
import JobWire

/// An adapter command line as the user typed it after `--adapter`, split into words the way a
/// shell would for quotes and backslashes (no variables, globs or pipes), with the program
/// resolved on `PATH`.
public struct AdapterCommand: Sendable, Hashable {
    /// The program's resolved path.
    public var executable: String
    /// The words after the program.
    public var arguments: [String]
    /// The text as given, for messages.
    public var text: String

    /// Splits and resolves `text`; an empty command, an unterminated quote or a program that
    /// cannot be found is an error saying so.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) {
        let words = try Self.split(text)
        guard let program = words.first else {
            throw InputError(file: "--adapter", message: "the adapter command is empty")
        }
        guard let executable = Self.resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw InputError(file: "--adapter", message: "cannot run \"\(program)\": no such executable file (searched the current directory and PATH)")
        }
        self.executable = executable
        self.arguments = Array(words.dropFirst())
        self.text = text
    }

    /// Splits on unquoted whitespace; single quotes keep everything, double quotes and
    /// backslashes work as in a POSIX shell.
    static func split(_ text: String) throws(InputError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character? = nil
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                inWord = true
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): current.append(character)
            case ("\"", "\\"), (nil, "\\"): escaped = true
            case ("\"", _): current.append(character)
            case (nil, "'"), (nil, "\""): quote = character; inWord = true
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else {
            throw InputError(file: "--adapter", message: "unterminated quote or trailing backslash in \"\(text)\"")
        }
        if inWord { words.append(current) }
        return words
    }

    private static func resolve(_ program: String, path: String) -> String? {
        let manager = FileManager.default
        if program.contains("/") {
            return manager.isExecutableFile(atPath: program) ? program : nil
        }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
