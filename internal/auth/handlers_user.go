package auth

import (
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// handleGetUser answers with the signed-in user, factors included.
func (s *Service) handleGetUser(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, s.userResponse(callerFrom(r.Context()).user))
	return nil
}

type updateUserRequest struct {
	Email           string         `json:"email"`
	Phone           string         `json:"phone"`
	Password        *string        `json:"password"`
	CurrentPassword string         `json:"current_password"`
	Nonce           string         `json:"nonce"`
	Data            map[string]any `json:"data"`
	AppMetadata     map[string]any `json:"app_metadata"`
}

// handleUpdateUser changes the user's metadata and/or password.
//
// data is merged shallowly into user_metadata; a key set to null is deleted. The keys that
// mirror the identity (sub, email, email_verified, phone_verified) are left alone, and the
// result must stay within maxMetadataBytes.
//
// A new password must come with proof that the caller is the account's owner and not
// just someone holding its access token. Any one of these is enough:
//   - current_password: the current password (auth-js: updateUser({password,
//     current_password})); wrong → 400 current_password_invalid, counted against the
//     account like a wrong sign-in;
//   - nonce: the code GET /reauthenticate mailed (auth-js: reauthenticate(), then
//     updateUser({password, nonce})); wrong or expired → 422 reauthentication_not_valid;
//   - a recovery session (signed in through a recovery link or code): the user forgot the
//     password, which is the point;
//   - the user has no password yet (registered by magic link).
//
// Otherwise → 400 current_password_required. Once MFA is on, a password change needs an
// aal2 session (401 insufficient_aal). The same password again is 422 same_password; a
// weak one 422 weak_password. A changed password signs out every other session.
// The address cannot change (422 validation_failed "Email cannot be changed"), nor can the
// phone number, which the product does not keep.
func (s *Service) handleUpdateUser(w http.ResponseWriter, r *http.Request) error {
	var req updateUserRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	c := callerFrom(r.Context())
	ctx, u := r.Context(), c.user
	if len(req.AppMetadata) > 0 {
		return forbidden(codeNotAdmin, "Updating app_metadata requires admin privileges")
	}
	if email := growthdesk.NormalizeEmail(req.Email); email != "" && email != u.Email {
		return unprocessable(codeValidationFailed, "Email cannot be changed")
	}
	if strings.TrimSpace(req.Phone) != "" {
		return unprocessable(codePhoneProviderDisabled, "Phone numbers are not supported")
	}
	upd := identity.UserUpdate{ID: u.ID, KeepSessionID: c.session.ID}
	if req.Password != nil {
		password := *req.Password
		if hasVerifiedFactor(u) && c.aal != aal2 {
			return newError(http.StatusUnauthorized, codeInsufficientAAL, "AAL2 session is required to update email or password when MFA is enabled.")
		}
		if err := s.checkPassword(password); err != nil {
			return err
		}
		tokenID, err := s.provePasswordChange(r, c, &req)
		if err != nil {
			return err
		}
		if u.PasswordHash != "" && s.passwordMatches(u.PasswordHash, password) {
			return unprocessable(codeSamePassword, "New password should be different from the old password.")
		}
		hash, err := s.hashPassword(password)
		if err != nil {
			return err
		}
		upd.PasswordHash, upd.ConsumeTokenID = &hash, tokenID
	}
	if len(req.Data) > 0 {
		patch, merged := map[string]any{}, maps.Clone(nonNilMap(u.UserMetadata))
		for k, v := range req.Data {
			if slices.Contains(identityKeys, k) {
				continue
			}
			patch[k] = v
			if v == nil {
				delete(merged, k)
			} else {
				merged[k] = v
			}
		}
		if err := checkMetadata(merged); err != nil {
			return err
		}
		upd.MetadataPatch = patch
	}
	updated, err := s.store.UpdateUser(ctx, upd)
	if growthdesk.ErrorCode(err) == growthdesk.EConflict {
		return unprocessable(codeReauthNotValid, "The reauthentication code is invalid or has expired.")
	} else if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.userResponse(updated))
	return nil
}

// provePasswordChange checks the proof of a password change (see handleUpdateUser) and
// returns the id of the reauthentication token to use up, if that was the proof.
func (s *Service) provePasswordChange(r *http.Request, c *caller, req *updateUserRequest) (string, error) {
	ctx, u := r.Context(), c.user
	if u.PasswordHash == "" || isRecoverySession(c.session) {
		return "", nil
	}
	if nonce := strings.TrimSpace(req.Nonce); nonce != "" {
		// The reauthentication code is a 6-digit code too: guesses count like wrong passwords.
		if err := s.checkLockout(ctx, u.ID, identity.FailureOTP); err != nil {
			return "", err
		}
		invalidNonce := unprocessable(codeReauthNotValid, "The reauthentication code is invalid or has expired.")
		tok, err := s.store.OneTimeTokenByOTP(ctx, u.ID, []string{identity.TokenReauthentication}, hashOTP(u.ID, nonce))
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return "", s.recordFailure(ctx, u.ID, identity.FailureOTP, s.clientIP(r), invalidNonce)
		} else if err == nil && !s.now().Before(tok.ExpiresAt) {
			return "", invalidNonce
		} else if err != nil {
			return "", err
		}
		return tok.ID, nil
	}
	if req.CurrentPassword == "" {
		return "", badRequest(codeCurrentPasswordRequired, "Current password required when setting new password.")
	}
	if err := s.checkLockout(ctx, u.ID, identity.FailurePassword); err != nil {
		return "", err
	}
	if !s.passwordMatches(u.PasswordHash, req.CurrentPassword) {
		return "", s.recordFailure(ctx, u.ID, identity.FailurePassword, s.clientIP(r), badRequest(codeCurrentPasswordInvalid, "Current password is incorrect."))
	}
	return "", nil
}

func isRecoverySession(sess *identity.Session) bool {
	for _, m := range sess.AMR {
		if m.Method == amrRecovery {
			return true
		}
	}
	return false
}
