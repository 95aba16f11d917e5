package fallback

import "github.com/a2atrust/shield/internal/consult"

// cueLabel is a lexicon's label as a small number: a tactic (its place in
// tacticOrder) or one of auxLabels. Some sixty checks read a label's cues
// in every analysis; as a string key of a map each read hashed the label
// (about a hundred instructions), as an index of cueTable it is a load.
type cueLabel uint8

// The labels, the tactics first in tacticOrder's order (so a tactic's
// label is its tacticIndex), then auxLabels.
const (
	labUrgency cueLabel = iota
	labAuthorityClaim
	labEmotionalPressure
	labReciprocity
	labScarcity
	labPolicyBypass
	labIdentityDeception
	labScopeExpansion
	labDataExtraction
	labInconsistentClaims

	labNegation
	labCalm
	labWarning
	labRequest
	labSecret
	labSensitive
	labDetail
	labMinimal
	labBulk
	labApproval
	labIneligible
	labRole
	labNewdest
	labTimestake
	labSignoff
	labStatus
	labSelfframe
	labConsequence
	labRuncost
	labAppeal
	labPicture
	labLovingrole
	labMustact
	labLapse
	labRuin
	labAssert
	labSaidso
	labHarm
	labPublicize
	labRuleword
	labRecall
	labOwed

	numLabels // the number of labels, not one
)

// numTacticLabels is the number of tactics' labels, which come first.
const numTacticLabels = labInconsistentClaims + 1

// labelNames are the labels as the rule pack writes them.
var labelNames = [numLabels]string{
	labUrgency:            string(consult.Urgency),
	labAuthorityClaim:     string(consult.AuthorityClaim),
	labEmotionalPressure:  string(consult.EmotionalPressure),
	labReciprocity:        string(consult.Reciprocity),
	labScarcity:           string(consult.Scarcity),
	labPolicyBypass:       string(consult.PolicyBypass),
	labIdentityDeception:  string(consult.IdentityDeception),
	labScopeExpansion:     string(consult.ScopeExpansion),
	labDataExtraction:     string(consult.DataExtraction),
	labInconsistentClaims: string(consult.InconsistentClaims),

	labNegation:    "@negation",
	labCalm:        "@calm",
	labWarning:     "@warning",
	labRequest:     "@request",
	labSecret:      "@secret",
	labSensitive:   "@sensitive",
	labDetail:      "@detail",
	labMinimal:     "@minimal",
	labBulk:        "@bulk",
	labApproval:    "@approval",
	labIneligible:  "@ineligible",
	labRole:        "@role",
	labNewdest:     "@newdest",
	labTimestake:   "@timestake",
	labSignoff:     "@signoff",
	labStatus:      "@status",
	labSelfframe:   "@selfframe",
	labConsequence: "@consequence",
	labRuncost:     "@runcost",
	labAppeal:      "@appeal",
	labPicture:     "@picture",
	labLovingrole:  "@lovingrole",
	labMustact:     "@mustact",
	labLapse:       "@lapse",
	labRuin:        "@ruin",
	labAssert:      "@assert",
	labSaidso:      "@saidso",
	labHarm:        "@harm",
	labPublicize:   "@publicize",
	labRuleword:    "@ruleword",
	labRecall:      "@recall",
	labOwed:        "@owed",
}

// String is the label as the rule pack writes it.
func (l cueLabel) String() string {
	if l < numLabels {
		return labelNames[l]
	}
	return "label?"
}

// labelOf is the label a rule pack's section names; ok is false for a name
// that is no label (validLabel checks the sections before this is asked).
func labelOf(name string) (l cueLabel, ok bool) {
	for i, n := range labelNames {
		if n == name {
			return cueLabel(i), true
		}
	}
	return 0, false
}

// tacticLabel is the label of t, one of tacticOrder; ok is false for any
// other tactic, which has no cues.
func tacticLabel(t consult.Tactic) (l cueLabel, ok bool) {
	i := tacticIndex(t)
	return cueLabel(i), i >= 0
}

// cueTable holds a case's cues by label.
type cueTable [numLabels][]cue

// of returns the cues of tactic t; none for a tactic outside tacticOrder.
func (ct *cueTable) of(t consult.Tactic) []cue {
	if l, ok := tacticLabel(t); ok {
		return ct[l]
	}
	return nil
}
