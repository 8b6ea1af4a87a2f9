/// SwiftNIO transports for Engine.IO v4 and Socket.IO v5: long-polling, WebSocket,
/// upgrade and heartbeat. Filled by the Socket.IO transport work (issue 3); the module
/// exists now so the package layout of DESIGN.md is settled.
public enum SocketIONIO {}
