// Staff tools in Chromium against the real binary in demo mode: an employee publishes an
// announcement (an empty submit gets one message) that a customer sees as a banner and dismisses
// for good; an admin impersonates the demo customer, sees the customer's portal with the
// customer's banners, and ends it. While impersonating, a full-width bar tops every page, the
// customer's billing is read-only, and the flash messages keep their Close inside the box.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { MOBILE, countVisible, e2eSuite, expectHidden, expectVisible, normalize, open, signInAsDemo, greeting, waitUntil } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });


const banners = (page) => page.getByRole("region", { name: "Announcements", exact: true });

async function createAnnouncement(page, { title, content, type }) {
  await open(page, "/portal/settings?tab=announcements");
  const form = page.getByRole("region", { name: "Create announcement" });
  await expectVisible(form, "the announcement form");

  // The form's own validation, before anything is sent.
  await expectOneRequiredMessage(form);

  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Content").fill(content);
  await form.getByLabel("Type").selectOption(type);
  // The draft previews as the banner will look.
  const preview = form.locator(`[data-announcement-type="${type}"]`);
  await expectVisible(preview, "the preview");
  assert.ok(normalize(await preview.innerText()).includes(title));
  await form.getByRole("button", { name: "Create announcement" }).click();
  await expectVisible(
    form.getByRole("status").filter({ hasText: "Announcement created successfully!" }),
    "the success alert",
  );
  await expectVisible(
    page.getByRole("listitem").filter({ hasText: title }).first(),
    "the new announcement in the list",
  );
}

const REQUIRED = "Please fill in all required fields";

/**
 * An empty submit of the announcement form: one message (not one per field as well), the empty
 * fields marked and described by it, each mark gone as its field is filled, the message with the last.
 */
async function expectOneRequiredMessage(form, screenshot) {
  await form.getByRole("button", { name: "Create announcement" }).click();
  await expectVisible(form.getByRole("alert").filter({ hasText: REQUIRED }), "the required-fields alert");
  if (screenshot) await form.screenshot({ path: screenshot });
  assert.equal(await countVisible(form.getByText(REQUIRED)), 1, "the message shows once");
  const title = form.getByLabel("Title");
  const content = form.getByLabel("Content");
  for (const field of [title, content]) {
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    assert.ok((await field.getAttribute("aria-describedby")).includes("announcement-required"), "described by the message");
  }
  assert.ok(await title.evaluate((el) => el === document.activeElement), "the first empty field has the focus");
  await title.fill("x");
  assert.equal(await title.getAttribute("aria-invalid"), null, "the title's mark goes once it is filled");
  assert.equal(await content.getAttribute("aria-invalid"), "true");
  assert.equal(await countVisible(form.getByText(REQUIRED)), 1, "still one message while content is empty");
  await content.fill("y");
  await expectHidden(form.getByRole("alert").filter({ hasText: REQUIRED }), "the message, once both are filled");
  await title.fill("");
  await content.fill("");
}

const TITLE = `Maintenance ${randomUUID().slice(0, 6)}`;

