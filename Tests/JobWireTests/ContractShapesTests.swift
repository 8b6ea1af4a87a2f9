import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// The contract shapes judge with the texts the MSG and REST rules report, emit JSON Schema that
/// says the same, and name only requirements PROTOCOL.md has.
struct ContractShapesTests {
    @Test func everyRequirementAShapeNamesIsInProtocolMD() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        for shape in ContractShapes.allShapes {
            let ids = shape.requirements + shape.fields.map(\.requirement) + (shape.objectRequirement.map { [$0] } ?? [])
            for id in ids { #expect(catalog[id] != nil, "\(shape.name) names \(id), which PROTOCOL.md does not have") }
        }
        #expect(Set(ContractShapes.allShapes.map(\.name)).count == ContractShapes.allShapes.count, "two shapes share a name")
    }

    @Test func aNewPayloadIsJudgedFieldByFieldInTheDocumentsOrder() {
        let payload = JSONValue.parsing(#"{"ReqID":"R-1","CatID":9.5,"exclusive":"0","lat":95,"lng":0,"BlockedXP":["w-1",null],"Delay":-1,"clientName":"Ana","address":"","category":"c","description":"d","createdAt":"2026-02-30 10:00"}"#)
        let problems = PayloadShape.new(payload.objectValue!)
        #expect(problems.map(\.text) == [
            "`CatID` is 9.5, not an id (a non-empty string or an integer)", "`lat` is 95, outside -90 ... 90",
            "`BlockedXP[1]` is null, not an id (a non-empty string or an integer)", "`Delay` is -1, not a whole number of seconds from 0 to 2147483647",
            "`address` is an empty string", "`createdAt` is \"2026-02-30 10:00\", not an ISO 8601 date-time",
        ])
        #expect(problems.map(\.requirement.rawValue) == ["MSG-4", "MSG-4", "MSG-5", "MSG-6", "MSG-7", "MSG-7"])
    }

    @Test func aClosesCallerIdIsTheKindItsByNamesInTheCheckAndInTheSchema() {
        let body = JSONValue.parsing(#"{"outcome":"happy","by":"worker","clientId":"c-1"}"#)
        #expect(PayloadShape.malformedField(.close, body: body, worker: nil)?.text == "`clientId` does not go with the close's `by`")
        let schema = ContractShapes.closeBody.schema
        #expect(schema["if"]?["properties"]?["by"]?["const"] == "worker")
        #expect(schema["then"]?["properties"]?["clientId"]?["not"] == .object([:]))
        #expect(schema["else"]?["properties"]?["workerId"]?["not"] == .object([:]))
        #expect(schema["properties"]?["clientId"] == nil, "the caller ids are only in the conditional branches")
    }

    @Test func everyMemberSchemaCarriesItsRequirementAndObjectsStayOpen() {
        for shape in ContractShapes.allShapes {
            let schema = shape.schema
            #expect(schema["additionalProperties"] == true, "\(shape.name) closes its object, against MSG-12")
            for member in schema["properties"]?.objectValue?.members ?? [] {
                #expect(member.value["x-requirement"]?.stringValue != nil, "\(shape.name).\(member.key) has no x-requirement")
            }
        }
    }

    @Test(arguments: ProtocolEvent.allCases)
    func theExamplePayloadOfAnEventIsWellFormed(_ event: ProtocolEvent) throws {
        let payload = try #require(ContractShapes.example(of: event).payload.objectValue)
        #expect(ContractShapes.payload(event).problems(payload).isEmpty)
        let message = AsyncAPIDocument.json()["components"]?["messages"]?[event.rawValue]
        #expect(message?["examples"]?.arrayValue?.first?["payload"] == JSONValue.object(payload).sortingKeys)
    }

    @Test(arguments: ["2026-01-01T09:30:00Z", "2026-01-01T09:30:00.250Z", "2026-01-01t10:30:00+01:00", "2026-01-01T09:30:00", "2026-13-01T09:30:00Z", "2026-01-01T09:30:00.Z", "2026-01-01T24:00:00Z", "2026-01-01T09:30:60Z"])
    func theDateTimePatternAcceptsWhatTheCheckerReads(_ text: String) throws {
        let pattern = try Regex(FieldKind.dateTimePattern)
        #expect((text.wholeMatch(of: pattern) != nil) == (ISO8601Time.milliseconds(text) != nil), "\(text)")
    }
}
