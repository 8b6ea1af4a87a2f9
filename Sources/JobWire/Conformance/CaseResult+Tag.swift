extension CaseResult {
    /// The verdict as every report tags it: PASS, FAIL, KNOWN (a listed known failure), SKIP, ERROR or INCONCLUSIVE.
    public var tag: String {
        switch outcome {
        case .passed: return "PASS"
        case .failed: return knownFailure ? "KNOWN" : "FAIL"
        case .skipped: return "SKIP"
        case .error: return knownFailure ? "KNOWN" : "ERROR"
        case .inconclusive: return "INCONCLUSIVE"
        }
    }

    /// ``tag`` padded to five columns, for the text reports.
    public var columnTag: String {
        tag.count < 5 ? tag + String(repeating: " ", count: 5 - tag.count) : tag
    }
}
