// The admin dashboard (/portal/admin) in Chromium, against the demo data: its tiles and the
// Monthly Growth table say what the database holds, an action shows up in Recent Activity as a
// sentence with a link. Staff land on it when they open the portal (employees see every tile but
// Monthly Revenue); customers land on their own dashboard.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { MOBILE, e2eSuite, expectVisible, greeting, normalize, open, waitUntil, signInAsDemo } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG A and AA rules on the page as it is now (as in a11y.test.mjs); fails listing each violation. */
async function expectAccessible(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] }),
  );
  const lines = violations.flatMap((v) => [`${v.id}: ${v.help}`, ...v.nodes.map((n) => `  ${n.target.join(" ")} ${n.html.slice(0, 120)}`)]);
  assert.equal(lines.length, 0, `${where} has accessibility violations:\n${lines.join("\n")}`);
}

const PASSWORD = "growthdesk-demo";

async function apiAs(server, email, method, path, body) {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = await res.json();
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.ok(answer.ok, `${method} ${path}: ${answer.status}`);
  return answer.json();
}

const tile = (page, label) => page.locator(`[data-tile="${label}"] dd`);

async function tileValue(page, label) {
  await expectVisible(tile(page, label), `the ${label} tile`);
  return normalize(await tile(page, label).innerText());
}

pageTest("the admin's tiles and growth table match the database, and Recent Activity reads as sentences", async ({ page, server }) => {
  // Approve the demo's pending account through the API, so the activity has a fresh line.
  const pending = (await server.users()).find((u) => u.email === "pending@demo.growthdesk.io");
  assert.ok(pending, "the demo has a pending account");
  // A customer is approved into an organization, in the same request.
  const brightside = (await apiAs(server, "admin@demo.growthdesk.io", "GET", "/api/v1/admin/organizations")).find((o) => o.name === "Brightside Dental");
  assert.ok(brightside, "the demo has Brightside Dental");
  await apiAs(server, "admin@demo.growthdesk.io", "POST", `/api/v1/admin/users/${pending.id}/approve`, { organization_id: brightside.id });

  await signInAsDemo(page, "admin");
  await open(page, "/portal/admin");
  await expectVisible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }), "the admin dashboard");

  const users = await server.users();
  const organizations = await apiAs(server, "admin@demo.growthdesk.io", "GET", "/api/v1/admin/organizations");
  assert.equal(await tileValue(page, "Total Users"), String(users.length));
  assert.equal(await tileValue(page, "Organizations"), String(organizations.length));
  // The demo has tickets and a paid subscription; the tiles read the same figures as the
  // support desk's summary and the billing overview.
  const tickets = await apiAs(server, "admin@demo.growthdesk.io", "GET", "/api/v1/tickets/summary");
  assert.ok(tickets.open + tickets.in_progress > 0, "the demo has open tickets");
  assert.equal(await tileValue(page, "Open Tickets"), String(tickets.open + tickets.in_progress));
  const billing = await apiAs(server, "admin@demo.growthdesk.io", "GET", "/api/v1/admin/billing/summary");
  assert.ok(billing.monthly_recurring > 0, "the demo has a paying subscription");
  const revenue = new Intl.NumberFormat("en-US", { style: "currency", currency: billing.currency.toUpperCase() }).format(billing.monthly_recurring / 100);
  assert.equal(await tileValue(page, "Monthly Revenue"), revenue);

  // The Monthly Growth table: this month's row counts what was created this month (UTC).
  const month = new Date().toISOString().slice(0, 7);
  const thisMonth = (list) => list.filter((x) => x.created_at.slice(0, 7) === month).length;
  const growth = page.getByRole("region", { name: "Monthly Growth" });
  await growth.getByText("Show the figures as a table").click();
  const label = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());
  const row = growth.getByRole("row", { name: new RegExp(`^${label}`) });
  await expectVisible(row, `the ${label} row`);
  const cells = await row.getByRole("cell").allInnerTexts();
  assert.deepEqual(cells.map(normalize), [String(thisMonth(users)), String(thisMonth(organizations))]);
  await expectAccessible(page, "the admin dashboard with its table open");
  assert.equal(await page.locator(".recharts-responsive-container").first().evaluate((el) => el.getBoundingClientRect().height), 300);

  const activity = page.getByRole("region", { name: "Recent Activity" });
  const line = activity.getByRole("listitem").filter({ hasText: "Avery Admin approved Pat Pending" });
  await expectVisible(line, "the approval in Recent Activity");
  await line.getByRole("link", { name: "Pat Pending" }).click();
  await waitUntil(() => new URL(page.url()).searchParams.get("tab") === "admin", "the link opens Admin Management");
  // ...filtered to that account.
  assert.equal(await page.getByLabel("Search users").inputValue(), "pending@demo.growthdesk.io");
  await expectVisible(page.getByRole("cell", { name: /pending@demo\.growthdesk\.io/ }).first(), "the account's row");

  // Other features' actions read as sentences too, and link to what they name: a staff
  // answer to a ticket opens that ticket.
  const list = await apiAs(server, "staff@demo.growthdesk.io", "GET", "/api/v1/tickets?limit=1");
  const ticket = list.items[0];
  await apiAs(server, "staff@demo.growthdesk.io", "POST", `/api/v1/tickets/${ticket.id}/responses`, { content: "Looking into it." });
  await open(page, "/portal/admin");
  const answer = activity.getByRole("listitem").filter({ hasText: `Sam Support replied to ${ticket.title} (${ticket.code})` });
  await expectVisible(answer, "the staff answer in Recent Activity");
  await answer.getByRole("link").click();
  await waitUntil(() => new URL(page.url()).pathname === `/portal/support/${ticket.id}`, "the link opens the ticket");

  // A new account changes the tile on the next visit: the figure is live, not a constant.
  await server.cli("users", "create", "--email", `new-${randomUUID().slice(0, 8)}@example.com`, "--role", "customer",
    "--password", "Sunny-Meadow-42", "--name", "New Customer", "--data-dir", server.dataDir);
  await open(page, "/portal/admin");
  assert.equal(await tileValue(page, "Total Users"), String(users.length + 1));
});

