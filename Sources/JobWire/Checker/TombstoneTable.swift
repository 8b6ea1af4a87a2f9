/// The tombstones of retired requests (``RequestTombstone``), packed so that a trace with a
/// million ended requests keeps them in about 22 bytes each, plus about 30 per app that had a side.
///
/// A Swift `[String: RequestTombstone]` would cost well over 100 bytes an entry (string and
/// optional fields, their padding, and the dictionary's spare capacity). Here each column is
/// an array of fixed-width values in chunks of 65,536 entries, so growing never copies a whole
/// column: the key's UTF-8 (``TombstoneKeys``, front-coded), the end's time (as a 32-bit
/// offset) and line, the print of its payloads (``RetiredPayloads``), and the winner, the client
/// and the facts' bits as one 16-bit index into their distinct combinations (a trace shows few);
/// a request whose apps had sides notes where those start in the side columns (actor, facts,
/// four lines; the last side of a request has its top bit set). An open-addressing table of entry
/// numbers (load at most 3/4, grown by half), each slot tagged with a byte of its key's hash,
/// finds a key by its bytes. Times more than 24 days from the first end, shapes past the
/// 65,535th, and the rare client app whose id is not the request's `clientId` (or that gave none)
/// go to small side tables.
struct TombstoneTable: Sendable {
    private var keys = TombstoneKeys()
    /// The end's time as an offset from `timeBase` (the first end minus 2^31 ms, so ±24 days
    /// around it fit); `UInt32.max` marks a time kept in `farEndedAt`.
    private var endedAt = ChunkedColumn<UInt32>()
    private var timeBase: Int64?
    private var farEndedAt: [UInt32: Int64] = [:]
    private var endedLine = ChunkedColumn<UInt32>()
    /// The print of each request's payloads (REST-15, ``RetiredPayloads``).
    private var payloadPrints = ChunkedColumn<UInt32>()
    /// The winner, the client and the facts' bits as one index into their distinct combinations
    /// (a trace shows few winners and clients, and few combinations of facts).
    private var shapes = ChunkedColumn<UInt16>()
    /// The shape of entries whose index does not fit in 16 bits (their column holds `UInt16.max`).
    private var farShapes: [UInt32: UInt32] = [:]
    private var shapeList: [Shape] = []
    private var shapeIndex: [Shape: UInt32] = [:]
    /// Where each request's sides start in the side columns, for the requests that have any.
    private var firstSide: [UInt32: UInt32] = [:]
    private var sideActor = ChunkedColumn<UInt32>()
    private var sideFacts = ChunkedColumn<UInt32>()
    private var sideLines = ChunkedColumn<SIMD4<UInt32>>()
    /// Distinct apps with a side, by index.
    private var actors: [TraceActor] = []
    private var actorIndex: [TraceActor: UInt32] = [:]
    /// Per slot, 0 when empty, else the entry number + 1 in the low 24 bits under the top byte of
    /// its key's hash (its tag): a probe compares a key's bytes only when the tags match, which
    /// spares nearly every comparison on a miss (each new request's first lookup is one). From the
    /// 16,777,215th tombstone on, entry numbers need the whole 32 bits and slots go untagged.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private var tagged = true
    private static let entryMask: UInt32 = (1 << 24) - 1
    /// Distinct ids (winners, clients, client apps' ids); index 0 stands for none.
    private var ids: [String] = [""]
    private var idIndex: [String: UInt32] = [:]
    /// Client apps that are not `client <clientId>`, by entry.
    private var otherClientActors: [UInt32: TraceActor] = [:]

    /// How many tombstones it holds.
    var count: Int { shapes.count }

    /// The tombstone of `req`, if it was retired.
    subscript(req: String) -> RequestTombstone? {
        guard let entry = find(req).entry else { return nil }
        return tombstone(at: entry)
    }

    /// Whether `req` was retired, found by its bytes without rebuilding its tombstone.
    func contains(_ req: String) -> Bool { find(req).entry != nil }

    /// The retired requests whose posting client or winner is `user`, with their tombstones: what a
    /// history read of `user` must still list (REST-16). Found through their shapes, so the scan
    /// reads two bytes per tombstone and rebuilds only the user's.
    func retired(postedOrWonBy user: String) -> [(req: String, tombstone: RequestTombstone)] {
        guard let index = idIndex[user] else { return [] }
        let matching = Set(shapeList.indices.filter { shapeList[$0].client == index || shapeList[$0].winner == index }.map(UInt32.init))
        guard !matching.isEmpty else { return [] }
        var found: [(req: String, tombstone: RequestTombstone)] = []
        keys.forEach { entry, bytes in
            let stored = shapes[entry]
            guard matching.contains(stored == .max ? farShapes[UInt32(entry)]! : UInt32(stored)) else { return }
            found.append((String(decoding: bytes, as: UTF8.self), tombstone(at: UInt32(entry))))
        }
        return found
    }

