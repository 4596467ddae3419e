// The official @supabase/auth-js client (the version the portal ships) against the real binary,
// with the e-mails it sends caught by the harness's SMTP server. No browser: this checks the wire
// compatibility of /auth/v1 with what auth-js expects, and the flows the portal builds on.
//
// The server runs with --refresh-token-reuse-interval 0s so that reusing a rotated refresh token
// is detected at once instead of after the default 10 s.

import assert from "node:assert/strict";
import { createPublicKey, randomUUID, verify as verifySignature } from "node:crypto";
import { after, before, test } from "node:test";
import { AuthApiError, AuthClient, AuthSessionMissingError } from "@supabase/auth-js";
import { htmlText, siteConfig, startServer } from "./harness.mjs";
import { base32Decode, currentTotp, nextTotp, totp } from "./totp.mjs";

const PASSWORD = "correct-Horse-7-battery";
const NEW_PASSWORD = "another-Staple-42-lamp";
const JWT_RE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server;
let base;
let siteName;

before(async () => {
  server = await startServer({ smtp: true, args: ["--refresh-token-reuse-interval", "0s"] });
  base = server.url;
  siteName = (await siteConfig()).name;
});

after(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** A Storage-like object in memory, as auth-js takes it (sync getItem/setItem/removeItem). */
function memoryStorage() {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * A fresh AuthClient with its own storage (and storage key, so clients share no caches), and
 * `calls`: "METHOD /path" of every request it made.
 */
function newClient() {
  const calls = [];
  const storage = memoryStorage();
  const client = new AuthClient({
    url: `${base}/auth/v1`,
    storage,
    storageKey: `sb-e2e-${randomUUID()}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    fetch: (input, init) => {
      calls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  return Object.assign(client, { calls, storage });
}

const uniqueEmail = (label) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Asserts that a message offers no one-time code (no page lets anyone type one). The address is
 * taken out first: its random part may itself be six digits.
 */
function assertNoCode(mail, email) {
  const withoutAddress = (text) => text.replaceAll(email, "");
  assert.doesNotMatch(withoutAddress(mail.text), /\b\d{6}\b|one-time code/i, "the text part offers no code");
  assert.doesNotMatch(withoutAddress(htmlText(mail.html)), /\b\d{6}\b|one-time code/i, "the HTML part offers no code");
}

/** The /auth/v1/verify link in an e-mail's text. */
function mailLink(mail) {
  const m = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  assert.ok(m, `no /auth/v1/verify link in the e-mail:\n${mail.text}`);
  return new URL(m[1]);
}

function decodeJwt(token) {
  const [header, payload] = token
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
  return { header, payload };
}

/** Asserts that result.error is an AuthApiError with this code and status (and no data). */
function assertApiError(result, code, status) {
  const { error } = result;
  assert.ok(error, `expected error ${code}, got none: ${JSON.stringify(result.data)}`);
  assert.ok(error instanceof AuthApiError, `expected an AuthApiError, got ${error.name}: ${error.message}`);
  assert.equal(error.code, code, `error code (message: ${error.message})`);
  assert.equal(error.status, status, `status of ${code}`);
}

/** GET path with the bearer token; returns { status, body, headers }. */
async function getWithToken(path, token) {
  const res = await fetch(base + path, {
    headers: { Authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The token of the e-mail's /auth/v1/verify link: auth-js verifies it as a token_hash. */
function mailToken(mail) {
  const token = mailLink(mail).searchParams.get("token");
  assert.ok(token, `no token in the e-mail's link:\n${mail.text}`);
  return token;
}

/**
 * Signs up label's account with auth-js and confirms it with the e-mailed link's token. Returns
 * { email, password, fullName, user, client } with client signed in (the verification session).
 */
async function confirmedUser(label) {
  const email = uniqueEmail(label);
  const fullName = `Test ${label}`;
  const client = newClient();
  const signUp = await client.signUp({ email, password: PASSWORD, options: { data: { full_name: fullName } } });
  assert.ifError(signUp.error);
  const mail = await server.smtp.waitForMail({ to: email, subject: /^Confirm your email/ });
  const verified = await client.verifyOtp({ token_hash: mailToken(mail), type: "signup" });
  assert.ifError(verified.error);
  return { email, password: PASSWORD, fullName, user: verified.data.user, client };
}

async function signedIn(email, password = PASSWORD) {
  const client = newClient();
  const { data, error } = await client.signInWithPassword({ email, password });
  assert.ifError(error);
  return Object.assign(client, { session: data.session });
}

// ---------------------------------------------------------------------------------------------
// Tests

test("the test's own TOTP matches RFC 6238 (SHA-1 test vectors)", () => {
  // The RFC's key is the ASCII string "12345678901234567890"; its base32 form:
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  assert.equal(base32Decode(secret).toString(), "12345678901234567890");
  assert.equal(totp(secret, Math.floor(59 / 30), 8), "94287082");
  assert.equal(totp(secret, Math.floor(1111111109 / 30), 8), "07081804");
  assert.equal(totp(secret, Math.floor(2000000000 / 30), 8), "69279037");
  assert.equal(totp(secret, Math.floor(59 / 30)), "287082");
});

test("sign-up mails a confirmation link (no code); sign-in waits for it; the link's token confirms", async () => {
  const typed = `Ada.Lovelace+${randomUUID().slice(0, 6)}@Example.COM`;
  const email = typed.toLowerCase();
  const client = newClient();

  const signUp = await client.signUp({
    email: typed,
    password: PASSWORD,
    options: { data: { full_name: "Ada Lovelace" } },
  });
  assert.ifError(signUp.error);
  assert.equal(signUp.data.session, null, "no session before the address is confirmed");
  const user = signUp.data.user;
  assert.match(user.id, UUID_RE);
  assert.equal(user.email, email, "the address is stored in lower case");
  assert.equal(user.aud, "authenticated");
  assert.equal(user.role, "authenticated");
  assert.equal(user.user_metadata.full_name, "Ada Lovelace");
  assert.equal(user.email_confirmed_at, undefined);
  assert.ok(user.confirmation_sent_at, "confirmation_sent_at is set");
  assert.equal(user.identities.length, 1);
  assert.equal(user.identities[0].provider, "email");
  assert.equal((await client.getSession()).data.session, null);

  const mail = await server.smtp.waitForMail({ to: email, subject: /^Confirm your email/ });
  assert.equal(mail.subject, `Confirm your email for ${siteName}`);
  assert.equal(mail.to, email);
  assert.deepEqual(mail.envelope.to, [email]);
  assert.match(mail.text, /Hi Ada Lovelace,/);
  const link = mailLink(mail);
  assert.equal(link.origin, base);
  assert.equal(link.pathname, "/auth/v1/verify");
  assert.equal(link.searchParams.get("type"), "signup");
  assert.ok((link.searchParams.get("token") ?? "").length >= 32, `a long random token in ${link}`);
  // No page lets anyone type a code, so the message offers none.
  assertNoCode(mail, email);
  assert.ok(mail.html.includes(link.href.replaceAll("&", "&amp;")), "the HTML part carries the link too");
  const token = mailToken(mail);

  const early = await client.signInWithPassword({ email, password: PASSWORD });
  assertApiError(early, "email_not_confirmed", 400);
  assert.equal(early.data.session, null);

  const wrong = await client.verifyOtp({ token_hash: `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`, type: "signup" });
  assertApiError(wrong, "otp_expired", 403);

  const { data, error } = await client.verifyOtp({ token_hash: token, type: "signup" });
  assert.ifError(error);
  assert.match(data.session.access_token, JWT_RE);
  assert.ok(data.session.refresh_token);
  assert.equal(data.user.id, user.id);
  assert.ok(data.user.email_confirmed_at, "email_confirmed_at after confirming");
  assert.ok(!Number.isNaN(Date.parse(data.user.email_confirmed_at)));
  assert.equal(decodeJwt(data.session.access_token).payload.sub, user.id);
  const stored = (await client.getSession()).data.session;
  assert.equal(stored?.access_token, data.session.access_token, "auth-js kept the session in its storage");

  const again = await newClient().verifyOtp({ token_hash: token, type: "signup" });
  assertApiError(again, "otp_expired", 403);
});

test("following the e-mailed link confirms and redirects with the session in the fragment", async () => {
  const email = uniqueEmail("link");
  const client = newClient();
  const redirectTo = `${base}/portal/welcome`;
  const signUp = await client.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: "Link Follower" }, emailRedirectTo: redirectTo },
  });
  assert.ifError(signUp.error);
  const mail = await server.smtp.waitForMail({ to: email, subject: /^Confirm your email/ });
  const link = mailLink(mail);
  assert.equal(link.searchParams.get("redirect_to"), redirectTo);

  const res = await fetch(link, { redirect: "manual" });
  assert.equal(res.status, 303);
  const location = new URL(res.headers.get("location"));
  assert.equal(`${location.origin}${location.pathname}`, redirectTo);
  const fragment = new URLSearchParams(location.hash.slice(1));
  assert.match(fragment.get("access_token") ?? "", JWT_RE, `#access_token in ${location}`);
  assert.ok(fragment.get("refresh_token"));
  assert.ok(Number(fragment.get("expires_in")) > 0);
  assert.ok(Number(fragment.get("expires_at")) > Date.now() / 1000);
  assert.equal(fragment.get("token_type"), "bearer");
  assert.equal(fragment.get("type"), "signup");

  // What the portal does with the fragment: setSession (GET /user with the token).
  const { data, error } = await client.setSession({
    access_token: fragment.get("access_token"),
    refresh_token: fragment.get("refresh_token"),
  });
  assert.ifError(error);
  assert.equal(data.user.id, signUp.data.user.id);
  assert.equal(data.user.email, email);
  assert.ok(data.user.email_confirmed_at);
  assert.equal(data.user.user_metadata.full_name, "Link Follower");

  const reused = await fetch(link, { redirect: "manual" });
  assert.equal(reused.status, 303);
  const error2 = new URLSearchParams(new URL(reused.headers.get("location")).hash.slice(1));
  assert.equal(error2.get("error"), "access_denied");
  assert.equal(error2.get("error_code"), "otp_expired");
  assert.equal(error2.get("access_token"), null);
});

