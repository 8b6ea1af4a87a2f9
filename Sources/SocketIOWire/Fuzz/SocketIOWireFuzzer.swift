import Foundation

/// A seeded fuzz driver for every decoder of this module, usable from tests and the CLI.
///
/// Each iteration picks the next decoder in turn, builds an input (random bytes one time in
/// sixteen, otherwise one to four mutations of a corpus entry: bit flips, byte changes,
/// deletions, truncations, insertions, duplicated slices and separators, splices) and decodes
/// it. A decoder must never trap; rejections must be ``SocketIOWireError``s; every accepted input
/// must re-encode to bytes that decode to the same value (numbers compared by value), and the
/// chunked payload decoder must agree with the one-shot one. Anything else is a ``FuzzFailure``.
/// The same seed and corpus always give the same run.
public struct SocketIOWireFuzzer: Sendable {
    /// The seed inputs.
    public var corpus: FuzzCorpus

    /// Creates a fuzzer over `corpus` (the built-in one by default).
    public init(corpus: FuzzCorpus = .builtIn) {
        var filled = corpus
        if filled.engineIOPackets.isEmpty { filled.engineIOPackets = FuzzCorpus.builtIn.engineIOPackets }
        if filled.engineIOPayloads.isEmpty { filled.engineIOPayloads = FuzzCorpus.builtIn.engineIOPayloads }
        if filled.socketIOPackets.isEmpty { filled.socketIOPackets = FuzzCorpus.builtIn.socketIOPackets }
        self.corpus = filled
    }

    /// Runs `iterations` inputs from `seed`; `progress` is called every `progressInterval` iterations.
    public func run(
        iterations: Int,
        seed: UInt64,
        progressInterval: Int = 100_000,
        progress: (FuzzSummary) -> Void = { _ in }
    ) -> FuzzSummary {
        var random = SplitMix64(seed: seed)
        var summary = FuzzSummary(seed: seed)
        let targets = FuzzTarget.allCases
        for iteration in 0..<max(iterations, 0) {
            let target = targets[iteration % targets.count]
            switch target {
            case .engineIOPacket:
                fuzzEngineIOPacket(input(from: corpus.engineIOPackets, &random), iteration, &summary)
            case .engineIOPayload:
                fuzzEngineIOPayload(input(from: corpus.engineIOPayloads, &random), iteration, &summary, &random)
            case .socketIOPacket:
                fuzzSocketIOPacket(input(from: corpus.socketIOPackets, &random), iteration, &summary)
            case .socketIOReassembly:
                fuzzReassembly(input(from: corpus.socketIOPackets, &random), iteration, &summary, &random)
            }
            summary.iterations = iteration + 1
            if progressInterval > 0, summary.iterations % progressInterval == 0 { progress(summary) }
        }
        return summary
    }

    private func input(from entries: [[UInt8]], _ random: inout SplitMix64) -> [UInt8] {
        if entries.isEmpty || random.chance(1, in: 16) { return FuzzMutator.randomInput(&random) }
        let seed = entries[random.below(entries.count)]
        let other = entries[random.below(entries.count)]
        return FuzzMutator.mutate(seed, splicingWith: other, &random)
    }

    private func fail(_ target: FuzzTarget, _ iteration: Int, _ input: [UInt8], _ detail: String, _ summary: inout FuzzSummary) {
        summary.record(FuzzFailure(target: target, iteration: iteration, input: input, detail: detail))
    }

    private func fuzzEngineIOPacket(_ input: [UInt8], _ iteration: Int, _ summary: inout FuzzSummary) {
        let packet: EngineIOPacket
        do {
            packet = try EngineIOPacket(textBytes: input)
        } catch {
            summary.record(.engineIOPacket, rejection: error)
            return
        }
        summary.record(.engineIOPacket, accepted: true)
        do {
            let again = try EngineIOPacket(text: packet.encodedText)
            if again != packet { fail(.engineIOPacket, iteration, input, "text round trip gave \(again)", &summary) }
            let viaFrame = try EngineIOPacket(frame: packet.frame)
            if viaFrame != packet { fail(.engineIOPacket, iteration, input, "frame round trip gave \(viaFrame)", &summary) }
        } catch {
            fail(.engineIOPacket, iteration, input, "re-encoding \(packet) was rejected: \(error)", &summary)
        }
    }

