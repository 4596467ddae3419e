// The client workspace on the demo organization: staff create a project and an automation,
// an automation engine posts runs to the ingestion endpoint, the success rate and the report
// tiles follow, a report is generated in the background and downloaded (its PDF text read
// back), and the customer pauses the automation.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { MOBILE, e2eSuite, expectHidden, expectText, expectVisible, normalize, open, pdfText, waitUntil, signInAsDemo } from "./harness.mjs";

const suite = e2eSuite({ args: ["--demo"] });
const { pageTest } = suite;

const PROJECT = "E2E Voice Receptionist";
const AUTOMATION = "E2E Intake Bot";
const shared = {
  automationId: "",
  token: "",
  savingsBefore: 0,
  hoursBefore: 0,
};

const money = (text) => Number(text.replace(/[$,]/g, ""));

async function tiles(page) {
  await expectVisible(page.getByTestId("total-savings"), "the Total Savings tile");
  return {
    savings: money(await page.getByTestId("total-savings").innerText()),
    hours: Number((await page.getByTestId("hours-saved").innerText()).replace(/,/g, "")),
  };
}

pageTest("staff create a project and an automation for the demo organization", async ({ page }) => {
  await signInAsDemo(page, "admin");
  await open(page, "/portal/projects");
  await expectVisible(page.getByRole("heading", { name: "AI Projects" }), "the projects page");
  await page.getByRole("button", { name: "New Project" }).click();
  const form = page.getByRole("dialog", { name: "New Project" });
  // Sent empty, the form's first field in error takes the focus (the dialog scrolls back up to it).
  await form.getByRole("button", { name: "Create Project" }).click();
  await expectVisible(form.getByText("Choose an organization.", { exact: true }), "the organization's error");
  await waitUntil(async () => (await form.getByLabel("Organization").evaluate((el) => el === document.activeElement)), "the first field in error focused");
  // Cancel closes the form without a key (a phone has no Escape); opened again, it starts afresh.
  await form.getByRole("button", { name: "Cancel" }).click();
  await expectHidden(form, "the cancelled form");
  await page.getByRole("button", { name: "New Project" }).click();
  assert.equal(await form.getByText("Choose an organization.", { exact: true }).count(), 0, "no error left from before");
  await form.getByLabel("Organization").selectOption({ label: "Brightside Dental" });
  await form.getByLabel("Name").fill(PROJECT);
  await form.getByLabel("Description").fill("Answers the phone after hours and books visits.");
  await form.getByLabel("Status").selectOption("in_progress");
  await form.getByLabel("Progress (%)").fill("20");
  // Assignees: the organization's members and staff (Northwind's people are not offered).
  const assignees = form.getByRole("group", { name: "Assignees (optional)" });
  await expectVisible(assignees.getByLabel("Casey Customer"), "a member of Brightside Dental");
  assert.equal(await assignees.getByLabel("Noor Haddad").count(), 0, "another organization's customer is not offered");
  await assignees.getByLabel("Casey Customer").check();
  await assignees.getByLabel("Sam Support").check();
  await form.getByRole("button", { name: "Create Project" }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: `${PROJECT} has been created.` }), "the created notice");
  await expectVisible(page.getByRole("heading", { name: PROJECT }), "the new project's card");
  const projectCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: PROJECT }) });
  await expectText(projectCard.getByTestId("project-assignees"), "Assigned to Casey Customer and Sam Support");

  await open(page, "/portal/automations");
  await page.getByRole("button", { name: "New Automation" }).click();
  const af = page.getByRole("dialog", { name: "New Automation" });
  await af.getByLabel("Organization").selectOption({ label: "Brightside Dental" });
  await af.getByLabel("Name").fill(AUTOMATION);
  await af.getByLabel("Type").selectOption("chatbot");
  await af.getByLabel("Minutes saved per run").fill("30");
  await af.getByLabel("Hourly cost replaced ($)").fill("60");
  await af.getByRole("button", { name: "Create Automation" }).click();
  const created = page.getByRole("dialog", {
    name: `${AUTOMATION} has been created`,
  });
  await expectVisible(created, "the token dialog");
  shared.token = await created.getByLabel("Ingestion token").inputValue();
  const endpoint = await created.getByLabel("Endpoint").inputValue();
  shared.automationId = endpoint.match(/automations\/([^/]+)\/runs\/ingest$/)?.[1] ?? "";
  assert.match(shared.token, /^gda_/);
  assert.ok(shared.automationId, `the endpoint names the automation: ${endpoint}`);
  await created.getByRole("button", { name: "Done" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: AUTOMATION }) });
  await expectVisible(card, "the automation's card");
  assert.equal(normalize(await card.getByTestId("total-runs").innerText()), "0");

  await open(page, "/portal/reports");
  await page.getByLabel("Organization").selectOption({ label: "Brightside Dental" });
  await page.getByLabel("Period").selectOption("7d");
  const before = await tiles(page);
  shared.savingsBefore = before.savings;
  shared.hoursBefore = before.hours;
});

