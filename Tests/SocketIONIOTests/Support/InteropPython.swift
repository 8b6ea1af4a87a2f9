import Foundation

/// The Python interpreter the interop tests run, from `JOBWIRE_PYTHON`, and the scripts beside these tests.
///
/// `./Scripts/test` sets `JOBWIRE_PYTHON` to the project's virtualenv, where
/// `Scripts/requirements-test.txt` installed python-socketio, python-engineio and aiohttp.
/// Without it the interop tests fail with ``InteropSetupError``: they never skip silently.
enum InteropPython {
    /// The folder holding `python_server.py` and `python_client.py`.
    static let scriptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Interop")

    /// The reference server script.
    static var serverScript: URL { scriptsFolder.appendingPathComponent("python_server.py") }
    /// The python-socketio client check script.
    static var clientScript: URL { scriptsFolder.appendingPathComponent("python_client.py") }

    /// The interpreter, checked once per test process: it must exist and import socketio, engineio and aiohttp.
    static func interpreter(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        guard let path = environment["JOBWIRE_PYTHON"], !path.isEmpty else {
            throw InteropSetupError(
                "JOBWIRE_PYTHON is not set. The Socket.IO interop tests need a Python with python-socketio; "
                    + "run the tests through ./Scripts/test, or set JOBWIRE_PYTHON to a Python where "
                    + "`pip install -r Scripts/requirements-test.txt` was run."
            )
        }
        if let verdict = checked.withLock({ $0[path] }) { return try verdict.get() }
        let verdict = Result { try check(path) }
        checked.withLock { $0[path] = verdict }
        return try verdict.get()
    }

    private static let checked = LockedValue<[String: Result<String, any Error>]>([:])

    private static func check(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "import socketio, engineio, aiohttp"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw InteropSetupError("JOBWIRE_PYTHON=\(path) cannot be run: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw InteropSetupError(
                "JOBWIRE_PYTHON=\(path) lacks python-socketio, python-engineio or aiohttp "
                    + "(run `\(path) -m pip install -r Scripts/requirements-test.txt`): "
                    + String(decoding: data, as: UTF8.self)
            )
        }
        return path
    }
}

/// The interop tests cannot run because the Python side is missing; the message says how to fix it.
struct InteropSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A value behind a lock, for test-process-wide caches.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
