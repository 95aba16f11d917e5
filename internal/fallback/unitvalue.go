package fallback

import "strings"

// ---- currencies whose unit is worth far more than a dollar ----
//
// The stakes bands (1k/10k/100k) read the amount as if each unit were worth
// about a dollar or euro, which holds for the fiat currencies the cases use
// but not for crypto assets or precious metals: 14.5 BTC is a seven-figure
// withdrawal, not a small one. unitValue gives a deliberately low floor of a
// unit's worth in dollars for the codes that need one, so that the bands
// see at least the order of magnitude; it is no price feed and must not be
// used to compare amounts across currencies.

// unitFloor is a conservative floor of one unit's value in US dollars.
var unitFloor = map[string]float64{
	"XBT": 10000, "BTC": 10000, "WBTC": 10000,
	"ETH": 1000, "WETH": 1000,
	"XAU": 1000, // one troy ounce of gold
	"XPT": 500, "XPD": 500,
}

// unitValue is the factor by which an amount in the currency is scaled for
// the stakes bands: the floor for the codes above, 1 otherwise.
func unitValue(cur string) float64 {
	if v, ok := unitFloor[strings.ToUpper(strings.TrimSpace(cur))]; ok {
		return v
	}
	return 1
}
