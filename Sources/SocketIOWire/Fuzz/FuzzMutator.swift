/// Byte-level mutations for fuzzing: flips, replacements, deletions, truncations, insertions,
/// duplicated slices and separators, and splices of two inputs.
struct FuzzMutator {
    /// Bytes that matter to the wire grammars, favoured when inserting or replacing.
    static let interestingBytes: [UInt8] = Array("0123456789-/,[]{}\":b=+_e.\\ ntf4".utf8)
        + [0x1E, 0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF]

    /// The bytes whose duplication stresses the framing: record separator and the Socket.IO delimiters.
    static let separators: [UInt8] = [0x1E, UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "[")]

    /// Returns a random interesting byte, or any byte one time in eight.
    static func randomByte(_ random: inout SplitMix64) -> UInt8 {
        random.chance(1, in: 8) ? UInt8(truncatingIfNeeded: random.next()) : interestingBytes[random.below(interestingBytes.count)]
    }

    /// Random bytes of length 0...maximumLength, mostly interesting ones.
    static func randomInput(_ random: inout SplitMix64, maximumLength: Int = 24) -> [UInt8] {
        (0..<random.below(maximumLength + 1)).map { _ in randomByte(&random) }
    }

    /// Applies one random mutation to `input` half the time, two to four otherwise; `other` is used for splicing.
    static func mutate(_ input: [UInt8], splicingWith other: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<(random.chance(1, in: 2) ? 1 : 2 + random.below(3)) {
            mutateOnce(&bytes, other: other, &random)
        }
        return bytes
    }

    private static func mutateOnce(_ bytes: inout [UInt8], other: [UInt8], _ random: inout SplitMix64) {
        let position = random.below(bytes.count + 1)
        switch random.below(11) {
        case 0 where !bytes.isEmpty:  // flip one bit
            let index = random.below(bytes.count)
            bytes[index] ^= 1 << UInt8(random.below(8))
        case 1 where !bytes.isEmpty:  // replace a byte
            bytes[random.below(bytes.count)] = randomByte(&random)
        case 2 where !bytes.isEmpty:  // delete a short range
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(4)))
        case 3:  // truncate
            bytes.removeSubrange(position...)
        case 4:  // insert one to three bytes
            bytes.insert(contentsOf: (0...random.below(3)).map { _ in randomByte(&random) }, at: position)
        case 5 where !bytes.isEmpty:  // duplicate a slice
            let start = random.below(bytes.count)
            let slice = bytes[start..<min(bytes.count, start + 1 + random.below(8))]
            bytes.insert(contentsOf: Array(slice), at: position)
        case 6:  // duplicate a separator where one is
            let separator = separators[random.below(separators.count)]
            if let index = bytes.indices.filter({ bytes[$0] == separator }).randomElement(using: &random) {
                bytes.insert(separator, at: index)
            } else {
                bytes.insert(separator, at: position)
            }
        case 7:  // splice: our head, the other's tail
            let cut = random.below(other.count + 1)
            bytes = Array(bytes[..<position]) + other[cut...]
        case 8:  // insert a run of digits, sometimes a huge number
            let run: [UInt8] = random.chance(1, in: 4)
                ? Array("99999999999999999999".utf8)
                : (0...random.below(3)).map { _ in UInt8(ascii: "0") + UInt8(random.below(10)) }
            bytes.insert(contentsOf: run, at: position)
        case 9 where bytes.count > 1:  // swap two bytes
            bytes.swapAt(random.below(bytes.count), random.below(bytes.count))
        default:  // append random bytes
            bytes += randomInput(&random, maximumLength: 4)
        }
    }
}
