import SocketIOWire
import Testing

@Suite("EngineIOHandshake")
struct EngineIOHandshakeTests {
    @Test("writes exactly the five keys in protocol order")
    func keyOrder() {
        let handshake = EngineIOHandshake(sid: "lv_VI97HAXpY6yYWAAAC")
        #expect(handshake.json.objectValue?.keys == EngineIOHandshake.keys)
        #expect(handshake.jsonText == #"{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#)
    }

    @Test("the test suite's polling and WebSocket handshakes")
    func suiteValues() {
        let polling = EngineIOHandshake(sid: "a", upgrades: ["websocket"], pingInterval: 300, pingTimeout: 200, maxPayload: 1_000_000)
        #expect(polling.jsonText == #"{"sid":"a","upgrades":["websocket"],"pingInterval":300,"pingTimeout":200,"maxPayload":1000000}"#)
        let webSocket = EngineIOHandshake(sid: "a", upgrades: [], pingInterval: 300, pingTimeout: 200, maxPayload: 1_000_000)
        #expect(webSocket.jsonText == #"{"sid":"a","upgrades":[],"pingInterval":300,"pingTimeout":200,"maxPayload":1000000}"#)
    }

    @Test("decodes in any key order, ignores other keys, accepts whole doubles")
    func decoding() throws {
        let text = #"{"maxPayload":3,"pid":"p","pingTimeout":2.0,"pingInterval":1,"upgrades":["websocket"],"sid":"x"}"#
        let handshake = try EngineIOHandshake(jsonText: Array(text.utf8))
        #expect(handshake == EngineIOHandshake(sid: "x", upgrades: ["websocket"], pingInterval: 1, pingTimeout: 2, maxPayload: 3))
    }

    @Test("rejects wrong types and missing keys", arguments: [
        "[]", "{}", #"{"sid":"x","upgrades":"websocket","pingInterval":1,"pingTimeout":2,"maxPayload":3}"#,
        #"{"sid":"x","upgrades":[1],"pingInterval":1,"pingTimeout":2,"maxPayload":3}"#,
        #"{"sid":"x","upgrades":[],"pingInterval":-1,"pingTimeout":2,"maxPayload":3}"#,
        #"{"sid":"x","upgrades":[],"pingInterval":1.5,"pingTimeout":2,"maxPayload":3}"#,
        #"{"sid":"x","upgrades":[],"pingInterval":1,"pingTimeout":2}"#, "{", "",
    ])
    func rejects(_ text: String) {
        let error = #expect(throws: SocketIOWireError.self) { try EngineIOHandshake(jsonText: Array(text.utf8), offset: 1) }
        #expect(error?.code == .invalidHandshake)
        #expect((error?.offset ?? 0) >= 1)
    }
}
