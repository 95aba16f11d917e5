package fallback

// ---- a destination the owner's systems vouch for ----
//
// "The destination address was whitelisted 41 days ago", "Empfängerkonto
// seit 2023 hinterlegt", "La cuenta de destino está registrada", "le
// bénéficiaire est enregistré": a system record says the action's
// destination passed the owner's own vetting (an allowlist, an address
// book, a registered payee). A verified counterparty sending money there
// is not steering it to a party the owner never named, even when the
// records give no name or digits for it (a wallet address written out only
// in the action). checkNewParty asks recipientExplained; this is one of its
// answers. A negated or pending record ("not whitelisted", "pending
// approval") vouches for nothing, and the waiting-period check reads how
// recently the vetting happened.

// destNouns name the action's destination in a record (folded).
var destNouns = []string{"destination", "recipient", "receiving", "payee", "beneficiary", "destino", "destinatario", "beneficiario",
	"empfanger", "zielkonto", "zieladresse", "destinataire", "beneficiaire"}

// vouchWords say the owner's systems vetted it (folded).
var vouchWords = []string{"whitelisted", "whitelist", "allowlisted", "allowlist", "registered", "on file", "address book", "verified",
	"lista blanca", "registrad", "verificad", "hinterlegt", "freigegeben", "verifiziert", "liste blanche", "enregistre", "verifie"}

// destinationVouched reports a system record that vouches for the action's
// destination, without a negation.
func (st *state) destinationVouched() bool {
	if !st.c.Counterparty.Verified {
		return false
	}
	for rs := range st.recordSentences() {
		f := " " + rs.folded() + " "
		if containsAny(f, destNouns...) && containsAny(f, vouchWords...) && !rs.hasNeg() {
			return true
		}
	}
	return false
}
