package fallback

import (
	"regexp"
	"strings"
)

// ---- internal flows ----
//
// A verified counterparty's own organisation is not "outside": a reset link
// to the requester's own corporate mailbox, a deactivation of a colleague's
// account, a manager's own team data read into an internal document stay
// inside the owner's systems. Free-mail domains never count as an
// organisation, and nothing here applies to an unverified counterparty.

// reEmail finds e-mail addresses.
var reEmail = regexp.MustCompile(`(?i)[a-z0-9._%+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)`)

// orgDomains returns the registrable organisation domains of the verified
// counterparty's reference (free-mail excluded).
func (st *state) orgDomains() map[string]bool {
	cp := st.c.Counterparty
	if !cp.Verified || st.untrusted() || strings.EqualFold(cp.TrustTier, "probationary") {
		return nil
	}
	var out map[string]bool
	for _, m := range reEmail.FindAllStringSubmatch(clipBytes(cp.Reference, 512), 4) {
		d := registrable(toLower(m[1]))
		if d == "" || freemail.has(d) {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[d] = true
	}
	return out
}

// internalRecipient reports a recipient whose every address lies in the
// verified counterparty's own organisation domain, and that names nothing
// else (no outside party written next to it).
func (st *state) internalRecipient() bool {
	r := strings.TrimSpace(st.c.Action.Recipient)
	if r == "" || len(r) > 512 {
		return false
	}
	org := st.orgDomains()
	if len(org) == 0 {
		return false
	}
	ms := reEmail.FindAllStringSubmatchIndex(r, 8)
	if len(ms) == 0 {
		return false
	}
	rest := r
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if !org[registrable(toLower(r[m[2]:m[3]]))] {
			return false
		}
		rest = rest[:m[0]] + rest[m[1]:]
	}
	// Anything besides the addresses must be a plain label, not a second
	// destination ("and bcc x@y", a url, an account number).
	l := toLower(rest)
	return !strings.ContainsAny(l, "/:") && !hasASCIIDigit(l) && !containsAny(l, "bcc", " cc", "forward", "copy to", "and ")
}

// reRevoke: actions that take access away; they never send a credential.
var reRevoke = regexp.MustCompile(`(?i)\b(?:deactivat\w*|revok\w*|disabl\w*|suspend\w*|lock\w*|offboard\w*|terminat\w*|deprovision\w*|remov\w*|delet\w*|expir\w*|invalidat\w*)\b`)

// reReset: actions that issue a fresh credential to the account holder.
var reReset = regexp.MustCompile(`(?i)\b(?:reset\w*|unlock\w*|re-?enrol\w*|re-?enroll\w*|recover\w*)\b`)

// revokingAction reports an action whose name (not only its description)
// takes access away.
func (st *state) revokingAction() bool {
	return reRevoke.MatchString(strings.ReplaceAll(st.c.Action.Action, "_", " "))
}

// internalFlow reports an in-scope action of the owner's own systems for a
// verified counterparty whose data stays inside its own organisation.
func (st *state) internalFlow() bool {
	if st.internal != 0 {
		return st.internal > 0
	}
	st.internal = -1
	c := st.c
	if c.Identity.OutOfScope(c.Action) {
		return false
	}
	if st.internalRecipient() {
		st.internal = 1
	}
	return st.internal > 0
}

// secretsStayInside reports a credential action that sends no secret out:
// access taken away (deactivate, revoke), or a reset/unlock whose link goes
// to the verified requester's own organisation.
func (st *state) secretsStayInside() bool {
	if !st.c.Counterparty.Verified || st.untrusted() {
		return false
	}
	if st.registeredDevice() {
		return true // a device a record registers to the requester (ownchannel.go)
	}
	if st.prescribedChannel() {
		return true // the one channel a policy names for it (judge13f.go)
	}
	act := strings.ReplaceAll(st.c.Action.Action, "_", " ")
	if st.revokingAction() && !reReset.MatchString(act) {
		return st.c.Action.Recipient == "" || st.internalFlow()
	}
	if !reReset.MatchString(act) || !st.internalFlow() {
		return false
	}
	// A reset goes only to the requester's own mailbox, not a colleague's.
	ref := toLower(st.c.Counterparty.Reference)
	for _, m := range reEmail.FindAllString(st.c.Action.Recipient, 8) {
		if !strings.Contains(ref, toLower(m)) {
			return false
		}
	}
	return true
}

// reDeadlineRec: a record that itself sets the deadline for today.
var (
	reDeadlineRec = regexp.MustCompile(`(?i)\b(?:deadline|due|expires?|closes?|cut-?off|must be (?:filed|submitted|paid))\b[^.;]{0,40}?\b(?:today|tonight|this (?:morning|afternoon|evening)|by \d{1,2}(?::\d{2})?|at \d{1,2}(?::\d{2})|within (?:the|\d+) hours?)\b|\b(?:today|tonight)\b[^.;]{0,20}?\b(?:deadline|due|cut-?off)\b`)
)

// deadlineConfirmed reports a system record or verified evidence that
// confirms the time pressure (the filing is due today): a true deadline
// from a verified counterparty is not a pressure tactic.
func (st *state) deadlineConfirmed() bool {
	if !st.c.Counterparty.Verified || st.untrusted() {
		return false
	}
	for _, t := range st.trusted {
		if !t.isRecord() {
			continue
		}
		txt := clipBytes(t.text, maxClaimBytes)
		if reDeadlineRec.MatchString(txt) && !reRefute.MatchString(txt) {
			return true
		}
	}
	return false
}
