"""The HandyFriends task API (TASK area) as a session of three users' apps and the backend, for
Scripts/generate_traces.py: sign-ups and log-ins, tokens refused, tasks created, edited, listed,
read, cancelled (before and after the cut-off), a contractor chosen and reviewed, accounts read,
updated and deleted, and a day later a plain token refused while a remember-me one still works.
Every answer is what a conformant backend gives, so each TASK rule has something to judge and a
mutation of one answer trips one rule. Python 3.11, standard library only."""

from __future__ import annotations

from trace_scenarios import NET, PROC, T0, Capture, failure, iso, ok

DAY = 86_400_000
SESSION_TTL = DAY
REMEMBER_TTL = 30 * DAY
CUTOFF = 2 * DAY
GHOST = "ghost@unknown.example.com"
FORGED = "forged-token"

USERS = {
    "ana": {"userId": "U-1", "email": "ana@example.com", "password": "secret-1", "name": "Ana"},
    "bea": {"userId": "U-2", "email": "bea@example.com", "password": "secret-2", "name": "Bea"},
    "luis": {"userId": "U-3", "email": "luis@example.com", "password": "secret-3", "name": "Luis",
             "contractor": True, "categories": [9], "image": "https://img.example.com/luis.png", "phoneNumber": "+34 600 000 003"},
}


def bad_request(field: str) -> dict:
    """REST-7's failure for a bad `field`."""
    return {"ok": False, "error": {"code": "bad_request", "message": f"{field} is missing or invalid", "field": field}}


def record_call(c: Capture, t: int, user: str, tag: str, request: dict, status: int, reply) -> None:
    """One call by `user`'s app at `t`: its `http.request` (`request`: xid, method, path, and body
    and bearer when sent), the backend's receipt and answer, and the app's receipt, 25 ms in all.
    Tags are `TAG.req`, `.breq`, `.bresp`, `.resp`; both answers share the `reply` object."""
    c.add(t, "client", "http.request", tag=f"{tag}.req", **request)["id"] = user
    c.add(t + NET, "backend", "http.request", tag=f"{tag}.breq", **request)
    c.add(t + NET + PROC, "backend", "http.response", tag=f"{tag}.bresp", xid=request["xid"], status=status, body=reply)
    c.add(t + 2 * NET + PROC, "client", "http.response", tag=f"{tag}.resp", xid=request["xid"], status=status, body=reply)["id"] = user


