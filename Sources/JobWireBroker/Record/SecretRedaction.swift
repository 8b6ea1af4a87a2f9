import Foundation
import JobWire
import SocketIOWire

/// Which secrets `jobwire record` keeps out of a capture: the bearer token of an `Authorization`
/// header, every JSON member (in REST bodies, Socket.IO payloads and handshake `auth`) and query
/// parameter whose name holds one of ``secretWords``, and the members at ``paths``. Cookies and
/// every other header are never written to a capture at all.
public struct SecretRedaction: Sendable {
    /// False keeps every secret as it passed (`--no-redact`).
    public var enabled: Bool
    /// More members to redact, as JSON paths from the root of a body or payload (`--redact-json`),
    /// e.g. `address` or `profile.phone`.
    public var paths: [JSONFieldPath]

    /// Redacting the default secrets, and `paths` too.
    public init(enabled: Bool = true, paths: [JSONFieldPath] = []) {
        self.enabled = enabled
        self.paths = paths
    }

    /// Parts of member names (compared without case) that mark their values as secrets.
    public static let secretWords = ["token", "password", "passwd", "secret", "jwt", "cookie", "authorization", "apikey", "api_key"]

    /// Whether a member or parameter named `name` holds a secret.
    public static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return secretWords.contains { lower.contains($0) }
    }
}

/// Replaces secrets with stand-ins (`redacted-1`, `redacted-2` ...), the same secret with the same
/// stand-in throughout one capture, so the checker still pairs a token with the sign-up or log-in
/// that issued it and a log-in's password with its sign-up's (TASK-3, TASK-4, TASK-6), while the
/// capture holds none of them.
struct SecretPseudonyms {
    let redaction: SecretRedaction
    private var standIns: [String: String] = [:]

    init(_ redaction: SecretRedaction) {
        self.redaction = redaction
    }

    /// True for a stand-in a capture holds in place of a secret (`redacted-1` ...).
    static func isStandIn(_ text: String) -> Bool { text.hasPrefix(standInPrefix) }

    private static let standInPrefix = "redacted-"

    /// The stand-in of `secret`, or `secret` itself when redaction is off.
    mutating func text(_ secret: String) -> String {
        guard redaction.enabled else { return secret }
        if let known = standIns[secret] { return known }
        let standIn = "\(Self.standInPrefix)\(standIns.count + 1)"
        standIns[secret] = standIn
        return standIn
    }

    /// `value` with its secret members replaced.
    mutating func json(_ value: JSONValue) -> JSONValue {
        guard redaction.enabled else { return value }
        var value = members(of: value)
        for path in redaction.paths { value = replace(at: path.components[...], in: value) }
        return value
    }

    /// A request target with the values of its secret query parameters replaced.
    mutating func target(_ target: String) -> String {
        guard redaction.enabled, let mark = target.firstIndex(of: "?") else { return target }
        let parameters = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter -> String in
            guard let equals = parameter.firstIndex(of: "="), SecretRedaction.isSecret(String(parameter[..<equals])) else { return String(parameter) }
            return parameter[..<equals] + "=" + text(String(parameter[parameter.index(after: equals)...]))
        }
        return target[..<mark] + "?" + parameters.joined(separator: "&")
    }

    private mutating func members(of value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for index in object.members.indices {
                let member = object.members[index]
                object.members[index].value = SecretRedaction.isSecret(member.key) ? secret(member.value) : members(of: member.value)
            }
            return .object(object)
        case .array(let elements):
            return .array(elements.map { members(of: $0) })
        default:
            return value
        }
    }

    /// A secret value's stand-in; null stays null (no secret to hide), containers are redacted whole.
    private mutating func secret(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .string(let text): return .string(self.text(text))
        default: return .string(text(value.compactText))
        }
    }

    private mutating func replace(at path: ArraySlice<String>, in value: JSONValue) -> JSONValue {
        guard let key = path.first else { return secret(value) }
        switch value {
        case .object(var object):
            guard let member = object[key] else { return value }
            object[key] = replace(at: path.dropFirst(), in: member)
            return .object(object)
        case .array(var elements):
            guard let index = Int(key), elements.indices.contains(index) else { return value }
            elements[index] = replace(at: path.dropFirst(), in: elements[index])
            return .array(elements)
        default:
            return value
        }
    }
}
