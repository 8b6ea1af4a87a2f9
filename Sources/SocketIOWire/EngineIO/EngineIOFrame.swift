import Foundation

/// The content of one WebSocket data frame carrying one Engine.IO packet.
///
/// engine.io-protocol §Packet encoding, WebSocket: each packet gets its own frame; string
/// packets go in text frames (`4hello`) and binary messages in binary frames, as is.
public enum EngineIOFrame: Sendable, Hashable, CustomStringConvertible {
    /// A text frame holding `<type digit>[data]`.
    case text(String)
    /// A binary frame holding a binary message's raw bytes, with no type prefix.
    case binary(Data)

    /// The frame for display: text as is, binary as lower-case hex in angle brackets.
    public var description: String {
        switch self {
        case .text(let text): text
        case .binary(let data): "<binary \(data.map { String($0, radix: 16).leftPadded(to: 2) }.joined())>"
        }
    }
}

extension String {
    /// Pads with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