pageTest(
  "staff publish an announcement; the customer sees its banner and dismisses it for good",
  async ({ page, newContext }) => {
    await signInAsDemo(page, "employee");
    await createAnnouncement(page, {
      title: TITLE,
      content: "The portal is read-only on Sunday from 2 to 4 am.",
      type: "warning",
    });
    const item = page.getByRole("listitem").filter({ hasText: TITLE });
    await expectVisible(item.getByText("Active", { exact: true }), "the Active badge");

    const customer = await (await newContext()).newPage();
    await signInAsDemo(customer, "customer");
    const banner = banners(customer).locator('[data-announcement-type="warning"]').filter({ hasText: TITLE });
    await expectVisible(banner, "the banner on the customer's dashboard");
    await open(customer, "/portal/support");
    await expectVisible(banner, "the banner on another portal page");

    // Deactivated, it disappears; activated again, it is back.
    await item.getByRole("button", { name: "Deactivate" }).click();
    await expectVisible(item.getByText("Inactive", { exact: true }), "the Inactive badge");
    await open(customer, "/portal");
    await expectHidden(banner, "the banner of an inactive announcement");
    await item.getByRole("button", { name: "Activate" }).click();
    await expectVisible(item.getByText("Active", { exact: true }), "the Active badge again");
    await open(customer, "/portal");
    await expectVisible(banner, "the banner again");

    await banner.getByRole("button", { name: `Dismiss announcement: ${TITLE}` }).click();
    await expectHidden(banner, "the dismissed banner");
    await open(customer, "/portal/settings");
    await expectVisible(customer.getByRole("heading", { name: "Settings" }), "settings");
    assert.equal(await banners(customer).filter({ hasText: TITLE }).count(), 0, "still dismissed after a reload");

    // The account remembers it, not the browser.
    const elsewhere = await (await newContext()).newPage();
    await signInAsDemo(elsewhere, "customer");
    assert.equal(await elsewhere.getByText(TITLE).count(), 0, "dismissed on another device too");
    // Staff still see it: dismissing is per account.
    await open(page, "/portal");
    await expectVisible(banners(page).filter({ hasText: TITLE }), "the banner for the employee");
  },
);

pageTest(
  "an admin impersonates the demo customer, sees the customer's portal and banners, and ends it",
  async ({ page }) => {
    const title = `Welcome ${randomUUID().slice(0, 6)}`;
    await signInAsDemo(page, "admin");
    await createAnnouncement(page, {
      title,
      content: "Our new reports are live.",
      type: "success",
    });

    await open(page, "/portal/settings?tab=impersonation");
    const panel = page.getByRole("region", { name: "User Impersonation" });
    await expectVisible(panel, "the impersonation panel");
    const accounts = panel.getByRole("list", {
      name: "Accounts you can impersonate",
    });
    await expectVisible(accounts, "the accounts");
    const listed = normalize(await accounts.innerText());
    assert.ok(!listed.includes("admin@demo.growthdesk.io"), "not oneself");
    assert.ok(!listed.includes("pending@demo.growthdesk.io"), "no unapproved account");
    assert.ok(listed.includes("staff@demo.growthdesk.io"), "admins may impersonate employees");

    await panel.getByLabel("Search accounts").fill("casey");
    await expectHidden(accounts.getByText("staff@demo.growthdesk.io"), "the employee, filtered out");
    await panel.getByRole("button", { name: "Impersonate Casey Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Start impersonation" });
    await expectVisible(
      dialog.getByText("Are you sure you want to impersonate this user? This action will be logged."),
      "the confirmation",
    );
    await dialog.getByRole("button", { name: "Impersonate" }).click();

    await expectVisible(
      page.getByRole("heading", { name: greeting("Casey Customer") }),
      "the customer's dashboard",
    );
    await expectVisible(
      page.getByRole("status").filter({
        hasText: "Impersonation started. You will now see the portal as this user sees it.",
      }),
      "the started alert",
    );
    const active = page.getByRole("region", { name: "Impersonation Active" });
    await expectVisible(active, "the Impersonation Active banner");
    assert.ok(normalize(await active.innerText()).includes("customer@demo.growthdesk.io"));
    assert.equal(await page.getByRole("link", { name: "Admin Dashboard" }).count(), 0, "no staff navigation");
    // The customer's banners: this one is new to Casey; the one Casey dismissed is not shown.
    await expectVisible(banners(page).filter({ hasText: title }), "the new announcement, as Casey sees it");
    assert.equal(await page.getByText(TITLE).count(), 0, "the banner Casey dismissed stays dismissed");

    await open(page, "/portal/settings");
    await expectVisible(active, "the banner on every portal page");
    assert.equal(await page.getByRole("tab", { name: "User Impersonation" }).count(), 0, "a customer's settings");
    // The owner's credentials and sessions are not the impersonator's: the Security tab says so
    // instead of offering forms the server refuses.
    await page.getByRole("tab", { name: "Security" }).click();
    await expectVisible(page.getByText(/can only be seen and changed by its owner, not while impersonating\.$/), "the Security tab's notice");
    assert.equal(await page.getByRole("button", { name: "Set up two-factor authentication" }).count(), 0, "no two-factor set-up");
    assert.equal(await page.getByLabel("New password").count(), 0, "no password form");

    await active.getByRole("button", { name: "End Impersonation" }).click();
    await expectVisible(
      page.getByRole("status").filter({
        hasText: "Impersonation ended. You are now back to your admin account.",
      }),
      "the ended alert",
    );
    await expectVisible(
      page.getByRole("region", { name: "User Impersonation" }),
      "back on the staff's impersonation tab",
    );
    assert.equal(await active.count(), 0, "no Impersonation Active banner");
    await expectVisible(page.getByRole("link", { name: "Admin Dashboard" }), "the staff navigation is back");
  },
);

