package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// authFixture is an AuthStore on a database whose clock the test moves.
type authFixture struct {
	t   *testing.T
	db  *store.DB
	s   *store.AuthStore
	now time.Time
}

func newAuthFixture(t *testing.T, db *store.DB) *authFixture {
	f := &authFixture{t: t, db: db, s: store.NewAuthStore(db), now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	db.Now = func() time.Time { return f.now }
	return f
}

func (f *authFixture) count(query string, args ...any) int {
	f.t.Helper()
	return store.AuthCountForTest(f.t, f.db, query, args...)
}

// user creates a user with a profile and returns it.
func (f *authFixture) user(email string, confirmed bool) *identity.User {
	f.t.Helper()
	u, err := f.s.CreateUser(context.Background(), identity.NewUser{
		User:      identity.User{ID: uuid.NewString(), Email: email, PasswordHash: "hash", UserMetadata: map[string]any{"full_name": "Pat"}},
		Confirmed: confirmed,
		Profile:   identity.NewProfile{FullName: "Pat"},
	}, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return u
}

func (f *authFixture) session(userID string, tokenHash string) identity.NewSession {
	f.t.Helper()
	ns := identity.NewSession{
		Session: identity.Session{ID: uuid.NewString(), UserID: userID, AAL: "aal1", AMR: []identity.AMREntry{{Method: "password", Timestamp: f.now.Unix()}}, IP: "203.0.113.7"},
		Refresh: identity.RefreshToken{Hash: tokenHash},
	}
	if _, err := f.s.CreateSession(context.Background(), ns); err != nil {
		f.t.Fatal(err)
	}
	return ns
}

func TestAuthStore_CreateUserWritesUserProfileTokenAndMailInOneTransaction(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		id := uuid.NewString()
		tok := identity.OneTimeToken{Type: identity.TokenConfirmation, TokenHash: "th-1", OTPHash: "oh-1", ExpiresAt: f.now.Add(24 * time.Hour)}
		mail := &growthdesk.Email{Kind: growthdesk.EmailConfirmation, To: "pat@example.com", Subject: "Confirm", Text: "link"}
		u, err := f.s.CreateUser(ctx, identity.NewUser{
			User:    identity.User{ID: id, Email: "pat@example.com", PasswordHash: "h", UserMetadata: map[string]any{"full_name": "Pat Lee"}},
			Profile: identity.NewProfile{FullName: "Pat Lee"},
			Token:   &tok,
		}, mail)
		if err != nil {
			t.Fatal(err)
		}
		if u.ConfirmationSentAt == nil || !u.ConfirmationSentAt.Equal(f.now) || u.EmailConfirmedAt != nil {
			t.Fatalf("user timestamps: %+v", u)
		}
		got, err := f.s.UserByEmail(ctx, "pat@example.com")
		if err != nil || got.ID != id || got.UserMetadata["full_name"] != "Pat Lee" || got.ConfirmationSentAt == nil {
			t.Fatalf("UserByEmail = %+v, %v", got, err)
		}
		if n := f.count("SELECT COUNT(*) FROM profiles WHERE id = ? AND role = 'customer' AND approval_status = 'pending' AND email = ? AND full_name = ?", id, "pat@example.com", "Pat Lee"); n != 1 {
			t.Fatalf("profile rows = %d, want 1", n)
		}
		if n := f.count("SELECT COUNT(*) FROM one_time_tokens WHERE user_id = ? AND token_type = 'confirmation'", id); n != 1 {
			t.Fatalf("tokens = %d", n)
		}
		if n := f.count("SELECT COUNT(*) FROM mail_outbox WHERE to_address = ? AND kind = ?", "pat@example.com", growthdesk.EmailConfirmation); n != 1 {
			t.Fatalf("outbox = %d", n)
		}

		// The same address again: conflict, and nothing of the second attempt is written.
		_, err = f.s.CreateUser(ctx, identity.NewUser{
			User: identity.User{ID: uuid.NewString(), Email: "pat@example.com"},
		}, mail)
		if growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("duplicate CreateUser err = %v, want EConflict", err)
		}
		if n := f.count("SELECT COUNT(*) FROM mail_outbox"); n != 1 {
			t.Fatalf("outbox after conflict = %d, want 1", n)
		}
		if _, err := f.s.UserByID(ctx, uuid.NewString()); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("UserByID(unknown) = %v", err)
		}
	})
}