const WIDE = { width: 1440, height: 900 };
const sidebar = (page) => page.locator("#portal-sidebar");

/** Opens the navigation drawer on a phone (the sidebar is always shown on a wide screen). */
async function showSidebar(page) {
  if (!(await sidebar(page).isVisible())) await page.getByRole("button", { name: "Open navigation" }).click();
  await expectVisible(sidebar(page), "the sidebar");
}

for (const [width, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`an employee lands on the Admin Dashboard, with every tile but Monthly Revenue, at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "employee");
    await expectVisible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }), "the staff home");
    assert.equal(new URL(page.url()).pathname, "/portal/admin");
    assert.equal(await page.title(), "Admin Dashboard | Growthdesk Portal");
    await expectVisible(tile(page, "Total Users"), "the Total Users tile");
    await expectVisible(page.getByRole("region", { name: "Ticket Status Distribution" }), "the ticket chart");
    assert.equal(await page.locator('[data-tile="Monthly Revenue"]').count(), 0, "no revenue for employees");
    const main = normalize(await page.locator("main").innerText());
    assert.ok(!/revenue/i.test(main), `no word of revenue: ${main.slice(0, 200)}`);
    assert.ok(!main.includes("Create Support Ticket"), "not the customer dashboard");
    await page.screenshot({ path: `/tmp/staff-home-employee-${width}.png` });

    // The sidebar marks the staff home; it offers no customer dashboard and no billing.
    await showSidebar(page);
    assert.equal(await sidebar(page).getByRole("link", { name: "Admin Dashboard" }).getAttribute("aria-current"), "page");
    assert.equal(await sidebar(page).getByRole("link", { name: "Dashboard", exact: true }).count(), 0, "no customer dashboard");
    assert.equal(await sidebar(page).getByRole("link", { name: "Billing", exact: true }).count(), 0, "no billing for employees");
    await expectVisible(sidebar(page).getByRole("link", { name: "Support", exact: true }), "the rest of the portal");
    await page.screenshot({ path: `/tmp/staff-home-employee-nav-${width}.png` });

    // The portal's address leads there too, and Back goes where the employee came from.
    await open(page, "/portal/faq");
    await open(page, "/portal");
    await expectVisible(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }), "the staff home from /portal");
    assert.equal(new URL(page.url()).pathname, "/portal/admin");
    await page.goBack();
    await waitUntil(() => new URL(page.url()).pathname === "/portal/faq", "Back returns to the FAQ");
  });

  pageTest(`an admin lands on the Admin Dashboard; a customer on the customer dashboard, at ${width} px`, { viewport }, async ({ page, newContext }) => {
    await signInAsDemo(page, "admin");
    await expectVisible(tile(page, "Monthly Revenue"), "the revenue tile");
    assert.equal(new URL(page.url()).pathname, "/portal/admin");
    await showSidebar(page);
    assert.equal(await sidebar(page).getByRole("link", { name: "Admin Dashboard" }).getAttribute("aria-current"), "page");
    assert.equal(await sidebar(page).getByRole("link", { name: "Dashboard", exact: true }).count(), 0, "no customer dashboard");
    await expectVisible(sidebar(page).getByRole("link", { name: "Billing", exact: true }), "the billing overview for admins");

    const customer = await (await newContext()).newPage();
    await signInAsDemo(customer, "customer");
    await expectVisible(customer.getByRole("heading", { name: greeting("Casey Customer") }), "the customer's dashboard");
    assert.equal(new URL(customer.url()).pathname, "/portal");
    assert.equal(await customer.title(), "Dashboard | Growthdesk Portal");
    await showSidebar(customer);
    assert.equal(await sidebar(customer).getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current"), "page");
    assert.equal(await sidebar(customer).getByRole("link", { name: "Admin Dashboard" }).count(), 0);
    // The admin page is not a customer's.
    await open(customer, "/portal/admin");
    await waitUntil(() => new URL(customer.url()).pathname === "/portal", "the customer is redirected");
    await expectVisible(customer.getByRole("heading", { name: greeting("Casey Customer") }), "the customer's dashboard again");
  });
}
