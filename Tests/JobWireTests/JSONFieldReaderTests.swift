import Testing
@testable import JobWire
import SocketIOWire

/// The one JSON field reader: its vocabulary's messages, its reading of null, and the contexts
/// that turn a problem into each input's error.
struct JSONFieldReaderTests {
    struct Problem: Error, Equatable, CustomStringConvertible {
        var field: String
        var message: String
        var description: String { "\(field): \(message)" }
    }

    struct PlainContext: JSONFieldContext {
        func failure(at path: JSONFieldPath, _ message: String) -> Problem { Problem(field: path.description, message: message) }
    }

    typealias Reader = JSONFieldReader<PlainContext>

    private func reader(_ json: String, null: JSONNullReading = .value) -> Reader {
        Reader(JSONValue.parsing(json).objectValue!, at: "input", in: PlainContext(), null: null)
    }

    /// The problem `read` meets in `json`, as `field: message`, or nil when it reads.
    private func problem(_ json: String, null: JSONNullReading = .value, _ read: (Reader) throws(Problem) -> Void) -> String? {
        do {
            try read(reader(json, null: null))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func absentMembersAreRequiredAndNamedByPath() {
        #expect(problem(#"{}"#) { r throws(Problem) in _ = try r.string("name") } == "input.name: is required")
        #expect(problem(#"{}"#) { r throws(Problem) in _ = try r.id("ReqID") } == "input.ReqID: is required")
        #expect(problem(#"{}"#) { r throws(Problem) in _ = try r.optionalString("name") } == nil)
        #expect(problem(#"{"a":{"b":{}}}"#) { r throws(Problem) in _ = try r.nested("a").nested("b").integer("c") } == "input.a.b.c: is required")
    }

    @Test func wrongTypesNameTheTypeFound() {
        #expect(problem(#"{"name":5}"#) { r throws(Problem) in _ = try r.string("name") } == "input.name: expected a non-empty string, found a number")
        #expect(problem(#"{"name":""}"#) { r throws(Problem) in _ = try r.string("name") } == "input.name: expected a non-empty string, found a string")
        #expect(problem(#"{"name":""}"#) { r throws(Problem) in _ = try r.string("name", allowingEmpty: true) } == nil)
        #expect(problem(#"{"on":"true"}"#) { r throws(Problem) in _ = try r.bool("on") } == "input.on: expected true or false, found a string")
        #expect(problem(#"{"o":[]}"#) { r throws(Problem) in _ = try r.object("o") } == "input.o: expected an object, found an array")
        #expect(problem(#"{"a":{}}"#) { r throws(Problem) in _ = try r.array("a") } == "input.a: expected an array, found an object")
        #expect(problem(#"{"s":["a",""]}"#) { r throws(Problem) in _ = try r.strings("s") } == "input.s[1]: expected a non-empty string, found a string")
    }

    @Test func wholeNumbersMayBeWrittenWithAZeroFraction() throws {
        #expect(try reader(#"{"n":3.0}"#).integer("n") == 3)
        #expect(problem(#"{"n":3.5}"#) { r throws(Problem) in _ = try r.integer("n") } == "input.n: expected a whole number, found 3.5")
        #expect(problem(#"{"n":"3"}"#) { r throws(Problem) in _ = try r.integer("n") } == "input.n: expected a whole number, found a string")
        #expect(problem(#"{"n":0}"#) { r throws(Problem) in _ = try r.integer("n", minimum: 1) } == "input.n: 0 is below 1")
        #expect(problem(#"{"n":-1}"#) { r throws(Problem) in _ = try r.integer("n") } == "input.n: -1 is below 0", "counts and times are never negative unless said")
        #expect(problem(#"{"n":31}"#) { r throws(Problem) in _ = try r.integer("n", in: 0...30) } == "input.n: 31 is outside 0 ... 30")
    }

    @Test func numbersAreCheckedAgainstTheirRange() throws {
        #expect(try reader(#"{"lat":-90}"#).number("lat", in: -90...90) == -90)
        #expect(problem(#"{"lat":90.5}"#) { r throws(Problem) in _ = try r.number("lat", in: -90...90) } == "input.lat: 90.5 is outside -90 ... 90")
        #expect(problem(#"{"km":-1}"#) { r throws(Problem) in _ = try r.number("km", minimum: 0) } == "input.km: -1 is below 0")
        #expect(problem(#"{"km":"5"}"#) { r throws(Problem) in _ = try r.number("km") } == "input.km: expected a number, found a string")
    }

    @Test func choicesShowWhatWasFoundAsWritten() {
        #expect(problem(#"{"c":"wifi"}"#) { r throws(Problem) in _ = try r.choice("c", ["online", "offline"]) } == "input.c: expected one of online, offline, found \"wifi\"")
        #expect(problem(#"{"c":3}"#) { r throws(Problem) in _ = try r.choice("c", ["online", "offline"]) } == "input.c: expected one of online, offline, found 3")
    }

    /// ELIG-2: a string as written, an integer literal as its digits; nothing else is an id.
    @Test func idsAreReadAsCanonicalText() throws {
        #expect(try reader(#"{"a":9,"b":"09"}"#).id("a") == "9")
        #expect(try reader(#"{"a":9,"b":"09"}"#).id("b") == "09")
        #expect(try reader(#"{"ids":[1,"x"]}"#).ids("ids") == ["1", "x"])
        #expect(problem(#"{"a":9.0}"#) { r throws(Problem) in _ = try r.id("a") } == "input.a: expected a string or an integer id, found a number with a fraction or an exponent")
        #expect(problem(#"{"a":true}"#) { r throws(Problem) in _ = try r.id("a") } == "input.a: expected a string or an integer id, found a boolean")
        #expect(problem(#"{"a":""}"#) { r throws(Problem) in _ = try r.id("a") } == "input.a: is empty")
        #expect(try reader(#"{"a":""}"#).id("a", allowingEmpty: true) == "")
        #expect(problem(#"{"ids":[1,1.5]}"#) { r throws(Problem) in _ = try r.ids("ids") } == "input.ids[1]: expected a string or an integer id, found a number with a fraction or an exponent")
        #expect(problem(#"{"ids":"1"}"#) { r throws(Problem) in _ = try r.optionalIDs("ids") } == "input.ids: expected an array of ids, found a string")
        #expect(JSONValue.int(9).idText == "9" && JSONValue.string("").idText == nil && JSONValue.double(9).idText == nil)
        #expect(problem(#"{"a":1e1}"#) { r throws(Problem) in _ = try r.id("a") } == "input.a: expected a string or an integer id, found a number with a fraction or an exponent")
    }

    /// ELIG-2: an integer id of any size is its digits; ids are equal only when their Unicode
    /// scalars are, where Swift's `String` equality would join canonically-equivalent spellings.
    @Test func idsKeepTheirDigitsAndScalars() throws {
        #expect(try reader(#"{"a":1180591620717411303424,"b":-18446744073709551616}"#).id("a") == "1180591620717411303424")
        #expect(try reader(#"{"a":1180591620717411303424,"b":-18446744073709551616}"#).id("b") == "-18446744073709551616")
        #expect(CanonicalID(json: .bigInt("1180591620717411303425")) != CanonicalID("1180591620717411303424"))
        let precomposed = CanonicalID("caf\u{e9}"), decomposed = CanonicalID("cafe\u{301}")
        #expect(precomposed.text == decomposed.text, "Swift's String equality joins them; CanonicalID must not")
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(CanonicalID("\u{1d518}") == CanonicalID(json: .string("\u{1d518}")))
        #expect(problem(#"{"n":99999999999999999999}"#) { r throws(Problem) in _ = try r.integer("n", in: 0...2_147_483_647) } == "input.n: 99999999999999999999 is outside 0 ... 2147483647")
    }

    /// Docs/PROTOCOL.md: null is a value, allowed only where a field says "or null".
    @Test func nullIsAValueUnlessTheReaderReadsItAsAbsent() throws {
        #expect(problem(#"{"name":null}"#) { r throws(Problem) in _ = try r.optionalString("name") } == "input.name: expected a non-empty string, found null")
        #expect(problem(#"{"name":null}"#) { r throws(Problem) in _ = try r.string("name") } == "input.name: expected a non-empty string, found null")
        #expect(try reader(#"{"name":null}"#).required("name") == .null)
        #expect(reader(#"{"name":null}"#).has("name"))

        #expect(try reader(#"{"name":null}"#, null: .absent).optionalString("name") == nil)
        #expect(problem(#"{"name":null}"#, null: .absent) { r throws(Problem) in _ = try r.string("name") } == "input.name: is required")
        #expect(!reader(#"{"name":null}"#, null: .absent).has("name"))

        // One "or null" member of an input that otherwise reads null as a value (ELIG-2's expertSource).
        let profile = reader(#"{"expertSource":null,"maxKms":null}"#)
        #expect(try profile.readingNull(as: .absent).optionalID("expertSource") == nil)
        #expect(problem(#"{"expertSource":null,"maxKms":null}"#) { r throws(Problem) in _ = try r.optionalNumber("maxKms") } == "input.maxKms: expected a number, found null")
    }

    @Test func unknownMembersAreRefusedByName() {
        #expect(problem(#"{"timeoutMS":5}"#) { r throws(Problem) in try r.refuseUnknownKeys(allowing: ["timeoutMs", "retainMs"]) }
            == "input.timeoutMS: is not a member here; expected one of retainMs, timeoutMs")
    }

    @Test func pathsReadAsTheyAreWritten() {
        let path = JSONFieldPath("steps[2]").appending("body").appending("items").appending(index: 0).appending("id")
        #expect(path.description == "steps[2].body.items[0].id")
        #expect(path.components == ["steps", "2", "body", "items", "0", "id"])
        #expect(JSONFieldPath(components: ["cases", "3", "expect"]).description == "cases[3].expect")
        #expect(JSONFieldPath().appending("ts").description == "ts")
    }

    /// A trace line's errors show short values (Docs/TRACE.md) and read null as absent.
    @Test func traceFieldsNameTheFileLineAndValue() throws {
        let fields = TraceFields(JSONValue.parsing(#"{"ts":"soon","req":null}"#).objectValue!, file: "trace.jsonl", line: 5)
        do {
            _ = try fields.integer("ts")
            Issue.record("a string ts was read")
        } catch {
            #expect(error.description == #"trace.jsonl:5: ts: expected a whole number, found a string ("soon")"#)
        }
        #expect(try fields.optionalID("req") == nil)
    }
}