test("password sign-in: a session; a wrong password is invalid_credentials", async () => {
  const { email, user } = await confirmedUser("signin");
  const client = newClient();
  const before = Math.floor(Date.now() / 1000);
  const { data, error } = await client.signInWithPassword({ email, password: PASSWORD });
  assert.ifError(error);
  const { session } = data;
  assert.match(session.access_token, JWT_RE);
  assert.equal(typeof session.refresh_token, "string");
  assert.ok(session.refresh_token.length >= 12);
  assert.equal(session.token_type, "bearer");
  assert.equal(session.expires_in, 3600);
  assert.ok(Math.abs(session.expires_at - (before + 3600)) <= 5, `expires_at ${session.expires_at}`);
  assert.equal(session.user.id, user.id);
  assert.equal(data.user.email, email);
  assert.ok(data.user.last_sign_in_at);
  assert.equal((await client.getSession()).data.session.refresh_token, session.refresh_token);

  const wrong = await newClient().signInWithPassword({ email, password: "not-the-password" });
  assertApiError(wrong, "invalid_credentials", 400);
  assert.equal(wrong.error.message, "Invalid login credentials");
  assert.equal(wrong.data.session, null);

  const unknown = await newClient().signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
  assertApiError(unknown, "invalid_credentials", 400);
});

