package consult_test

import (
	"fmt"
	"testing"

	"github.com/a2atrust/shield/internal/consult"
)

func TestScope(t *testing.T) {
	id := consult.Identity{Scope: []consult.ScopeEntry{
		{Service: "bank", Actions: []string{"payments:create", "payments:read"}},
		{Service: "crm", Actions: []string{"*"}},
	}}
	for _, tc := range []struct {
		service, action string
		out             bool
	}{
		{"bank", "payments:create", false},
		{"BANK", "Payments:Create", false}, // names compare case-insensitively
		{"bank", "wires:create", true},
		{"crm", "contacts:delete", false}, // "*" grants every action
		{"erp", "invoices:read", true},
		{"", "", false}, // no action named: nothing to judge
	} {
		t.Run(tc.service+":"+tc.action, func(t *testing.T) {
			if got := id.OutOfScope(consult.Action{Service: tc.service, Action: tc.action}); got != tc.out {
				t.Errorf("OutOfScope = %v, want %v", got, tc.out)
			}
		})
	}
	if (consult.Identity{}).OutOfScope(consult.Action{Service: "bank", Action: "wires:create"}) {
		t.Error("with no declared scope nothing is out of scope")
	}
}

func ExampleIdentity_OutOfScope() {
	id := consult.Identity{Scope: []consult.ScopeEntry{{Service: "stripe", Actions: []string{"refunds:create"}}}}
	fmt.Println(id.OutOfScope(consult.Action{Service: "stripe", Action: "refunds:create"}))
	fmt.Println(id.OutOfScope(consult.Action{Service: "stripe", Action: "payouts:create"}))
	// Output:
	// false
	// true
}
