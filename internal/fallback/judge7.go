package fallback

// checkJudge7 runs the holdout7 round's checks, each in the file named for
// what it reads:
//   - recordeddeadline.go: drops urgency cues that restate a deadline a
//     system record sets;
//   - splitorder.go: one purchase cut into parts where the owner forbids
//     splitting;
//   - fixedcount.go: an add or a remove of a thing whose count a policy
//     fixes.
//
// It runs from checkJudge6, after every cue and finding of the earlier
// rounds is in, to share their folded policies and records.
func (st *state) checkJudge7(v *j3fold) {
	st.checkRecordedDeadline(v)
	st.checkSplitOrder(v)
	st.checkFixedCount(v)
	st.checkJudge8(v)   // judge8.go: the holdout8 round's checks
	st.checkJudge9(v)   // judge9.go: the holdout9 round's checks
	st.checkJudge10b(v) // judge10b.go: the holdout10 round's structural checks
}
