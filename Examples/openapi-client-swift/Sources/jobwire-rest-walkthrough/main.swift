import Foundation
import JobWireRESTClient

// Runs DispatchWalkthrough against the backend at the URL given (default: `jobwire broker`'s
// http://127.0.0.1:3000) and prints each answer; exits 1 when an answer is not the expected one.
let address = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:3000"
guard let serverURL = URL(string: address) else {
    FileHandle.standardError.write(Data("jobwire-rest-walkthrough: \(address) is not a URL\n".utf8))
    exit(2)
}
let walkthrough = DispatchWalkthrough(client: .jobWire(serverURL: serverURL))
let stamp = Int(Date().timeIntervalSince1970)
do {
    let outcome = try await walkthrough.run(clientID: "c-\(stamp)", winnerID: "w-\(stamp)-a", rivalID: "w-\(stamp)-b")
    print("posted \(outcome.reqID) at \(outcome.createdAt)")
    print("getJobs listed \(outcome.jobs.map(\.ReqID))")
    print("WorkerAccept won \(outcome.accepted.reqID) (\(outcome.accepted.status))")
    let error = outcome.lostRace.error
    print("the rival's WorkerAccept: 409 \(error.code.rawValue): \(error.message)")
    print("state before: \(outcome.open.status.rawValue), winner \(outcome.open.workerId?.description ?? "null")")
    print("state after: \(outcome.won.status.rawValue), winner \(outcome.won.workerId?.description ?? "null"), apply by \(outcome.won.apply?.workerName ?? "null")")
    print("the client's history: \(outcome.history.map { "\($0.ReqID) \($0.status.rawValue)" })")
} catch {
    FileHandle.standardError.write(Data("jobwire-rest-walkthrough: \(error)\n".utf8))
    exit(1)
}
