/// The request ids of ``TombstoneTable``'s entries, byte for byte, in about one byte more than
/// the id's UTF-8 each: a million tombstones of `R-123456` take about 9 MB.
///
/// Ids are appended in entry order into byte chunks of 1 MiB, each as a length byte and its
/// bytes, so an entry's id follows its predecessor's. Only every 16th entry's start is stored
/// (``anchors``); the id of any other is found by stepping over at most 15 ids from there. A
/// stored start for every entry would cost 4 bytes more per tombstone, 4 MB a million, which the
/// 64 MB budget of Docs/TRACE.md cannot spare. Length byte 0 means "the next id starts the next
/// chunk" (an id never straddles two); length 255 means the id is empty or longer than 254
/// bytes and sits in a small side table, by entry.
///
/// Ids compare by their UTF-8 bytes, so two canonically equivalent spellings are two ids (ELIG-2).
struct TombstoneKeys: Sendable {
    private static let chunkSize = 1 << 20
    private static let stride = 16
    private static let nextChunk: UInt8 = 0
    private static let elsewhere: UInt8 = 255

    private var chunks: [[UInt8]] = []
    /// The position (chunk × chunk size + offset) of every 16th entry's length byte.
    private var anchors: [UInt32] = []
    private var outsiders: [Int: String] = [:]
    /// How many ids it holds.
    private(set) var count = 0

    /// Appends the id of entry ``count``.
    mutating func append(_ key: String) {
        let utf8 = key.utf8
        let inline = !utf8.isEmpty && utf8.count < Int(Self.elsewhere)
        let needed = inline ? 1 + utf8.count : 1
        if chunks.isEmpty || chunks[chunks.count - 1].count + needed > Self.chunkSize {
            if !chunks.isEmpty, chunks[chunks.count - 1].count < Self.chunkSize { chunks[chunks.count - 1].append(Self.nextChunk) }
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        let last = chunks.count - 1
        if count % Self.stride == 0 { anchors.append(UInt32(last * Self.chunkSize + chunks[last].count)) }
        if inline {
            chunks[last].append(UInt8(utf8.count))
            chunks[last].append(contentsOf: utf8)
        } else {
            chunks[last].append(Self.elsewhere)
            outsiders[count] = key
        }
        count += 1
    }

    /// True when entry `entry`'s id has exactly the bytes of `key`.
    func matches(_ entry: Int, _ key: String) -> Bool {
        let (chunk, offset) = position(of: entry)
        let length = chunks[chunk][offset]
        if length == Self.elsewhere { return outsiders[entry].map { $0.utf8.elementsEqual(key.utf8) } ?? false }
        let utf8 = key.utf8
        guard utf8.count == Int(length) else { return false }
        return chunks[chunk][(offset + 1)..<(offset + 1 + Int(length))].elementsEqual(utf8)
    }

    /// Calls `body` with each entry's id as UTF-8 bytes, in entry order.
    func forEach(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        var entry = 0
        var chunk = 0
        var offset = 0
        while entry < count {
            if offset == chunks[chunk].count || chunks[chunk][offset] == Self.nextChunk {
                chunk += 1
                offset = 0
                continue
            }
            let length = Int(chunks[chunk][offset])
            if length == Int(Self.elsewhere) {
                var outsider = outsiders[entry]!
                outsider.withUTF8 { body(entry, $0) }
                offset += 1
            } else {
                chunks[chunk].withUnsafeBufferPointer { body(entry, UnsafeBufferPointer(rebasing: $0[(offset + 1)..<(offset + 1 + length)])) }
                offset += 1 + length
            }
            entry += 1
        }
    }

    /// The chunk and offset of entry `entry`'s length byte: its anchor, then over the ids between.
    private func position(of entry: Int) -> (chunk: Int, offset: Int) {
        let anchor = Int(anchors[entry / Self.stride])
        var chunk = anchor / Self.chunkSize
        var offset = anchor % Self.chunkSize
        var remaining = entry % Self.stride
        while true {
            if offset == chunks[chunk].count || chunks[chunk][offset] == Self.nextChunk {
                chunk += 1
                offset = 0
                continue
            }
            if remaining == 0 { return (chunk, offset) }
            let length = chunks[chunk][offset]
            offset += length == Self.elsewhere ? 1 : 1 + Int(length)
            remaining -= 1
        }
    }

    /// The bytes it holds, for measuring.
    var bytes: Int { chunks.reduce(0) { $0 + $1.count } + anchors.count * 4 }
}
