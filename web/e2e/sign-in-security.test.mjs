// How long a sign-in lasts and where it is shared: 'Remember me' unchecked keeps the session in
// every tab of the browser until the browser is closed, checked keeps it across a restart, and
// sign-out in one tab signs every tab out. Then the account's own protections in Settings →
// Security: two-factor recovery codes and the list of signed-in devices.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { e2eSuite, expectVisible, greeting, open, waitUntil } from "./harness.mjs";

const { pageTest } = e2eSuite();

const PASSWORD = "Sunny-Meadow-42";

/** A confirmed, approved customer made with the CLI while the server runs. */
async function newCustomer(server, label) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const name = `${label[0].toUpperCase()}${label.slice(1)} ${randomUUID().slice(0, 4)}`;
  await server.cli("users", "create", "--email", email, "--role", "customer", "--password", PASSWORD, "--name", name, "--data-dir", server.dataDir);
  return { email, password: PASSWORD, name };
}

async function signInWith(page, { email, password, name }, { remember }) {
  await open(page, "/portal/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Remember me").setChecked(remember);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectPortal(page, name);
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
    await signInWith(page, customer, { remember: false });

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
  },
);

pageTest("'Remember me' checked: the session survives a browser restart", async ({ page, context, server, newContext }) => {
  const customer = await newCustomer(server, "kept");
  await signInWith(page, customer, { remember: true });
  const reopened = await (await newContext({ storageState: await afterRestart(context) })).newPage();
  await open(reopened, "/portal");
  await expectPortal(reopened, customer.name);
});
