import Testing

@testable import JobWire

/// The packed ids of retired requests (``TombstoneKeys``) and the table that finds them by them.
struct TombstoneKeysTests {
    /// 40,000 ids of about 35 bytes fill more than one 1 MiB chunk; empty and long ids are
    /// mixed in, so every path of the stepping from an anchor is taken.
    static let ids: [String] = (0..<40_000).map { index in
        switch index % 1000 {
        case 17: return ""
        case 18: return String(repeating: "é", count: 127 + index % 3)
        default: return "request-\(index)-of-the-tombstone-test"
        }
    }

    @Test func everyIDIsItsOwnAcrossChunks() {
        var keys = TombstoneKeys()
        for id in Self.ids { keys.append(id) }
        #expect(keys.count == Self.ids.count)
        var wrong: [Int] = []
        for (entry, id) in Self.ids.enumerated() where !keys.matches(entry, id) || keys.matches(entry, id + "x") { wrong.append(entry) }
        #expect(wrong.isEmpty, "entries \(wrong.prefix(5)) do not hold their id")
        var walked: [String] = []
        keys.forEach { entry, bytes in
            if entry == walked.count { walked.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(walked == Self.ids)
        #expect(keys.bytes < Self.ids.count * 40, "\(keys.bytes) bytes for \(Self.ids.count) ids")
    }

    /// Ids retired in the order they were made share most of their bytes with the one before, so
    /// front-coded they take a third of their length: 100,000 `R-…` ids in under 4 bytes each
    /// (whole, they would take 8.9), each found by its bytes and no other.
    @Test func sequentialIDsAreFrontCoded() {
        let ids = (0..<100_000).map { "R-\($0)" }
        var keys = TombstoneKeys()
        for id in ids { keys.append(id) }
        #expect(keys.bytes < ids.count * 4, "\(keys.bytes) bytes for \(ids.count) ids")
        let wrong = ids.indices.filter { entry in !keys.matches(entry, ids[entry]) || keys.matches(entry, "R-\(entry + 1)") || keys.matches(entry, ids[entry] + "0") }
        #expect(wrong.isEmpty, "entries \(wrong.prefix(5)) do not hold their id alone")
        var walked: [String] = []
        keys.forEach { _, bytes in walked.append(String(decoding: bytes, as: UTF8.self)) }
        #expect(walked == ids)
    }

    @Test func aTableFindsEveryIDAfterGrowing() {
        var table = TombstoneTable()
        let tombstone = RequestTombstone(
            endedAt: 1_767_225_600_000, endedLine: 7, endedBy: .cancel, winner: nil, clientId: "c-3", clientActor: nil, facts: [.posted], sides: [])
        for (index, id) in Self.ids.enumerated() {
            var numbered = tombstone
            numbered.endedLine = index
            table.insert(numbered, for: id)
        }
        // The empty and the long ids come several times: each keeps one entry, with its last line.
        var lastLine: [[UInt8]: Int] = [:]
        for (index, id) in Self.ids.enumerated() { lastLine[Array(id.utf8)] = index }
        #expect(table.count == lastLine.count)
        var wrong: [String] = []
        for (bytes, line) in lastLine where table[String(decoding: bytes, as: UTF8.self)]?.endedLine != line { wrong.append(String(decoding: bytes, as: UTF8.self)) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5)) not found with their last line")
        #expect(table["request-40000-of-the-tombstone-test"] == nil)
    }

    /// ELIG-2: `"café"` with a precomposed é and with e + a combining accent are two ids, as they
    /// are to JSON; Swift's `String` equality would make them one.
    @Test func canonicallyEquivalentIDsAreTwo() {
        var table = TombstoneTable()
        let tombstone = RequestTombstone(
            endedAt: 1_767_225_600_000, endedLine: 7, endedBy: .cancel, winner: nil, clientId: nil, clientActor: nil, facts: [], sides: [])
        table.insert(tombstone, for: "caf\u{E9}")
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(table["cafe\u{301}"] == nil)
        #expect(table["caf\u{E9}"] != nil)
    }
}