func TestAuthStore_CreateUserApprovedConfirmedWithSession(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		id := uuid.NewString()
		ns := identity.NewSession{Session: identity.Session{ID: uuid.NewString(), AAL: "aal1"}, Refresh: identity.RefreshToken{Hash: "r1"}}
		u, err := f.s.CreateUser(ctx, identity.NewUser{
			User:      identity.User{ID: id, Email: "boss@example.com"},
			Confirmed: true,
			Profile:   identity.NewProfile{Role: growthdesk.RoleAdmin, Approved: true},
			Session:   &ns,
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if u.EmailConfirmedAt == nil || u.LastSignInAt == nil {
			t.Fatalf("user = %+v", u)
		}
		if n := f.count("SELECT COUNT(*) FROM profiles WHERE id = ? AND role = 'admin' AND approval_status = 'approved' AND approved_at IS NOT NULL", id); n != 1 {
			t.Fatal("profile not approved admin")
		}
		sess, err := f.s.SessionByID(ctx, ns.Session.ID)
		if err != nil || sess.UserID != id {
			t.Fatalf("session = %+v, %v", sess, err)
		}
	})
}

func TestAuthStore_IssueOneTimeTokenKeepsTheResendWindowAndReplacesTheOldToken(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("sam@example.com", true)
		issue := func(hash string) error {
			return f.s.IssueOneTimeToken(ctx, identity.OneTimeToken{UserID: u.ID, Type: identity.TokenRecovery, TokenHash: hash, OTPHash: "otp-" + hash, ExpiresAt: f.now.Add(time.Hour)},
				nil, &growthdesk.Email{Kind: growthdesk.EmailRecovery, To: u.Email, Subject: "s", Text: "t"}, time.Minute)
		}
		if err := issue("a"); err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(20 * time.Second)
		var soon *identity.RetryAfterError
		if err := issue("b"); !errors.As(err, &soon) || soon.After != 40*time.Second {
			t.Fatalf("second issue err = %v, want retry after 40s", err)
		}
		if n := f.count("SELECT COUNT(*) FROM mail_outbox"); n != 1 {
			t.Fatalf("outbox = %d after a refused issue", n)
		}
		f.now = f.now.Add(41 * time.Second)
		if err := issue("c"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.OneTimeTokenByHash(ctx, "a"); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("old token still there: %v", err)
		}
		tok, err := f.s.OneTimeTokenByOTP(ctx, u.ID, []string{identity.TokenRecovery, identity.TokenMagicLink}, "otp-c")
		if err != nil || tok.TokenHash != "c" {
			t.Fatalf("OneTimeTokenByOTP = %+v, %v", tok, err)
		}
		if _, err := f.s.OneTimeTokenByOTP(ctx, u.ID, []string{identity.TokenConfirmation}, "otp-c"); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("token found under another type: %v", err)
		}
		got, _ := f.s.UserByID(ctx, u.ID)
		if got.RecoverySentAt == nil || !got.RecoverySentAt.Equal(f.now) {
			t.Fatalf("recovery_sent_at = %v", got.RecoverySentAt)
		}
		if n := f.count("SELECT COUNT(*) FROM mail_outbox"); n != 2 {
			t.Fatalf("outbox = %d, want 2", n)
		}
	})
}

