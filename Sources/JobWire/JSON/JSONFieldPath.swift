/// Where a member sits in a JSON input: its keys and indices from the root, and the readable
/// form an error names it by (`steps[2].body.id`, `profile.categories[0]`, `location.lat`).
public struct JSONFieldPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The keys and indices (as decimal text) from the root, as ``VectorDocument`` locates a value.
    public private(set) var components: [String]
    /// The readable form: keys joined by dots, indices in brackets; empty for the root.
    public private(set) var description: String

    /// The root of the input.
    public init() {
        components = []
        description = ""
    }

    /// The path written as `name`, such as `profile` or `steps[2]`; empty is the root.
    public init(_ name: String) {
        description = name
        components = Self.components(of: name)
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// The path through `components`, decimal ones read as indices (`["cases", "3"]` is `cases[3]`).
    public init(components: [String]) {
        self.init()
        for component in components {
            if let index = Int(component) { self = appending(index: index) } else { self = appending(component) }
        }
    }

    /// The path of member `key` of the object here.
    public func appending(_ key: String) -> JSONFieldPath {
        var path = self
        path.components.append(key)
        path.description += description.isEmpty ? key : ".\(key)"
        return path
    }

    /// The path of element `index` of the array here.
    public func appending(index: Int) -> JSONFieldPath {
        var path = self
        path.components.append(String(index))
        path.description += "[\(index)]"
        return path
    }

    /// The components of a written path: `profile.categories[2]` is `profile`, `categories`, `2`.
    static func components(of name: String) -> [String] {
        name.split(separator: ".").flatMap { part in
            part.split(whereSeparator: { $0 == "[" || $0 == "]" }).map(String.init)
        }
    }
}