pageTest("runs posted to the ingestion endpoint change the success rate and the report tiles", async ({ page, server }) => {
  assert.ok(shared.token, "the previous test created the automation");
  const post = (body, token = shared.token) =>
    fetch(`${server.url}/api/v1/automations/${shared.automationId}/runs/ingest`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
  const refused = await post({ outcome: "success" }, "gda_wrong");
  assert.equal(refused.status, 401, "a wrong token is refused");
  for (const outcome of ["success", "success", "success", "failure"]) {
    const res = await post({ outcome, items_processed: 5 });
    assert.equal(res.status, 201, `run ${outcome}: ${await res.text()}`);
  }

  await signInAsDemo(page, "customer");
  await open(page, "/portal/automations");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: AUTOMATION }) });
  await expectVisible(card, "the automation for the customer");
  assert.equal(normalize(await card.getByTestId("success-rate").innerText()), "75.0%");
  assert.equal(normalize(await card.getByTestId("total-runs").innerText()), "4");

  await open(page, "/portal/reports");
  await page.getByLabel("Period").selectOption("7d");
  await waitUntil(async () => (await tiles(page)).savings !== shared.savingsBefore, "the Total Savings tile to change");
  const after = await tiles(page);
  // Three successful runs of 30 minutes at $60 an hour.
  assert.ok(Math.abs(after.savings - shared.savingsBefore - 90) < 0.01, `savings ${shared.savingsBefore} → ${after.savings}`);
  assert.ok(Math.abs(after.hours - shared.hoursBefore - 1.5) < 0.11, `hours ${shared.hoursBefore} → ${after.hours}`);
  await expectVisible(page.getByRole("heading", { name: "Performance Trends" }), "the trends chart");
  await expectVisible(page.locator(".recharts-surface").first(), "a drawn chart");
});

pageTest("a report is generated in the background and downloaded as a PDF with the figures", async ({ page }) => {
  await signInAsDemo(page, "customer");
  await open(page, "/portal/reports");
  await page.getByLabel("Period").selectOption("7d");
  const row = page.getByRole("listitem").filter({
    has: page.getByRole("heading", {
      name: "Automation Performance Report",
    }),
  });
  await expectVisible(row, "the report row");
  await row.getByRole("button", { name: "Generate Automation Performance Report" }).click();
  const download = row.getByRole("button", {
    name: "Download Automation Performance Report",
  });
  await download.waitFor({ state: "visible", timeout: 20_000 });
  // The row names what the report covers and when it is sent, in words.
  await expectVisible(row.getByText("Period: Last 7 days", { exact: true }), "the report's period");
  await expectVisible(row.getByText("Schedule: Weekly", { exact: true }), "the report's schedule");
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  assert.match(file.suggestedFilename(), /^automation_performance-7d-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(await file.path());
  for (const want of ["Automation Performance Report", "Organization: Brightside Dental", "Success rate by automation", "Performance Trends", "Last 7 days", AUTOMATION]) {
    assert.ok(text.includes(want), `the PDF says "${want}": ${text.slice(0, 400)}`);
  }
  assert.ok(!text.includes("Total Savings"), "the performance report is not the savings report");

  // Each type is its own document: the ROI analysis weighs the savings against the plan.
  const roiRow = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "ROI Analysis" }) });
  await roiRow.getByRole("button", { name: "Generate ROI Analysis" }).click();
  const roiDownload = roiRow.getByRole("button", { name: "Download ROI Analysis" });
  await roiDownload.waitFor({ state: "visible", timeout: 20_000 });
  const [roiFile] = await Promise.all([page.waitForEvent("download"), roiDownload.click()]);
  const roi = await pdfText(await roiFile.path());
  for (const want of ["ROI Analysis", "Return on Investment", "Total Savings", "ROI = (Total Savings - Plan cost for the period) / Plan cost for the period x 100", AUTOMATION]) {
    assert.ok(roi.includes(want), `the ROI PDF says "${want}": ${roi.slice(0, 400)}`);
  }
  assert.ok(!roi.includes("Success rate by automation"), "the ROI analysis is not the performance report");
});

