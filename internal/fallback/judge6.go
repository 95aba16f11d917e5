package fallback

// checkJudge6 runs the holdout6 round's checks, each in the file named for
// what it reads:
//   - waitperiod.go: a minimum wait a record shows has not run out;
//   - forbiddenkind.go: a never-share list naming the data category, or
//     payment data sent as information.
func (st *state) checkJudge6() {
	st.checkWaitPeriod()
	st.checkForbiddenKind()
}
