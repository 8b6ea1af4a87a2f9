/// Every rule the checker runs, one or more per requirement id: all of FLOW, ALERT, TIME, ELIG
/// and DISC in PROTOCOL.md, the VIEW requirements but the SHOULD VIEW-7,
/// the backend's MSG payloads, records and routing (MSG-1, MSG-3 ... MSG-11, MSG-14, MSG-16) and its
/// REST answers (REST-1 ... REST-19, the backend's half),
/// the HandyFriends task API's answers (TASK-1 ... TASK-4, TASK-6 ... TASK-23, TASK-25, TASK-26: the backend's half),
/// STATE-1 ... STATE-4 and STATE-6 ... STATE-11 (retaking state, connections), MSG-12 and MSG-13 (a worker's intake of `new`),
/// and OFFL-1 ... OFFL-14, OFFL-16 ... OFFL-19 and AUTH-1 ... AUTH-7 of the offline workflow (OFFL-15 is the `offline`
/// vectors' alone: a trace has no scenario input to refuse).
public enum TraceRuleBook: Sendable {
    /// Fresh rule instances, in a fixed order.
    static func makeRules() -> [any TraceRule] {
        var rules: [any TraceRule] = [
            FLOW1ApplyAfterNew(), FLOWAcceptReasons(), FLOW3OneWinner(), FLOW4OneApplyPerWin(), FLOW5ApplyToClientOnly(),
            FLOW6ApplyNamesWinner(), FLOW7NothingAfterEnd(), FLOW8And9EndRecipients(), FLOW13GetJobsListsOpenRequests(),
            FLOW14CloseOnlyInProgress(),
            FLOW15NoBackendEnd(),
            ALERTFailedAcceptRules(), ALERTSuccessAfterView(), ALERTContents(), ALERT10TimeoutAlert(), ALERT11MovedByEndAlert(),
            TIMETimerStart(), TIMETimeoutCancel(), TIMEOfferDelay(), TIME10ClockAgreement(),
            ELIGDecisionReport(), OfferShowObligations(), ELIG8GetJobsEligibleOnly(),
            DISCRules(),
            VIEWCalledForViews(), VIEWWorkInProgressContents(), VIEWWorkInformation(), VIEW12CloseChoices(), VIEWLeaveEndedRequest(),
            VIEW15OfferRemoval(), ALERT12EndAlert(),
                        OFFLRefreshRules(), OFFLCreateRules(), OFFLAnnouncedChanges(), OFFLIdentityRules(), OFFLEditRules(), OFFLReplayRules(), OFFLNotificationOrderRules(), OFFLOptionsRules(), OFFL16RefreshOnAppear(), SaveFailureAlertRules(), AUTHRules(), TaskSessionRules(),
            MSGPayloadShapes(), MSG3And8NewRouting(), RESTAnswerShapes(), RESTAnswerCodes(),
            MSG14RecordedBanAndDelay(),
            MSG16MalformedIdentity(), MSG2AppIdentity(),
            RESTStateReads(),
            STATERetakeViews(), STATE5CatchUp(), STATE3NoRepeatedCall(), STATE6ReadOnReturn(), STATE7ActOnRead(), STATELostAnswers(), STATEConnection(),
            MSGOfferIntake(), ELIG12ProfileRead(),
            REST18PositionUse(), FixtureAnswers(), REST20CallerID(),
            TASK1UserExists(), TASK2SignUp(), TASK3LogIn(), TASK4TokenLifetimes(), TASK6TokenRequired(),
            TASK7And9TaskBodies(), TASK8TaskMembers(), TASK10EditMovesUpdatedAt(), TASK11EndedTaskRefused(),
            TASK12CancelKeepsReason(), TASK13CancelCutoff(), TASK14TaskList(), TASK15CandidateMembers(),
            TASK16ChooseCandidate(), TASK17ReviewRating(), TASK18RatingIsMean(), TASK19To21AccountReadBack(),
            TASK22DeletedAccount(), TASK23ContractorProfile(), TASK25CreateAnswerID(), TASK26TaskRead(),
        ]
        rules += ELIGRule.all.map { $0 as any TraceRule }
        return rules
    }

    /// What each rule checks and the tolerance it allows, in requirement order.
    public static var rules: [TraceRuleInfo] {
        makeRules().flatMap(\.infos).sorted { $0.id < $1.id }
    }

    /// The requirement ids with a rule.
    public static var requirementIDs: [RequirementID] { rules.map(\.id) }
}
