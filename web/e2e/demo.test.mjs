// Demo mode (`serve --demo`): the sign-in page's test-account box lists every seeded demo account
// with what it shows; each Fill in button fills the form, and signing in gives what the box says.

import assert from "node:assert/strict";
import { e2eSuite, expectVisible, normalize, open, signInAsDemo } from "./harness.mjs";

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
  pageTest(
    `Fill in the ${account.label} account, sign in: ${account.pending ? "refused while pending" : "the portal"}`,
    // Turning the pending account away signs its session out; the server may answer that with 403.
    { allowConsoleErrors: account.pending ? [/status of 403/] : [] },
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
      await expectVisible(page.getByRole("heading", { name: `Welcome back, ${account.name}` }), "the dashboard");
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