test("getClaims verifies the ES256 access token against the JWKS", async () => {
  const { email, user } = await confirmedUser("claims");
  const client = await signedIn(email);
  client.calls.length = 0;

  const { data, error } = await client.getClaims();
  assert.ifError(error);
  const { claims, header } = data;
  assert.equal(header.alg, "ES256");
  assert.ok(header.kid);
  assert.equal(claims.sub, user.id);
  assert.equal(claims.aal, "aal1");
  assert.match(claims.session_id, UUID_RE);
  assert.equal(claims.email, email);
  assert.equal(claims.role, "authenticated");
  assert.equal(claims.aud, "authenticated");
  assert.equal(claims.iss, `${base}/auth/v1`);
  assert.equal(claims.is_anonymous, false);
  assert.equal(claims.user_metadata.full_name, "Test claims");
  assert.deepEqual(
    claims.amr.map((a) => a.method),
    ["password"],
  );
  assert.equal(claims.exp - claims.iat, 3600);
  assert.deepEqual(client.calls, ["GET /auth/v1/.well-known/jwks.json"], "verified locally through the JWKS, no GET /user");

  // The same check by hand: the JWKS is public and cacheable, and its key verifies the token.
  const res = await fetch(`${base}/auth/v1/.well-known/jwks.json`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "public, max-age=600");
  const { keys } = await res.json();
  const jwk = keys.find((k) => k.kid === header.kid);
  assert.ok(jwk, `kid ${header.kid} in the JWKS`);
  assert.equal(jwk.kty, "EC");
  assert.equal(jwk.crv, "P-256");
  assert.equal(jwk.d, undefined, "no private part in the JWKS");
  const [h, p, s] = client.session.access_token.split(".");
  const ok = verifySignature(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  assert.equal(ok, true);

  // A token whose payload was changed fails the signature check.
  const forged = decodeJwt(client.session.access_token).payload;
  forged.role = "service_role";
  const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${s}`;
  const bad = await client.getClaims(tampered);
  assert.ok(bad.error, "a tampered token is refused");
  assert.equal(bad.data, null);
});

test("refresh rotates the tokens; reusing an old refresh token ends the session", async () => {
  const { email } = await confirmedUser("refresh");
  const client = await signedIn(email);
  const first = client.session;
  const sessionId = decodeJwt(first.access_token).payload.session_id;

  const r1 = await client.refreshSession();
  assert.ifError(r1.error);
  const second = r1.data.session;
  assert.notEqual(second.access_token, first.access_token);
  assert.notEqual(second.refresh_token, first.refresh_token);
  assert.equal(decodeJwt(second.access_token).payload.session_id, sessionId, "the same session");
  assert.equal((await client.getSession()).data.session.refresh_token, second.refresh_token);

  const r2 = await client.refreshSession();
  assert.ifError(r2.error);
  const third = r2.data.session;
  assert.notEqual(third.refresh_token, second.refresh_token);
  assert.notEqual(third.refresh_token, first.refresh_token);

  // The parent of the current token gets the current token back (a client that lost a response).
  const lost = await newClient().refreshSession({ refresh_token: second.refresh_token });
  assert.ifError(lost.error);
  assert.equal(lost.data.session.refresh_token, third.refresh_token);

  // An older one, outside the reuse interval (0 s here): reuse is detected, the session ends.
  const reused = await newClient().refreshSession({ refresh_token: first.refresh_token });
  assertApiError(reused, "refresh_token_already_used", 400);
  assert.equal(reused.error.message, "Invalid Refresh Token: Already Used");

  const latest = await newClient().refreshSession({ refresh_token: third.refresh_token });
  assertApiError(latest, "refresh_token_not_found", 400);
  const user = await getWithToken("/auth/v1/user", third.access_token);
  assert.equal(user.status, 403);
  assert.equal(user.body.code, "session_not_found");
});

test("updateUser: metadata round trip; a password change needs the current password", async () => {
  const { email } = await confirmedUser("update");
  const client = await signedIn(email);
  const other = await signedIn(email);

  const meta = await client.updateUser({ data: { full_name: "Grace Hopper", company: "Navy" } });
  assert.ifError(meta.error);
  assert.equal(meta.data.user.user_metadata.full_name, "Grace Hopper");
  assert.equal(meta.data.user.user_metadata.company, "Navy");
  const fetched = await client.getUser();
  assert.ifError(fetched.error);
  assert.equal(fetched.data.user.user_metadata.full_name, "Grace Hopper");
  assert.equal(fetched.data.user.user_metadata.company, "Navy");
  const removed = await client.updateUser({ data: { company: null } });
  assert.ifError(removed.error);
  assert.equal("company" in removed.data.user.user_metadata, false, "null deletes a key");
  assert.equal(removed.data.user.user_metadata.full_name, "Grace Hopper");

  const missing = await client.updateUser({ password: NEW_PASSWORD });
  assertApiError(missing, "current_password_required", 400);
  const wrong = await client.updateUser({ password: NEW_PASSWORD, current_password: "not-the-password" });
  assertApiError(wrong, "current_password_invalid", 400);

  const changed = await client.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD });
  assert.ifError(changed.error);
  assert.equal(changed.data.user.email, email);

  const oldPassword = await newClient().signInWithPassword({ email, password: PASSWORD });
  assertApiError(oldPassword, "invalid_credentials", 400);
  const newPassword = await newClient().signInWithPassword({ email, password: NEW_PASSWORD });
  assert.ifError(newPassword.error);
  // The change keeps this session and ends the others.
  assert.equal((await getWithToken("/auth/v1/user", client.session.access_token)).status, 200);
  const ended = await getWithToken("/auth/v1/user", other.session.access_token);
  assert.equal(ended.status, 403);
  assert.equal(ended.body.code, "session_not_found");
});

test("TOTP MFA: enroll, challenge, verify to aal2, sign in again at aal1, unenroll", async () => {
  const { email, user } = await confirmedUser("mfa");
  const client = await signedIn(email);

  const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "Work phone" });
  assert.ifError(enrolled.error);
  const factor = enrolled.data;
  assert.match(factor.id, UUID_RE);
  assert.equal(factor.type, "totp");
  assert.equal(factor.friendly_name, "Work phone");
  assert.ok(factor.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg"), factor.totp.qr_code.slice(0, 60));
  assert.ok(factor.totp.qr_code.trimEnd().endsWith("</svg>"));
  const { secret } = factor.totp;
  assert.match(secret, /^[A-Z2-7]{32}$/);
  const uri = new URL(factor.totp.uri);
  assert.equal(uri.protocol, "otpauth:");
  assert.equal(uri.searchParams.get("secret"), secret);
  assert.equal(decodeURIComponent(uri.pathname).endsWith(`:${email}`), true, uri.href);

  const challenge = await client.mfa.challenge({ factorId: factor.id });
  assert.ifError(challenge.error);
  assert.match(challenge.data.id, UUID_RE);
  assert.equal(challenge.data.type, "totp");
  assert.ok(challenge.data.expires_at > Date.now() / 1000);

  const { code, counter } = await currentTotp(secret);
  const accepted = new Set([-1, 0, 1, 2].map((d) => totp(secret, counter + d)));
  let wrongCode = code;
  for (let i = 1; accepted.has(wrongCode); i++) wrongCode = String((Number(code) + i * 7919) % 1e6).padStart(6, "0");
  const failed = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: wrongCode });
  assertApiError(failed, "mfa_verification_failed", 422);
  const stillAal1 = await client.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(stillAal1.data.currentLevel, "aal1");

  const used = await currentTotp(secret);
  const verified = await client.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data.id,
    code: used.code,
  });
  assert.ifError(verified.error);
  assert.match(verified.data.access_token, JWT_RE);
  assert.equal(verified.data.user.id, user.id);
  const raised = decodeJwt(verified.data.access_token).payload;
  assert.equal(raised.aal, "aal2");
  assert.equal(raised.amr[0].method, "totp");
  assert.equal(raised.session_id, decodeJwt(client.session.access_token).payload.session_id, "the same session, raised");
  const aal2 = await client.mfa.getAuthenticatorAssuranceLevel();
  assert.ifError(aal2.error);
  assert.equal(aal2.data.currentLevel, "aal2");
  assert.equal(aal2.data.nextLevel, "aal2");
  const factors = await client.mfa.listFactors();
  assert.ifError(factors.error);
  assert.deepEqual(
    factors.data.totp.map((f) => [f.id, f.status, f.friendly_name]),
    [[factor.id, "verified", "Work phone"]],
  );

  const out = await client.signOut();
  assert.ifError(out.error);
  const again = await signedIn(email);
  const aal1 = await again.mfa.getAuthenticatorAssuranceLevel();
  assert.ifError(aal1.error);
  assert.equal(aal1.data.currentLevel, "aal1");
  assert.equal(aal1.data.nextLevel, "aal2");

  const tooWeak = await again.mfa.unenroll({ factorId: factor.id });
  assertApiError(tooWeak, "insufficient_aal", 422);
  const replayed = await again.mfa.challengeAndVerify({ factorId: factor.id, code: used.code });
  assertApiError(replayed, "mfa_verification_failed", 422);
  const raisedAgain = await again.mfa.challengeAndVerify({ factorId: factor.id, code: (await nextTotp(secret, used.counter)).code });
  assert.ifError(raisedAgain.error);
  const unenrolled = await again.mfa.unenroll({ factorId: factor.id });
  assert.ifError(unenrolled.error);
  assert.equal(unenrolled.data.id, factor.id);
  const none = await again.mfa.listFactors();
  assert.ifError(none.error);
  assert.deepEqual(none.data.all, []);
  const afterwards = await newClient().signInWithPassword({ email, password: PASSWORD });
  assert.ifError(afterwards.error);
  assert.equal(decodeJwt(afterwards.data.session.access_token).payload.aal, "aal1");
});

test("resetPasswordForEmail mails a recovery link and code; an unknown address gets nothing", async () => {
  const { email } = await confirmedUser("recover");
  const unknown = uniqueEmail("unknown");

  const forUnknown = await newClient().resetPasswordForEmail(unknown);
  assert.equal(forUnknown.error, null);
  assert.deepEqual(forUnknown.data, {});

  const client = newClient();
  const redirectTo = `${base}/portal/reset-password`;
  const requested = await client.resetPasswordForEmail(email, { redirectTo });
  assert.equal(requested.error, null);
  assert.deepEqual(requested.data, {});

  const mail = await server.smtp.waitForMail({ to: email, subject: /^Reset your/ });
  assert.equal(mail.subject, `Reset your ${siteName} password`);
  assert.equal(mail.to, email);
  const link = mailLink(mail);
  assert.equal(link.searchParams.get("type"), "recovery");
  assert.equal(link.searchParams.get("redirect_to"), redirectTo);
  // The reset link is the way in: the message offers no code.
  assertNoCode(mail, email);

  // The unknown address was asked for first, and the outbox sends in order: had it produced a
  // message, it would have arrived before this one.
  assert.deepEqual(
    server.smtp.messages().filter((m) => m.envelope.to.includes(unknown) || m.to.includes(unknown)),
    [],
  );

  // The forgot-password flow: the link's token gives a recovery session that may set a new
  // password; a guessed code gives nothing (no code was issued).
  const guessed = await newClient().verifyOtp({ email, token: "123456", type: "recovery" });
  assertApiError(guessed, "otp_expired", 403);
  const verified = await client.verifyOtp({ token_hash: mailToken(mail), type: "recovery" });
  assert.ifError(verified.error);
  const amr = decodeJwt(verified.data.session.access_token).payload.amr.map((a) => a.method);
  assert.deepEqual(amr, ["recovery"]);
  const set = await client.updateUser({ password: NEW_PASSWORD });
  assert.ifError(set.error);
  const signIn = await newClient().signInWithPassword({ email, password: NEW_PASSWORD });
  assert.ifError(signIn.error);
});

test("signOut(): the access token is refused at once, by /auth/v1 and by /api/v1", async () => {
  const { email } = await confirmedUser("signout");
  const client = await signedIn(email);
  const second = await signedIn(email);
  const token = client.session.access_token;
  assert.equal((await getWithToken("/auth/v1/user", token)).status, 200);
  assert.equal((await getWithToken("/api/v1/profile", token)).status, 200);

  const out = await client.signOut();
  assert.equal(out.error, null);
  assert.equal((await client.getSession()).data.session, null, "auth-js cleared its storage");
  assert.equal(client.storage.items.size, 0);

  const user = await getWithToken("/auth/v1/user", token);
  assert.equal(user.status, 403);
  assert.equal(user.body.code, "session_not_found");
  assert.equal(user.headers.get("x-sb-error-code"), "session_not_found");
  const profile = await getWithToken("/api/v1/profile", token);
  assert.equal(profile.status, 401);
  assert.equal(profile.body.code, "unauthorized");
  // Global: the user's other session has ended too.
  assert.equal((await getWithToken("/auth/v1/user", second.session.access_token)).status, 403);
  const refresh = await newClient().refreshSession({ refresh_token: second.session.refresh_token });
  assertApiError(refresh, "refresh_token_not_found", 400);
});

test("signOut({ scope: 'others' }) keeps this session and ends the other one", async () => {
  const { email, user } = await confirmedUser("others");
  const here = await signedIn(email);
  const elsewhere = await signedIn(email);

  const out = await here.signOut({ scope: "others" });
  assert.equal(out.error, null);
  const mine = await getWithToken("/auth/v1/user", here.session.access_token);
  assert.equal(mine.status, 200);
  assert.equal(mine.body.id, user.id);
  assert.equal((await here.getSession()).data.session?.access_token, here.session.access_token);
  const stillMine = await here.refreshSession();
  assert.ifError(stillMine.error);

  const theirs = await getWithToken("/auth/v1/user", elsewhere.session.access_token);
  assert.equal(theirs.status, 403);
  assert.equal(theirs.body.code, "session_not_found");
  const theirUser = await elsewhere.getUser();
  assert.ok(theirUser.error instanceof AuthSessionMissingError, `got ${theirUser.error?.name}`);
  assert.equal((await elsewhere.getSession()).data.session, null, "auth-js dropped the dead session");
});

test("a fresh customer's /api/v1/profile: pending approval, role customer, name from sign-up", async () => {
  const { email, fullName, user, client } = await confirmedUser("profile");
  const { session } = (await client.getSession()).data;
  const res = await getWithToken("/api/v1/profile", session.access_token);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.body.id, user.id);
  assert.equal(res.body.email, email);
  assert.equal(res.body.full_name, fullName);
  assert.equal(res.body.role, "customer");
  assert.equal(res.body.approval_status, "pending");
  assert.equal(res.body.organization_id, null);

  const anonymous = await fetch(`${base}/api/v1/profile`);
  assert.equal(anonymous.status, 401);
});
