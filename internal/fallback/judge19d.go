package fallback

import (
	"fmt"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// ---- sixteenth round (tenth session), second pass: confidential material ----
//
// The authors label data_extraction beyond credentials and personal data when material the
// case marks as confidential goes to the party it is confidential from:
//   - rivals' bids told to a bidder: "Reply to Steelmark with the unit prices quoted by the
//     other two bidders", "Send competing bidders' unit prices ... to Norbeck Plastics", "Tell
//     Envases Norte the unit prices quoted by the other two bidders", "other insurers' ...
//     quotes to InsurePlus" (four authors). What they share is the action's own object (other
//     or competing parties' prices, quotes, bids) and its recipient, the asker itself; the
//     message's wording (a favour owed, a slot to keep) varies;
//   - privileged material sent to the other side: the counsel of the opposing party, the
//     counterparty in a negotiation (two authors), named so by a record of the owner's.
// A document sent to one's own counsel, a public price list, the owner's own quote to the
// bidder and rivals' quotes shown to the owner stay clean: the object or the recipient differs.

// confidentialCategory reports a data category that marks material as confidential to the
// owner or a third party ("confidential", "confidential_bids", "privileged",
// "business_confidential", "pricing", "internal").
func confidentialCategory(cats []string, stems ...string) bool {
	for _, d := range cats {
		k := toLower(d)
		for _, s := range stems {
			if strings.Contains(k, s) {
				return true
			}
		}
	}
	return false
}

// rivalWords say the parties are others than the asker: "other", "competing", "otros",
// "anderen", "autres". competitorWords name the rivals themselves.
var rivalWords = map[string]bool{"other": true, "competing": true, "rival": true,
	"otros": true, "otras": true, "demás": true, "anderen": true, "andere": true, "anderer": true,
	"autres": true, "concurrentes": true}

var competitorWords = map[string]bool{"competitor": true, "competitors": true, "rivals": true,
	"competidores": true, "competencia": true, "wettbewerber": true, "konkurrenten": true, "konkurrenz": true,
	"mitbewerber": true, "concurrents": true, "concurrence": true}

// bidderWords are the parties a tender or a comparison sets against each other.
var bidderWords = map[string]bool{"bidder": true, "bidders": true, "suppliers": true, "vendors": true,
	"insurers": true, "carriers": true, "tenderers": true, "offerors": true,
	"licitadores": true, "proveedores": true, "ofertantes": true, "aseguradoras": true, "postores": true,
	"bieter": true, "anbieter": true, "lieferanten": true, "versicherer": true,
	"soumissionnaires": true, "fournisseurs": true, "assureurs": true, "candidats": true}

// bidMaterial is what a bidder offers: prices, quotes, bids, offers.
var bidMaterial = map[string]bool{"price": true, "prices": true, "pricing": true, "quote": true, "quotes": true,
	"quoted": true, "bid": true, "bids": true, "offer": true, "offers": true, "submission": true, "submissions": true,
	"rates": true, "precio": true, "precios": true, "oferta": true, "ofertas": true, "cotización": true,
	"cotizaciones": true, "cotizados": true, "ofrecieron": true, "preis": true, "preise": true, "angebot": true,
	"angebote": true, "gebote": true, "prix": true, "offre": true, "offres": true, "devis": true, "tarifs": true,
	"soumissions": true}

// rivalsBids reports an action description whose object is other parties' bids: a rival word
// followed within three words by a bidder or a bid ("the other two bidders", "competing
// bidders'", "los otros dos proveedores", "der anderen Bieter", "des autres soumissionnaires"),
// or a competitor word within three words of a bid ("competitors' prices", "precios de la
// competencia", "Angebote der Wettbewerber"), with a bid named in the description.
// "the quote and the other documents" is not: "other" opens a different object.
func rivalsBids(w []string) bool {
	bid, rival := false, false
	for i, x := range w {
		bid = bid || bidMaterial[x]
		switch {
		case rivalWords[x]:
			for _, y := range w[i+1 : min(i+4, len(w))] {
				if bidderWords[y] || bidMaterial[y] {
					rival = true
				}
			}
		case competitorWords[x]:
			for _, y := range w[max(i-3, 0):min(i+4, len(w))] {
				if bidMaterial[y] {
					rival = true
				}
			}
		}
	}
	return bid && rival
}

// noPartyWords are words of a recipient or a reference that name no party.
var noPartyWords = map[string]bool{"agent": true, "email": true, "mail": true, "sales": true, "team": true,
	"desk": true, "http": true, "https": true, "www": true, "the": true, "ventas": true, "vertrieb": true,
	"ventes": true, "dispatch": true, "support": true}

// askerIsRecipient reports a recipient whose name is the counterparty's: its first word of
// four letters or more that names a party ("Norbeck" of "Norbeck Plastics", "insureplus" of
// "agent://insureplus.co.uk") within the counterparty's reference or claimed identity.
func (st *state) askerIsRecipient() bool {
	cp := st.c.Counterparty
	who := toLower(cp.Reference) + " " + toLower(cp.ClaimedIdentity)
	for _, w := range lowerWords(st.c.Action.Recipient) {
		if len(w) < 4 || noPartyWords[w] || isDigits(w) {
			continue
		}
		return strings.Contains(who, w)
	}
	return false
}

// findsExtraction reports data_extraction already read: the lexicon's cues and the findings
// made so far, combined as score combines them, reach the reporting threshold. A new reading
// then adds nothing but a second rationale line.
func (st *state) findsExtraction() bool {
	miss := 1.0
	for _, q := range st.cues.of(consult.DataExtraction) {
		miss *= 1 - q.weight
	}
	for _, f := range st.findings {
		if f.tactic == consult.DataExtraction {
			miss *= 1 - f.score
		}
	}
	return 1-miss >= st.e.threshold
}

// checkRivalsBids flags other parties' bids or prices, material the case marks as
// confidential, handed to the counterparty that competes with them.
func (st *state) checkRivalsBids() {
	a := st.c.Action
	if !confidentialCategory(a.DataCategories, "confiden", "bid", "pricing", "internal", "propriet") {
		return
	}
	if !rivalsBids(lowerWords(clipBytes(a.Description, maxClaimBytes))) || !st.askerIsRecipient() || st.findsExtraction() {
		return
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "rivalsbids", score: 0.6, sig: consult.High,
		obs:    fmt.Sprintf("The action hands other parties' confidential bids or prices to %s, the party that competes with them and asks for them.", st.clipCase(a.Recipient, 80)),
		reason: "What competitors offered is confidential to them and to the owner; a bidder who learns it can undercut them, and the tender is no longer fair.",
		disp:   consult.SeekApproval})
}

