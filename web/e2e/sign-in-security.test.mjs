// How long a sign-in lasts and where it is shared: 'Remember me' unchecked keeps the session in
// every tab of the browser until the browser is closed, checked keeps it across a restart, and
// sign-out in one tab signs every tab out. Then the account's own protections in Settings →
// Security: two-factor recovery codes and the list of signed-in devices.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { MOBILE, e2eSuite, expectHidden, expectText, expectVisible, greeting, normalize, open, waitUntil } from "./harness.mjs";
import { axeProblems, overflowsSideways } from "./axe.mjs";
import { currentTotp } from "./totp.mjs";

const { pageTest } = e2eSuite();

const PASSWORD = "Sunny-Meadow-42";

/** A confirmed, approved customer made with the CLI while the server runs. */
async function newCustomer(server, label) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const name = `${label[0].toUpperCase()}${label.slice(1)} ${randomUUID().slice(0, 4)}`;
  await server.cli("users", "create", "--email", email, "--role", "customer", "--password", PASSWORD, "--name", name, "--data-dir", server.dataDir);
  return { email, password: PASSWORD, name };
}

async function submitPassword(page, { email, password }, { remember = false } = {}) {
  await open(page, "/portal/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Remember me").setChecked(remember);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signInWith(page, customer, { remember }) {
  await submitPassword(page, customer, { remember });
  await expectPortal(page, customer.name);
}

async function expectPortal(page, name) {
  await expectVisible(page.getByRole("heading", { name: greeting(name) }), `the dashboard of ${name}`);
}

async function expectSignInPage(page) {
  await page.waitForURL((u) => u.pathname === "/portal/login");
  await expectVisible(page.getByRole("heading", { name: "Sign in to your portal" }), "the sign-in page");
}

/**
 * What survives closing the browser: its persistent cookies and its localStorage. Session cookies
 * (no expiry) and sessionStorage end with the browser, so a context opened from this state is
 * the same browser after a restart.
 */
async function afterRestart(context) {
  const state = await context.storageState();
  return { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) };
}

const storedSession = (page) => page.evaluate(() => JSON.parse(window.localStorage.getItem("growthdesk-auth") ?? "null"));

pageTest(
  "'Remember me' unchecked: every tab of the browser is signed in until the browser closes; sign-out signs out every tab",
  { allowConsoleErrors: [/status of 40[13]/] },
  async ({ page, context, server, newContext }) => {
    const customer = await newCustomer(server, "tabs");
    // A tab left on the sign-in page follows the sign-in made in another tab.
    const waiting = await context.newPage();
    await open(waiting, "/portal/login");
    await signInWith(page, customer, { remember: false });
    await expectPortal(waiting, customer.name);

    // A second tab, and a link opened from an e-mail, find the session.
    const second = await context.newPage();
    await open(second, "/portal/settings");
    await expectVisible(second.getByRole("heading", { name: "Settings", level: 1 }), "Settings in the second tab");
    assert.equal(new URL(second.url()).pathname, "/portal/settings");

    // Closing the browser ends it: reopened, the portal asks for the password, and the session the
    // closed browser left on disk is ended on the server too.
    const session = await storedSession(page);
    assert.ok(session?.refresh_token, "the session is kept where every tab sees it");
    const reopened = await (await newContext({ storageState: await afterRestart(context) })).newPage();
    await open(reopened, "/portal");
    await expectSignInPage(reopened);
    assert.equal(await storedSession(reopened), null, "nothing is left of the session after the restart");
    await waitUntil(async () => {
      const res = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      return res.status === 400;
    }, "the session of the closed browser is ended on the server");

    // Sign-out in one tab signs the other out: it leaves the portal.
    await second.getByRole("button", { name: "Sign out" }).click();
    await expectSignInPage(second);
    await expectSignInPage(page);
    await expectSignInPage(waiting);
  },
);

pageTest("'Remember me' checked: the session survives a browser restart", async ({ page, context, server, newContext }) => {
  const customer = await newCustomer(server, "kept");
  await signInWith(page, customer, { remember: true });
  const reopened = await (await newContext({ storageState: await afterRestart(context) })).newPage();
  await open(reopened, "/portal");
  await expectPortal(reopened, customer.name);
});

const WIDE = { width: 1440, height: 900 };

async function openSecurity(page) {
  await open(page, "/portal/settings?tab=security");
  await expectVisible(page.getByRole("tab", { name: "Security", selected: true }));
}

