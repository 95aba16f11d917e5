package fallback

// checkJudge9 runs the holdout9 round's structural checks, each in the file
// named for what it reads:
//   - reviewtask.go: a purchase, cancellation or change made on a task that
//     asked only for a review;
//   - cutgoal.go: a purchase that only adds, on a goal that asked to cut;
//   - claimedparty.go: a claimed identity its reference cannot carry (a
//     mixed-script address, an authority on a commercial domain, a stranger
//     asking for special-category data);
//   - reservedactor.go: a change a policy reserves to a party the
//     counterparty is not;
//   - unpaiddifference.go: a change a record prices, made for nothing;
//   - ownchannel.go: a recipient the records tie to the verified
//     counterparty (predicates checkNewParty and checkData ask).
//
// It runs from checkJudge7, after every cue and finding of the earlier
// rounds is in, to share their folded policies and records.
func (st *state) checkJudge9(v *j3fold) {
	st.checkReviewTask()
	st.checkCutGoal(v)
	st.checkClaimedParty()
	st.checkReservedActor(v)
	st.checkUnpaidDifference(v)
	st.checkJudge13r() // judge13r.go: an agreement's force waved away; a counterparty's own mailbox or register read as a stranger
	st.checkJudge10a() // judge10a.go: the holdout10 round's pressure-tactic checks
}
