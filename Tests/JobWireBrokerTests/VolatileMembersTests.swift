import JobWire
import SocketIOWire
import Testing

@testable import JobWireBroker

/// The members `jobwire replay` and `jobwire broker --replay` leave out of a comparison with the
/// recording: timestamps at any depth, a `--volatile` path from the root, a bare name at any
/// depth, and never an id.
struct VolatileMembersTests {
    @Test func aTimestampIsLeftOutAtAnyDepthByItsName() {
        let members = VolatileMembers()
        for path: JSONFieldPath in ["ts", "profile.createdAt", "items[2].sentAt", "slot.pickupTime", "job.dueDate", "TimeStamp", "a.b.date"] {
            #expect(members.leavesOut(path), "\(path) kept")
        }
        for path: JSONFieldPath in ["format", "profile.stat", "items[2]", "Delay", "update"] {
            #expect(!members.leavesOut(path), "\(path) left out")
        }
        #expect(!members.leavesOut(JSONFieldPath()))
    }

    @Test func aPathNamesOneMemberFromTheRoot() {
        let members = VolatileMembers(["profile.phone", "items[0].note"])
        #expect(members.leavesOut("profile.phone"))
        #expect(members.leavesOut("items[0].note"))
        #expect(!members.leavesOut("phone"))
        #expect(!members.leavesOut("user.profile.phone"))
        #expect(!members.leavesOut("items[1].note"))
    }

    @Test func aBareNameNamesThatMemberAtAnyDepth() {
        let members = VolatileMembers(["email"])
        for path: JSONFieldPath in ["email", "user.email", "users[3].email"] {
            #expect(members.leavesOut(path), "\(path) kept")
        }
        #expect(!members.leavesOut("emails"))
        #expect(!members.leavesOut("user"))
        #expect(!members.leavesOut("email[0]"))
    }

    @Test func anIDLikeMemberIsNotVolatile() {
        let members = VolatileMembers(["profile.phone"])
        for path: JSONFieldPath in ["ReqID", "userId", "_id", "xid", "token", "job.workerId", "BlockedXPIds"] {
            #expect(!members.leavesOut(path), "\(path) left out")
        }
    }

    @Test func replayAndBrokerReplayLeaveOutTheSameMembers() {
        let volatile = VolatileMembers(["Delay", "profile.phone"])
        let recorded: JSONValue = ["Delay": 0, "profile": ["phone": "1", "createdAt": 5, "name": "A"], "items": [["sentAt": 1, "Delay": 2]], "xid": "x-1"]
        let same: JSONValue = ["Delay": 9, "profile": ["phone": "2", "createdAt": 6, "name": "A"], "items": [["sentAt": 3, "Delay": 4]], "xid": "x-1"]
        let other: JSONValue = ["Delay": 9, "profile": ["phone": "2", "createdAt": 6, "name": "B"], "items": [["sentAt": 3, "Delay": 4]], "xid": "x-2"]
        let comparison = ReplayComparison(volatile: volatile)
        #expect(comparison.differences(recorded: recorded, replayed: same, ids: ReplayIDMap()).isEmpty)
        #expect(ReplayMatcher.differences(recorded, same, volatile: volatile) == 0)
        #expect(comparison.differences(recorded: recorded, replayed: other, ids: ReplayIDMap()) == [#"profile.name: recorded "A", replayed "B""#, #"xid: recorded "x-1", replayed "x-2""#])
        #expect(ReplayMatcher.differences(recorded, other, volatile: volatile) == 2)
    }
}