pageTest("the customer pauses an automation and sees it paused", async ({ page }) => {
  await signInAsDemo(page, "customer");
  await open(page, "/portal/automations");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: AUTOMATION }) });
  await expectVisible(card, "the automation");
  await card.getByRole("button", { name: `Pause ${AUTOMATION}` }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: `${AUTOMATION} is now paused.` }), "the paused notice");
  await expectVisible(card.getByText("Paused", { exact: true }), "the Paused badge");
  assert.ok(await card.getByRole("button", { name: `Resume ${AUTOMATION}` }).isEnabled(), "Resume is offered");

  // Customers are told how to ask for a project.
  await open(page, "/portal/projects");
  await expectVisible(page.getByRole("heading", { name: PROJECT }), "the staff-created project");
  const mine = page.getByRole("article").filter({ has: page.getByRole("heading", { name: PROJECT }) });
  assert.ok(normalize(await mine.innerText()).includes("Created by Avery Admin"), "the card names its creator");
  // Staff progress updates show on the project.
  const chatbot = page.getByRole("article").filter({
    has: page.getByRole("heading", { name: "Customer Service Chatbot" }),
  });
  await chatbot.getByRole("button", { name: "Updates" }).click();
  const updates = page.getByRole("dialog", {
    name: "Updates: Customer Service Chatbot",
  });
  await expectVisible(updates.getByText(/booking goes live next week/), "the staff update");
  await updates.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await expectVisible(dialog.getByRole("link", { name: "Contact Support" }), "Contact Support");
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByLabel("Search projects").fill("no such project anywhere");
  await expectVisible(page.getByText("No projects found"), "the empty state");
  await expectVisible(page.getByText("Try adjusting your search or filter criteria"), "the filter hint");
});

pageTest("on a phone the charts fit the screen and their data opens as a table", { viewport: MOBILE }, async ({ page }) => {
  await signInAsDemo(page, "customer");
  await open(page, "/portal/reports");
  const trends = page.getByRole("region", { name: "Performance Trends" });
  await expectVisible(trends.locator(".recharts-wrapper").first(), "the trends chart");
  const box = await trends.locator(".recharts-wrapper").first().boundingBox();
  assert.ok(box && box.width <= MOBILE.width && box.height >= 250, `the chart fits: ${JSON.stringify(box)}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page overflows sideways by ${overflow}px`);
  await trends.getByText("Show the data as a table").click();
  const table = trends.getByRole("table", { name: "Performance Trends" });
  await expectVisible(table, "the table fallback");
  assert.ok((await table.getByRole("row").count()) > 7, "a row per day of the period");
  await expectVisible(page.getByRole("region", { name: "Cost Savings Breakdown" }).locator(".recharts-wrapper").first(), "the savings pie");
});

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

pageTest("the workspace pages with data pass the WCAG A and AA rules for customers and staff", async ({ newContext }) => {
  for (const label of ["customer", "admin"]) {
    // Each account in a browser of its own: no session of the other to redirect from.
    const page = await (await newContext()).newPage();
    await signInAsDemo(page, label);
    for (const [path, ready] of [
      ["/portal/projects", "Total Projects"],
      ["/portal/automations", "Avg Success Rate"],
      ["/portal/reports", "Available Reports"],
    ]) {
      await open(page, path);
      await expectVisible(page.getByText(ready, { exact: true }).first(), `${path} loaded`);
      await page.locator("article, li, .recharts-wrapper").first().waitFor();
      if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
      const found = await page.evaluate(() =>
        window.axe.run(document, {
          runOnly: {
            type: "tag",
            values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"],
          },
          resultTypes: ["violations"],
        }),
      );
      assert.deepEqual(
        found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        [],
        `${path} as ${label}`,
      );
    }
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/portal\/login/);
  }
});