class TaskSession:
    """Builds the capture: each call is an app's `http.request` with its `bearer`, the backend's
    receipt and answer, and the app's receipt, 25 ms in all. Tags are `NAME.req`, `.breq`,
    `.bresp`, `.resp`; the backend's and the app's answers share one body object, so a mutation
    of `answer(NAME)` changes both."""

    def __init__(self) -> None:
        self.c = Capture()
        self.c.header["unknown"] = {"tokens": [FORGED], "emails": [GHOST]}
        self.c.header["subject"] = ["backend"]
        self.t = T0
        self.tokens: dict[str, str] = {}
        self.tasks: dict[str, dict] = {}

    def call(self, user: str, method: str, path: str, tag: str, body=None, reply=None, status: int = 200,
             bearer: str | None = "own") -> dict:
        """One call by `user`'s app; `bearer` "own" sends the user's latest token. Returns the answer's body."""
        self.c._xid += 1
        xid = f"x-{self.c._xid}"
        request = {"xid": xid, "method": method, "path": path}
        if body is not None:
            request["body"] = body
        token = self.tokens.get(user) if bearer == "own" else bearer
        if token is not None:
            request["bearer"] = token
        record_call(self.c, self.t, user, tag, request, status, reply)
        self.t += 100
        return reply

    @property
    def now(self) -> int:
        """The backend's time of the next call's answer."""
        return self.t + NET + PROC

    def session(self, user: str, token: str, ttl: int) -> dict:
        self.tokens[user] = token
        return ok(userId=USERS[user]["userId"], token=token, expiresAt=iso(self.now + ttl))

    def sign_up(self, user: str) -> None:
        u = USERS[user]
        body = {k: u[k] for k in ("email", "password", "name", "contractor", "categories", "image", "phoneNumber") if k in u}
        self.call(user, "POST", "/api/auth/signup", f"{user}.signup", body, self.session(user, f"tok-{user}-1", SESSION_TTL), bearer=None)

    def user(self, user: str, rating=None, **changes) -> dict:
        u = USERS[user]
        account = {"userId": u["userId"], "email": u["email"], "name": u.get("name"), "phoneNumber": u.get("phoneNumber"),
                   "image": u.get("image"), "contractor": u.get("contractor", False), "categories": u.get("categories", []),
                   "rating": rating}
        account.update(changes)
        return account

    def draft(self, description: str = "Fix the leaking kitchen tap", start_in: int = 10 * DAY) -> dict:
        start = T0 + start_in
        return {"category": 9, "Description": description, "image": ["https://img.example.com/tap.jpg"],
                "dates": [{"start": iso(start), "end": iso(start + 3_600_000)}], "address": "Calle Mayor 1",
                "location": {"lat": 40.4168, "lng": -3.7038}, "maxBudget": 80, "estimatedDuration": 60}

    def create(self, user: str, object_id: str, draft: dict) -> dict:
        at = iso(self.now)
        task = {"objectId": object_id, "author": USERS[user]["userId"], "status": "open", "contractor": None, **draft,
                "createdAt": at, "updatedAt": at}
        self.tasks[object_id] = task
        self.call(user, "POST", "/api/tasks", f"create.{object_id}", draft, ok(id=object_id, task=task))
        return task

    def change(self, user: str, object_id: str, method: str, path: str, tag: str, body=None, **members) -> dict:
        """A call that changes a task: the answer holds it with `members` and a later updatedAt."""
        task = dict(self.tasks[object_id], **members, updatedAt=iso(self.now))
        self.tasks[object_id] = task
        self.call(user, method, path, tag, body, ok(task=task))
        return task


