// Demo mode (`serve --demo`): the sign-in page's test-account box lists every seeded demo account
// with what it shows; each Fill in button fills the form, and signing in gives what the box says.

import assert from "node:assert/strict";
import { MOBILE, e2eSuite, expectVisible, normalize, open, signInAsDemo, waitUntil } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const PASSWORD = "growthdesk-demo";
const ACCOUNTS = [
  { label: "admin", email: "admin@demo.growthdesk.io", name: "Avery Admin", staff: true },
  { label: "employee", email: "staff@demo.growthdesk.io", name: "Sam Support", staff: true },
  { label: "customer", email: "customer@demo.growthdesk.io", name: "Casey Customer", staff: false },
  { label: "second customer", email: "owner@northwind.example", name: "Noor Haddad", staff: false },
  { label: "pending", email: "pending@demo.growthdesk.io", name: "Pat Pending", pending: true },
];

const box = (page) => page.getByRole("region", { name: "Test accounts" });
const WIDE = { width: 1440, height: 900 };
const sidebar = (page) => page.getByRole("navigation", { name: "Portal" });

/** Waits for the document's title (the browser tab's name). */
async function expectTitle(page, title) {
  let seen;
  await waitUntil(async () => (seen = await page.title()) === title, () => `the title ${JSON.stringify(title)}, got ${JSON.stringify(seen)}`);
}

pageTest("the test-account box lists all five demo accounts with what each shows", async ({ page }) => {
  await open(page, "/portal/login");
  await expectVisible(box(page), "the test-account box");
  const items = box(page).getByRole("listitem");
  assert.equal(await items.count(), ACCOUNTS.length);
  for (const [i, account] of ACCOUNTS.entries()) {
    const text = normalize(await items.nth(i).innerText());
    assert.ok(text.includes(account.email), `item ${i + 1} names ${account.email}: ${text}`);
    assert.ok(text.includes(account.name), `item ${i + 1} names ${account.name}: ${text}`);
  }
  assert.ok(normalize(await box(page).innerText()).includes(PASSWORD), "the box gives the password");
});

for (const account of ACCOUNTS) {
  // The first sign-in of each account in this file (the demo accounts have never signed in): "Welcome"
  // on a customer's dashboard; staff land on their own home, the Admin Dashboard.
  const outcome = account.pending ? "refused while pending" : account.staff ? "the Admin Dashboard" : "the portal, with 'Welcome'";
  pageTest(
    `Fill in the ${account.label} account, sign in: ${outcome}`,
    // Turning the pending account away signs its session out; the server may answer that with 403.
    { viewport: WIDE, allowConsoleErrors: account.pending ? [/status of 403/] : [] },
    async ({ page }) => {
      await open(page, "/portal/login");
      await box(page).getByRole("button", { name: `Fill in the ${account.label} account` }).click();
      assert.equal(await page.getByLabel("Email", { exact: true }).inputValue(), account.email);
      assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      if (account.pending) {
        await expectVisible(page.getByRole("alert").filter({ hasText: "pending approval" }), "the pending-approval message");
        assert.equal(new URL(page.url()).pathname, "/portal/login");
        return;
      }
      if (account.staff) {
        await expectVisible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }), "the staff home");
        await expectTitle(page, "Admin Dashboard | Growthdesk Portal");
      } else {
        await expectVisible(page.getByRole("heading", { name: `Welcome, ${account.name}`, exact: true }), "the first sign-in's greeting");
        await expectTitle(page, "Dashboard | Growthdesk Portal");
      }
      const adminLinks = await page.getByRole("link", { name: "Admin Dashboard" }).count();
      assert.equal(adminLinks > 0, account.staff, `the Admin Dashboard link ${account.staff ? "shows" : "is hidden"}`);
    },
  );
}

