/// The token of an `Authorization: Bearer <token>` header (TASK-6), as a capture's `bearer`
/// field records it; nil for another scheme or a header without a token.
enum BearerToken {
    static func from(authorization value: String?) -> String? {
        guard let parts = value?.split(separator: " ", maxSplits: 1), parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }
}
