package growthdesk

import (
	"fmt"
	"strings"
)

// FormatMoney writes cents of a currency as people read them: $1.00 for usd, 12.50 EUR otherwise.
func FormatMoney(cents int64, currency string) string {
	// The magnitude as unsigned, so that the most negative int64 has one too.
	sign, abs := "", uint64(cents)
	if cents < 0 {
		sign, abs = "-", -uint64(cents)
	}
	n := fmt.Sprintf("%d.%02d", abs/100, abs%100)
	if strings.EqualFold(currency, "usd") || currency == "" {
		return sign + "$" + n
	}
	return sign + n + " " + strings.ToUpper(currency)
}