/** Signs out with the sidebar's button (on a phone, in the menu). */
async function signOut(page) {
  const menu = page.getByRole("button", { name: "Open navigation" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expectSignInPage(page);
}

/** Signed in: the portal's navigation shows, on whichever page the sign-in returned to. */
async function expectSignedIn(page) {
  await page.waitForURL((u) => u.pathname.startsWith("/portal") && u.pathname !== "/portal/login");
  await expectVisible(page.getByRole("heading", { level: 1 }), "a portal page");
  assert.equal(await page.getByLabel("Recovery code").count(), 0, "past the second step");
}

/** The page has no axe violations and no sideways scrolling; a screenshot goes to /tmp for a look. */
async function checkPage(page, shot) {
  assert.deepEqual(await axeProblems(page), [], `axe on ${shot}`);
  assert.equal(await overflowsSideways(page), false, `${shot} scrolls sideways`);
  await page.screenshot({ path: `/tmp/auth-${shot}.png`, fullPage: true });
}

/** At the second sign-in step, switches to a recovery code and submits it. */
async function submitRecoveryCode(page, code) {
  await expectVisible(page.getByRole("heading", { name: "Two-factor authentication", level: 1 }));
  if ((await page.getByLabel("Recovery code").count()) === 0) await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

const shownCodes = async (page) =>
  (await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()).map(normalize);

for (const [label, viewport] of [
  ["1440", WIDE],
  ["390", MOBILE],
]) {
  pageTest(
    `recovery codes: shown once at enrolment with Download and Copy, each signs in once, new ones replace them, at ${label} px`,
    { viewport, timeout: 90_000, allowConsoleErrors: [/status of 42[29]/] },
    async ({ page, context, server }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const customer = await newCustomer(server, `codes${label}`);
      await signInWith(page, customer, { remember: false });
      await openSecurity(page);
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      const secret = normalize(await page.getByLabel("Key for manual entry").innerText());
      await page.getByLabel("6-digit code").fill((await currentTotp(secret)).code);
      await page.getByRole("button", { name: "Verify and turn on" }).click();

      // The codes, once, with Download and Copy.
      await expectVisible(page.getByRole("heading", { name: "Your recovery codes" }));
      const codes = await shownCodes(page);
      assert.equal(codes.length, 10, "ten codes");
      assert.equal(new Set(codes).size, 10, "ten different codes");
      for (const code of codes) assert.match(code, /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      await checkPage(page, `recovery-codes-shown-${label}`);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
      assert.match(download.suggestedFilename(), /-recovery-codes\.txt$/);
      const file = await readFile(await download.path(), "utf8");
      for (const code of codes) assert.ok(file.includes(code), `the download lists ${code}`);
      assert.ok(file.includes(customer.email), "the download names the account");
      await page.getByRole("button", { name: "Copy", exact: true }).click();
      await expectText(page.getByRole("status").filter({ hasText: "Copied." }), "Copied.");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      for (const code of codes) assert.ok(copied.includes(code), `the clipboard holds ${code}`);
      await page.getByRole("button", { name: "I have saved my codes" }).click();
      await expectHidden(page.getByRole("heading", { name: "Your recovery codes" }));
      await expectVisible(page.getByText("10 of 10 left"));
      await page.reload();
      await expectVisible(page.getByText("10 of 10 left"));
      assert.equal(await page.getByRole("list", { name: "Recovery codes" }).count(), 0, "the codes are not shown again");
      await signOut(page);

      // A code signs in instead of the app's code, typed in any case.
      await submitPassword(page, customer);
      await submitRecoveryCode(page, codes[0].toUpperCase());
      await expectSignedIn(page);
      await signOut(page);

      // The same code a second time is refused; another one works.
      await submitPassword(page, customer);
      await expectVisible(page.getByRole("heading", { name: "Two-factor authentication", level: 1 }));
      await page.getByRole("button", { name: "Use a recovery code" }).click();
      await checkPage(page, `recovery-code-sign-in-${label}`);
      await submitRecoveryCode(page, codes[0]);
      await expectVisible(page.getByRole("alert").filter({ hasText: "That recovery code did not match, or it has been used already." }));
      await checkPage(page, `recovery-code-refused-${label}`);
      await submitRecoveryCode(page, codes[1]);
      await expectSignedIn(page);

      // New codes, after a question: the old ones stop working.
      await openSecurity(page);
      await expectVisible(page.getByText("8 of 10 left"));
      await page.getByRole("button", { name: "Make new recovery codes" }).click();
      const dialog = page.getByRole("dialog", { name: "Make new recovery codes?" });
      await expectVisible(dialog);
      await checkPage(page, `recovery-codes-regenerate-${label}`);
      await dialog.getByRole("button", { name: "Make new codes" }).click();
      await expectVisible(page.getByRole("heading", { name: "Your recovery codes" }));
      const fresh = await shownCodes(page);
      assert.equal(fresh.length, 10);
      assert.ok(!fresh.some((c) => codes.includes(c)), "all new codes");
      await page.getByRole("button", { name: "I have saved my codes" }).click();
      await expectVisible(page.getByText("10 of 10 left"));
      await signOut(page);
      await submitPassword(page, customer);
      await submitRecoveryCode(page, codes[2]);
      await expectVisible(page.getByRole("alert").filter({ hasText: "That recovery code did not match" }));
      await submitRecoveryCode(page, fresh[0]);
      await expectSignedIn(page);
    },
  );
}

const USER_AGENTS = {
  firefoxWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};

/** A session of the account signed in elsewhere, by the auth API with that browser's User-Agent. */
async function signInElsewhere(server, { email, password }, userAgent) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200);
  return res.json();
}

const refreshes = async (server, session) =>
  (
    await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    })
  ).status === 200;

