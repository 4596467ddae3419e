package auth

import (
	"crypto/rand"
	"fmt"
	"image/color"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP as every authenticator app does it by default and as GoTrue configures it: SHA-1,
// 6 digits, 30-second steps, one step of clock skew either way, a 160-bit secret.
const (
	totpPeriod     = 30
	totpSkew       = 1
	totpSecretSize = 20
)

// newTOTPKey makes a secret and its otpauth:// URI for the user's authenticator app.
func newTOTPKey(issuer, account string) (*otp.Key, error) {
	return totp.Generate(totp.GenerateOpts{
		Issuer:      issuer,
		AccountName: account,
		Period:      totpPeriod,
		SecretSize:  totpSecretSize,
		Digits:      otp.DigitsSix,
		Algorithm:   otp.AlgorithmSHA1,
		Rand:        rand.Reader,
	})
}

// validTOTP checks a code against the secret at now.
func validTOTP(code, secret string, now time.Time) bool {
	ok, err := totp.ValidateCustom(strings.TrimSpace(code), secret, now.UTC(), totp.ValidateOpts{
		Period:    totpPeriod,
		Skew:      totpSkew,
		Digits:    otp.DigitsSix,
		Algorithm: otp.AlgorithmSHA1,
	})
	return err == nil && ok
}

// qrSVG renders content as a QR code (error correction H, 3 px modules, 4-module quiet
// zone) in SVG. auth-js puts the markup behind "data:image/svg+xml;utf-8," without
// escaping it, so the markup avoids '#' and '%', which would break that URL.
func qrSVG(content string) (string, error) {
	code, err := qr.Encode(content, qr.H, qr.Auto)
	if err != nil {
		return "", err
	}
	const module, quiet = 3, 4
	n := code.Bounds().Dx()
	size := (n + 2*quiet) * module
	dark := func(x, y int) bool {
		gray := color.Gray16Model.Convert(code.At(x, y)).(color.Gray16)
		return gray.Y < 0x8000
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, size, size, size, size)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="white"/><path fill="black" d="`, size, size)
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if !dark(x, y) {
				x++
				continue
			}
			start := x
			for x < n && dark(x, y) {
				x++
			}
			w := (x - start) * module
			fmt.Fprintf(&sb, "M%d %dh%dv%dh-%dz", (start+quiet)*module, (y+quiet)*module, w, module, w)
		}
	}
	sb.WriteString(`"/></svg>`)
	return sb.String(), nil
}
