/// The request ids of ``TombstoneTable``'s entries, byte for byte, front-coded: each id but every
/// 16th is written as how many leading bytes it shares with the id before it and the bytes after
/// those. Ids retire about in the order they were made, so neighbours share most of their bytes:
/// a million tombstones of `R-123456` take about 3.5 MB, not the 10 MB of whole ids, which leaves
/// room in the 64 MB budget of Docs/TRACE.md for what REST-15 needs of a retired request.
///
/// Ids are appended in entry order into byte chunks of 1 MiB, so an entry's id follows its
/// predecessor's. Every 16th entry (an *anchor*) is written whole, as a length byte and its bytes,
/// and only its start is stored (``anchors``); any other id is decoded by stepping from its anchor
/// over at most 15 ids. A stored start for every entry would cost 4 bytes more per tombstone.
/// Any other entry is a byte holding the shared length + 1, a byte holding the length of the rest,
/// and the rest. A first byte 0 means "the next id starts the next chunk" (an id never straddles
/// two); 255 means the id is empty or longer than 254 bytes and sits in a small side table, by
/// entry (the id after it shares a prefix with its first 254 bytes).
///
/// Ids compare by their UTF-8 bytes, so two canonically equivalent spellings are two ids (ELIG-2).
struct TombstoneKeys: Sendable {
    private static let chunkSize = 1 << 20
    private static let stride = 16
    private static let nextChunk: UInt8 = 0
    private static let elsewhere: UInt8 = 255
    /// The longest id written inline.
    private static let longest = 254

    private var chunks: [[UInt8]] = []
    /// The position (chunk × chunk size + offset) of every 16th entry's first byte.
    private var anchors: [UInt32] = []
    private var outsiders: [Int: String] = [:]
    /// The last id's bytes (its first 254), which the next one is coded against.
    private var previous: [UInt8] = []
    /// How many ids it holds.
    private(set) var count = 0

    /// Appends the id of entry ``count``.
    mutating func append(_ key: String) {
        let utf8 = Array(key.utf8)
        let inline = !utf8.isEmpty && utf8.count <= Self.longest
        let isAnchor = count % Self.stride == 0
        var shared = 0
        if inline, !isAnchor {
            // At most 253, so that the byte holding it + 1 is never taken for the side table's mark.
            let limit = min(previous.count, utf8.count, Self.longest - 1)
            while shared < limit, previous[shared] == utf8[shared] { shared += 1 }
        }
        let needed = !inline ? 1 : isAnchor ? 1 + utf8.count : 2 + utf8.count - shared
        if chunks.isEmpty || chunks[chunks.count - 1].count + needed > Self.chunkSize {
            if !chunks.isEmpty, chunks[chunks.count - 1].count < Self.chunkSize { chunks[chunks.count - 1].append(Self.nextChunk) }
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        let last = chunks.count - 1
        if isAnchor { anchors.append(UInt32(last * Self.chunkSize + chunks[last].count)) }
        if !inline {
            chunks[last].append(Self.elsewhere)
            outsiders[count] = key
        } else if isAnchor {
            chunks[last].append(UInt8(utf8.count))
            chunks[last].append(contentsOf: utf8)
        } else {
            chunks[last].append(UInt8(shared + 1))
            chunks[last].append(UInt8(utf8.count - shared))
            chunks[last].append(contentsOf: utf8[shared...])
        }
        previous = inline ? utf8 : Array(utf8.prefix(Self.longest))
        count += 1
    }

    /// True when entry `entry`'s id has exactly the bytes of `key`.
    func matches(_ entry: Int, _ key: String) -> Bool {
        var found = false
        decode(from: entry - entry % Self.stride) { number, bytes in
            guard number == entry else { return true }
            found = bytes.elementsEqual(key.utf8)
            return false
        }
        return found
    }

    /// Calls `body` with each entry's id as UTF-8 bytes, in entry order.
    func forEach(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        decode(from: 0) { entry, bytes in
            body(entry, bytes)
            return true
        }
    }

    /// Decodes the ids from entry `first`, an anchor, on, handing each with its entry number to
    /// `body` until it returns false or the ids run out. Each chunk is read through one pointer:
    /// indexing the chunk array per byte retained and released the chunk at every id, a share of
    /// the checker's time on every lookup that finds a retired request.
    private func decode(from first: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        guard first < count else { return }
        let anchor = Int(anchors[first / Self.stride])
        var chunk = anchor / Self.chunkSize
        var offset = anchor % Self.chunkSize
        var entry = first
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longest) { buffer in
            var goOn = true
            while goOn, entry < count {
                chunks[chunk].withUnsafeBufferPointer { bytes in
                    while goOn, entry < count, offset < bytes.count, bytes[offset] != Self.nextChunk {
                        let lead = bytes[offset]
                        if lead == Self.elsewhere {
                            var outsider = outsiders[entry]!
                            goOn = outsider.withUTF8 { whole in
                                let kept = min(whole.count, Self.longest)
                                if kept > 0 { buffer.baseAddress!.update(from: whole.baseAddress!, count: kept) }
                                return body(entry, whole)
                            }
                            offset += 1
                        } else {
                            let isAnchor = entry % Self.stride == 0
                            let shared = isAnchor ? 0 : Int(lead) - 1
                            let rest = isAnchor ? Int(lead) : Int(bytes[offset + 1])
                            let start = offset + (isAnchor ? 1 : 2)
                            (buffer.baseAddress! + shared).update(from: bytes.baseAddress! + start, count: rest)
                            offset = start + rest
                            goOn = body(entry, UnsafeBufferPointer(rebasing: buffer[0..<(shared + rest)]))
                        }
                        if goOn { entry += 1 }
                    }
                }
                // This chunk's ids are done: the next id starts the next chunk.
                if goOn, entry < count {
                    chunk += 1
                    offset = 0
                }
            }
        }
    }

    /// The bytes it holds, for measuring.
    var bytes: Int { chunks.reduce(0) { $0 + $1.count } + anchors.count * 4 }
}
