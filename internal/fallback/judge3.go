package fallback

// checkJudge3 runs the holdout5 round's structural checks: a conditional
// prohibition whose condition the records meet (policycondition.go), ...
func (st *state) checkJudge3() {
	st.checkIfForbidden()
}
