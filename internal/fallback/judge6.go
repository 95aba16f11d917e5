package fallback

// checkJudge6 runs the holdout6 round's checks, each in the file named for
// what it reads:
//   - waitperiod.go: a minimum wait a record shows has not run out;
//   - forbiddenkind.go: a never-share list naming the data category, or
//     payment data sent as information;
//   - reservedrole.go: a role the owner's records give one person, taken
//     from them;
//   - bareban.go: a ban on an act for every thing of a kind;
//   - assertedauthority.go: a counterparty-asserted fact that someone with
//     standing approved or asked for the request;
//   - addressname.go: the person a sender's address names, whom a directory
//     record denies;
//   - avertloss.go: a request timed against a loss (a weak urgency cue);
//   - ownpace.go: drops urgency cues that state the speaker's promised pace.
//
// (altcondition.go's reading, a record that meets another of the policy's
// alternative conditions, is a predicate the ineligible check asks.)
//
// It runs from checkJudge3 to share that round's folded policies, records
// and description.
func (st *state) checkJudge6(v *j3fold) {
	st.checkWaitPeriod()
	st.checkForbiddenKind()
	st.checkReservedRole(v)
	st.checkPolicyRoleSwap(v) // judge13a.go: a role an owner's policy reserves, when neither check above read it
	st.checkBareBan(v)
	st.checkAssertedAuthority()
	st.checkAddressPerson()
	st.checkAvertLoss()
	st.checkOwnPace()
	st.checkJudge7(v) // judge7.go: the holdout7 round's checks
}