    private func fuzzEngineIOPayload(_ input: [UInt8], _ iteration: Int, _ summary: inout FuzzSummary, _ random: inout SplitMix64) {
        let whole = Result { () throws(SocketIOWireError) in try EngineIOPayload(bytes: input).packets }
        var decoder = EngineIOPayloadDecoder()
        let chunked = Result { () throws(SocketIOWireError) in
            var packets: [EngineIOPacket] = []
            var start = 0
            while start < input.count {
                let end = min(input.count, start + 1 + random.below(max(input.count / 2, 1)))
                packets += try decoder.feed(input[start..<end])
                start = end
            }
            return packets + (try decoder.finish())
        }
        switch (whole, chunked) {
        case (.success(let packets), .success(let chunkedPackets)):
            summary.record(.engineIOPayload, accepted: true)
            if packets != chunkedPackets { fail(.engineIOPayload, iteration, input, "chunked decode differs", &summary) }
            do {
                let again = try EngineIOPayload(text: EngineIOPayload(packets).encodedText).packets
                if again != packets { fail(.engineIOPayload, iteration, input, "round trip gave \(again)", &summary) }
            } catch {
                fail(.engineIOPayload, iteration, input, "re-encoding was rejected: \(error)", &summary)
            }
        case (.failure(let error), .failure(let chunkedError)):
            summary.record(.engineIOPayload, rejection: error)
            if error != chunkedError {
                fail(.engineIOPayload, iteration, input, "chunked error \(chunkedError) differs from \(error)", &summary)
            }
        case (.success, .failure(let error)), (.failure(let error), .success):
            summary.record(.engineIOPayload, rejection: error)
            fail(.engineIOPayload, iteration, input, "chunked and one-shot decoding disagree: \(error)", &summary)
        }
    }

    private func fuzzSocketIOPacket(_ input: [UInt8], _ iteration: Int, _ summary: inout FuzzSummary) {
        let header: SocketIOPacketHeader
        do {
            header = try SocketIOPacketHeader(decodingBytes: input)
        } catch {
            summary.record(.socketIOPacket, rejection: error)
            return
        }
        summary.record(.socketIOPacket, accepted: true)
        do {
            try header.validate()
            let text = header.encodedText
            let again = try SocketIOPacketHeader(decoding: text)
            if !again.isEquivalent(to: header) {
                fail(.socketIOPacket, iteration, input, "round trip gave \(again)", &summary)
            } else if again.encodedText != text {
                fail(.socketIOPacket, iteration, input, "encoding is not stable: \(text) then \(again.encodedText)", &summary)
            }
        } catch {
            fail(.socketIOPacket, iteration, input, "re-encoding \(header) was rejected: \(error)", &summary)
        }
    }

    private func fuzzReassembly(_ input: [UInt8], _ iteration: Int, _ summary: inout FuzzSummary, _ random: inout SplitMix64) {
        // The header text, then as many binary messages as it announces (when it decodes), one
        // more or one fewer now and then, and sometimes a stray text among them.
        let text = String(decoding: input, as: UTF8.self)
        var count = (try? SocketIOPacketHeader(decoding: text).attachmentCount) ?? random.below(4)
        if random.chance(1, in: 8) { count = max(0, count + (random.chance(1, in: 2) ? 1 : -1)) }
        var messages: [EngineIOPacket] = [.message(text)]
        for _ in 0..<count {
            messages.append(.binaryMessage(Data(FuzzMutator.randomInput(&random, maximumLength: 6))))
        }
        if random.chance(1, in: 8) {
            messages.insert(.message(#"2["x"]"#), at: 1 + random.below(messages.count))
        }
        var reassembler = SocketIOBinaryReassembler()
        var packets: [SocketIOPacket] = []
        do {
            packets = try Self.feed(messages, to: &reassembler)
        } catch {
            summary.record(.socketIOReassembly, rejection: error)
            return
        }
        summary.record(.socketIOReassembly, accepted: true)
        do {
            var fresh = SocketIOBinaryReassembler()
            let again = try Self.feed(packets.flatMap(\.engineIOPackets), to: &fresh)
            if again.count != packets.count || !zip(again, packets).allSatisfy({ $0.isEquivalent(to: $1) }) {
                fail(.socketIOReassembly, iteration, input, "round trip gave \(again)", &summary)
            }
            for packet in packets { _ = try packet.reconstructedPayload() }
        } catch {
            fail(.socketIOReassembly, iteration, input, "re-encoding was rejected: \(error)", &summary)
        }
    }

    private static func feed(_ messages: [EngineIOPacket], to reassembler: inout SocketIOBinaryReassembler) throws(SocketIOWireError) -> [SocketIOPacket] {
        var packets: [SocketIOPacket] = []
        for message in messages {
            switch message {
            case .message(let text): if let packet = try reassembler.receive(text: text) { packets.append(packet) }
            case .binaryMessage(let data): if let packet = try reassembler.receive(binary: data) { packets.append(packet) }
            default: break
            }
        }
        return packets
    }
}
