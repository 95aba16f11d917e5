package fallback

import "github.com/a2atrust/shield/internal/consult"

// BaseCase gives the black-box tests the same clean supplier-payment case
// the white-box tests spoil one way at a time.
var BaseCase = sbase

// InspectCompose is Analyze without its recover, so that a panic in a rule
// reaches the test that provoked it instead of turning into the fail-safe
// analysis.
func InspectCompose(c *consult.Case) consult.Analysis { return Default().inspect(c).compose() }

// FailSafe is the analysis Analyze gives when a rule panics.
var FailSafe = failSafe

// EndDigits and EndingRE let the black-box tests hold the hand matcher of
// checkDestination to the regexp it stands in for.
var (
	EndDigits = endDigits
	EndingRE  = reEnding
)

// BankWordsIn is bankWordsIn as checkDestination calls it, and BankWordsRE
// the regexp it must agree with.
var (
	BankWordsIn = func(s string) bool { return bankWordsIn(s, isASCII(s), toLower(s)) }
	BankWordsRE = reBankWords
	// DigitRuns and NewDestIn are checkDestination's hand matchers of
	// Digits4RE and NewDestRE.
	DigitRuns = digitRuns
	Digits4RE = reDigits4
	NewDestIn = func(s string) bool { return newDestIn(s, toLower(s)) }
	NewDestRE = reNewDest
)

// PaddedSentences is paddedSentences, which checkDismissedControl uses in
// place of padding each piece of strings.Split.
var PaddedSentences = paddedSentences

// OnFinalViolation makes compose check every text it calls final against
// finish's full cleaning and masking, calling f with any that finish would
// change; nil stops the check.
func OnFinalViolation(f func(s string)) { finalViolation = f }
