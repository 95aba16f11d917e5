package fallback

// checkJudge2 runs the checks added for generalisation on fresh cases (each
// in its own file, named for what it checks). One hook keeps the call site
// in inspect a single line.
func (st *state) checkJudge2() {
	st.checkDeferredPaperwork()
	st.checkRelayedApproval()
	st.checkAbsentPerson()
	st.checkClockDeadline()
	st.checkCountLimit()
	st.checkEntitlement()
	st.checkReasonSwitch()
	st.checkForbiddenShare()
	st.checkPressureShapes()
	st.checkRealParty()
	st.checkElapsed()
	st.checkQuantity()
}
