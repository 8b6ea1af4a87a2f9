import Foundation

/// Where each value of a parsed document lies, keyed by JSON Pointer (`/cases/3/expect`), so
/// that a complaint about content can name the line and column a person should look at, and a
/// value can be passed on exactly as it was written (``range(of:)``).
public struct JSONLocations: Sendable {
    let offsets: [String: Range<Int>]
    /// Maps byte offsets of the document to lines and columns.
    public let lines: LineIndex

    /// The JSON Pointer (RFC 6901) of a path of keys and array indices.
    public static func pointer(_ path: [String]) -> String {
        path.reduce(into: "") { result, component in
            result += "/"
            // Escaped only when it must be: Foundation's replacing for every key of every document
            // loaded was a share of the test suite's time.
            if component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                result += component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                result += component
            }
        }
    }

    /// The byte range of the value at `path` in the document, nil when there is no such value.
    public func range(of path: [String]) -> Range<Int>? { offsets[Self.pointer(path)] }

    /// The line and column where the value at `path` starts; for a path that does not exist,
    /// the position of its deepest existing ancestor.
    public func position(of path: [String]) -> LineIndex.Position {
        var components = path
        while true {
            if let range = offsets[Self.pointer(components)] { return lines.position(ofOffset: range.lowerBound) }
            if components.isEmpty { return LineIndex.Position(line: 1, column: 1) }
            components.removeLast()
        }
    }
}

/// Line starts of a UTF-8 document, for turning byte offsets into 1-based lines and columns.
public struct LineIndex: Sendable {
    /// A 1-based line and column (columns count bytes).
    public struct Position: Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public var description: String { "\(line):\(column)" }
    }

    private var lineStarts: [Int] = [0]

    /// Indexes the line breaks of `bytes`.
    public init(_ bytes: some Collection<UInt8>) {
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    }

    /// The line and column of a byte offset.
    public func position(ofOffset offset: Int) -> Position {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return Position(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