def tasks() -> Capture:
    """The whole task session; see the module's docstring."""
    s = TaskSession()
    s.call("ana", "GET", "/api/settings", "settings", reply=ok(timeoutMs=600_000, taskCancelCutoffMs=CUTOFF,
                                                                 sessionTtlMs=SESSION_TTL, rememberMeTtlMs=REMEMBER_TTL), bearer=None)
    for user in USERS:
        s.sign_up(user)
    # TASK-1, TASK-2, TASK-3, TASK-4, TASK-6
    s.call("ana", "GET", "/api/users/exists?email=ANA@EXAMPLE.COM", "exists.ana", reply=ok(exists=True), bearer=None)
    s.call("ana", "GET", f"/api/users/exists?email={GHOST}", "exists.ghost", reply=ok(exists=False), bearer=None)
    s.call("ana", "POST", "/api/auth/signup", "signup.again", {"email": "Ana@example.com", "password": "other"},
           failure("already_exists", "Log in instead"), status=409, bearer=None)
    s.call("ana", "POST", "/api/auth/login", "login.remember", {"email": "ana@example.com", "password": "secret-1", "rememberMe": True},
           s.session("ana", "tok-ana-2", REMEMBER_TTL), bearer=None)
    remembered = "tok-ana-2"
    s.call("ana", "POST", "/api/auth/login", "login.plain", {"email": "ana@example.com", "password": "secret-1", "rememberMe": False},
           s.session("ana", "tok-ana-3", SESSION_TTL), bearer=None)
    s.call("ana", "POST", "/api/auth/login", "login.wrong", {"email": "ana@example.com", "password": "guess"},
           failure("unauthorized", "Wrong email or password"), status=401, bearer=None)
    s.call("ana", "GET", "/api/tasks", "list.none", reply=failure("unauthorized", "A token is required"), status=401, bearer=None)
    s.call("ana", "GET", "/api/tasks", "list.forged", reply=failure("unauthorized", "Unknown token"), status=401, bearer=FORGED)
    # TASK-7 ... TASK-11, TASK-25
    s.create("ana", "T-1", s.draft())
    bad = s.draft()
    del bad["Description"]
    s.call("ana", "POST", "/api/tasks", "create.bad", bad, bad_request("Description"), status=400)
    s.change("ana", "T-1", "PUT", "/api/tasks/T-1", "edit.T-1", s.draft("Fix the tap and the sink"), Description="Fix the tap and the sink")
    s.create("ana", "T-2", s.draft("Paint the door"))
    s.change("ana", "T-2", "POST", "/api/tasks/T-2/cancel", "cancel.T-2", {"reason": "moved out"}, status="cancelled", cancelReason="moved out")
    s.call("ana", "PUT", "/api/tasks/T-2", "edit.T-2", s.draft("Paint the door"), failure("request_cancelled", "T-2 is cancelled"), status=410)
    # TASK-14, TASK-26
    s.call("ana", "GET", "/api/tasks", "list.ana", reply=ok(tasks=[s.tasks["T-2"], s.tasks["T-1"]]))
    s.call("ana", "GET", "/api/tasks/T-1", "read.T-1", reply=ok(task=s.tasks["T-1"]))
    s.call("bea", "GET", "/api/tasks/T-1", "read.foreign", reply=failure("not_found", "No such task of yours"), status=404)
    # TASK-15, TASK-16, TASK-8 (completed), TASK-17, TASK-18, TASK-23
    luis = {"userId": "U-3", "name": "Luis", "image": USERS["luis"]["image"], "rating": None}
    s.call("ana", "GET", "/api/tasks/T-1/contractors", "candidates.T-1", reply=ok(contractors=[luis]))
    s.call("ana", "PUT", "/api/tasks/T-1/contractor", "choose.bea", {"contractor": "U-2"}, failure("not_eligible", "U-2 is no candidate"), status=403)
    s.change("ana", "T-1", "PUT", "/api/tasks/T-1/contractor", "choose.luis", {"contractor": "U-3"}, status="assigned", contractor="U-3")
    s.change("ana", "T-1", "POST", "/api/tasks/T-1/complete", "complete.T-1", status="completed")
    first = {"author": "U-1", "contractor": "U-3", "rating": 4, "review": "Tidy", "task": "T-1", "createdAt": iso(s.now)}
    s.call("ana", "POST", "/api/contractors/U-3/reviews", "review.ana", {"rating": 4, "review": "Tidy", "task": "T-1"}, ok(review=first, rating=4.0))
    second = {"author": "U-2", "contractor": "U-3", "rating": 5, "review": None, "task": None, "createdAt": iso(s.now)}
    s.call("bea", "POST", "/api/contractors/U-3/reviews", "review.bea", {"rating": 5}, ok(review=second, rating=4.5))
    for rating in (6, 4.5):
        s.call("bea", "POST", "/api/contractors/U-3/reviews", f"review.{rating}", {"rating": rating},
               bad_request("rating"), status=400)
    profile = {"userId": "U-3", "name": "Luis", "image": USERS["luis"]["image"], "rating": 4.5, "categories": [9],
               "reviews": [second, first],
               "pastWork": [{"objectId": "T-1", "Description": s.tasks["T-1"]["Description"], "image": s.tasks["T-1"]["image"]}]}
    s.call("ana", "GET", "/api/contractors/U-3", "profile.luis", reply=ok(contractor=profile))
    s.call("ana", "GET", "/api/contractors/U-2", "profile.bea", reply=failure("not_found", "No contractor U-2"), status=404)
    # TASK-19, TASK-20, TASK-21
    s.call("luis", "GET", "/api/users/me", "me.luis", reply=ok(user=s.user("luis", rating=4.5)))
    update = {"name": "Bea G.", "phoneNumber": None, "contractor": True, "categories": [9]}
    s.call("bea", "PUT", "/api/users/me", "update.bea", update, ok(user=s.user("bea", **update)))
    s.call("bea", "GET", "/api/users/me", "me.bea", reply=ok(user=s.user("bea", **update)))
    s.call("bea", "PUT", "/api/users/me", "update.partial", {"name": "Bea", "contractor": False, "categories": []},
           bad_request("phoneNumber"), status=400)
    s.call("bea", "PUT", "/api/users/me", "update.bad", {"name": "Bea", "phoneNumber": None, "contractor": "yes", "categories": []},
           bad_request("contractor"), status=400)
    s.create("ana", "T-3", s.draft("Fix the shelf"))
    bea_card = {"userId": "U-2", "name": "Bea G.", "image": None, "rating": None}
    s.call("ana", "GET", "/api/tasks/T-3/contractors", "candidates.T-3", reply=ok(contractors=[luis | {"rating": 4.5}, bea_card]))
    picture = "https://img.example.com/ana.png"
    s.call("ana", "PUT", "/api/users/me/image", "image.ana", {"image": picture}, ok(user=s.user("ana", image=picture)))
    s.call("ana", "GET", "/api/users/me", "me.ana", reply=ok(user=s.user("ana", image=picture)))
    s.call("ana", "PUT", "/api/users/me/image", "image.bad", {"image": 5},
           bad_request("image"), status=400)
    # TASK-12, TASK-13: T-4 assigned, its date well after the cut-off; T-5 assigned, its date within it; T-6 open, date within it.
    s.create("ana", "T-4", s.draft("Fix the lamp", start_in=CUTOFF + DAY))
    s.create("ana", "T-5", s.draft("Fix the tap", start_in=DAY))
    s.create("ana", "T-6", s.draft("Fix the bell", start_in=DAY))
    for object_id in ("T-4", "T-5"):
        s.change("ana", object_id, "PUT", f"/api/tasks/{object_id}/contractor", f"choose.{object_id}", {"contractor": "U-3"}, status="assigned", contractor="U-3")
    s.change("ana", "T-4", "POST", "/api/tasks/T-4/cancel", "cancel.T-4", {"reason": "plans changed"}, status="cancelled", cancelReason="plans changed")
    s.call("ana", "POST", "/api/tasks/T-5/cancel", "cancel.T-5", {"reason": "plans changed"},
           failure("cancel_cutoff_passed", "The contractor is coming"), status=409)
    s.change("ana", "T-6", "POST", "/api/tasks/T-6/cancel", "cancel.T-6", {"reason": "plans changed"}, status="cancelled", cancelReason="plans changed")
    # TASK-22: bea deletes her account.
    s.call("bea", "DELETE", "/api/users/me", "delete.bea", reply=ok(userId="U-2"))
    s.call("bea", "GET", "/api/users/me", "me.deleted", reply=failure("unauthorized", "Unknown token"), status=401)
    s.call("ana", "GET", "/api/users/exists?email=bea@example.com", "exists.bea", reply=ok(exists=False), bearer=None)
    s.call("ana", "GET", "/api/tasks/T-3/contractors", "candidates.after", reply=ok(contractors=[luis | {"rating": 4.5}]))
    s.call("bea", "POST", "/api/auth/signup", "signup.bea2", {"email": "bea@example.com", "password": "secret-4"},
           ok(userId="U-4", token="tok-bea-2", expiresAt=iso(s.now + SESSION_TTL)), bearer=None)
    # A day later: the plain token is refused (TASK-6), the remember-me one still taken (TASK-4).
    s.t += SESSION_TTL + 60_000
    s.call("ana", "GET", "/api/tasks", "list.expired", reply=failure("unauthorized", "The token expired"), status=401, bearer="tok-ana-3")
    listed = sorted((task for task in s.tasks.values() if task["author"] == "U-1"), key=lambda task: task["createdAt"], reverse=True)
    s.call("ana", "GET", "/api/tasks", "list.remembered", reply=ok(tasks=listed), bearer=remembered)
    s.c.add(s.t, "backend", "trace.end", tag="end")
    return s.c


