import Foundation
import SocketIONIO
import SocketIOWire

/// The app of `Interop/python_server.py` (the official testee's, plus a few events) on our server.
enum InteropApp {
    /// The namespaces that accept connections; every other one is refused by the server.
    static let namespaces = ["/", "/custom"]

    /// Installs the handlers of every namespace in ``namespaces``, logging connects and disconnects.
    static func install(on server: SocketIOServer, log: InteropEventLog) {
        for name in namespaces {
            server.namespace(name).onConnection { socket in
                let eioSID = JSONValue.string(socket.engineIOSessionID)
                log.put(["event": "connect", "namespace": .string(name), "eio_sid": eioSID, "sid": .string(socket.id), "auth": .object(socket.auth)])
                socket.onDisconnect { reason in
                    log.put(["event": "disconnect", "namespace": .string(name), "eio_sid": eioSID, "reason": .string(reason.description)])
                }
                handle(socket)
                // onConnection runs after the CONNECT reply was handed to Engine.IO: `40...` goes first.
                socket.emit("auth", SocketIOValue(.object(socket.auth)))
            }
        }
    }

    private static func handle(_ socket: SocketIOServerSocket) {
        socket.on("message") { arguments, _ in
            socket.emit("message-back", arguments: arguments)
        }
        socket.on("message-with-ack") { arguments, ack in
            ack?.send(arguments)
        }
        socket.on("ask-me") { arguments, _ in
            socket.emit("question", arguments: arguments) { answer in
                socket.emit("answer-received", arguments: answer)
            }
        }
        socket.on("binary-please") { _, _ in
            socket.emit("binary-from-server", .binary(Data([1, 2, 3])), ["nested": .binary(Data([0xFF])), "text": "bytes"])
        }
        socket.on("disconnect-me") { _, _ in
            socket.disconnect()
        }
    }
}
