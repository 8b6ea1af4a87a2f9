import Foundation

/// Shrinks a generated JSON input to a small one that keeps a property (`jobwire vectors fuzz`:
/// "the adapter still disagrees with the built-in, on the same rule").
///
/// Each step tries simpler variants of the document, most shrunk first: a member or element
/// dropped, an array emptied, a number made `0`, `1`, whole or shorter, a string made empty,
/// shorter or plain ASCII, an escaped string written plainly, `false` made `true`. A variant counts only when its text
/// is shorter, or as long with fewer values, so shrinking always ends; the first variant that
/// keeps the property is taken and the search starts again from it.
public enum FuzzShrinker {
    /// The measure a shrink must lower: the compact text's UTF-8 length, then the number of values.
    public static func size(of value: FuzzJSON) -> (bytes: Int, values: Int) {
        (value.text.utf8.count, value.nodeCount)
    }

    /// True when `candidate` is strictly smaller than `original` by ``size(of:)``.
    public static func isSmaller(_ candidate: FuzzJSON, than original: FuzzJSON) -> Bool {
        let (a, b) = (size(of: candidate), size(of: original))
        return a.bytes < b.bytes || a.bytes == b.bytes && a.values < b.values
    }

    /// The variants of `value` one step simpler, most shrunk first, each smaller than `value`:
    /// first every occurrence of one string made `""` or `"a"` at once (ids that must stay equal
    /// to each other, such as a worker and its entry in a block list), then one value at a time.
    public static func candidates(of value: FuzzJSON) -> [FuzzJSON] {
        let strings = Set(leaves(of: value).compactMap { leaf -> String? in
            if case .string(let text) = leaf { return text }
            if case .escapedString(let text) = leaf { return text }
            return nil
        })
        let together = strings.sorted().flatMap { text in ["", "a"].map { replacing(text, with: $0, in: value) } }
        return (together + variants(of: value)).filter { isSmaller($0, than: value) }
    }

    private static func leaves(of value: FuzzJSON) -> [FuzzJSON] {
        switch value {
        case .array(let elements): return elements.flatMap(leaves)
        case .object(let members): return members.flatMap { leaves(of: $0.value) }
        default: return [value]
        }
    }

    /// `value` with every string equal to `text` (plain or escaped) made the plain `replacement`.
    private static func replacing(_ text: String, with replacement: String, in value: FuzzJSON) -> FuzzJSON {
        switch value {
        case .string(let string) where string == text, .escapedString(let string) where string == text: return .string(replacement)
        case .array(let elements): return .array(elements.map { replacing(text, with: replacement, in: $0) })
        case .object(let members): return .object(members.map { FuzzJSON.Member($0.key, replacing(text, with: replacement, in: $0.value)) })
        default: return value
        }
    }

    /// Shrinks `input` while `keeps` holds, trying at most `maximumTries` variants.
    ///
    /// `leaps` proposes variants that change several values at once, which one-value steps
    /// cannot reach without losing the property on the way (two positions made equal together);
    /// they are tried first, and only when smaller. Returns the smallest input found (`input`
    /// itself when no variant keeps the property) and how many variants were tried.
    public static func shrink(
        _ input: FuzzJSON, maximumTries: Int = 2000, leaps: (FuzzJSON) -> [FuzzJSON] = { _ in [] }, keeps: (FuzzJSON) async -> Bool
    ) async -> (input: FuzzJSON, tries: Int) {
        var current = input
        var tries = 0
        search: while tries < maximumTries {
            for candidate in leaps(current).filter({ isSmaller($0, than: current) }) + candidates(of: current) {
                guard tries < maximumTries else { break search }
                tries += 1
                if await keeps(candidate) {
                    current = candidate
                    continue search
                }
            }
            break
        }
        return (current, tries)
    }

    private static func variants(of value: FuzzJSON) -> [FuzzJSON] {
        switch value {
        case .null, .bool(true): return []
        case .bool(false): return [.bool(true)]
        case .number(let literal): return simpler(number: literal).map(FuzzJSON.number)
        case .string(let text): return simpler(string: text).map(FuzzJSON.string)
        case .escapedString(let text): return [.string(text)] + simpler(string: text).map(FuzzJSON.string)
        case .array(let elements):
            var result: [FuzzJSON] = elements.isEmpty ? [] : [.array([])]
            for index in elements.indices { result.append(.array(removing(index, from: elements))) }
            for index in elements.indices {
                for variant in variants(of: elements[index]) {
                    var changed = elements
                    changed[index] = variant
                    result.append(.array(changed))
                }
            }
            return result
        case .object(let members):
            var result = members.indices.map { FuzzJSON.object(removing($0, from: members)) }
            for index in members.indices {
                for variant in variants(of: members[index].value) {
                    var changed = members
                    changed[index].value = variant
                    result.append(.object(changed))
                }
            }
            return result
        }
    }

    private static func removing<T>(_ index: Int, from array: [T]) -> [T] {
        var copy = array
        copy.remove(at: index)
        return copy
    }

    /// `0`, `1`, the whole part, the magnitude, and the value rounded to fewer decimals.
    private static func simpler(number literal: String) -> [String] {
        var result = ["0", "1"]
        guard let value = Double(literal), value.isFinite else { return result }
        if abs(value) < 1e18 { result.append(String(Int64(value))) }
        if value < 0 { result.append(String(literal.dropFirst())) }
        for decimals in 0..<17 {
            let scale = pow(10, Double(decimals))
            let rounded = (value * scale).rounded() / scale
            if rounded != value { result.append("\(rounded)") }
        }
        return result.filter { $0 != literal }
    }

    /// The empty string, one letter, the first half, all but the last character, the ASCII part.
    private static func simpler(string text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let ascii = String(text.unicodeScalars.filter(\.isASCII).map(Character.init))
        return ["", "a", String(text.prefix(text.count / 2)), String(text.dropLast()), ascii].filter { $0 != text }
    }
}