    /// Keeps `tombstone` for `req`, replacing an earlier one.
    mutating func insert(_ tombstone: RequestTombstone, for req: String) {
        let found = find(req)
        let entry: UInt32
        if let existing = found.entry {
            entry = existing
        } else {
            entry = UInt32(count)
            keys.append(req)
            endedAt.append(0)
            endedLine.append(0)
            payloadPrints.append(0)
            shapes.append(0)
            slots[found.slot] = slotValue(entry: entry, hash: Self.hash(req))
            if tagged, UInt32(count) + 1 >= Self.entryMask {
                tagged = false
                rehash(slotCount: slots.count)
            }
            if count * 4 > slots.count * 3 {
                // Half again as many slots, not twice: a million tombstones take 1.5M slots, not 2M.
                rehash(slotCount: slots.count * 3 / 2)
            }
        }
        let index = Int(entry)
        let base = timeBase ?? tombstone.endedAt - (1 << 31)
        timeBase = base
        let offset = tombstone.endedAt - base
        if offset >= 0, offset < Int64(UInt32.max) {
            endedAt[index] = UInt32(offset)
            farEndedAt[entry] = nil
        } else {
            endedAt[index] = .max
            farEndedAt[entry] = tombstone.endedAt
        }
        endedLine[index] = UInt32(clamping: tombstone.endedLine)
        payloadPrints[index] = tombstone.payloadPrint
        let noClientApp = tombstone.clientActor == nil
        let bits = tombstone.facts.rawValue | (tombstone.endedBy == .close ? Self.closedBit : 0) | (noClientApp ? Self.noClientAppBit : 0)
        let shapeIndex = shape(Shape(winner: intern(tombstone.winner), client: intern(tombstone.clientId), facts: bits))
        shapes[index] = UInt16(clamping: shapeIndex)
        farShapes[entry] = shapeIndex < UInt16.max ? nil : shapeIndex
        let usual = noClientApp || tombstone.clientActor == TraceActor(.client, id: tombstone.clientId)
        otherClientActors[entry] = usual ? nil : tombstone.clientActor
        // A request brought back and retired again gets new sides; the old ones stay unreferenced.
        firstSide[entry] = tombstone.sides.isEmpty ? nil : UInt32(sideFacts.count)
        for (position, side) in tombstone.sides.enumerated() {
            sideActor.append(intern(side.actor))
            sideFacts.append(side.facts.rawValue | (position == tombstone.sides.count - 1 ? Self.lastSideBit : 0))
            sideLines.append(SIMD4(UInt32(clamping: side.endReceivedLine), UInt32(clamping: side.offerLine), UInt32(clamping: side.acceptLine), UInt32(clamping: side.discardLine)))
        }
    }

    /// The bytes it holds, for measuring.
    var bytes: Int {
        count * (4 + 4 + 4 + 2) + firstSide.count * 8 + sideFacts.count * (4 + 4 + 16) + keys.bytes + slots.count * 4
    }

    // MARK: - Storage

    /// The facts' spare top bit: ended by a close rather than a cancel.
    private static let closedBit: UInt16 = 1 << 15
    /// And the next: the trace shows no client app that posted it.
    private static let noClientAppBit: UInt16 = 1 << 14
    /// The side facts' spare top bit: the last side of its request.
    private static let lastSideBit: UInt32 = 1 << 31

