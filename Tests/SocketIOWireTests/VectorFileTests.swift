import Foundation
import SocketIOWire
import Testing

/// Sanity checks over the vector files themselves, as JSON-Schema-Test-Suite does for its own.
@Suite("Vector files")
struct VectorFileTests {
    @Test("every file loads, names its suite and feature, and has valid and invalid cases", arguments: Vectors.socketIOFiles)
    func fileShape(file: String) throws {
        let document = try Vectors.document(file)
        #expect(document["suite"] == "socketio")
        #expect(document["feature"]?.stringValue.map { $0 + ".json" } == file)
        #expect((document["description"]?.stringValue ?? "").isEmpty == false)
        let cases = try Vectors.cases(file)
        #expect(cases.count >= 10)
        #expect(cases.contains { $0.valid })
        #expect(cases.contains { !$0.valid })
    }

    @Test("ids are unique across files and descriptions are short")
    func idsAndDescriptions() throws {
        let all = try Vectors.socketIOFiles.flatMap { try Vectors.cases($0) }
        #expect(Set(all.map(\.id)).count == all.count)
        for vector in all {
            #expect(vector.description.count <= 100, "\(vector.id): description too long")
            #expect(!vector.description.isEmpty, "\(vector.id): no description")
            #expect(vector.requirement.hasPrefix("engine.io-protocol §") || vector.requirement.hasPrefix("socket.io-protocol §"), "\(vector.id)")
            #expect(vector.id.hasPrefix(vector.file.hasPrefix("engineio") ? "eio." : "sio."), "\(vector.id)")
        }
    }

    @Test("valid cases carry decoded, invalid ones a known error code")
    func validity() throws {
        for vector in try Vectors.socketIOFiles.flatMap({ try Vectors.cases($0) }) {
            if vector.valid {
                #expect(vector.decoded != nil && vector.error == nil, "\(vector.id)")
            } else {
                #expect(vector.decoded == nil && vector.canonical == nil, "\(vector.id)")
                #expect(vector.error.flatMap(SocketIOWireError.Code.init(name:)) != nil, "\(vector.id): unknown error code")
            }
        }
    }

    @Test("Socket.IO cases give the Engine.IO frame that carries them")
    func engineIOFrames() throws {
        for vector in try Vectors.cases("socketio-packets.json") {
            let text = try #require(vector.encoded["text"]?.stringValue)
            #expect(vector.encoded["engineio"]?.stringValue == "4" + text, "\(vector.id)")
        }
    }

    @Test("the schema file is JSON and lists every error code")
    func schema() throws {
        let data = try Data(contentsOf: Vectors.directory.appendingPathComponent("schemas/socketio-vectors.schema.json"))
        let schema = try JSONParser.parse(Array(data))
        let codes = schema["$defs"]?["case"]?["properties"]?["error"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(codes.count == 18)
        #expect(codes.allSatisfy { SocketIOWireError.Code(name: $0) != nil })
    }

    /// Every frame the research sheet lists for the official suites (sections 1a and 1b) has a vector.
    @Test("every test-suite frame appears in the vectors")
    func suiteFramesCovered() throws {
        var encodings: Set<String> = []
        for vector in try Vectors.socketIOFiles.flatMap({ try Vectors.cases($0) }) {
            for key in ["text", "engineio", "payload", "binary"] {
                if let value = vector.encoded[key]?.stringValue { encodings.insert(value) }
            }
            for item in vector.encoded["sequence"]?.arrayValue ?? [] {
                if let text = item["text"]?.stringValue { encodings.insert(text); encodings.insert("4" + text) }
                if let hex = item["binary"]?.stringValue { encodings.insert(hex) }
            }
        }
        let placeholders = #"{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}"#
        let expected = [
            "4hello", "4test1\u{1E}4test2\u{1E}4test3", "4hello\u{1E}bAQIDBA==", "abc", "1", "2", "3", "5", "6",
            "01020304", "2probe", "3probe", "40", #"40{"token":"123"}"#, "40/custom,", #"40/custom,{"token":"abc"}"#,
            "40/random", "4abc", "41", "40/custom", "41/custom", #"42["message","message to main namespace"]"#,
            #"42["message-back","message to main namespace"]"#, #"42["message",1,"2",{"3":[true]}]"#,
            #"42["message-back",1,"2",{"3":[true]}]"#, "452-[\"message\",\(placeholders)]", "010203", "040506",
            "452-[\"message-back\",\(placeholders)]", #"42456["message-with-ack",1,"2",{"3":[false]}]"#,
            #"43456[1,"2",{"3":[false]}]"#, "452-789[\"message-with-ack\",\(placeholders)]", "462-789[\(placeholders)]",
            "42{}", #"42abc["message-with-ack",1,"2",{"3":[false]}]"#, #"42["auth",{}]"#, #"42["auth",{"token":"123"}]"#,
            #"42/custom,["auth",{}]"#, #"42/custom,["auth",{"token":"abc"}]"#, #"44/random,{"message":"Invalid namespace"}"#,
        ]
        for frame in expected {
            #expect(encodings.contains(frame), "no vector encodes \(frame)")
        }
    }
}