func TestAuthStore_RedeemOneTimeTokenIsSingleUseAndConfirms(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("una@example.com", false)
		if err := f.s.IssueOneTimeToken(ctx, identity.OneTimeToken{UserID: u.ID, Type: identity.TokenConfirmation, TokenHash: "t1", ExpiresAt: f.now.Add(time.Hour)}, nil, nil, 0); err != nil {
			t.Fatal(err)
		}
		tok, err := f.s.OneTimeTokenByHash(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		ns := identity.NewSession{Session: identity.Session{ID: uuid.NewString(), AAL: "aal1"}, Refresh: identity.RefreshToken{Hash: "rt"}}
		got, err := f.s.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: u.ID, ConfirmEmail: true, Session: &ns})
		if err != nil {
			t.Fatal(err)
		}
		if got.EmailConfirmedAt == nil || got.UserMetadata["email_verified"] != true || got.UserMetadata["full_name"] != "Pat" || got.LastSignInAt == nil {
			t.Fatalf("redeemed user = %+v", got)
		}
		if _, err := f.s.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: u.ID, Session: &ns}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("second redemption err = %v, want ENotFound", err)
		}

		// An expired token cannot be redeemed even if nobody looked at its expiry first.
		if err := f.s.IssueOneTimeToken(ctx, identity.OneTimeToken{UserID: u.ID, Type: identity.TokenMagicLink, TokenHash: "t2", ExpiresAt: f.now.Add(time.Minute)}, nil, nil, 0); err != nil {
			t.Fatal(err)
		}
		tok2, _ := f.s.OneTimeTokenByHash(ctx, "t2")
		f.now = f.now.Add(2 * time.Minute)
		if _, err := f.s.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok2.ID, UserID: u.ID}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("expired redemption err = %v", err)
		}
	})
}

func TestAuthStore_PKCEFlowStateIsReadiedAndRedeemedOnce(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("pk@example.com", false)
		flow := identity.FlowState{ID: uuid.NewString(), AuthCode: "initial", CodeChallenge: "c", CodeChallengeMethod: "s256", AuthenticationMethod: "email/signup"}
		if err := f.s.IssueOneTimeToken(ctx, identity.OneTimeToken{UserID: u.ID, Type: identity.TokenConfirmation, TokenHash: "ph", RelatesTo: flow.ID, ExpiresAt: f.now.Add(time.Hour)}, &flow, nil, 0); err != nil {
			t.Fatal(err)
		}
		tok, _ := f.s.OneTimeTokenByHash(ctx, "ph")
		f.now = f.now.Add(30 * time.Minute)
		if _, err := f.s.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: u.ID, ConfirmEmail: true, FlowID: flow.ID, AuthCode: "fresh"}); err != nil {
			t.Fatal(err)
		}
		got, err := f.s.FlowStateByAuthCode(ctx, "fresh")
		if err != nil || got.ID != flow.ID || !got.CreatedAt.Equal(f.now) {
			t.Fatalf("flow = %+v, %v (the clock must restart when the link is followed)", got, err)
		}
		ns := identity.NewSession{Session: identity.Session{ID: uuid.NewString()}, Refresh: identity.RefreshToken{Hash: "x"}}
		if _, err := f.s.RedeemFlowState(ctx, flow.ID, ns); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.RedeemFlowState(ctx, flow.ID, ns); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("second exchange err = %v", err)
		}
	})
}

// childPlan issues a child for an unrevoked token, hands the active token back to its
// parent, and revokes the session otherwise.
func childPlan(salt string) func(identity.RefreshState) (identity.RefreshPlan, error) {
	return func(st identity.RefreshState) (identity.RefreshPlan, error) {
		switch {
		case !st.Presented.Revoked:
			return identity.RefreshPlan{Issue: &identity.RefreshToken{Hash: st.Presented.Hash + "+" + salt, Salt: salt}}, nil
		case st.Active != nil && st.Active.ParentHash == st.Presented.Hash:
			return identity.RefreshPlan{Reissue: true}, nil
		default:
			return identity.RefreshPlan{RevokeSession: true}, nil
		}
	}
}

