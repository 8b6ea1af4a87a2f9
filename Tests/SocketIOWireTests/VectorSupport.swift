import Foundation
import SocketIOWire
import Testing

/// One case of a `Vectors/socketio/*.json` file.
struct VectorCase: Sendable, CustomTestStringConvertible {
    var file: String
    var id: String
    var description: String
    var requirement: String
    var valid: Bool
    var encoded: JSONValue
    var decoded: JSONValue?
    var canonical: JSONValue?
    var error: String?
    var raw: JSONObject

    var testDescription: String { id }
}

/// Loads the vector files by walking up from this source file to the package root's `Vectors/`.
enum Vectors {
    static let directory: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Vectors")
            }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "Vectors")
    }()

    static let socketIOFiles = ["engineio-packets.json", "engineio-payloads.json", "socketio-packets.json", "socketio-binary.json"]

    static func document(_ file: String) throws -> JSONValue {
        let data = try Data(contentsOf: directory.appendingPathComponent("socketio").appendingPathComponent(file))
        return try JSONParser.parse(Array(data))
    }

    static func cases(_ file: String) throws -> [VectorCase] {
        guard let cases = try document(file)["cases"]?.arrayValue else { return [] }
        return cases.compactMap { value in
            guard let object = value.objectValue, let id = object["id"]?.stringValue else { return nil }
            return VectorCase(
                file: file,
                id: id,
                description: object["description"]?.stringValue ?? "",
                requirement: object["requirement"]?.stringValue ?? "",
                valid: object["valid"]?.boolValue ?? false,
                encoded: object["encoded"] ?? .null,
                decoded: object["decoded"],
                canonical: object["canonical"],
                error: object["error"]?.stringValue,
                raw: object
            )
        }
    }

    /// The cases of one file, or none when it cannot be read (``VectorFileTests`` then fails).
    static func load(_ file: String) -> [VectorCase] { (try? cases(file)) ?? [] }
}

struct VectorFormatError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum Hex {
    static func decode(_ text: String) throws -> Data {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { throw VectorFormatError("odd hex length: \(text)") }
        var data = Data()
        for index in stride(from: 0, to: bytes.count, by: 2) {
            guard let byte = UInt8(String(decoding: bytes[index...index + 1], as: UTF8.self), radix: 16) else {
                throw VectorFormatError("bad hex: \(text)")
            }
            data.append(byte)
        }
        return data
    }

    static func encode(_ data: Data) -> String {
        data.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Turns the vectors' decoded JSON into the module's values.
enum VectorDecoding {
    static func engineIOPacket(_ json: JSONValue) throws -> EngineIOPacket {
        guard let name = json["type"]?.stringValue, let type = EngineIOPacketType(name: name) else {
            throw VectorFormatError("bad Engine.IO packet: \(json)")
        }
        let data = json["data"]?.stringValue ?? ""
        switch type {
        case .open:
            guard let handshake = json["handshake"] else { throw VectorFormatError("open without handshake") }
            return .open(try EngineIOHandshake(json: handshake))
        case .close: return .close
        case .ping: return .ping(data)
        case .pong: return .pong(data)
        case .message:
            if let hex = json["binary"]?.stringValue { return .binaryMessage(try Hex.decode(hex)) }
            return .message(json["text"]?.stringValue ?? "")
        case .upgrade: return .upgrade
        case .noop: return .noop
        }
    }

    static func frame(_ json: JSONValue) throws -> EngineIOFrame {
        if let text = json["text"]?.stringValue { return .text(text) }
        if let hex = json["binary"]?.stringValue { return .binary(try Hex.decode(hex)) }
        throw VectorFormatError("bad frame: \(json)")
    }

    static func socketIOPacket(_ json: JSONValue) throws -> SocketIOPacket {
        guard let name = json["type"]?.stringValue, let type = SocketIOPacketType(name: name) else {
            throw VectorFormatError("bad Socket.IO packet: \(json)")
        }
        let attachments = try (json["attachments"]?.arrayValue ?? []).map { value in
            try Hex.decode(value.stringValue ?? "?")
        }
        return SocketIOPacket(
            type: type,
            namespace: json["namespace"]?.stringValue ?? "/",
            ackID: json["id"]?.integerValue.map { Int($0) },
            payload: json["data"],
            attachments: attachments
        )
    }

    /// JSON with `{"$binary": hex}` for binary data, as the vectors' `reconstructed` field writes it.
    static func value(_ json: JSONValue) throws -> SocketIOValue {
        switch json {
        case .array(let elements): return .array(try elements.map(value))
        case .object(let object):
            if object.count == 1, let hex = object["$binary"]?.stringValue { return .binary(try Hex.decode(hex)) }
            return .object(try object.members.map { SocketIOValue.Member(key: $0.key, value: try value($0.value)) })
        default: return SocketIOValue(json)
        }
    }
}