for (const [label, viewport] of [
  ["1440", WIDE],
  ["390", MOBILE],
]) {
  pageTest(
    `active sessions: one row per device and browser with its count and last activity; signing out a row ends its sessions, at ${label} px`,
    // The browser signed out from here learns so from a 401 and its own sign-out's 403.
    { viewport, timeout: 60_000, allowConsoleErrors: [/status of 40[13]/] },
    async ({ page, server, newContext }) => {
      const customer = await newCustomer(server, `devices${label}`);
      const firefox = [
        await signInElsewhere(server, customer, USER_AGENTS.firefoxWindows),
        await signInElsewhere(server, customer, USER_AGENTS.firefoxWindows),
      ];
      const phone = await signInElsewhere(server, customer, USER_AGENTS.safariPhone);
      const elsewhere = await (await newContext({ viewport })).newPage();
      await signInWith(elsewhere, customer, { remember: false });
      await signInWith(page, customer, { remember: false });
      await openSecurity(page);

      const devices = page.getByRole("list", { name: "Signed-in devices" });
      await expectVisible(devices);
      const rows = devices.getByRole("listitem");
      await waitUntil(async () => (await rows.count()) === 3, "three rows");
      const texts = (await rows.allInnerTexts()).map(normalize);
      assert.match(texts[0], /^Chrome on Linux This device 2 sessions · last active /, "this browser's row first, with both Chrome sessions");
      assert.ok(texts.slice(1).some((t) => /^Firefox on Windows 2 sessions · last active /.test(t)), `a Firefox row: ${texts}`);
      assert.ok(texts.slice(1).some((t) => /^Safari on iOS 1 session · last active /.test(t)), `a Safari row: ${texts}`);
      await checkPage(page, `sessions-${label}`);

      // Signing out a device ends every session of it, after a question.
      await page.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
      const dialog = page.getByRole("dialog", { name: "Sign out Firefox on Windows?" });
      await expectText(dialog.getByText(/will be signed out/), "2 sessions of Firefox on Windows will be signed out and must sign in again.");
      await checkPage(page, `sessions-confirm-${label}`);
      await dialog.getByRole("button", { name: "Sign out" }).click();
      await expectVisible(page.getByRole("status").filter({ hasText: "Firefox on Windows has been signed out." }));
      await waitUntil(async () => (await rows.count()) === 2, "the Firefox row is gone");
      assert.equal(await refreshes(server, firefox[0]), false, "the first Firefox session is ended");
      assert.equal(await refreshes(server, firefox[1]), false, "the second Firefox session is ended");
      assert.equal(await refreshes(server, phone), true, "the phone stays signed in");

      // On this browser's row, the other sessions of the same browser go; this one stays.
      await page.getByRole("button", { name: "Sign out the other sessions of Chrome on Linux" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Sign out" }).click();
      await expectVisible(page.getByRole("status").filter({ hasText: "The other 1 session of Chrome on Linux has been signed out." }));
      await waitUntil(async () => normalize(await rows.first().innerText()).includes("1 session ·"), "this browser's row counts one session");
      await open(elsewhere, "/portal/settings");
      await expectSignInPage(elsewhere);
      await expectVisible(page.getByRole("heading", { name: "Active sessions" }));
    },
  );
}