func TestAuthStore_RotateRefreshTokenAppliesThePlan(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("rot@example.com", true)
		ns := f.session(u.ID, "A")

		res, err := f.s.RotateRefreshToken(ctx, "A", childPlan("1"))
		if err != nil || res.Token.Hash != "A+1" || res.Token.ParentHash != "A" || res.Session.ID != ns.Session.ID || res.Session.RefreshedAt == nil {
			t.Fatalf("rotate A = %+v, %v", res, err)
		}
		// The parent again: the active child comes back, nothing new is minted.
		res, err = f.s.RotateRefreshToken(ctx, "A", childPlan("2"))
		if err != nil || res.Token.Hash != "A+1" || res.Token.Salt != "1" {
			t.Fatalf("rotate A again = %+v, %v", res, err)
		}
		if _, err := f.s.RotateRefreshToken(ctx, "A+1", childPlan("3")); err != nil {
			t.Fatal(err)
		}
		// A is now a grandparent: the plan revokes the session.
		res, err = f.s.RotateRefreshToken(ctx, "A", childPlan("4"))
		if err != nil || !res.Revoked {
			t.Fatalf("reuse = %+v, %v", res, err)
		}
		if _, err := f.s.SessionByID(ctx, ns.Session.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("session survived reuse: %v", err)
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens"); n != 0 {
			t.Fatalf("%d refresh tokens survived the session", n)
		}
		if _, err := f.s.RotateRefreshToken(ctx, "A+1+3", childPlan("5")); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("token of a revoked session err = %v", err)
		}
		// A plan's error rolls everything back.
		ns2 := f.session(u.ID, "B")
		boom := errors.New("boom")
		if _, err := f.s.RotateRefreshToken(ctx, "B", func(identity.RefreshState) (identity.RefreshPlan, error) { return identity.RefreshPlan{}, boom }); !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens WHERE session_id = ? AND revoked = FALSE", ns2.Session.ID); n != 1 {
			t.Fatalf("unrevoked tokens = %d after a failed plan", n)
		}
	})
}

// Concurrent refreshes of one token are serialized: exactly one of them sees the token
// unrevoked and mints a child, the others see the result.
func TestAuthStore_RotateRefreshTokenSerializesConcurrentRefreshes(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("race@example.com", true)
		f.session(u.ID, "R")
		var (
			mu     sync.Mutex
			issued int
			wg     sync.WaitGroup
		)
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.s.RotateRefreshToken(ctx, "R", func(st identity.RefreshState) (identity.RefreshPlan, error) {
					if !st.Presented.Revoked {
						mu.Lock()
						issued++
						mu.Unlock()
						return identity.RefreshPlan{Issue: &identity.RefreshToken{Hash: "R-child", Salt: "s"}}, nil
					}
					return identity.RefreshPlan{Reissue: true}, nil
				})
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if issued != 1 {
			t.Fatalf("%d refreshes minted a child, want 1", issued)
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens WHERE token_hash = 'R-child'"); n != 1 {
			t.Fatalf("children = %d", n)
		}
	})
}

func TestAuthStore_SessionsListAndDelete(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("multi@example.com", true)
		a := f.session(u.ID, "a")
		f.now = f.now.Add(time.Minute)
		b := f.session(u.ID, "b")
		f.now = f.now.Add(time.Minute)
		c := f.session(u.ID, "c")
		list, err := f.s.ListSessions(ctx, u.ID)
		if err != nil || len(list) != 3 || list[0].ID != c.Session.ID || list[2].ID != a.Session.ID {
			t.Fatalf("ListSessions = %+v, %v", list, err)
		}
		if list[0].IP != "203.0.113.7" || list[0].AMR[0].Method != "password" {
			t.Fatalf("session fields = %+v", list[0])
		}
		if err := f.s.DeleteUserSessions(ctx, u.ID, b.Session.ID); err != nil {
			t.Fatal(err)
		}
		list, _ = f.s.ListSessions(ctx, u.ID)
		if len(list) != 1 || list[0].ID != b.Session.ID {
			t.Fatalf("after DeleteUserSessions: %+v", list)
		}
		if err := f.s.DeleteSession(ctx, b.Session.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.s.DeleteSession(ctx, b.Session.ID); err != nil {
			t.Fatalf("deleting a missing session: %v", err)
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens"); n != 0 {
			t.Fatalf("refresh tokens left: %d", n)
		}
	})
}

