import SocketIOWire
import Testing
@testable import JobWire

/// The task API's shapes (ContractShapes+Tasks) are what the TASK rules read: TASK-9's field
/// paths, each member under the id of the rule that reports it, and the same verdict in the schema.
struct TaskShapesTests {
    @Test func aTaskBodyIsJudgedWithTheFieldPathsABadRequestNames() {
        let body = JSONValue.parsing(
            #"{"category":9,"image":["https://a.example/1.png","ftp://b"],"dates":[{"start":"2026-01-02T10:00:00Z","end":"2026-01-02T09:00:00Z"}],"address":"1 Main St","location":{"lat":95,"lng":0},"maxBudget":null,"estimatedDuration":2.5}"#)
        #expect(TaskBodyCheck.problems(body) == ["Description", "image[1]", "dates[0].end", "location.lat", "estimatedDuration"])
        #expect(TaskBodyCheck.problems(.array([])) == ["body"])
        let valid = JSONValue.parsing(
            #"{"category":"c","Description":"Fix","image":["http://a.example/1.png"],"dates":[{"start":"2026-01-02T09:00:00Z","end":"2026-01-02T10:00:00Z"}],"address":"1 Main St","location":{"lat":-90,"lng":180},"estimatedDuration":30.0}"#)
        #expect(TaskBodyCheck.problems(valid).isEmpty)
    }

    /// The ids each call's answer members report under (besides REST-1's `ok`): the rules that read them.
    static let answerIDs: [(TaskCallKind, Set<RequirementID>)] = [
        (.userExists, ["TASK-1"]), (.signUp, ["TASK-2"]), (.logIn, ["TASK-3"]), (.createTask, ["TASK-8", "TASK-25"]), (.listTasks, ["TASK-14", "TASK-8"]),
        (.candidates, ["TASK-15"]), (.review, ["TASK-17", "TASK-18"]), (.contractor, ["TASK-23"]), (.me, ["TASK-19"]), (.deleteMe, []),
    ]

    @Test(arguments: answerIDs)
    func anAnswersMembersReportUnderTheRulesThatReadThem(_ call: TaskCallKind, _ ids: Set<RequirementID>) {
        let shape = ContractShapes.taskAnswer(call)
        var found = Set<RequirementID>()
        func collect(_ shape: MessageShape) {
            for field in shape.fields where field.name != "ok" {
                found.insert(field.requirement)
                if let nested = field.kind.nestedShape { collect(nested) }
            }
        }
        collect(shape)
        #expect(found == ids, "\(shape.name)")
        #expect(shape.fields.first?.name == "ok" && shape.objectRequirement == "REST-1", "\(shape.name) is an answer: `ok` and no object are REST-1's")
    }

    @Test func anAccountWithoutCategoriesBreaksTASK19InTheCheckAndTheSchema() {
        let answer = JSONValue.parsing(#"{"ok":true,"user":{"userId":"U-1","email":"a@b.c","name":null,"phoneNumber":null,"image":null,"contractor":false,"rating":null}}"#)
        let problems = ContractShapes.taskAnswerProblems(.me, answer)
        #expect(problems.map(\.text) == ["`user.categories` is missing"])
        #expect(problems.map(\.requirement) == ["TASK-19"])
        #expect(ContractShapes.user.schema["required"]?.arrayValue?.contains("categories") == true)
    }

    @Test func aBadRequestWithoutItsFieldIsRefusedByTheSchemaAsByTheCheck() {
        let error = JSONValue.parsing(#"{"code":"bad_request","message":"no"}"#).objectValue!
        #expect(ContractShapes.errorObject.problems(error).map(\.requirement) == ["REST-7"])
        #expect(ContractShapes.errorObject.schema["then"]?["required"] == ["field"])
    }
}
