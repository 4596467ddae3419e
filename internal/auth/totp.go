package auth

import (
	"crypto/rand"
	"crypto/subtle"
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

// matchTOTP checks a code against the secret at now, allowing one step of clock skew either
// way, and returns the time step (Unix time / 30 s) the code belongs to, so that the caller
// can refuse a step that was already used.
func matchTOTP(code, secret string, now time.Time) (step int64, ok bool) {
	code = strings.TrimSpace(code)
	opts := totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	for d := -totpSkew; d <= totpSkew; d++ {
		at := now.UTC().Add(time.Duration(d*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(secret, at, opts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return at.Unix() / totpPeriod, true
		}
	}
	return 0, false
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