func TestAuthStore_UpdateUserPatchesMetadataAndPasswordSignsOutOthers(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("upd@example.com", true)
		keep := f.session(u.ID, "k")
		f.session(u.ID, "o")
		got, err := f.s.UpdateUser(ctx, identity.UserUpdate{ID: u.ID, MetadataPatch: map[string]any{"company": "Acme", "full_name": nil}})
		if err != nil || got.UserMetadata["company"] != "Acme" {
			t.Fatalf("patch = %+v, %v", got, err)
		}
		if _, ok := got.UserMetadata["full_name"]; ok {
			t.Fatal("null did not delete full_name")
		}
		if n := f.count("SELECT COUNT(*) FROM sessions WHERE user_id = ?", u.ID); n != 2 {
			t.Fatalf("a metadata change signed sessions out: %d left", n)
		}
		if err := f.s.IssueOneTimeToken(ctx, identity.OneTimeToken{UserID: u.ID, Type: identity.TokenReauthentication, TokenHash: "re", OTPHash: "re-otp", ExpiresAt: f.now.Add(time.Hour)}, nil, nil, 0); err != nil {
			t.Fatal(err)
		}
		tok, _ := f.s.OneTimeTokenByHash(ctx, "re")
		hash := "new-hash"
		got, err = f.s.UpdateUser(ctx, identity.UserUpdate{ID: u.ID, PasswordHash: &hash, KeepSessionID: keep.Session.ID, ConsumeTokenID: tok.ID})
		if err != nil || got.PasswordHash != "new-hash" {
			t.Fatalf("password = %+v, %v", got, err)
		}
		list, _ := f.s.ListSessions(ctx, u.ID)
		if len(list) != 1 || list[0].ID != keep.Session.ID {
			t.Fatalf("sessions after password change: %+v", list)
		}
		if _, err := f.s.UpdateUser(ctx, identity.UserUpdate{ID: u.ID, PasswordHash: &hash, ConsumeTokenID: tok.ID}); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("reused reauthentication token err = %v", err)
		}
		if _, err := f.s.UpdateUser(ctx, identity.UserUpdate{ID: uuid.NewString()}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("unknown user err = %v", err)
		}
	})
}

