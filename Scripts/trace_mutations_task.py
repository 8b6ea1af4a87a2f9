"""The bad traces of the HandyFriends task API (Scripts/generate_traces.py): the session of
Scripts/trace_task_scenarios.py with one answer changed (and, where a backend would change more,
what follows from it), tripping exactly the TASK rule named. Python 3.11, standard library only."""

from __future__ import annotations

from trace_scenarios import failure, iso, ok
from trace_task_scenarios import DAY, answer, concurrent_reviews, record_call, stale_list, stale_read, tasks


def status(c, tag: str, code: int, body: dict) -> None:
    """Answers call `tag` with `code` and `body`, on both sides."""
    for half in ("bresp", "resp"):
        c.find(f"{tag}.{half}").update(status=code, body=body)


def sent(c, tag: str) -> dict:
    """The body call `tag` sent, on both sides: the app's request and the backend's share it after this."""
    body = dict(c.find(f"{tag}.breq")["body"])
    for half in ("breq", "req"):
        c.find(f"{tag}.{half}")["body"] = body
    return body


def unlist(c, object_id: str) -> None:
    """Leaves a task that was never created out of the last task list."""
    body = answer(c, "list.remembered")
    body["tasks"] = [task for task in body["tasks"] if task["objectId"] != object_id]


def unwrite(c, tag: str, object_id: str, **members) -> None:
    """Gives task `object_id` `members` in every answer after call `tag`'s (tasks, lists, a
    contractor's past work): a backend that refused that call kept them as they were (TASK-8)."""
    after = c.find(f"{tag}.bresp")["ts"]

    def fixed(value):
        if isinstance(value, list):
            return [fixed(item) for item in value]
        if not isinstance(value, dict):
            return value
        value = {key: fixed(item) for key, item in value.items()}
        if value.get("objectId") == object_id:
            value.update({key: item for key, item in members.items() if key in value})
        return value

    copies: dict[int, dict] = {}
    for event in c.events:
        if event["kind"] == "http.response" and event["ts"] > after and isinstance(event.get("body"), dict):
            event["body"] = copies.setdefault(id(event["body"]), fixed(event["body"]))


STANDING = ("status", "contractor", "cancelReason", "updatedAt")
"""The members that say where a task stands, which a task list shows (TASK-14)."""
ABSENT = object()
"""A standing member a task lacks."""


def standing(task: dict) -> dict:
    """Where `task` stands: its STANDING members, ABSENT for those it lacks."""
    return {key: task.get(key, ABSENT) for key in STANDING}


def standing_before(c, tag: str, object_id: str) -> dict:
    """Where task `object_id` stood in the last answer before call `tag`'s."""
    end = c.find(f"{tag}.bresp")["ts"]
    last: dict = {}
    for event in c.in_time_order():
        body = event.get("body")
        if event["kind"] != "http.response" or event["actor"] != "backend" or event["ts"] >= end or not isinstance(body, dict):
            continue
        for task in [body.get("task"), *(body.get("tasks") or [])]:
            if isinstance(task, dict) and task.get("objectId") == object_id and "status" in task:
                last = task
    return standing(last)


def restand(c, tag: str, object_id: str, old: dict, new: dict) -> None:
    """Moves task `object_id` from standing `old` to `new` in every answer after call `tag`'s
    that gives it whole and standing as `old` (its later writes' answers stand otherwise): where a
    changed answer to that call leaves it in a backend with that one fault (TASK-14). Answers
    share their task objects, so each changed answer gets copies."""
    after = c.find(f"{tag}.bresp")["ts"]

    def moved(task):
        if not (isinstance(task, dict) and task.get("objectId") == object_id and "status" in task and standing(task) == old):
            return task
        task = {key: value for key, value in task.items() if new.get(key) is not ABSENT}
        task.update({key: value for key, value in new.items() if value is not ABSENT})
        return task

    copies: dict[int, dict] = {}
    for event in c.events:
        body = event.get("body")
        if event["kind"] != "http.response" or event["ts"] <= after or not isinstance(body, dict):
            continue
        if id(body) not in copies:
            fixed = dict(body)
            if "task" in fixed:
                fixed["task"] = moved(fixed["task"])
            if isinstance(fixed.get("tasks"), list):
                fixed["tasks"] = [moved(task) for task in fixed["tasks"]]
            copies[id(body)] = fixed
        event["body"] = copies[id(body)]


def send_at(c, tag: str, ts: int) -> None:
    """Moves call `tag` to be sent (and received) at `ts`, answered 1 ms later and the answer recorded 2 ms later."""
    for half in ("req", "breq"):
        c.find(f"{tag}.{half}")["ts"] = ts
    c.find(f"{tag}.bresp")["ts"] = ts + 1
    c.find(f"{tag}.resp")["ts"] = ts + 2


