import Foundation
import JobWire
import JobWireAdapters
import Testing

/// ADAPTER.md promises each case's input "exactly as in the vector file": an adapter that echoes
/// the line it received shows that numbers and strings reach it as written, never re-encoded.
struct ByteExactInputTests {
    /// Prints back, as a JSON string, each `case` line exactly as it arrived.
    static let echoAdapter = """
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                print(json.dumps({"type": "hello", "protocol": 1, "name": "echo", "suites": ["eligibility"]}), flush=True)
            elif message["type"] == "case":
                print(json.dumps({"type": "result", "id": message["id"], "output": {"line": line.rstrip("\\n")}}), flush=True)
            else:
                break
        """

    /// A vector file written the way a person might: spread over lines, with integral floats,
    /// exponents, integers beyond 64 bits, escapes and a non-BMP character both raw and escaped.
    static let vectorFile = #"""
        {
          "suite": "eligibility",
          "cases": [
            {
              "id": "echo.numbers",
              "description": "numbers as written",
              "requirement": "ELIG-9",
              "input": {
                "profile": { "userID": 9.0, "categories": [ 1e1, 2E+3, -0.0, 18446744073709551616, -1180591620717411303424 ] },
                "job": { "CatID": 0.5e-3, "lat": 1.50, "Delay": 9223372036854775808 },
                "receivedAt": 1767225600000
              },
              "expect": { "invalid": { "field": "profile.userID" } }
            },
            {
              "id": "echo.strings",
              "description": "strings as written",
              "requirement": "ELIG-2",
              "input": {
                "job": { "CatID": "caf\u00e9 cafe\u0301 \ud835\udd18 𝔘 é \"q\" \\ \/ \t" },
                "profile" : { "categories" : [ "caf\u00e9" , "cafe\u0301" ] }
              },
              "expect": { "invalid": { "field": "profile.userID" } }
            }
          ]
        }
        """#

    /// The inputs as the adapter must receive them: the same bytes without the whitespace between tokens.
    static let expectedInputs = [
        "echo.numbers": #"{"profile":{"userID":9.0,"categories":[1e1,2E+3,-0.0,18446744073709551616,-1180591620717411303424]},"job":{"CatID":0.5e-3,"lat":1.50,"Delay":9223372036854775808},"receivedAt":1767225600000}"#,
        "echo.strings": #"{"job":{"CatID":"caf\u00e9 cafe\u0301 \ud835\udd18 𝔘 é \"q\" \\ \/ \t"},"profile":{"categories":["caf\u00e9","cafe\u0301"]}}"#,
    ]

    @Test func anAdapterReceivesEachInputByteForByteAsTheVectorFileWroteIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-echo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("eligibility"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.vectorFile.utf8).write(to: folder.appendingPathComponent("eligibility/echo.json"))
        let script = folder.appendingPathComponent("echo.py")
        try Data(Self.echoAdapter.utf8).write(to: script)
        let python = ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"] ?? "python3"

        let vectors = try VectorLoader.load(suite: EligibilitySuite(), from: folder)
        #expect(vectors.map(\.id) == ["echo.numbers", "echo.strings"])
        let testee = try await AdapterTestee.start(AdapterCommand("\(python) \(script.path)"), suite: "eligibility", timeout: .seconds(30 * 60))  // a hang guard, never a verdict
        for vector in vectors {
            guard case .output(let output) = await testee.answer(vector, suite: EligibilitySuite()) else {
                Issue.record("the echo adapter did not answer \(vector.id): \(await testee.brokenReason ?? "no output")")
                continue
            }
            let expected = #"{"type":"case","suite":"eligibility","id":"\#(vector.id)","input":"# + Self.expectedInputs[vector.id]! + "}"
            #expect(output["line"]?.stringValue == expected, "\(vector.id)")
        }
        _ = await testee.finish()
    }
}