func TestAuthStore_FactorsEnrollVerifyAndDelete(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("mfa@example.com", true)
		cur := f.session(u.ID, "cur")
		other := f.session(u.ID, "other")
		factor := identity.Factor{ID: uuid.NewString(), UserID: u.ID, FriendlyName: "Phone app", Type: "totp", Secret: "S"}
		if err := f.s.CreateFactor(ctx, factor, 10, f.now.Add(-5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := f.s.CreateFactor(ctx, identity.Factor{ID: uuid.NewString(), UserID: u.ID, FriendlyName: "Phone app", Type: "totp"}, 10, f.now.Add(-5*time.Minute)); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("same name err = %v", err)
		}
		spare := identity.Factor{ID: uuid.NewString(), UserID: u.ID, Type: "totp"}
		if err := f.s.CreateFactor(ctx, spare, 10, f.now.Add(-5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		var tooMany *identity.TooManyFactorsError
		if err := f.s.CreateFactor(ctx, identity.Factor{ID: uuid.NewString(), UserID: u.ID, Type: "totp"}, 2, f.now.Add(-5*time.Minute)); !errors.As(err, &tooMany) {
			t.Fatalf("over the maximum err = %v", err)
		}
		ch := identity.Challenge{ID: uuid.NewString(), FactorID: factor.ID, IP: "203.0.113.7"}
		if err := f.s.CreateChallenge(ctx, ch); err != nil {
			t.Fatal(err)
		}
		gotCh, err := f.s.ChallengeByID(ctx, ch.ID)
		if err != nil || gotCh.IP != "203.0.113.7" || gotCh.VerifiedAt != nil || !gotCh.CreatedAt.Equal(f.now) {
			t.Fatalf("challenge = %+v, %v", gotCh, err)
		}
		v := identity.FactorVerification{ChallengeID: ch.ID, FactorID: factor.ID, UserID: u.ID, SessionID: cur.Session.ID,
			AMR: []identity.AMREntry{{Method: "totp", Timestamp: 2}, {Method: "password", Timestamp: 1}}, Refresh: identity.RefreshToken{Hash: "aal2-token"}, Step: 1000}
		if err := f.s.VerifyFactor(ctx, v); err != nil {
			t.Fatal(err)
		}
		if err := f.s.VerifyFactor(ctx, v); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("second verification err = %v", err)
		}
		// A fresh challenge with a code of a time step already accepted is a replay.
		replay := identity.Challenge{ID: uuid.NewString(), FactorID: factor.ID, IP: "203.0.113.7"}
		if err := f.s.CreateChallenge(ctx, replay); err != nil {
			t.Fatal(err)
		}
		rv := v
		rv.ChallengeID, rv.Refresh = replay.ID, identity.RefreshToken{Hash: "replayed-token"}
		if err := f.s.VerifyFactor(ctx, rv); !errors.Is(err, identity.ErrTOTPReused) {
			t.Fatalf("replayed step err = %v", err)
		}
		sess, err := f.s.SessionByID(ctx, cur.Session.ID)
		if err != nil || sess.AAL != "aal2" || sess.FactorID != factor.ID || len(sess.AMR) != 2 || sess.AMR[0].Method != "totp" {
			t.Fatalf("session = %+v, %v", sess, err)
		}
		if _, err := f.s.SessionByID(ctx, other.Session.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatal("the other aal1 session survived")
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens WHERE session_id = ?", cur.Session.ID); n != 1 {
			t.Fatalf("refresh tokens of the session = %d, want only the new one", n)
		}
		got, _ := f.s.UserByID(ctx, u.ID)
		if len(got.Factors) != 1 || got.Factors[0].Status != "verified" || got.Factors[0].LastChallengedAt == nil {
			t.Fatalf("factors = %+v (the unverified spare must be gone)", got.Factors)
		}
		if err := f.s.DeleteFactor(ctx, uuid.NewString(), factor.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("deleting another user's factor err = %v", err)
		}
		if err := f.s.DeleteFactor(ctx, u.ID, factor.ID); err != nil {
			t.Fatal(err)
		}
		sess, _ = f.s.SessionByID(ctx, cur.Session.ID)
		if sess.AAL != "aal1" || sess.FactorID != "" || len(sess.AMR) != 1 || sess.AMR[0].Method != "password" {
			t.Fatalf("session after unenroll = %+v", sess)
		}
	})
}

func TestAuthStore_StaleUnverifiedFactorsAreSweptOnEnroll(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("sweep@example.com", true)
		if err := f.s.CreateFactor(ctx, identity.Factor{ID: uuid.NewString(), UserID: u.ID, FriendlyName: "old", Type: "totp"}, 10, f.now.Add(-5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(10 * time.Minute)
		// The same name is free again: the old unverified factor expired.
		if err := f.s.CreateFactor(ctx, identity.Factor{ID: uuid.NewString(), UserID: u.ID, FriendlyName: "old", Type: "totp"}, 10, f.now.Add(-5*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n := f.count("SELECT COUNT(*) FROM mfa_factors WHERE user_id = ?", u.ID); n != 1 {
			t.Fatalf("factors = %d", n)
		}
	})
}

func TestAuthStore_AuthFailuresCountInAWindow(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("fail@example.com", true)
		for i := 0; i < 3; i++ {
			if err := f.s.RecordAuthFailure(ctx, u.ID, identity.FailurePassword, "198.51.100.1"); err != nil {
				t.Fatal(err)
			}
			f.now = f.now.Add(time.Minute)
		}
		if err := f.s.RecordAuthFailure(ctx, u.ID, identity.FailureMFA, "198.51.100.1"); err != nil {
			t.Fatal(err)
		}
		n, err := f.s.CountAuthFailures(ctx, u.ID, identity.FailurePassword, f.now.Add(-150*time.Second))
		if err != nil || n != 2 {
			t.Fatalf("count = %d, %v; want 2 in the window", n, err)
		}
		if n, _ := f.s.CountAuthFailures(ctx, u.ID, identity.FailureMFA, f.now.Add(-time.Hour)); n != 1 {
			t.Fatalf("mfa count = %d", n)
		}
	})
}

