/// Seed inputs for ``SocketIOWireFuzzer``, one list per decoder, which the fuzzer mutates.
///
/// The built-in corpus holds the examples of engine.io-protocol and socket.io-protocol and
/// the frames the official test suites send; tests add the encodings of the vector files.
public struct FuzzCorpus: Sendable, Hashable {
    /// Engine.IO packets as WebSocket text frames or payload records, e.g. `4hello`, `2probe`.
    public var engineIOPackets: [[UInt8]]
    /// Polling payload bodies, e.g. `4hello\x1ebAQIDBA==`.
    public var engineIOPayloads: [[UInt8]]
    /// Socket.IO packet texts (without the Engine.IO `4`), e.g. `2["foo"]`.
    public var socketIOPackets: [[UInt8]]

    /// Creates a corpus from byte strings; empty lists fall back to the built-in entries when fuzzing.
    public init(engineIOPackets: [[UInt8]] = [], engineIOPayloads: [[UInt8]] = [], socketIOPackets: [[UInt8]] = []) {
        self.engineIOPackets = engineIOPackets
        self.engineIOPayloads = engineIOPayloads
        self.socketIOPackets = socketIOPackets
    }

    /// Creates a corpus from strings.
    public init(engineIOPackets: [String], engineIOPayloads: [String], socketIOPackets: [String]) {
        self.init(
            engineIOPackets: engineIOPackets.map { Array($0.utf8) },
            engineIOPayloads: engineIOPayloads.map { Array($0.utf8) },
            socketIOPackets: socketIOPackets.map { Array($0.utf8) }
        )
    }

    /// Adds another corpus's entries to this one.
    public mutating func merge(_ other: FuzzCorpus) {
        engineIOPackets += other.engineIOPackets
        engineIOPayloads += other.engineIOPayloads
        socketIOPackets += other.socketIOPackets
    }

    /// The protocol documents' examples and the official suites' frames.
    public static let builtIn = FuzzCorpus(
        engineIOPackets: [
            #"0{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#,
            #"0{"sid":"abc","upgrades":[],"pingInterval":300,"pingTimeout":200,"maxPayload":1000000}"#,
            "1", "2", "3", "2probe", "3probe", "4hello", "4", "5", "6", "bAQIDBA==", "b", "abc",
            #"40"#, #"40{"sid":"wZX3oN0bSVIhsaknAAAI"}"#, #"42["hey","Jude"]"#, "4€",
        ],
        engineIOPayloads: [
            "4hello\u{1E}2\u{1E}4world", "4hello\u{1E}bAQIDBA==", "4test1\u{1E}4test2\u{1E}4test3",
            "42[\"hello\"]\u{1E}42[\"world\"]", "1", "6", "2", "3", "ok",
            #"0{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#,
            "451-[\"a\",{\"_placeholder\":true,\"num\":0}]\u{1E}bAQID",
        ],
        socketIOPackets: [
            "0", "0/admin,", #"0/admin,{"sid":"oSO0OpakMV_3jnilAAAA"}"#, #"0{"token":"123"}"#, "0/custom,",
            #"0/custom,{"token":"abc"}"#, "0/random", "0/,", #"0{"sid":"wZX3oN0bSVIhsaknAAAI"}"#,
            "1", "1/admin,", "1/custom", #"4{"message":"Not authorized"}"#, #"4/random,{"message":"Invalid namespace"}"#,
            #"2["foo"]"#, #"2/admin,["bar"]"#, #"212["foo"]"#, #"3/admin,13["bar"]"#, "312[]",
            #"2["message",1,"2",{"3":[true]}]"#, #"2456["message-with-ack",1,"2",{"3":[false]}]"#,
            #"3456[1,"2",{"3":[false]}]"#, #"2["auth",{}]"#, #"2/custom,["auth",{"token":"abc"}]"#,
            #"51-["baz",{"_placeholder":true,"num":0}]"#,
            #"52-/admin,["baz",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#,
            #"61-15["bar",{"_placeholder":true,"num":0}]"#, #"61-/admin,1[{"_placeholder":true,"num":0}]"#,
            #"52-789["message-with-ack",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#,
            "abc", #"2{}"#, #"2abc["message-with-ack",1,"2",{"3":[false]}]"#, #"2/admin,1["tellme"]"#,
            #"2[1.5e-7,-0,1e21,"\u00e9\n"]"#, "0/\u{301}é,{\"ü\":\"😀\"}", "2/ns\u{1E},[\"\u{301}\"]",
        ]
    )
}