def read_in_flight(s: TaskSession, user: str, path: str, tag: str, reply: dict, write) -> None:
    """A GET by `user` sent 1 ms before the call `write()` makes and answered 1 ms after that
    call's answer with `reply`, the record as the backend read it before the write. Tags are
    `TAG.req`, `.breq`, `.bresp`, `.resp`, as for any call."""
    sent = s.t
    s.t += 1
    write()
    s.c._xid += 1
    request = {"xid": f"x-{s.c._xid}", "method": "GET", "path": path, "bearer": s.tokens[user]}
    answered = sent + 1 + NET + PROC + 1
    s.c.add(sent, "client", "http.request", tag=f"{tag}.req", **request)["id"] = user
    s.c.add(sent + NET, "backend", "http.request", tag=f"{tag}.breq", **request)
    s.c.add(answered, "backend", "http.response", tag=f"{tag}.bresp", xid=request["xid"], status=200, body=reply)
    s.c.add(answered + NET, "client", "http.response", tag=f"{tag}.resp", xid=request["xid"], status=200, body=reply)["id"] = user


def stale_list() -> Capture:
    """A list sent while its task is being completed: the complete is answered first, then the
    list, with the task still assigned (the backend read it before the write). The list's
    snapshot is older than the complete's answer, so the contractor's profile read after both
    rightly shows the task as past work (TASK-23), and no rule takes the list as newer."""
    s = TaskSession()
    for user in ("ana", "luis"):
        s.sign_up(user)
    s.create("ana", "T-1", s.draft())
    s.change("ana", "T-1", "PUT", "/api/tasks/T-1/contractor", "choose.luis", {"contractor": "U-3"}, status="assigned", contractor="U-3")
    assigned = dict(s.tasks["T-1"])
    read_in_flight(s, "ana", "/api/tasks", "list.stale", ok(tasks=[assigned]),
                   lambda: s.change("ana", "T-1", "POST", "/api/tasks/T-1/complete", "complete.T-1", status="completed"))
    profile = {"userId": "U-3", "name": "Luis", "image": USERS["luis"]["image"], "rating": None, "categories": USERS["luis"]["categories"],
               "reviews": [], "pastWork": [{"objectId": "T-1", "Description": s.tasks["T-1"]["Description"], "image": s.tasks["T-1"]["image"]}]}
    s.call("ana", "GET", "/api/contractors/U-3", "profile.luis", reply=ok(contractor=profile))
    s.c.add(s.t, "backend", "trace.end", tag="end")
    return s.c


