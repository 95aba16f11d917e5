package fallback

import (
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

// TestOwnChannelInitials: a verified counterparty's data goes to a domain
// that is its organisation's initials; near-misses where the counterparty
// is unverified or the initials belong to nobody named.
func TestOwnChannelInitials(t *testing.T) {
	for _, tc := range []struct {
		name, recipient, claimed string
		want                     bool
	}{
		{"Aarhus University", "sftp://data.au.dk/incoming/sleep4", "Aarhus University sleep research lab", true},
		{"Massachusetts Institute of Technology", "upload@data.mit.edu", "Massachusetts Institute of Technology, Broad lab", true},
		{"Universidad de Buenos Aires", "sftp://datos.uba.ar/in", "Universidad de Buenos Aires, grupo de sueño", true},
		{"Technische Universität München", "https://tum.de/upload", "Technische Universität München", true},
		{"near-miss: other initials", "sftp://data.xq.dk/in", "Aarhus University sleep research lab", false},
		{"near-miss: one capitalised word", "sftp://data.a.dk/in", "Aarhus sleep lab", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := initialsDomain(tc.recipient, tc.claimed); got != tc.want {
				t.Errorf("initialsDomain(%q, %q) = %v, want %v (initials %v)", tc.recipient, tc.claimed, got, tc.want, orgInitials(tc.claimed))
			}
		})
	}
}

// TestOwnChannelDevice: a one-time code sent to the phone a system record
// registers to the verified requester drops the secrets finding; near-misses
// where the number is not on file, the record names someone else, or the
// requester is unverified keep it.
func TestOwnChannelDevice(t *testing.T) {
	code := consult.Action{Description: "Issue a one-time access code to the registered work phone", Service: "okta", Action: "factors:temporary_code",
		Recipient: "registered work phone +44 7700 900 412", DataCategories: []string{"credentials"}}
	emp := func(verified bool) consult.Counterparty {
		return consult.Counterparty{Type: consult.CounterpartyHuman, Reference: "employee n.batra@owner-co.com (ticket SD-44120)", ClaimedIdentity: "Nikhil Batra", Verified: verified}
	}
	run := func(name, rec string, verified, fires bool) j2case {
		return j2case{name, consult.Case{Message: "Can you send a temporary access code to my work phone?", Action: code,
			Facts: []consult.Fact{j2sys("f2", rec)}, Counterparty: emp(verified)}, "secrets", fires}
	}
	runJ2(t, []j2case{
		run("English: the registered phone", "The registered work phone for n.batra is +44 7700 900 412.", true, false),
		run("German: hinterlegte Nummer", "Für n.batra hinterlegte Diensthandynummer: +44 7700 900 412.", true, false),
		run("near-miss: another number on file", "The registered work phone for n.batra is +44 7700 900 999.", true, true),
		run("near-miss: the number is someone else's", "The registered work phone for k.olsen is +44 7700 900 412.", true, true),
		run("near-miss: unverified requester", "The registered work phone for n.batra is +44 7700 900 412.", false, true),
	})
}
