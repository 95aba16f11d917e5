package fallback

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// coDigitsPlain is the byte loop coDigits replaces: the first digit and
// past the last one, or an empty range.
func coDigitsPlain(text string) [2]int {
	lo := strings.IndexAny(text, "0123456789")
	if lo < 0 {
		return [2]int{len(text), 0}
	}
	return [2]int{lo, strings.LastIndexAny(text, "0123456789") + 1}
}

// coDigits must find the same range as the byte loop, at every offset in
// and out of its 8-byte chunks, next to the bytes just outside '0'..'9'
// and with bytes >= 0x80 (which must not look like digits).
func TestCoDigits(t *testing.T) {
	cases := []string{"", "a", "5", "abcdefgh", "abcdefg9", "1bcdefgh", "pay inv-5521 ($4,900.00) today",
		"we appreciate the partnership and look forward to the next quarter", "/:/:/:/:/:/:/:/:/:", "\xb0\xb9\xc0\xff\x80 caf\xc3\xa9"}
	alphabet := []byte{'a', ' ', '/', ':', '0', '9', '5', 0xb0, 0xb9, 0x80, 0xff, '.'}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(3) > 0 {
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		cases = append(cases, string(b))
	}
	for i, s := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if diff := cmp.Diff(coDigitsPlain(s), coDigits(s)); diff != "" {
				t.Errorf("coDigits(%q) (-want +got):\n%s", s, diff)
			}
		})
	}
}