for (const [width, viewport] of [["1440", { width: 1440, height: 900 }], ["390", MOBILE]]) {
  pageTest(`a customer's New Project opens a support ticket drafted as a project request at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    await open(page, "/portal/projects");
    await page.getByRole("button", { name: "New Project" }).click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    const text = normalize(await dialog.innerText());
    assert.doesNotMatch(text, /coming soon/i, `no 'coming soon': ${text}`);
    assert.match(text, /project request/i, `the dialog says how to ask: ${text}`);
    await page.screenshot({ path: `/tmp/customer-project-request-${width}.png` });
    await dialog.getByRole("link", { name: "Contact Support" }).click();

    const ticket = page.getByRole("dialog", { name: "New Ticket" });
    await expectVisible(ticket, "the new-ticket dialog");
    assert.equal(new URL(page.url()).pathname, "/portal/support");
    assert.equal(await ticket.getByLabel("Title").inputValue(), "New project request");
    const description = ticket.getByLabel("Description");
    assert.match(await description.inputValue(), /What it should achieve:/);
    await page.screenshot({ path: `/tmp/customer-project-ticket-${width}.png` });
    await description.fill(`${await description.inputValue()}Online booking from our website (${width} px).`);
    await ticket.getByRole("button", { name: "Create Ticket" }).click();
    await expectHidden(ticket, "the sent ticket's form");
    await expectVisible(page.getByRole("dialog", { name: /New project request/ }), "the request, opened as a ticket");
  });

  pageTest(`automations: labelled buttons, and one in error shows its last error and a ticket to open at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    await open(page, "/portal/automations");
    const broken = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Invoice Data Sync" }) });
    await expectVisible(broken, "the automation in error");
    const error = broken.getByRole("alert");
    await expectVisible(error.getByText("The connected service did not answer in time."), "the last error's message");
    assert.match(normalize(await error.innerText()), /^Last error /, "it is named as the last error");

    // Every button says what it does in words; customers get no settings button.
    for (const card of await page.getByRole("article").all()) {
      for (const button of await card.getByRole("button").all()) {
        const visible = normalize(await button.innerText());
        const name = await button.getAttribute("aria-label");
        assert.ok(visible.length > 0, `a button with no visible label (${name})`);
        assert.ok(!name || name.startsWith(visible), `the name "${name}" begins with the label "${visible}"`);
      }
      assert.equal(await card.getByRole("button", { name: /^Settings/ }).count(), 0, "no settings button for customers");
      assert.equal(await card.getByRole("button", { name: /^Run history/ }).count(), 1, "one run history button");
    }
    await page.screenshot({ path: `/tmp/customer-automations-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    assert.equal(overflow, false, "no horizontal overflow");

    await error.getByRole("link", { name: "Open a support ticket" }).click();
    const ticket = page.getByRole("dialog", { name: "New Ticket" });
    await expectVisible(ticket, "the new-ticket dialog");
    assert.equal(await ticket.getByLabel("Title").inputValue(), "Automation in error: Invoice Data Sync");
    assert.match(await ticket.getByLabel("Description").inputValue(), /The connected service did not answer in time\./);
    await ticket.getByRole("button", { name: "Cancel" }).click();
    await expectHidden(ticket, "the closed dialog");
    assert.equal(new URL(page.url()).search, "", "closing the dialog leaves a plain list address");
  });
}

pageTest("staff: an automation's Settings button opens its form, and an automation in error tells staff what to check", { viewport: { width: 1440, height: 900 } }, async ({ page }) => {
  await signInAsDemo(page, "admin");
  await open(page, "/portal/automations");
  const broken = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Invoice Data Sync" }) }).first();
  await expectVisible(broken.getByRole("alert").getByText("The connected service did not answer in time."), "the last error for staff");
  assert.match(normalize(await broken.getByRole("alert").innerText()), /set the automation back to Active in Settings/);
  assert.equal(await broken.getByRole("link", { name: "Open a support ticket" }).count(), 0, "staff are not sent to open a ticket");
  await broken.getByRole("button", { name: "Settings of Invoice Data Sync" }).click();
  const form = page.getByRole("dialog", { name: "Edit Invoice Data Sync" });
  await expectVisible(form, "the automation's settings form");
  assert.equal(await form.getByLabel("Status").inputValue(), "error");
  // The next run's date and time are not cut off: the field is as wide as a half row of the form.
  const width = async (label) => (await form.getByLabel(label).boundingBox()).width;
  assert.ok((await width("Next run (optional)")) >= (await width("Status")) * 0.9, "Next run is wide enough for its date and time");
  await form.press("Escape");
  await expectHidden(form, "the closed form");
  await broken.getByRole("button", { name: "Run history of Invoice Data Sync" }).click();
  const history = page.getByRole("dialog", { name: "Invoice Data Sync" });
  await expectVisible(history.getByRole("heading", { name: "Run history" }), "the run history, a different dialog");
});
