import Foundation
import SocketIOWire
import Testing

@Suite("SocketIOWireFuzzer")
struct SocketIOWireFuzzerTests {
    /// The built-in corpus plus every encoding of the vector files.
    static func vectorCorpus() throws -> FuzzCorpus {
        var corpus = FuzzCorpus.builtIn
        for vector in try Vectors.cases("engineio-packets.json") {
            if let text = vector.encoded["text"]?.stringValue { corpus.engineIOPackets.append(Array(text.utf8)) }
        }
        for vector in try Vectors.cases("engineio-payloads.json") {
            if let text = vector.encoded["payload"]?.stringValue { corpus.engineIOPayloads.append(Array(text.utf8)) }
        }
        for vector in try Vectors.cases("socketio-packets.json") {
            if let text = vector.encoded["text"]?.stringValue { corpus.socketIOPackets.append(Array(text.utf8)) }
            if let text = vector.encoded["engineio"]?.stringValue {
                corpus.engineIOPackets.append(Array(text.utf8))
                corpus.engineIOPayloads.append(Array(text.utf8))
            }
        }
        for vector in try Vectors.cases("socketio-binary.json") {
            for item in vector.encoded["sequence"]?.arrayValue ?? [] {
                if let text = item["text"]?.stringValue { corpus.socketIOPackets.append(Array(text.utf8)) }
            }
        }
        return corpus
    }

    @Test("120,000 mutated and random inputs: no crash, every accepted input round-trips")
    func fuzz() throws {
        let corpus = try Self.vectorCorpus()
        #expect(corpus.socketIOPackets.count > 100)
        let summary = SocketIOWireFuzzer(corpus: corpus).run(iterations: 120_000, seed: 0x0005_0C4E_710F)
        #expect(summary.iterations == 120_000)
        #expect(summary.accepted + summary.rejected == 120_000)
        #expect(summary.failureCount == 0, "\(summary.failures.map(\.description).joined(separator: "\n"))")
        for target in FuzzTarget.allCases {
            let counts = summary.counts[target] ?? .init()
            #expect(counts.total == 30_000, "\(target)")
            // The mutations must reach both sides of every decoder.
            #expect(counts.accepted > 1_000, "\(target) accepted only \(counts.accepted)")
            #expect(counts.rejected > 1_000, "\(target) rejected only \(counts.rejected)")
        }
        #expect(summary.rejectionsByCode.keys.count >= 12, "\(summary.rejectionsByCode)")
    }

    @Test("the same seed gives the same run; progress is reported")
    func deterministic() {
        let fuzzer = SocketIOWireFuzzer()
        var reports: [Int] = []
        let first = fuzzer.run(iterations: 2_000, seed: 7, progressInterval: 500) { reports.append($0.iterations) }
        let second = fuzzer.run(iterations: 2_000, seed: 7)
        #expect(first == second)
        #expect(reports == [500, 1_000, 1_500, 2_000])
        #expect(fuzzer.run(iterations: 2_000, seed: 8) != first)
    }

    @Test("a failure is reported with its input")
    func failureDescription() {
        let failure = FuzzFailure(target: .engineIOPayload, iteration: 3, input: Array("4a\u{1E}".utf8), detail: "x")
        #expect(failure.description == "engineio-payload #3: 4a\\x1e: x")
    }
}