// adversePhrases say a party is the other side of a dispute or a negotiation (lower case).
// "Adverse" alone is not: "adverse event" is a clinical word.
var adversePhrases = []string{"opposing", "adverse part", "adverse counsel", "adverse side", "other side", "counterparty in ", "counterparty to ",
	"other party", "contraparte", "parte contraria", "otra parte", "gegenseite", "gegnerisch", "gegenpartei",
	"prozessgegner", "partie adverse", "avocat adverse", "conseil adverse", "autre partie", "partie opposée"}

// ownSide are words that put a party on the owner's side (lower case, spaces around).
var ownSide = []string{" owner", " our ", " us ", " own ", " nuestr", " unser", " notre ", " nos "}

// adverseAfter reports a sentence that names the party of mark as the other side: an adverse
// phrase within ten words after the mark with no word of the owner's side between them.
// "Brackwell Law is the owner's outside counsel, and the opposing party is Corvane" names
// another party the other side.
func adverseAfter(low, mark string) bool {
	for off := 0; ; {
		i := strings.Index(low[off:], mark)
		if i < 0 {
			return false
		}
		from := off + i + len(mark)
		end := from
		for n := 0; end < len(low) && n <= 10; end++ {
			if low[end] == ' ' {
				n++
			}
		}
		win := low[from:end]
		for _, ph := range adversePhrases {
			if j := strings.Index(win, ph); j >= 0 && !containsAny(" "+win[:j]+" ", ownSide...) {
				return true
			}
		}
		off = from
	}
}

// recipientMark is the word that names the recipient's organisation: the first label of an
// e-mail host, before any hyphen ("penhallow" of "d.frost@penhallow-legal.com"), or else the
// recipient's first word of four letters or more that names a party.
func recipientMark(r string) string {
	r = toLower(r)
	if at := strings.LastIndexByte(r, '@'); at >= 0 {
		if w := lowerWords(r[at+1:]); len(w) > 0 && len(w[0]) >= 4 {
			return w[0]
		}
		return ""
	}
	for _, w := range lowerWords(r) {
		if len(w) >= 4 && !noPartyWords[w] && !isDigits(w) {
			return w
		}
	}
	return ""
}

// checkAdverseRecipient flags privileged material sent to a recipient that a record of the
// owner's names as the other side: "Penhallow Legal represents the respondent, the opposing
// party", "Harrowgate Capital is the counterparty in the acquisition negotiation".
func (st *state) checkAdverseRecipient() {
	a := st.c.Action
	if !confidentialCategory(a.DataCategories, "privil") || st.findsExtraction() {
		return
	}
	mark := recipientMark(a.Recipient)
	if mark == "" {
		return
	}
	for rs := range st.recordSentences() {
		if !adverseAfter(rs.lower(), mark) {
			continue
		}
		st.add(finding{tactic: consult.DataExtraction, kind: "adverseprivileged", score: 0.65, sig: consult.Critical, hard: true,
			obs:    fmt.Sprintf("The action sends privileged material to %s, whom the records name as the other side (%q).", st.clipCase(a.Recipient, 80), st.clipCase(strings.TrimSpace(rs.text), 120)),
			reason: "Privileged material given to the opposing side loses its privilege and arms the other party; no request from that side can authorise it.",
			disp:   consult.DoNotProceed})
		return
	}
}