    private func tombstone(at entry: UInt32) -> RequestTombstone {
        let index = Int(entry)
        let found = shapeList[shapes[index] == .max ? Int(farShapes[entry]!) : Int(shapes[index])]
        let (bits, winnerIndex, clientIndex) = (found.facts, found.winner, found.client)
        let clientId = id(clientIndex)
        let clientActor: TraceActor? = bits & Self.noClientAppBit != 0 ? nil : otherClientActors[entry] ?? TraceActor(.client, id: clientId)
        var sides: [SideTombstone] = []
        var side = Int(firstSide[entry] ?? .max)
        while side != Int(UInt32.max) {
            let sideBits = sideFacts[side]
            let lines = sideLines[side]
            sides.append(
                SideTombstone(
                    actor: actors[Int(sideActor[side])], facts: SideTombstone.Facts(rawValue: sideBits & ~Self.lastSideBit),
                    endReceivedLine: Int(lines[0]), offerLine: Int(lines[1]), acceptLine: Int(lines[2]), discardLine: Int(lines[3])))
            side = sideBits & Self.lastSideBit != 0 ? Int(UInt32.max) : side + 1
        }
        return RequestTombstone(
            endedAt: endedAt[index] == .max ? farEndedAt[entry]! : timeBase! + Int64(endedAt[index]), endedLine: Int(endedLine[index]),
            endedBy: bits & Self.closedBit != 0 ? .close : .cancel, winner: id(winnerIndex), clientId: clientId, clientActor: clientActor,
            facts: RequestTombstone.Facts(rawValue: bits & ~(Self.closedBit | Self.noClientAppBit)), payloadPrint: payloadPrints[index], sides: sides)
    }

    /// A tombstone's winner, client and facts' bits.
    private struct Shape: Hashable, Sendable {
        var winner: UInt32
        var client: UInt32
        var facts: UInt16
    }

    private mutating func shape(_ shape: Shape) -> UInt32 {
        if let index = shapeIndex[shape] { return index }
        let index = UInt32(shapeList.count)
        shapeList.append(shape)
        shapeIndex[shape] = index
        return index
    }

    private mutating func intern(_ actor: TraceActor) -> UInt32 {
        if let index = actorIndex[actor] { return index }
        let index = UInt32(actors.count)
        actors.append(actor)
        actorIndex[actor] = index
        return index
    }

    private func id(_ index: UInt32) -> String? { index == 0 ? nil : ids[Int(index)] }

    private mutating func intern(_ id: String?) -> UInt32 {
        guard let id else { return 0 }
        if let index = idIndex[id] { return index }
        let index = UInt32(ids.count)
        ids.append(id)
        idIndex[id] = index
        return index
    }

    /// The slot holding `req`, or the empty slot where it would go.
    private func find(_ req: String) -> (slot: Int, entry: UInt32?) {
        let hash = Self.hash(req)
        let tag = Self.tag(hash)
        var slot = Self.slot(hash, in: slots.count)
        while true {
            let stored = slots[slot]
            if stored == 0 { return (slot, nil) }
            let entry = (tagged ? stored & Self.entryMask : stored) - 1
            if !tagged || UInt8(stored >> 24) == tag, keys.matches(Int(entry), req) { return (slot, entry) }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
    }

    /// The slot's value for `entry`, whose key has `hash`.
    private func slotValue(entry: UInt32, hash: Int) -> UInt32 {
        tagged ? UInt32(Self.tag(hash)) << 24 | (entry + 1) : entry + 1
    }

    /// Places every entry again in `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        var larger = [UInt32](repeating: 0, count: slotCount)
        keys.forEach { entry, bytes in
            let hash = Self.hash(bytes)
            var slot = Self.slot(hash, in: larger.count)
            while larger[slot] != 0 { slot = slot + 1 == larger.count ? 0 : slot + 1 }
            larger[slot] = slotValue(entry: UInt32(entry), hash: hash)
        }
        slots = larger
    }

    /// The tag of `hash`: its top byte, which ``slot(_:in:)`` does not use.
    private static func tag(_ hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) >> 56) }

    /// The home slot of `hash` among `count` slots (multiply and shift, so `count` need not be a power of two).
    private static func slot(_ hash: Int, in count: Int) -> Int {
        Int(((UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF) &* UInt64(count)) >> 32)
    }

    /// FNV-1a over the UTF-8, stable across runs (unlike `Hasher`), so lookups cost the same every time.
    private static func hash(_ key: String) -> Int { hash(key.utf8) }

    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

/// An array of fixed-width values kept in chunks of 65,536, so that appending never copies the
/// whole column (a plain array doubles and copies, holding both copies for a moment).
struct ChunkedColumn<Element: Sendable>: Sendable {
    private static var chunkSize: Int { 1 << 16 }
    private var chunks: [[Element]] = []
    private(set) var count = 0

    mutating func append(_ value: Element) {
        if count % Self.chunkSize == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(value)
        count += 1
    }

    subscript(index: Int) -> Element {
        get { chunks[index >> 16][index & 0xFFFF] }
        set { chunks[index >> 16][index & 0xFFFF] = newValue }
    }
}
