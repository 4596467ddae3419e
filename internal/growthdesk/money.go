package growthdesk

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatMoney writes cents of a currency as people read them: $1.00 for usd, 12.50 EUR otherwise.
// It is the product's one money formatter: e-mails, the test provider's pages, the command
// line and (grouped) the report files all write amounts through it.
func FormatMoney(cents int64, currency string) string { return formatMoney(cents, currency, false) }

// FormatMoneyGrouped is FormatMoney with the whole units grouped in threes ($1,234,567.89),
// for the long figures of report documents.
func FormatMoneyGrouped(cents int64, currency string) string {
	return formatMoney(cents, currency, true)
}

// FormatAmount writes cents as a decimal number of whole units ("1234.50", "-0.05"), for
// places that name the currency apart, such as a CSV column.
func FormatAmount(cents int64) string {
	sign, n := decimal(cents, false)
	return sign + n
}

func formatMoney(cents int64, currency string, grouped bool) string {
	sign, n := decimal(cents, grouped)
	if strings.EqualFold(currency, "usd") || currency == "" {
		return sign + "$" + n
	}
	return sign + n + " " + strings.ToUpper(currency)
}

// decimal splits cents into a sign ("-" or "") and the magnitude in whole units with two
// decimals, the whole units grouped in threes when grouped.
func decimal(cents int64, grouped bool) (sign, n string) {
	// The magnitude as unsigned, so that the most negative int64 has one too.
	abs := uint64(cents)
	if cents < 0 {
		sign, abs = "-", -uint64(cents)
	}
	whole := strconv.FormatUint(abs/100, 10)
	if grouped {
		for i := len(whole) - 3; i > 0; i -= 3 {
			whole = whole[:i] + "," + whole[i:]
		}
	}
	return sign, fmt.Sprintf("%s.%02d", whole, abs%100)
}