pageTest("Settings → Profile shows a customer their own organization's team, never another's", async ({ page }) => {
  await signInAsDemo(page, "customer");
  await open(page, "/portal/settings");
  const team = page.getByRole("region", { name: "Team", exact: true });
  await expectVisible(team, "the Team section");
  await expectVisible(team.getByText("Everyone at Brightside Dental with access to this portal."), "the organization's name");
  await expectVisible(team.getByText("customer@demo.growthdesk.io"), "Casey in her team");
  assert.equal(await team.getByText("owner@northwind.example").count(), 0, "Northwind's owner is not on Brightside's team");
  assert.equal(await team.getByText("admin@demo.growthdesk.io").count(), 0, "staff are not on a customer's team");
});

pageTest("staff see no Team section: they belong to no organization", async ({ page }) => {
  await signInAsDemo(page, "employee");
  await open(page, "/portal/settings");
  await expectVisible(page.getByRole("region", { name: "Profile" }), "the profile");
  assert.equal(await page.getByRole("region", { name: "Team", exact: true }).count(), 0);
});

pageTest("a later sign-in says 'Welcome back'; the phone menu lists Community and marks the open page", { viewport: MOBILE }, async ({ page }) => {
  // The customer signed in above, so this is not the first time.
  await signInAsDemo(page, "customer");
  await expectVisible(page.getByRole("heading", { name: "Welcome back, Casey Customer", exact: true }), "the returning greeting");
  await page.getByRole("button", { name: "Open navigation" }).click();
  const community = sidebar(page).getByRole("link", { name: "Community", exact: true });
  await expectVisible(community, "Community in the phone menu");
  const labels = (await sidebar(page).getByRole("link").allInnerTexts()).map(normalize);
  assert.equal(labels.indexOf("Community"), labels.indexOf("FAQ") + 1, `Community right below FAQ: ${labels.join(", ")}`);
  await community.click();
  await expectVisible(page.getByRole("heading", { name: "Community Forum", level: 1 }), "the forum");
  await expectTitle(page, "Community Forum | Growthdesk Portal");
  await page.getByRole("button", { name: "Open navigation" }).click();
  assert.equal(await community.getAttribute("aria-current"), "page", "Community is marked as the open page");
  assert.equal(await sidebar(page).getByRole("link", { name: "FAQ" }).getAttribute("aria-current"), null);
});

for (const [width, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`an unknown portal address shows 'Page not found' inside the portal at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "employee");
    await open(page, "/portal/no-such-page/here");
    await expectVisible(page.getByRole("heading", { name: "Page not found", level: 1 }), "the not-found heading");
    assert.equal(new URL(page.url()).pathname, "/portal/no-such-page/here", "the address stays");
    await expectVisible(page.getByText("There is no portal page at this address."), "the explanation");
    await expectTitle(page, "Page not found | Growthdesk Portal");
    if (viewport === MOBILE) await page.getByRole("button", { name: "Open navigation" }).click();
    await expectVisible(sidebar(page).getByRole("link", { name: "Admin Dashboard", exact: true }), "the sidebar");
    if (viewport === MOBILE) await page.getByRole("button", { name: "Close navigation" }).click();
    // The way back leads to the portal's home, which for staff is the Admin Dashboard.
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expectVisible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }), "the staff home");
    assert.equal(new URL(page.url()).pathname, "/portal/admin");
  });
}

pageTest("each portal page has its heading as its title, a settings tab too", { viewport: WIDE }, async ({ page }) => {
  await signInAsDemo(page, "admin");
  for (const [path, title] of [
    ["/portal/support", "Support Tickets"],
    ["/portal/projects", "AI Projects"],
    ["/portal/meetings", "Meetings & Consultations"],
    ["/portal/faq", "Frequently Asked Questions"],
    ["/portal/settings", "Settings"],
    ["/portal/settings?tab=security", "Security · Settings"],
  ]) {
    await open(page, path);
    await expectTitle(page, `${title} | Growthdesk Portal`);
  }
  await page.getByRole("tab", { name: "Notifications" }).click();
  await expectTitle(page, "Notifications · Settings | Growthdesk Portal");
});