func TestAuthStore_SigningKeysEnsureOnceAndRotate(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		key := func(kid string) identity.SigningKey {
			return identity.SigningKey{KID: kid, Algorithm: "ES256", PrivateKey: "pem-" + kid}
		}
		if err := f.s.EnsureSigningKey(ctx, key("k1")); err != nil {
			t.Fatal(err)
		}
		if err := f.s.EnsureSigningKey(ctx, key("k2")); err != nil {
			t.Fatal(err)
		}
		keys, err := f.s.SigningKeys(ctx)
		if err != nil || len(keys) != 1 || keys[0].KID != "k1" || keys[0].Status != identity.KeyActive {
			t.Fatalf("keys = %+v, %v", keys, err)
		}
		f.now = f.now.Add(time.Hour)
		if err := f.s.RotateSigningKey(ctx, key("k3")); err != nil {
			t.Fatal(err)
		}
		keys, _ = f.s.SigningKeys(ctx)
		if len(keys) != 2 || keys[0].KID != "k3" || keys[0].Status != identity.KeyActive || keys[1].Status != identity.KeyRetired {
			t.Fatalf("keys after rotation = %+v", keys)
		}
	})
}

func TestAccountStore_RejectEndsSessionsInTheSameTransaction(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		accounts := store.NewAccountStore(db)
		u := f.user("rita@example.com", true)
		f.session(u.ID, "rt-1")
		f.session(u.ID, "rt-2")
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens WHERE token_hash IN ('rt-1', 'rt-2')"); n != 2 {
			t.Fatalf("refresh tokens before = %d, want 2", n)
		}

		// An audit entry naming an actor that does not exist fails its insert: the approval
		// change and the session deletion before it must roll back with it.
		_, err := accounts.SetApproval(ctx, u.ID, growthdesk.ApprovalRejected, nil, true,
			growthdesk.AuditEntry{ActorID: "no-such-user", Action: growthdesk.AuditReject, TargetType: "user", TargetID: u.ID})
		if err == nil {
			t.Fatal("a failing audit insert must fail the rejection")
		}
		if n := f.count("SELECT COUNT(*) FROM sessions WHERE user_id = ?", u.ID); n != 2 {
			t.Fatalf("sessions after a failed rejection = %d, want 2", n)
		}
		if p, err := accounts.GetProfile(ctx, u.ID); err != nil || p.ApprovalStatus == growthdesk.ApprovalRejected {
			t.Fatalf("profile after a failed rejection = %+v, %v", p, err)
		}

		acct, err := accounts.SetApproval(ctx, u.ID, growthdesk.ApprovalRejected, nil, true,
			growthdesk.AuditEntry{Action: growthdesk.AuditReject, TargetType: "user", TargetID: u.ID})
		if err != nil || acct.ApprovalStatus != growthdesk.ApprovalRejected {
			t.Fatalf("reject = %+v, %v", acct, err)
		}
		if n := f.count("SELECT COUNT(*) FROM sessions WHERE user_id = ?", u.ID); n != 0 {
			t.Fatalf("sessions after rejection = %d, want 0", n)
		}
		if n := f.count("SELECT COUNT(*) FROM refresh_tokens WHERE token_hash IN ('rt-1', 'rt-2')"); n != 0 {
			t.Fatalf("refresh tokens after rejection = %d, want 0", n)
		}
		if n := f.count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND target_id = ?", growthdesk.AuditReject, u.ID); n != 1 {
			t.Fatalf("audit entries = %d, want 1", n)
		}
	})
}

