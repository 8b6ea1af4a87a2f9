import SocketIOWire
/// placeholder
public enum JobWireVersion { public static let string = "0.1.0" }
