import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The state and history reads' answers judged as shapes (`jobwire spec shapes`): their members as
/// RESTStateReads reads them, and the payloads they hold as the payloads they are, under the ids
/// the documents' `$ref`s give them.
struct NestedShapeTests {
    static let new = #"{"ReqID":"R-1","CatID":"9","exclusive":"0","lat":40,"lng":-3,"clientName":"Ana","address":"Calle 1","category":"c","description":"d","createdAt":"2026-01-01T09:30:00Z"}"#

    @Test func aWellFormedStateHasNoProblemOpenOrWon() {
        let open = JSONValue.parsing(#"{"ok":true,"request":{"ReqID":"R-1","clientId":"c-1","status":"open","workerId":null,"new":\#(Self.new),"apply":null,"end":null}}"#)
        #expect(ContractShapes.getRequestAnswer.nestedProblems(open.objectValue!).isEmpty)
        let apply = #"{"ReqID":"R-1","workerId":"w-1","workerName":"Luis","workerAvatar":"a.png","workerRating":null,"lat":40,"lng":-3}"#
        let won = JSONValue.parsing(#"{"ok":true,"request":{"ReqID":"R-1","clientId":"c-1","status":"inProgress","workerId":7,"new":\#(Self.new),"apply":\#(apply),"end":null}}"#)
        #expect(ContractShapes.getRequestAnswer.nestedProblems(won.objectValue!).isEmpty)
    }

    @Test func aStatesOwnMembersBreakREST15AndItsPayloadsTheirOwnIds() {
        let new = Self.new.replacingOccurrences(of: #""lat":40"#, with: #""lat":95"#)
        let answer = JSONValue.parsing(#"{"ok":true,"request":{"ReqID":"R-1","clientId":"c-1","status":"done","new":\#(new),"apply":"w-1","end":null}}"#)
        let problems = ContractShapes.getRequestAnswer.nestedProblems(answer.objectValue!)
        #expect(problems.map(\.text) == [
            "`request.status` is \"done\", not one of \"open\", \"inProgress\", \"cancelled\", \"closed\"",
            "`request.new.lat` is 95, outside -90 ... 90", "`request.apply` is a string, not an object",
        ])
        // The `new` is a `new` payload (MSG-4); a value that is no object is no payload at all (MSG-1).
        #expect(problems.map(\.requirement.rawValue) == ["REST-15", "MSG-4", "MSG-1"])
        // The shallow judgement RESTStateReads starts with sees only the state's own members.
        #expect(ContractShapes.requestState.problems(answer["request"]!.objectValue!).map(\.field) == ["status", "apply"])
    }

    @Test func aHistoryEntryBreaksREST16() {
        let answer = JSONValue.parsing(#"{"ok":true,"requests":[{"ReqID":"R-1","status":"open","new":\#(Self.new),"apply":null,"end":null},"R-2"]}"#)
        let problems = ContractShapes.listRequestsAnswer.nestedProblems(answer.objectValue!)
        #expect(problems.map(\.text) == ["`requests[0].clientId` is missing", "`requests[1]` is a string, not an object"])
        #expect(problems.map(\.requirement.rawValue) == ["REST-16", "REST-16"])
    }

    @Test func theVerdictOfAStateReadIsTheNestedJudgement() {
        let answer = JSONValue.parsing(#"{"ok":true,"request":{"ReqID":"R-1","clientId":"c-1","status":"open","new":\#(Self.new),"apply":null}}"#)
        #expect(ShapeVerdicts.answerVerdict(.getRequest, status: 200, body: answer) == ["REST-15"])
        #expect(ShapeVerdicts.answerVerdict(.getRequest, status: 200, body: .parsing(#"{"ok":false}"#)) == ["REST-1"])
        #expect(ShapeVerdicts.answerVerdict(.listRequests, status: 200, body: .parsing(#"{"ok":true,"requests":[]}"#)).isEmpty)
    }
}