func TestAuthStore_RecoveryCodesKeepHashesSpendOnceAndAudit(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newAuthFixture(t, db)
		ctx := context.Background()
		u := f.user("codes@example.com", true)
		cur := f.session(u.ID, "cur")
		set := identity.NewRecoveryCodes{UserID: u.ID, SetID: uuid.NewString(), Hashes: []string{"h1", "h2"}, IP: "203.0.113.7"}
		if err := f.s.SaveRecoveryCodes(ctx, set); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("codes without an authenticator app: err = %v", err)
		}
		factor := identity.Factor{ID: uuid.NewString(), UserID: u.ID, Type: "totp", Status: "verified", Secret: "S"}
		if err := f.s.CreateFactor(ctx, factor, 10, f.now); err != nil {
			t.Fatal(err)
		}
		if err := f.s.SaveRecoveryCodes(ctx, set); err != nil {
			t.Fatal(err)
		}
		if err := f.s.SaveRecoveryCodes(ctx, set); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("a second set without Replace: err = %v", err)
		}
		if n := f.count("SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = ? AND code_hash IN ('h1', 'h2') AND used_at IS NULL", u.ID); n != 2 {
			t.Fatalf("stored hashes = %d, want 2", n)
		}
		redeem := identity.RecoveryCodeRedemption{UserID: u.ID, SessionID: cur.Session.ID, CodeHash: "h1",
			AMR: []identity.AMREntry{{Method: identity.AMRRecoveryCode, Timestamp: 2}}, Refresh: identity.RefreshToken{Hash: "raised"}, IP: "203.0.113.7"}
		notice := &growthdesk.Email{Kind: growthdesk.EmailRecoveryCodeUsed, To: u.Email, Subject: "A recovery code was used"}
		if left, err := f.s.RedeemRecoveryCode(ctx, redeem, notice); err != nil || left != 1 {
			t.Fatalf("redeem = %d, %v", left, err)
		}
		if _, err := f.s.RedeemRecoveryCode(ctx, redeem, notice); !errors.Is(err, identity.ErrRecoveryCodeInvalid) {
			t.Fatalf("a spent code again: err = %v", err)
		}
		sess, err := f.s.SessionByID(ctx, cur.Session.ID)
		if err != nil || sess.AAL != "aal2" || sess.FactorID != factor.ID {
			t.Fatalf("session = %+v, %v", sess, err)
		}
		// A session that is gone spends nothing.
		gone := redeem
		gone.SessionID, gone.CodeHash = uuid.NewString(), "h2"
		if _, err := f.s.RedeemRecoveryCode(ctx, gone, notice); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("gone session: err = %v", err)
		}
		// The notice went out once: with the one code spent, not with the refusals.
		if n := f.count("SELECT COUNT(*) FROM mail_outbox WHERE kind = ? AND to_address = ?", growthdesk.EmailRecoveryCodeUsed, u.Email); n != 1 {
			t.Fatalf("notices in the outbox = %d, want 1", n)
		}
		if st, err := f.s.RecoveryCodeStatus(ctx, u.ID); err != nil || st.Total != 2 || st.Remaining != 1 || st.SetID != set.SetID {
			t.Fatalf("status = %+v, %v", st, err)
		}
		replace := set
		replace.SetID, replace.Hashes, replace.Replace = uuid.NewString(), []string{"h3"}, true
		if err := f.s.SaveRecoveryCodes(ctx, replace); err != nil {
			t.Fatal(err)
		}
		if n := f.count("SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = ?", u.ID); n != 1 {
			t.Fatalf("codes after replacing = %d, want 1", n)
		}
		if n := f.count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND actor_id = ? AND target_id = ?", growthdesk.AuditRecoveryCodesGenerate, u.ID, u.ID); n != 2 {
			t.Fatalf("generate audit entries = %d, want 2", n)
		}
		if n := f.count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND target_id = ?", growthdesk.AuditRecoveryCodeUse, u.ID); n != 1 {
			t.Fatalf("use audit entries = %d, want 1", n)
		}
		// Removing the authenticator app removes the codes and lowers the session.
		if err := f.s.DeleteFactor(ctx, u.ID, factor.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.RecoveryCodeStatus(ctx, u.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("status after removing the app: err = %v", err)
		}
		if sess, _ := f.s.SessionByID(ctx, cur.Session.ID); sess.AAL != "aal1" || len(sess.AMR) != 0 {
			t.Fatalf("session after removing the app = %+v", sess)
		}
	})
}
