// Staff tools in Chromium against the real binary in demo mode: an employee publishes an
// announcement that a customer sees as a banner and dismisses for good; an admin impersonates the
// demo customer, sees the customer's portal with the customer's banners, and ends it.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { e2eSuite, expectHidden, expectVisible, normalize, open, signInAsDemo, greeting } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });


const banners = (page) => page.getByRole("region", { name: "Announcements", exact: true });

async function createAnnouncement(page, { title, content, type }) {
  await open(page, "/portal/settings?tab=announcements");
  const form = page.getByRole("region", { name: "Create announcement" });
  await expectVisible(form, "the announcement form");

  // The form's own validation, before anything is sent.
  await form.getByRole("button", { name: "Create announcement" }).click();
  await expectVisible(
    form.getByRole("alert").filter({ hasText: "Please fill in all required fields" }),
    "the required-fields alert",
  );

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