def stale_read() -> Capture:
    """Reads in flight with writes, each answered with the record as it stood before the write
    (the backend read it first), then read again after the write: T-1 read while it is edited
    (TASK-26), luis's account read while he updates it (TASK-20), and his contractor profile read
    while ana reviews him and while she completes the task he did (TASK-23). The later reads
    must show every write."""
    s = TaskSession()
    for user in ("ana", "luis"):
        s.sign_up(user)
    s.create("ana", "T-1", s.draft())
    before = dict(s.tasks["T-1"])
    read_in_flight(s, "ana", "/api/tasks/T-1", "read.stale", ok(task=before),
                   lambda: s.change("ana", "T-1", "PUT", "/api/tasks/T-1", "edit.T-1", s.draft("Fix the tap and the sink"),
                                    Description="Fix the tap and the sink"))
    s.call("ana", "GET", "/api/tasks/T-1", "read.after", reply=ok(task=s.tasks["T-1"]))
    update = {"name": "Luis M.", "phoneNumber": USERS["luis"]["phoneNumber"], "contractor": True, "categories": [9, 12]}
    read_in_flight(s, "luis", "/api/users/me", "me.stale", ok(user=s.user("luis")),
                   lambda: s.call("luis", "PUT", "/api/users/me", "update.luis", update, ok(user=s.user("luis", **update))))
    s.call("luis", "GET", "/api/users/me", "me.after", reply=ok(user=s.user("luis", **update)))
    s.change("ana", "T-1", "PUT", "/api/tasks/T-1/contractor", "choose.luis", {"contractor": "U-3"}, status="assigned", contractor="U-3")
    profile = {"userId": "U-3", "name": "Luis M.", "image": USERS["luis"]["image"], "rating": None, "categories": [9, 12],
               "reviews": [], "pastWork": []}
    read_in_flight(s, "ana", "/api/contractors/U-3", "profile.stale.complete", ok(contractor=profile),
                   lambda: s.change("ana", "T-1", "POST", "/api/tasks/T-1/complete", "complete.T-1", status="completed"))
    profile = dict(profile, pastWork=[{"objectId": "T-1", "Description": s.tasks["T-1"]["Description"], "image": s.tasks["T-1"]["image"]}])
    review = {"author": "U-1", "contractor": "U-3", "rating": 4, "review": "Tidy", "task": "T-1", "createdAt": iso(s.now + 1)}
    read_in_flight(s, "ana", "/api/contractors/U-3", "profile.stale.review", ok(contractor=profile),
                   lambda: s.call("ana", "POST", "/api/contractors/U-3/reviews", "review.ana", {"rating": 4, "review": "Tidy", "task": "T-1"},
                                  ok(review=review, rating=4.0)))
    s.call("ana", "GET", "/api/contractors/U-3", "profile.after", reply=ok(contractor=dict(profile, rating=4.0, reviews=[review])))
    s.c.add(s.t, "backend", "trace.end", tag="end")
    return s.c


