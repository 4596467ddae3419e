package auth

import (
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Passwords are kept as bcrypt hashes (cost 10 by default, as GoTrue), which caps them at
// 72 bytes: longer ones are refused rather than silently truncated.

// checkPassword returns a 400 validation_failed for an over-long password and a 422
// weak_password (reasons ["length"]) for a short one, in GoTrue's words.
func (s *Service) checkPassword(password string) error {
	if len(password) > maxPasswordBytes {
		return invalid("Password cannot be longer than %d characters", maxPasswordBytes)
	}
	if utf8.RuneCountInString(password) < s.cfg.MinPasswordLength {
		e := unprocessable(codeWeakPassword, "Password should be at least %d characters.", s.cfg.MinPasswordLength)
		e.reasons = []string{"length"}
		return e
	}
	return nil
}

func (s *Service) hashPassword(password string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), s.cfg.PasswordHashCost)
	return string(h), err
}

// passwordMatches compares in constant time; for a user without a password it still
// spends the time of a comparison, so the answer does not tell such users apart.
func (s *Service) passwordMatches(hash, password string) bool {
	if hash == "" || len(password) > maxPasswordBytes {
		_ = bcrypt.CompareHashAndPassword(s.dummyHash(), []byte(password))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}