const WIDE = { width: 1440, height: 900 };

/** The element's box and the viewport's width, as the page lays them out. */
const boxOf = (locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, right: r.right, bottom: r.bottom, width: r.width, viewport: document.documentElement.clientWidth };
});

/** Asserts that the flash message's Close button lies inside the message's box. */
async function expectCloseInside(page, text, where) {
  const flash = page.getByRole("status").filter({ hasText: text });
  await expectVisible(flash, `the flash ${where}`);
  const close = flash.getByRole("button", { name: "Close message" });
  const [outer, inner] = [await boxOf(flash), await boxOf(close)];
  assert.ok(
    inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom,
    `Close inside the flash ${where}: ${JSON.stringify({ outer, inner })}`,
  );
  return { flash, close };
}

for (const [width, viewport, role, name] of [["1440", WIDE, "admin", "admin"], ["390", MOBILE, "employee", "employee"]]) {
  pageTest(`an ${name} impersonating a customer sees a full-width bar on every page, at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, role);
    await open(page, "/portal/settings?tab=announcements");
    await expectOneRequiredMessage(page.getByRole("region", { name: "Create announcement" }), `/tmp/staff-announcement-required-${width}.png`);

    await open(page, "/portal/settings?tab=impersonation");
    const panel = page.getByRole("region", { name: "User Impersonation" });
    await panel.getByLabel("Search accounts").fill("casey");
    await panel.getByRole("button", { name: "Impersonate Casey Customer" }).click();
    await page.getByRole("dialog", { name: "Start impersonation" }).getByRole("button", { name: "Impersonate" }).click();

    // The customer's own dashboard, under the bar.
    await expectVisible(page.getByRole("heading", { name: greeting("Casey Customer") }), "the customer's dashboard");
    assert.equal(new URL(page.url()).pathname, "/portal");
    const started = await expectCloseInside(page, "Impersonation started.", "after starting");
    await page.screenshot({ path: `/tmp/staff-impersonation-dashboard-${width}.png` });

    const bar = page.getByRole("region", { name: "Impersonation Active" });
    for (const path of ["/portal", "/portal/support", "/portal/billing", "/portal/settings"]) {
      if (path !== "/portal") await open(page, path);
      await expectVisible(bar, `the bar on ${path}`);
      const box = await boxOf(bar);
      assert.equal(box.top, 0, `the bar is at the top of ${path}`);
      assert.equal(box.left, 0, `the bar starts at the left edge on ${path}`);
      assert.equal(box.width, box.viewport, `the bar spans the width on ${path}`);
      await expectVisible(bar.getByText("Impersonation Active", { exact: true }), "the spec's banner text, word for word");
      assert.ok(normalize(await bar.innerText()).includes("Viewing as Casey Customer"), "whose portal this is");
      await expectVisible(bar.getByRole("button", { name: "End Impersonation" }), "the way out");
    }
    // It stays in view on a long page, and has a colour of its own.
    await open(page, "/portal/faq");
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 0);
    assert.equal((await boxOf(bar)).top, 0, "the bar stays at the top when the page scrolls");
    const look = await bar.evaluate((el) => ({
      bar: getComputedStyle(el).backgroundColor,
      text: getComputedStyle(el).color,
      page: getComputedStyle(document.querySelector("main").parentElement).backgroundColor,
    }));
    assert.ok(!/^rgba\(0, 0, 0, 0\)$|^transparent$/.test(look.bar) && look.bar !== look.page, `a solid colour of its own: ${JSON.stringify(look)}`);
    assert.equal(look.text, "rgb(255, 255, 255)", "white text on it");
    await page.screenshot({ path: `/tmp/staff-impersonation-scrolled-${width}.png` });
    assert.equal(await started.flash.count(), 0, "the start message is shown once");

    // The customer's billing, read-only: the server refuses payment changes while impersonating.
    await open(page, "/portal/billing");
    await expectVisible(page.getByText("Payments cannot be changed while impersonating a user."), "why there are no payment actions");
    for (const action of ["Upgrade Plan", "Choose a Plan", "Add Payment Method", "Update Payment Method", "Cancel at Period End", "Resume Subscription"]) {
      assert.equal(await page.getByRole("button", { name: action }).count(), 0, `no ${action}`);
    }
    await page.screenshot({ path: `/tmp/staff-impersonation-billing-${width}.png`, fullPage: true });

    await bar.getByRole("button", { name: "End Impersonation" }).click();
    const ended = await expectCloseInside(page, "Impersonation ended.", "after ending");
    await expectVisible(page.getByRole("region", { name: "User Impersonation" }), "back on the impersonation tab");
    assert.equal(await bar.count(), 0, "no bar");
    await page.screenshot({ path: `/tmp/staff-impersonation-ended-${width}.png` });
    await ended.close.click();
    await expectHidden(ended.flash, "the closed message");
  });
}

// Admin Management and the audit log: tables on a desktop, cards on a phone, sortable from the
// keyboard with aria-sort, paged by the server, every entry in words (names, never ids or keys).
for (const [viewport, role] of [
  [{ width: 1440, height: 900 }, "admin"],
  [{ width: 390, height: 844 }, "employee"],
  [{ width: 1440, height: 900 }, "employee"],
  [{ width: 390, height: 844 }, "admin"],
]) {
  const width = viewport.width;
  pageTest(`Admin Management and the audit log as ${role} at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, role);
    await open(page, "/portal/settings?tab=admin");
    const users = page.getByRole("region", { name: "Users" });
    await expectVisible(users, "the users list");
    const pending = users.getByRole("row").filter({ hasText: "pending@demo.growthdesk.io" });
    await expectVisible(pending, "the pending demo account");
    // A pending account has no last sign-in; the approval dialog chooses its organization.
    assert.equal(await pending.getByText("Last sign-in").count(), 0, "no 'Last sign-in' on a pending account");
    assert.equal(await pending.getByText("Never", { exact: true }).count(), 0, "no 'Never' either");
    await expectVisible(pending.getByText("Chosen on approval"), "the organization, chosen on approval");
    // Nobody may move their own account, and employees move customers only: no control the
    // server would refuse is offered.
    const own = users.getByRole("row").filter({ hasText: role === "admin" ? "admin@demo.growthdesk.io" : "staff@demo.growthdesk.io" });
    await expectVisible(own, "the caller's own row");
    assert.equal(await own.getByRole("combobox").count(), 0, "no role or organization control on one's own row");
    if (role === "employee") {
      const admin = users.getByRole("row").filter({ hasText: "admin@demo.growthdesk.io" });
      assert.equal(await admin.getByRole("combobox").count(), 0, "an employee is offered no change to an admin");
    }

    // A name the audit log will show in words.
    const org = `Lakeside ${randomUUID().slice(0, 6)}`;
    await page.getByLabel("New organization").fill(org);
    await page.getByRole("button", { name: "Create organization" }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: `${org} has been created.` }), "the created organization");

    const log = page.getByRole("region", { name: "Audit log" }).first();
    const entry = log.getByRole("row").filter({ hasText: `Name: ${org}` }).first();
    await expectVisible(entry, "the new organization's entry, in words");
    const text = normalize(await entry.innerText());
    assert.ok(text.includes("Created organization"), `the action in words: ${text}`);
    assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(text), `no id in the entry: ${text}`);
    assert.ok(!/organization\.create|_/.test(text), `no raw key in the entry: ${text}`);

    const header = (name) => page.getByRole("columnheader", { name });
    if (width >= 1024) {
      // Tables, with their column headers.
      await expectVisible(header("Role"), "the users table's headers");
      await expectVisible(header("Concerning"), "the audit log's headers");
      const when = header("When");
      assert.equal(await when.getAttribute("aria-sort"), "descending", "the log starts newest first");
      await when.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await when.getAttribute("aria-sort")) === "ascending", "oldest first, by keyboard");
      await expectVisible(log.getByText(/Every staff action, oldest first/), "the order said in words");
      await expectHidden(log.getByRole("row").filter({ hasText: `Name: ${org}` }), "the newest entry, off the first page of the oldest");
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await when.getAttribute("aria-sort")) === "descending", "newest first again");
      await expectVisible(entry, "the newest entry again");
      // By action, from the keyboard: the server groups the log, so each action's rows are together.
      const action = log.getByRole("columnheader", { name: "Action", exact: true });
      await action.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await action.getAttribute("aria-sort")) === "ascending", "the log by action, by keyboard");
      assert.equal(await when.getAttribute("aria-sort"), "none", "no longer by time");
      await expectVisible(log.getByText(/Every staff action, grouped by action/), "the order said in words");
      await waitUntil(async () => (await log.locator("[aria-busy=true]").count()) === 0, "the page by action");
      const actions = await log.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.cells[2].innerText.trim()));
      assert.ok(new Set(actions).size > 1, `more than one action on the page: ${actions}`);
      const runs = actions.filter((a, i) => a !== actions[i - 1]);
      assert.equal(runs.length, new Set(runs).size, `each action's rows together: ${actions.join(" | ")}`);
      await log.screenshot({ path: `/tmp/admin-audit-by-action-${role}-${width}.png` });
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await action.getAttribute("aria-sort")) === "descending", "by action, in reverse");
      await when.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await when.getAttribute("aria-sort")) !== "none", "by time again");
      const user = header("User");
      assert.equal(await user.getAttribute("aria-sort"), "ascending", "users start by name");
      await user.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await user.getAttribute("aria-sort")) === "descending", "users by name, descending");
      // The server orders the accounts: by last sign-in, newest first, the one just signed in leads.
      const signIn = header("Last sign-in");
      await signIn.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await waitUntil(async () => (await signIn.getAttribute("aria-sort")) === "descending", "users by last sign-in, newest first");
      const me = role === "admin" ? "admin@demo.growthdesk.io" : "staff@demo.growthdesk.io";
      await waitUntil(async () => normalize(await users.getByRole("row").nth(1).innerText()).includes(me), "the signed-in account first");
    } else {
      // Cards: no header row; each value under its name, and a Sort by select.
      await expectHidden(header("Concerning"), "no table header on a phone");
      await expectVisible(log.getByLabel("Sort by"), "the log's order as a select");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page is ${width} px wide`);
    }
    // Paged by the server: the count and the page say so.
    await expectVisible(log.getByText(/\(\d+ entr(y|ies)\)/), "the number of entries");
    await page.screenshot({ path: `/tmp/admin-audit-${role}-${width}.png`, fullPage: true });
    await users.screenshot({ path: `/tmp/admin-users-${role}-${width}.png` });
  });
}