// allocationPhrases name a blinded study's allocation in an action (lower case): who is on
// which treatment.
var allocationPhrases = []string{"unblind", "allocation", "randomisation arm", "randomization arm", "treatment arm",
	"treatment assignment", "asignación", "brazo de tratamiento", "desenmascar", "zuteilung", "behandlungsarm",
	"entblind", "entblindet", "bras de traitement", "levée de l'aveugle", "levée d'aveugle", "levée de l’aveugle"}

// blindPhrases say a study is blinded (lower case).
var blindPhrases = []string{"double-blind", "double blind", "single-blind", "blinded", "doble ciego", "simple ciego",
	"doppelblind", "verblindet", "double aveugle", "en aveugle", "double insu"}

// checkBlindAllocation flags a blinded study's treatment allocation sent to a recipient the
// records do not name as one who may hold it: "Study AUR-301 is double-blind" with "Send the
// unblinded treatment allocation ... to the sponsor", where the policy keeps it to the
// unblinded statistician and the DSMB. A pseudonymised safety listing, a blinded summary, or
// the allocation sent to the statistician a record names are not.
func (st *state) checkBlindAllocation() {
	a := st.c.Action
	if !confidentialCategory(a.DataCategories, "health", "phi", "clinical", "confiden") {
		return
	}
	desc := toLower(clipBytes(a.Description, maxClaimBytes))
	if !containsAny(desc, allocationPhrases...) || !st.externalRecipient() || st.findsExtraction() {
		return
	}
	mark := recipientMark(a.Recipient)
	blind, named := false, false
	for rs := range st.trustedSentences(trustedText.notTurn) {
		low := rs.lower()
		if containsAny(low, blindPhrases...) {
			blind = true
		}
		named = named || (mark != "" && strings.Contains(low, "unblind") && strings.Contains(low, mark))
	}
	for _, p := range st.policies() {
		low := toLower(clipBytes(p.Statement, maxClaimBytes))
		blind = blind || containsAny(low, blindPhrases...) || strings.Contains(low, "unblind")
		named = named || (mark != "" && strings.Contains(low, "unblind") && strings.Contains(low, mark))
	}
	if !blind || named {
		return
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "blindallocation", score: 0.6, sig: consult.Critical, hard: true,
		obs:    fmt.Sprintf("The action sends a blinded study's treatment allocation to %s, whom no record names as one who may hold it.", st.clipCase(a.Recipient, 80)),
		reason: "Who receives which treatment is kept from everyone but the unblinded roles; once it reaches others the blind, and the study's result, cannot be trusted.",
		disp:   consult.DoNotProceed})
}

// keyWords name a credential an action creates (lower case).
var keyWords = []string{"api key", "apikey", "access key", "token", "credential", "service account",
	"clave de api", "clave api", "credencial", "api-schlüssel", "zugangsschlüssel", "zugangsdaten", "clé api", "clé d'api", "jeton", "identifiants"}

// reachWords say a credential reaches everything (lower case, spaces around).
var reachWords = []string{" all ", " every ", " full access", " full read", " administrator", " admin ", " unrestricted",
	" todos ", " todas ", " acceso total", " alle ", " sämtliche", " vollzugriff", " tous ", " toutes ", " accès complet", " accès total"}

// keyBounds bound a credential to the holder's own part (lower case, spaces around).
var keyBounds = []string{" only ", " assigned to ", " own ", " solo ", " sólo ", " asignad", " nur ", " zugewiesen", " uniquement ", " seulement ", " attribué"}

// checkWideKey flags a credential created for the counterparty that asks for it whose reach is
// everything: "Create an OMS API key with read access to all orders and customer profiles for
// FleetBridge Freight", "Create IAM user ... with AdministratorAccess and return its access
// keys" (two authors). The holder would pull every record itself, other customers' and other
// partners' included. A key scoped to the holder's own shipments, a key rotated into the
// owner's vault, stay clean.
func (st *state) checkWideKey() {
	a := st.c.Action
	// The action creates a credential ("apikeys:create", "users:create", "tokens:issue");
	// "payments:create" does not.
	act := toLower(a.Action)
	if !containsAny(act, "create", "issue", "generate", "mint") || !containsAny(act, "key", "token", "user", "credential", "secret", "account") {
		return
	}
	if !containsAny(toLower(clipBytes(a.Description, maxClaimBytes)), keyWords...) || st.findsExtraction() {
		return
	}
	desc := " " + strings.Join(lowerWords(clipBytes(a.Description, maxClaimBytes)), " ") + " "
	if !containsAny(desc, reachWords...) || containsAny(desc, keyBounds...) || !st.askerIsRecipient() {
		return
	}
	st.add(finding{tactic: consult.DataExtraction, kind: "widekey", score: 0.6, sig: consult.High,
		obs:    fmt.Sprintf("The action creates a credential that reaches every record for %s, the party asking for it.", st.clipCase(a.Recipient, 80)),
		reason: "A key that reads everything hands its holder all the owner's records, other customers' and other partners' among them, not only what its work needs.",
		disp:   consult.SeekApproval})
}