def extra_call(c, user: str, method: str, path: str, tag: str, reply: dict, status: int, bearer: str | None) -> None:
    """One more call by `user`'s app, answered just before the trace ends (which moves 100 ms later)."""
    end = c.find("end")
    t = end["ts"]
    end["ts"] = t + 100
    c._xid += 1
    request = {"xid": f"x-{c._xid}", "method": method, "path": path}
    if bearer is not None:
        request["bearer"] = bearer
    record_call(c, t, user, tag, request, status, reply)


def register_task(bad) -> None:
    @bad("task-1-known-email-missing-backend", "backend", ["TASK-1"], "The user-exists query says no account has ANA@EXAMPLE.COM; ana signed up with it.")
    def _():
        c = tasks()
        answer(c, "exists.ana")["exists"] = False
        return c

    @bad("task-1-ghost-email-exists-client", "client", ["TASK-1"], "Seen from the apps: the query says an email the header lists as unknown exists.")
    def _():
        c = tasks()
        answer(c, "exists.ghost")["exists"] = True
        return c

    @bad("task-2-duplicate-sign-up-backend", "backend", ["TASK-2"], "A second sign-up with ana's email, in other case, succeeds.")
    def _():
        c = tasks()
        status(c, "signup.again", 200, ok())
        return c

    @bad("task-2-no-expiry-backend", "backend", ["TASK-2"], "luis's sign-up answer has no expiresAt.")
    def _():
        c = tasks()
        del answer(c, "luis.signup")["expiresAt"]
        return c

    @bad("task-3-wrong-password-accepted-backend", "backend", ["TASK-3"], "A log-in with a wrong password gets a token.")
    def _():
        c = tasks()
        status(c, "login.wrong", 200, ok(userId="U-1", token="tok-ana-9", expiresAt=iso(c.find("login.wrong.bresp")["ts"] + DAY)))
        return c

    @bad("task-3-right-password-refused-backend", "backend", ["TASK-3"], "The remember-me log-in with ana's password is refused as unauthorized.")
    def _():
        c = tasks()
        status(c, "login.remember", 401, failure("unauthorized", "Wrong email or password"))
        return c

    @bad("task-4-remember-me-ignored-backend", "backend", ["TASK-4"], "The remember-me token lives a day like a plain one, and is refused a day later.")
    def _():
        c = tasks()
        session = answer(c, "login.remember")
        session["expiresAt"] = iso(c.find("login.remember.bresp")["ts"] + DAY)
        status(c, "list.remembered", 401, failure("unauthorized", "The token expired"))
        return c

    @bad("task-4-remembered-token-refused-backend", "backend", ["TASK-4"], "A day later the remember-me token, good for 30 days, is refused.")
    def _():
        c = tasks()
        status(c, "list.remembered", 401, failure("unauthorized", "The token expired"))
        return c

    @bad("task-4-plain-token-announced-short-backend", "backend", ["TASK-4"],
         "The plain log-in announces expiresAt half a day after it, though sessionTtlMs is a day.")
    def _():
        c = tasks()
        answer(c, "login.plain")["expiresAt"] = iso(c.find("login.plain.bresp")["ts"] + DAY // 2)
        return c

    @bad("task-6-no-token-served-backend", "backend", ["TASK-6"], "The task list without a bearer token is answered.")
    def _():
        c = tasks()
        status(c, "list.none", 200, ok(tasks=[]))
        return c

    @bad("task-6-expired-token-served-backend", "backend", ["TASK-6"], "A day later the plain token, expired, is still taken.")
    def _():
        c = tasks()
        status(c, "list.expired", 200, answer(c, "list.remembered"))
        return c

    @bad("task-6-made-up-token-served-backend", "backend", ["TASK-6"], "The task list with a token the header lists as never issued is answered.")
    def _():
        c = tasks()
        status(c, "list.forged", 200, ok(tasks=[]))
        return c

    @bad("task-7-valid-create-refused-backend", "backend", ["TASK-7"], "A valid create of T-3 is refused as a bad_request on Description.")
    def _():
        c = tasks()
        status(c, "create.T-3", 400, {"ok": False, "error": {"code": "bad_request", "message": "?", "field": "Description"}})
        unlist(c, "T-3")
        return c

    @bad("task-7-valid-create-not-eligible-backend", "backend", ["TASK-7"], "A valid create of T-6 is refused as not_eligible.")
    def _():
        c = tasks()
        status(c, "create.T-6", 403, failure("not_eligible", "No"))
        unlist(c, "T-6")
        return c

    @bad("task-8-contractor-omitted-backend", "backend", ["TASK-8"], "The created T-1 has no contractor member instead of null.")
    def _():
        c = tasks()
        del answer(c, "create.T-1")["task"]["contractor"]
        return c

    @bad("task-8-author-not-caller-backend", "backend", ["TASK-8"], "ana creates T-1; the created task names bea's U-2 as its author.")
    def _():
        c = tasks()
        answer(c, "create.T-1")["task"]["author"] = "U-2"
        return c

    @bad("task-8-listed-without-updated-at-backend", "backend", ["TASK-8"], "The task list gives T-2 without updatedAt.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        listed[0] = {k: v for k, v in listed[0].items() if k != "updatedAt"}
        return c

    @bad("task-8-created-with-other-category-backend", "backend", ["TASK-8"], "ana creates T-1 in category 9; the created task answered says category 12.")
    def _():
        c = tasks()
        answer(c, "create.T-1")["task"] = answer(c, "create.T-1")["task"] | {"category": 12}
        return c

    @bad("task-8-completed-with-old-description-backend", "backend", ["TASK-8"],
         "T-1 was edited to \"Fix the tap and the sink\"; the task its completion answers still has the created Description.")
    def _():
        c = tasks()
        created = answer(c, "create.T-1")["task"]["Description"]
        answer(c, "complete.T-1")["task"] = answer(c, "complete.T-1")["task"] | {"Description": created}
        return c

    @bad("task-8-listed-with-other-address-client", "client", ["TASK-8"], "Seen by the client: the task list gives T-1 at another address than it was written with.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        listed[1] = listed[1] | {"address": "Calle Menor 2"}
        return c

    @bad("task-9-wrong-field-backend", "backend", ["TASK-9"], "A create without Description is a bad_request naming category.")
    def _():
        c = tasks()
        answer(c, "create.bad")["error"]["field"] = "category"
        return c

    @bad("task-9-no-field-backend", "backend", ["REST-7", "TASK-9"], "A create without Description is a bad_request naming no field (which REST-7's error body needs).")
    def _():
        c = tasks()
        del answer(c, "create.bad")["error"]["field"]
        return c

    @bad("task-10-updated-at-kept-backend", "backend", ["TASK-10"], "The edit of T-1 answers the updatedAt it had.")
    def _():
        c = tasks()
        task = answer(c, "edit.T-1")["task"]
        task["updatedAt"] = answer(c, "create.T-1")["task"]["updatedAt"]
        return c

    @bad("task-10-valid-edit-refused-backend", "backend", ["TASK-10"], "A valid edit of ana's open T-1 is answered not_found.")
    def _():
        c = tasks()
        restand(c, "edit.T-1", "T-1", standing(answer(c, "edit.T-1")["task"]), standing_before(c, "edit.T-1", "T-1"))
        status(c, "edit.T-1", 404, failure("not_found", "No such task"))
        unwrite(c, "edit.T-1", "T-1", Description=answer(c, "create.T-1")["task"]["Description"])
        return c

    @bad("task-11-cancelled-task-edited-backend", "backend", ["TASK-11"], "The cancelled T-2 is edited with success.")
    def _():
        c = tasks()
        cancelled = answer(c, "cancel.T-2")["task"]
        later = iso(c.find("edit.T-2.bresp")["ts"])
        status(c, "edit.T-2", 200, ok(task=dict(cancelled, updatedAt=later)))
        restand(c, "edit.T-2", "T-2", standing(cancelled), standing(dict(cancelled, updatedAt=later)))
        return c

    @bad("task-11-cancelled-as-closed-backend", "backend", ["TASK-11"], "The edit of the cancelled T-2 is refused as request_closed.")
    def _():
        c = tasks()
        answer(c, "edit.T-2")["error"]["code"] = "request_closed"
        return c

    @bad("task-12-reason-dropped-backend", "backend", ["TASK-12"], "The cancel of T-2 answers the task without its cancelReason.")
    def _():
        c = tasks()
        del answer(c, "cancel.T-2")["task"]["cancelReason"]
        return c

    @bad("task-12-open-task-cancel-refused-backend", "backend", ["TASK-12"], "The cancel of ana's open T-6 is answered not_found.")
    def _():
        c = tasks()
        restand(c, "cancel.T-6", "T-6", standing(answer(c, "cancel.T-6")["task"]), standing_before(c, "cancel.T-6", "T-6"))
        status(c, "cancel.T-6", 404, failure("not_found", "No such task"))
        return c

    @bad("task-13-cancel-after-cutoff-backend", "backend", ["TASK-13"], "Assigned T-5 is cancelled with success after its cut-off.")
    def _():
        c = tasks()
        chosen = answer(c, "choose.T-5")["task"]
        later = iso(c.find("cancel.T-5.bresp")["ts"])
        cancelled = dict(chosen, status="cancelled", cancelReason="plans changed", updatedAt=later)
        restand(c, "cancel.T-5", "T-5", standing_before(c, "cancel.T-5", "T-5"), standing(cancelled))
        status(c, "cancel.T-5", 200, ok(task=cancelled))
        return c

    @bad("task-13-cutoff-before-time-backend", "backend", ["TASK-13"], "Assigned T-4 is refused as cancel_cutoff_passed a day before its cut-off.")
    def _():
        c = tasks()
        restand(c, "cancel.T-4", "T-4", standing(answer(c, "cancel.T-4")["task"]), standing_before(c, "cancel.T-4", "T-4"))
        status(c, "cancel.T-4", 409, failure("cancel_cutoff_passed", "Too late"))
        return c

    @bad("task-14-oldest-first-backend", "backend", ["TASK-14"], "ana's task list gives T-1 before the newer T-2.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        listed.reverse()
        return c

    @bad("task-14-task-missing-client", "client", ["TASK-14"], "Seen from the apps: a day later ana's task list lacks T-3.")
    def _():
        c = tasks()
        unlist(c, "T-3")
        return c

    @bad("task-15-candidate-without-image-backend", "backend", ["TASK-15"], "The candidate for T-1 comes without image.")
    def _():
        c = tasks()
        answer(c, "candidates.T-1")["contractors"] = [{"userId": "U-3", "name": "Luis", "rating": None}]
        return c

    @bad("task-15-candidates-refused-backend", "backend", ["TASK-15"], "The candidates of ana's open T-3 are answered not_found.")
    def _():
        c = tasks()
        status(c, "candidates.T-3", 404, failure("not_found", "No such task"))
        return c

    @bad("task-16-non-candidate-chosen-backend", "backend", ["TASK-16"], "bea, no contractor and not listed, is chosen for T-1 with success.")
    def _():
        c = tasks()
        listed = answer(c, "candidates.T-1")
        assert listed["contractors"][0]["userId"] == "U-3"
        later = iso(c.find("choose.bea.bresp")["ts"])
        status(c, "choose.bea", 200, ok(task=dict(answer(c, "edit.T-1")["task"], status="assigned", contractor="U-2", updatedAt=later)))
        return c

    @bad("task-16-candidate-refused-backend", "backend", ["TASK-16"], "luis, listed as a candidate for T-1, is refused as not_eligible.")
    def _():
        c = tasks()
        status(c, "choose.luis", 403, failure("not_eligible", "No"))
        return c

    @bad("task-17-rating-six-wrong-field-backend", "backend", ["TASK-17"], "A review rating 6 is a bad_request naming review, not rating.")
    def _():
        c = tasks()
        answer(c, "review.6")["error"]["field"] = "review"
        return c

    @bad("task-17-half-rating-not-bad-request-backend", "backend", ["TASK-17"], "A review rating 4.5 is refused as not_eligible, not bad_request.")
    def _():
        c = tasks()
        status(c, "review.4.5", 403, failure("not_eligible", "No"))
        return c

    @bad("task-18-latest-rating-backend", "backend", ["TASK-18"], "After reviews of 4 and 5 luis's rating is 5, the latest, everywhere.")
    def _():
        c = tasks()
        answer(c, "review.bea")["rating"] = 5.0
        answer(c, "profile.luis")["contractor"]["rating"] = 5.0
        answer(c, "me.luis")["user"]["rating"] = 5.0
        return c

    @bad("task-18-first-rating-wrong-backend", "backend", ["TASK-18"], "After luis's first review, of 4, his rating is answered 3.")
    def _():
        c = tasks()
        answer(c, "review.ana")["rating"] = 3.0
        return c

    @bad("task-19-rating-not-computed-backend", "backend", ["TASK-19"], "luis's account reads with rating null after two reviews.")
    def _():
        c = tasks()
        answer(c, "me.luis")["user"]["rating"] = None
        return c

    @bad("task-19-phone-differs-backend", "backend", ["TASK-19"], "luis's account reads with another phone number than he signed up with.")
    def _():
        c = tasks()
        answer(c, "me.luis")["user"]["phoneNumber"] = "+34 600 999 999"
        return c

    @bad("task-20-update-not-stored-backend", "backend", ["TASK-20"], "bea's account reads with her old name after the update.")
    def _():
        c = tasks()
        answer(c, "me.bea")["user"]["name"] = "Bea"
        return c

    @bad("task-20-contractor-not-candidate-backend", "backend", ["TASK-20"], "bea, turned contractor of category 9, is no candidate for T-3.")
    def _():
        c = tasks()
        body = answer(c, "candidates.T-3")
        body["contractors"] = body["contractors"][:1]
        return c

    @bad("task-21-image-ignored-backend", "backend", ["TASK-21"], "The image call answers ana's account without the picture sent.")
    def _():
        c = tasks()
        answer(c, "image.ana")["user"]["image"] = None
        return c

    @bad("task-15-candidate-renamed-backend", "backend", ["TASK-15"], "The candidates of T-1 name luis \"Luiz\"; he signed up as \"Luis\".")
    def _():
        c = tasks()
        body = answer(c, "candidates.T-1")
        body["contractors"] = [dict(body["contractors"][0], name="Luiz")]
        return c

    @bad("task-15-candidate-without-picture-client", "client", ["TASK-15"], "Seen by the client: T-1's candidate luis has image null; he signed up with a picture.")
    def _():
        c = tasks()
        body = answer(c, "candidates.T-1")
        body["contractors"] = [dict(body["contractors"][0], image=None)]
        return c

    @bad("task-21-image-answer-renames-backend", "backend", ["TASK-21"], "The image call answers ana's account with the picture sent, but named \"Anna\".")
    def _():
        c = tasks()
        answer(c, "image.ana")["user"] = answer(c, "image.ana")["user"] | {"name": "Anna"}
        return c

    @bad("task-21-image-answer-turns-contractor-client", "client", ["TASK-21"], "Seen by the client: the image call answers ana's account as a contractor; she is none.")
    def _():
        c = tasks()
        answer(c, "image.ana")["user"] = answer(c, "image.ana")["user"] | {"contractor": True}
        return c

    @bad("task-17-stored-other-rating-backend", "backend", ["TASK-17"], "ana rates luis 4; the stored review her answer gives says 5.")
    def _():
        c = tasks()
        answer(c, "review.ana")["review"] = answer(c, "review.ana")["review"] | {"rating": 5}
        return c

    @bad("task-17-stored-other-author-client", "client", ["TASK-17"], "Seen by the client: the stored review of ana's review names bea's U-2 as its author.")
    def _():
        c = tasks()
        answer(c, "review.ana")["review"] = answer(c, "review.ana")["review"] | {"author": "U-2"}
        return c

    @bad("task-21-image-lost-backend", "backend", ["TASK-21"], "ana's account reads without the picture the image call set.")
    def _():
        c = tasks()
        answer(c, "me.ana")["user"]["image"] = None
        return c

    @bad("task-22-deleted-token-taken-backend", "backend", ["TASK-22"], "bea's token still reads her account after she deleted it.")
    def _():
        c = tasks()
        # A whole account (TASK-19's members), so that only the token's being taken is wrong.
        user = {"userId": "U-2", "email": "bea@example.com", "name": "Bea G.", "phoneNumber": None, "image": None, "contractor": True, "categories": [9], "rating": None}
        status(c, "me.deleted", 200, ok(user=user))
        return c

    @bad("task-22-deleted-email-exists-backend", "backend", ["TASK-22"], "The user-exists query still finds bea's email after she deleted her account.")
    def _():
        c = tasks()
        answer(c, "exists.bea")["exists"] = True
        return c

    @bad("task-23-reviews-oldest-first-backend", "backend", ["TASK-23"], "luis's profile lists his reviews oldest first.")
    def _():
        c = tasks()
        answer(c, "profile.luis")["contractor"]["reviews"].reverse()
        return c

    @bad("task-23-past-work-missing-after-stale-list-backend", "backend", ["TASK-23"],
         "After a stale list in flight with T-1's complete, luis's profile leaves T-1 out of his past work.")
    def _():
        c = stale_list()
        answer(c, "profile.luis")["contractor"]["pastWork"] = []
        return c

    @bad("task-23-non-contractor-profile-backend", "backend", ["TASK-23"], "bea, no contractor, has a contractor profile.")
    def _():
        c = tasks()
        status(c, "profile.bea", 200, ok(contractor={"userId": "U-2", "name": "Bea", "image": None, "rating": None, "categories": [],
                                                      "reviews": [], "pastWork": []}))
        return c

    @bad("task-25-no-id-backend", "backend", ["TASK-25"], "The create of T-1 answers the task without id.")
    def _():
        c = tasks()
        del answer(c, "create.T-1")["id"]
        return c

    @bad("task-25-other-id-backend", "backend", ["TASK-25"], "The create of T-2 answers id T-99, not the task's objectId.")
    def _():
        c = tasks()
        answer(c, "create.T-2")["id"] = "T-99"
        return c

    @bad("task-26-foreign-task-read-backend", "backend", ["TASK-26"], "bea reads ana's T-1 with success.")
    def _():
        c = tasks()
        status(c, "read.foreign", 200, ok(task=answer(c, "read.T-1")["task"]))
        return c

    @bad("task-26-read-differs-client", "client", ["TASK-26"], "Seen from the apps: T-1 reads with another Description than its edit answered.")
    def _():
        c = tasks()
        body = answer(c, "read.T-1")
        body["task"] = dict(body["task"], Description="Something else")
        return c

    @bad("task-26-read-after-edit-shows-old-backend", "backend", ["TASK-26"],
         "After a stale read in flight with T-1's edit, a read sent after the edit's answer still shows the old Description.")
    def _():
        c = stale_read()
        answer(c, "read.after")["task"] = answer(c, "read.stale")["task"]
        return c

    @bad("task-26-stale-read-shows-neither-backend", "backend", ["TASK-26"],
         "A read in flight with T-1's edit shows a Description T-1 never had, neither the old nor the edited one.")
    def _():
        c = stale_read()
        body = answer(c, "read.stale")
        body["task"] = dict(body["task"], Description="Something else")
        return c

    @bad("task-26-read-at-edit-answer-shows-old-client", "client", ["TASK-26"],
         "A read sent the millisecond the app records the edit's answer follows the edit, yet shows the old Description.")
    def _():
        c = stale_read()
        send_at(c, "read.stale", c.find("edit.T-1.resp")["ts"])
        return c

    @bad("task-20-read-after-update-shows-old-name-backend", "backend", ["TASK-20"],
         "After a read in flight with luis's update, a read sent after the update's answer still shows his old name.")
    def _():
        c = stale_read()
        answer(c, "me.after")["user"]["name"] = "Luis"
        return c

    @bad("task-20-stale-read-shows-neither-backend", "backend", ["TASK-20"],
         "luis's account read in flight with his update shows a name he never had, neither the old nor the new one.")
    def _():
        c = stale_read()
        answer(c, "me.stale")["user"]["name"] = "Lucho"
        return c

    @bad("task-23-read-after-review-misses-it-backend", "backend", ["TASK-23"],
         "After a profile read in flight with ana's review, one sent after the review's answer still lacks it.")
    def _():
        c = stale_read()
        answer(c, "profile.after")["contractor"]["reviews"] = []
        return c

    @bad("task-23-stale-read-rating-neither-backend", "backend", ["TASK-23"],
         "luis's profile read in flight with ana's review shows a rating of 5, neither none before nor 4 after it.")
    def _():
        c = stale_read()
        answer(c, "profile.stale.review")["contractor"]["rating"] = 5
        return c

    @bad("task-23-read-after-complete-misses-it-backend", "backend", ["TASK-23"],
         "A profile read sent after T-1's completion was answered leaves T-1 out of luis's past work.")
    def _():
        c = stale_read()
        answer(c, "profile.stale.review")["contractor"]["pastWork"] = []
        return c

    @bad("task-23-stale-read-past-work-other-text-backend", "backend", ["TASK-23"],
         "A profile read in flight with T-1's completion shows T-1 as past work with a Description T-1 never had.")
    def _():
        c = stale_read()
        done = answer(c, "profile.after")["contractor"]["pastWork"][0]
        answer(c, "profile.stale.complete")["contractor"]["pastWork"] = [dict(done, Description="Something else")]
        return c

    @bad("task-18-concurrent-mean-of-neither-backend", "backend", ["TASK-18"],
         "bea's review, in flight with ana's, announces 4.5: neither its own 5 alone nor 4 with ana's.")
    def _():
        c = concurrent_reviews()
        answer(c, "reviews.one.bea")["rating"] = 4.5
        return c

    @bad("task-18-concurrent-mean-leaves-out-earlier-backend", "backend", ["TASK-18"],
         "ana's second review announces 3, leaving out the two reviews answered before it was sent.")
    def _():
        c = concurrent_reviews()
        answer(c, "reviews.two.ana")["rating"] = 3
        return c

    @bad("task-23-concurrent-reviews-one-missing-backend", "backend", ["TASK-23"],
         "After reviews in flight together, luis's profile lists three of his four reviews.")
    def _():
        c = concurrent_reviews()
        answer(c, "profile.luis")["contractor"]["reviews"].pop()
        return c

    @bad("task-23-concurrent-reviews-wrong-rating-backend", "backend", ["TASK-23"],
         "After reviews in flight together, luis's profile shows one of ana's 3s as a 2.")
    def _():
        c = concurrent_reviews()
        reviews = answer(c, "profile.luis")["contractor"]["reviews"]
        assert reviews[1]["rating"] == 3
        reviews[1] = dict(reviews[1], rating=2)
        return c

    @bad("task-8-complete-answers-other-task-backend", "backend", ["TASK-8"], "The completion of T-1 answers a task whose objectId is T-9.")
    def _():
        c = stale_list()
        answer(c, "complete.T-1")["task"]["objectId"] = "T-9"
        return c

    @bad("task-14-cancelled-listed-open-backend", "backend", ["TASK-14"], "ana's task list gives her cancelled T-2 as open, without its reason, as it stood before the cancel.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        assert listed[0]["objectId"] == "T-2"
        listed[0] = {key: value for key, value in listed[0].items() if key != "cancelReason"} | {
            "status": "open", "updatedAt": answer(c, "create.T-2")["task"]["updatedAt"]}
        return c

    @bad("task-14-other-cancel-reason-backend", "backend", ["TASK-14"], "ana's task list gives her cancelled T-2 a cancelReason she did not send.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        listed[0] = dict(listed[0], cancelReason="other")
        return c

    @bad("task-14-other-contractor-backend", "backend", ["TASK-14"], "ana's later task list gives her assigned T-5 the contractor U-2, whom she never chose.")
    def _():
        c = tasks()
        listed = answer(c, "list.remembered")["tasks"]
        assert listed[1]["objectId"] == "T-5" and listed[1]["contractor"] == "U-3"
        listed[1] = dict(listed[1], contractor="U-2")
        return c

    @bad("task-14-list-at-complete-answer-shows-assigned-client", "client", ["TASK-14"],
         "A list sent the millisecond the app records T-1's completion still gives T-1 as assigned.")
    def _():
        c = stale_list()
        send_at(c, "list.stale", c.find("complete.T-1.resp")["ts"])
        return c

    @bad("task-8-list-other-author-backend", "backend", ["TASK-8"], "ana's task list gives her T-2 with author U-9, not its creator U-1.")
    def _():
        c = tasks()
        listed = answer(c, "list.ana")["tasks"]
        listed[0] = dict(listed[0], author="U-9")
        return c

    @bad("task-8-choice-answers-other-author-backend", "backend", ["TASK-8"], "The choice of luis for ana's T-1 answers the task with author U-3, not ana's U-1.")
    def _():
        c = stale_read()
        answer(c, "choose.luis")["task"]["author"] = "U-3"
        return c

    # Shape-bad bodies and answers, one per shape family the agreement compares (Scripts/check_contract.py):
    # each breaks its ContractShapes declaration, so the checker and the exported schema both find it.

    @bad("task-1-exists-not-a-boolean-backend", "backend", ["TASK-1"], "The user-exists query for ana's email answers `exists` as the string \"true\".")
    def _():
        c = tasks()
        answer(c, "exists.ana")["exists"] = "true"
        return c

    @bad("task-2-sign-up-without-password-taken-backend", "backend", ["TASK-2"], "luis's sign-up carries a numeric password, and the backend takes it instead of a bad_request.")
    def _():
        c = tasks()
        sent(c, "luis.signup")["password"] = 1234
        return c

    @bad("task-3-remember-me-text-taken-backend", "backend", ["TASK-3"], "ana's plain log-in says rememberMe \"no\", text where a boolean goes, and the backend takes it.")
    def _():
        c = tasks()
        sent(c, "login.plain")["rememberMe"] = "no"
        return c

    @bad("task-3-log-in-token-empty-backend", "backend", ["TASK-3"], "ana's wrong-password log-in is refused, but her plain log-in answers an empty token.")
    def _():
        c = tasks()
        answer(c, "login.plain")["token"] = ""
        return c

    @bad("task-12-reason-not-text-taken-backend", "backend", ["TASK-12"], "ana cancels T-2 with the reason 42, a number, and the backend cancels it.")
    def _():
        c = tasks()
        sent(c, "cancel.T-2")["reason"] = 42
        return c

    @bad("task-16-contractor-not-an-id-taken-backend", "backend", ["TASK-16"], "ana chooses luis for T-1 with contractor true, no id, and the backend takes it.")
    def _():
        c = tasks()
        sent(c, "choose.luis")["contractor"] = True
        return c

    @bad("task-17-stored-review-without-author-backend", "backend", ["TASK-17"], "The answer to ana's review of luis gives the stored review no author.")
    def _():
        c = tasks()
        body = answer(c, "review.ana")
        # A copy: the scenario's profile shares the stored review's dict.
        body["review"] = {key: value for key, value in body["review"].items() if key != "author"}
        return c

    @bad("task-23-past-work-without-pictures-backend", "backend", ["TASK-23"], "luis's profile lists a past work with no pictures.")
    def _():
        c = tasks()
        profile = answer(c, "profile.luis")["contractor"]
        profile["pastWork"] = [dict(work, image=[]) for work in profile["pastWork"]]
        return c

    @bad("task-9-edit-location-off-the-map-taken-backend", "backend", ["TASK-9"], "ana's edit of T-1 puts it at latitude 95, and the backend takes it instead of a bad_request on location.lat.")
    def _():
        c = tasks()
        body = sent(c, "edit.T-1")
        body["location"] = dict(body["location"], lat=95)
        return c

    @bad("task-19-account-without-categories-backend", "backend", ["TASK-19"], "ana's account is read without `categories`.")
    def _():
        c = tasks()
        body = answer(c, "me.ana")
        body["user"] = {key: value for key, value in body["user"].items() if key != "categories"}
        return c

    # Branches of these rules the traces above do not go through (Scripts/report_site_coverage.py).

    @bad("task-1-missing-email-answered-backend", "backend", ["TASK-1"], "A user-exists query with no email at all is answered exists false, not a bad_request on email.")
    def _():
        c = tasks()
        for half in ("req", "breq"):
            c.find(f"exists.ghost.{half}")["path"] = "/api/users/exists"
        return c

    @bad("task-11-open-task-choice-closed-backend", "backend", ["TASK-11"], "Choosing luis for ana's open T-4 is refused as request_closed, though T-4 is open.")
    def _():
        c = tasks()
        status(c, "choose.T-4", 410, failure("request_closed", "T-4 is closed"))
        return c

    @bad("task-13-open-task-cutoff-backend", "backend", ["TASK-13"], "The cancel of ana's open T-6, with no contractor, is refused as cancel_cutoff_passed.")
    def _():
        c = tasks()
        restand(c, "cancel.T-6", "T-6", standing(answer(c, "cancel.T-6")["task"]), standing_before(c, "cancel.T-6", "T-6"))
        status(c, "cancel.T-6", 409, failure("cancel_cutoff_passed", "Too late"))
        return c

    @bad("task-14-tasks-not-an-array-backend", "backend", ["TASK-14"], "ana's task list answers `tasks` as text, not an array.")
    def _():
        c = tasks()
        answer(c, "list.ana")["tasks"] = "T-2,T-1"
        return c

    @bad("task-14-list-refused-backend", "backend", ["TASK-14"], "ana's task list, asked with a live token, is answered server_error.")
    def _():
        c = tasks()
        status(c, "list.ana", 500, failure("server_error", "Try later"))
        return c

    @bad("task-16-choice-answered-open-backend", "backend", ["TASK-16"], "The choice of luis for T-1 succeeds but answers T-1 still open with no contractor.")
    def _():
        c = tasks()
        body = answer(c, "choose.luis")
        body["task"] = dict(body["task"], status="open", contractor=None)
        return c

    @bad("task-18-rating-not-a-number-backend", "backend", ["TASK-18"], "The answer to ana's review of luis gives his rating as the text \"4\".")
    def _():
        c = tasks()
        answer(c, "review.ana")["rating"] = "4"
        return c

    @bad("task-19-own-account-refused-backend", "backend", ["TASK-19"], "luis's read of his own account, with a live token, is answered server_error.")
    def _():
        c = tasks()
        status(c, "me.luis", 500, failure("server_error", "Try later"))
        return c

    @bad("task-20-missing-member-wrong-field-backend", "backend", ["TASK-20"], "An update without phoneNumber is a bad_request naming name, not phoneNumber.")
    def _():
        c = tasks()
        answer(c, "update.partial")["error"]["field"] = "name"
        return c

    @bad("task-20-valid-update-refused-backend", "backend", ["TASK-20"], "bea's valid update is answered server_error; her account then reads as before it.")
    def _():
        c = tasks()
        status(c, "update.bea", 500, failure("server_error", "Try later"))
        answer(c, "me.bea")["user"] = {"userId": "U-2", "email": "bea@example.com", "name": "Bea", "phoneNumber": None, "image": None,
                                      "contractor": False, "categories": [], "rating": None}
        body = answer(c, "candidates.T-3")
        body["contractors"] = body["contractors"][:1]
        return c

    @bad("task-20-update-answered-old-name-backend", "backend", ["TASK-20"], "bea's update answers her account with her old name, not the one sent.")
    def _():
        c = tasks()
        answer(c, "update.bea")["user"]["name"] = "Bea"
        return c

    @bad("task-21-bad-image-wrong-field-backend", "backend", ["TASK-21"], "The image call with image 5 is a bad_request naming name, not image.")
    def _():
        c = tasks()
        answer(c, "image.bad")["error"]["field"] = "name"
        return c

    @bad("task-22-delete-refused-backend", "backend", ["TASK-22"], "At the end ana deletes her account with her live remember-me token, and it is answered server_error.")
    def _():
        c = tasks()
        extra_call(c, "ana", "DELETE", "/api/users/me", "delete.ana", failure("server_error", "Try later"), 500, "tok-ana-2")
        return c

    @bad("task-22-deleted-email-sign-up-refused-backend", "backend", ["TASK-22"], "A sign-up with bea's email after she deleted her account is refused as already_exists.")
    def _():
        c = tasks()
        status(c, "signup.bea2", 409, failure("already_exists", "Log in instead"))
        return c

    @bad("task-22-deleted-account-candidate-backend", "backend", ["TASK-22"], "After bea deleted her account, the candidates of T-3 still list her.")
    def _():
        c = tasks()
        answer(c, "candidates.after")["contractors"].append({"userId": "U-2", "name": "Bea G.", "image": None, "rating": None})
        return c

    @bad("task-23-contractor-profile-refused-backend", "backend", ["TASK-23"], "The profile of luis, a contractor, is answered not_found.")
    def _():
        c = tasks()
        status(c, "profile.luis", 404, failure("not_found", "No contractor U-3"))
        return c

    @bad("task-23-profile-wrong-name-backend", "backend", ["TASK-23"], "luis's profile shows another name than the one he signed up with.")
    def _():
        c = tasks()
        answer(c, "profile.luis")["contractor"]["name"] = "Luisito"
        return c

    @bad("task-25-id-not-an-id-backend", "backend", ["TASK-25"], "The create of T-1 answers id true, no id.")
    def _():
        c = tasks()
        answer(c, "create.T-1")["id"] = True
        return c

    @bad("task-5-no-view-after-expiry-client", "client", ["TASK-5"], "Back online after the token expired, the app shows no view for 2 s, then the list: the login screen never comes.")
    def _():
        from trace_offline_scenarios import foreground_returns
        c = foreground_returns()
        c.remove("view.login")
        back = c.find("foreground#2")["ts"]
        # Late, it refreshes the list it still holds (OFFL-16) and renders it (OFFL-1), past the 2 s TASK-5 allows.
        c.add(back + 1500, "client", "http.request", xid="x-6", method="GET", path="/api/tasks", call={"seq": 6, "kind": "list"})
        c.add(back + 2500, "client", "view.shown", view="contacts", elements={"updated": False, "items": ["T-7", "T-8"]})
        return c