def concurrent_reviews() -> Capture:
    """Two reviews of luis in flight together, twice. First bea's (5) is handled first but
    answered last: ana's answer already counts it (4) and bea's does not (5). Then ana's (3) is
    handled first but answered last: bea's answer counts it (4) and ana's does not (3). Every
    rating is a mean TASK-18 allows, and luis's profile, read later, lists the four reviews newest
    first by when the backend stored them, not by when their answers came (TASK-23)."""
    s = TaskSession()
    for user in ("luis", "ana", "bea"):
        s.sign_up(user)
    stored = []

    def pair(first: str, first_rating: int, second: str, second_rating: int, tag: str, mean_first: float, mean_both: float) -> None:
        """`first` sends its review 1 ms before `second`; the backend stores the first one first
        and answers the second one first."""
        sent = s.t
        reviews = []
        for offset, (user, rating) in enumerate(((first, first_rating), (second, second_rating))):
            review = {"author": USERS[user]["userId"], "contractor": "U-3", "rating": rating, "review": None, "task": None,
                      "createdAt": iso(sent + NET + offset + 1)}
            reviews.append(review)
        stored.extend(reviews)
        for offset, (user, rating, review, mean, answered) in enumerate((
                (first, first_rating, reviews[0], mean_first, sent + NET + PROC + 2),
                (second, second_rating, reviews[1], mean_both, sent + NET + PROC + 1))):
            s.c._xid += 1
            request = {"xid": f"x-{s.c._xid}", "method": "POST", "path": "/api/contractors/U-3/reviews", "body": {"rating": rating},
                       "bearer": s.tokens[user]}
            reply = ok(review=review, rating=mean)
            s.c.add(sent + offset, "client", "http.request", tag=f"{tag}.{user}.req", **request)["id"] = user
            s.c.add(sent + offset + NET, "backend", "http.request", tag=f"{tag}.{user}.breq", **request)
            s.c.add(answered, "backend", "http.response", tag=f"{tag}.{user}.bresp", xid=request["xid"], status=200, body=reply)
            s.c.add(answered + NET, "client", "http.response", tag=f"{tag}.{user}.resp", xid=request["xid"], status=200, body=reply)["id"] = user
        s.t = sent + 100

    pair("bea", 5, "ana", 3, "reviews.one", 5.0, 4.0)
    pair("ana", 3, "bea", 5, "reviews.two", 11 / 3, 4.0)
    profile = {"userId": "U-3", "name": "Luis", "image": USERS["luis"]["image"], "rating": 4.0, "categories": USERS["luis"]["categories"],
               "reviews": list(reversed(stored)), "pastWork": []}
    s.call("ana", "GET", "/api/contractors/U-3", "profile.luis", reply=ok(contractor=profile))
    s.c.add(s.t, "backend", "trace.end", tag="end")
    return s.c


def answer(c: Capture, tag: str) -> dict:
    """The body of a call's answer; the app's and the backend's share it."""
    return c.find(f"{tag}.bresp")["body"]
