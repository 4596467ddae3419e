package growthdesk

import "testing"

func TestFormatMoney_WritesDollarsOrTheCurrencyCode(t *testing.T) {
	for _, c := range []struct {
		cents    int64
		currency string
		want     string
	}{
		{100, "usd", "$1.00"}, {100, "", "$1.00"}, {49900, "USD", "$499.00"}, {5, "usd", "$0.05"},
		{12345, "eur", "123.45 EUR"}, {-1050, "usd", "-$10.50"}, {123456789, "usd", "$1234567.89"},
		{-9223372036854775808, "usd", "-$92233720368547758.08"},
	} {
		if got := FormatMoney(c.cents, c.currency); got != c.want {
			t.Errorf("FormatMoney(%d, %q) = %s, want %s", c.cents, c.currency, got, c.want)
		}
	}
}

func TestFormatMoneyGrouped_GroupsWholeUnitsInThrees(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 123456789: "$1,234,567.89", -1050: "-$10.50", 100000: "$1,000.00"} {
		if got := FormatMoneyGrouped(cents, "usd"); got != want {
			t.Errorf("FormatMoneyGrouped(%d) = %s, want %s", cents, got, want)
		}
	}
	if got := FormatMoneyGrouped(123456789, "eur"); got != "1,234,567.89 EUR" {
		t.Errorf("FormatMoneyGrouped in euros = %s", got)
	}
}

func TestFormatAmount_IsTheDecimalWithoutCurrency(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 123456: "1234.56", -1050: "-10.50"} {
		if got := FormatAmount(cents); got != want {
			t.Errorf("FormatAmount(%d) = %s, want %s", cents, got, want)
		}
	}
}
