/// Makes the random ids of Engine.IO sessions and Socket.IO sockets.
///
/// Like the reference's `base64id`: 15 random bytes as 20 characters of URL-safe base64, e.g.
/// `lv_VI97HAXpY6yYWAAAC`.
enum EngineIOSessionID {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// A new random id of 20 URL-safe characters.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [Character] = []
        characters.reserveCapacity(20)
        for _ in 0..<5 {
            let chunk = UInt32.random(in: 0..<(1 << 24), using: &generator)
            for shift in stride(from: 18, through: 0, by: -6) {
                characters.append(alphabet[Int(chunk >> UInt32(shift) & 0x3F)])
            }
        }
        return String(characters)
    }
}
