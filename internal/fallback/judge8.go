package fallback

// checkJudge8 runs the holdout8 round's checks, each in the file named for
// what it reads:
//   - baretime.go: drops urgency cues that only say when, with no reason
//     for the time (dev's convention for urgency);
//   - paydetails.go: card or bank details sent as information where a
//     policy forbids releasing them;
//   - policygap.go: the counterparty proposes a gap in cover that a policy
//     forbids.
//
// It runs from checkJudge7, after every cue and finding of the earlier
// rounds is in.
func (st *state) checkJudge8(v *j3fold) {
	st.checkBareTime()
	st.checkPayDetails()
	st.checkPolicyGap(v)
}
