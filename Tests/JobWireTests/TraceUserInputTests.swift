import Foundation
import Testing
import SocketIOWire
@testable import JobWire

/// The `user.input` kind (Docs/TRACE.md): the user's presses read with their fields, written
/// back canonically, and refused with the field named when one is wrong.
struct TraceUserInputTests {
    static let header = TraceHeader(roles: [.client, .worker])

    private func event(_ line: String) throws(InputError) -> TraceEvent {
        try TraceEvent(json: try! JSONParser.parse(line), header: Self.header, file: "t.jsonl", line: 2)
    }

    @Test func aCloseRequestChoiceIsReadAndWrittenBack() throws {
        let line = #"{"ts":5,"actor":"client","id":"c-1","kind":"user.input","input":"closeRequest","req":"R-1","choices":["happy","unhappy"],"choice":"unhappy"}"#
        let read = try event(line)
        guard case .userInput(let input) = read.body else { Issue.record("not a user input"); return }
        #expect(input == UserInputRecord(input: UserInputName.closeRequest, req: "R-1", choices: ["happy", "unhappy"], choice: "unhappy"))
        #expect(TraceEncoder(header: Self.header).line(read) == line + "\n")
    }

    @Test func anOkNamesItsAlert() throws {
        let read = try event(#"{"ts":5,"actor":"worker","id":"w-1","kind":"user.input","input":"ok","alert":"acceptSuccess","req":9}"#)
        guard case .userInput(let input) = read.body else { Issue.record("not a user input"); return }
        #expect(input.input == "ok" && input.alert == "acceptSuccess" && input.req == "9")
    }

    @Test(arguments: [
        (#"{"ts":1,"actor":"client","id":"c-1","kind":"user.input"}"#, "input"),
        (#"{"ts":1,"actor":"client","id":"c-1","kind":"user.input","input":"closeRequest","choices":"happy"}"#, "choices"),
        (#"{"ts":1,"actor":"client","id":"c-1","kind":"user.input","input":"ok","alert":3}"#, "alert"),
    ])
    func aWrongFieldIsNamed(_ line: String, _ field: String) {
        do {
            _ = try event(line)
            Issue.record("read \(line)")
        } catch {
            #expect(error.line == 2 && error.field == field, "\(error)")
        }
    }
}
