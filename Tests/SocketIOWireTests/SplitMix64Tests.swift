import SocketIOWire
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("matches the reference sequence for seed 0")
    func referenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("the same seed gives the same sequence; bounds hold")
    func determinism() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            let value = a.below(7)
            #expect(value == b.below(7))
            #expect((0..<7).contains(value))
        }
        #expect(a.below(0) == 0)
        var generator = SplitMix64(seed: 1)
        #expect((0..<100).map { _ in Int.random(in: 0..<10, using: &generator) }.allSatisfy { (0..<10).contains($0) })
    }
}
