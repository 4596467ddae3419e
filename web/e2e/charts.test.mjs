// The charts as a person reads them, at 1440 and 390 px: the Reports page names the period its
// figures cover, its pie gives each slice's amount and share, the running day stands apart from
// the trend line (an open circle, "today so far") instead of pulling it down, and no axis label
// overlaps another or leaves the chart; the Admin Dashboard's charts likewise.

import assert from "node:assert/strict";
import { MOBILE, e2eSuite, expectVisible, normalize, open, signInAsDemo } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const WIDE = { width: 1440, height: 900 };

/** The boxes of an element's SVG texts (axis ticks), to check that none overlaps another or leaves the chart. */
async function tickBoxes(locator) {
  return locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
}

/** Every axis label of the region's chart lies inside the chart, and the labels along the bottom do not overlap; at least `least` of them show. */
async function assertLabelsFit(region, least) {
  const box = await region.locator(".recharts-wrapper").boundingBox();
  const inside = (t) => t.left >= box.x - 0.5 && t.right <= box.x + box.width + 0.5 && t.bottom <= box.y + box.height + 0.5;
  const xTicks = await tickBoxes(region.locator('text.recharts-cartesian-axis-tick-value[orientation="bottom"]'));
  assert.ok(xTicks.length >= least, `${least} labels along the bottom at least: ${xTicks.map((t) => t.text)}`);
  for (const [i, t] of xTicks.entries()) {
    assert.ok(inside(t), `"${t.text}" is cut off: ${JSON.stringify(t)} in ${JSON.stringify(box)}`);
    const next = xTicks[i + 1];
    if (next) assert.ok(t.right <= next.left, `"${t.text}" overlaps "${next.text}"`);
  }
  for (const t of await tickBoxes(region.locator('text.recharts-cartesian-axis-tick-value:not([orientation="bottom"])'))) {
    assert.ok(inside(t), `"${t.text}" is cut off: ${JSON.stringify(t)} in ${JSON.stringify(box)}`);
  }
  return xTicks.map((t) => t.text);
}

for (const viewport of [WIDE, MOBILE]) {
  pageTest(`at ${viewport.width} px the reports say their period, the pie its values, and today is drawn as so far`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    await open(page, "/portal/reports");
    // The period in words, with the days it covers (UTC days: today and the 29 before).
    const day = (offset) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + offset));
    };
    const short = (d) => d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    const period = normalize(await page.getByTestId("report-period").innerText());
    assert.ok(period.startsWith("Figures for Last 30 days, "), period);
    for (const want of [short(day(-29)), `${short(day(0))}, ${day(0).getUTCFullYear()}`, "today so far"]) {
      assert.ok(period.includes(want), `the period says "${want}": ${period}`);
    }
    const trends = page.getByRole("region", { name: "Performance Trends" });
    const pie = page.getByRole("region", { name: "Cost Savings Breakdown" });
    for (const region of [trends, pie]) assert.match(normalize(await region.innerText()), /Last 30 days, \w{3} \d+/, "each chart names its period");

    // Today is marked as so far: the legend says what the open circle means, the runs line
    // stops at yesterday and today's runs are an open circle of their own, right of the line.
    await expectVisible(trends.getByTestId("trends-legend").getByText("Open circle: today so far"), "the so-far legend");
    const lastX = await trends.locator("path.recharts-line-curve").evaluateAll((paths) =>
      paths
        .filter((p) => p.getAttribute("stroke") === "#1d4ed8" && (p.getAttribute("d") ?? "").includes("L"))
        .map((p) => Math.max(...[...(p.getAttribute("d") ?? "").matchAll(/[ML]\s*([\d.]+)[ ,]/g)].map((m) => Number(m[1])))),
    );
    const marker = await trends.locator('circle.recharts-dot[stroke="#1d4ed8"]').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute("cx"))));
    assert.equal(lastX.length, 1, `one runs line: ${lastX}`);
    assert.equal(marker.length, 1, `one open circle for today's runs: ${marker}`);
    assert.ok(lastX[0] < marker[0] - 1, `the runs line stops before today: line to ${lastX[0]}, today at ${marker[0]}`);
    await trends.getByText("Show the data as a table").click();
    const rows = trends.getByRole("table", { name: "Performance Trends" }).getByRole("row");
    assert.equal(await rows.count(), 31, "a header and a row per day of the 30");
    assert.match(normalize(await rows.last().innerText()), /^\w{3} \d+ \(today so far\)/, "the last row is today so far");
    assert.doesNotMatch(normalize(await rows.nth(29).innerText()), /so far/, "yesterday is a whole day");

    // The pie's legend gives each type its amount and its share; the shares add up to 100%.
    const legend = pie.getByTestId("savings-legend").getByRole("listitem");
    assert.ok((await legend.count()) >= 2, "a legend line per automation type");
    let shares = 0;
    for (const line of await legend.all()) {
      const text = normalize(await line.innerText());
      const m = text.match(/^(.+?) \$[\d,]+(?:\.\d\d)? \((\d+)%\)$/);
      assert.ok(m, `a legend line with a name, an amount and a share: ${text}`);
      shares += Number(m[2]);
    }
    assert.equal(shares, 100, "the shares add up to 100%");
    const pieBox = await pie.locator(".recharts-wrapper").boundingBox();
    const onPie = await tickBoxes(pie.locator(".recharts-wrapper text").filter({ hasText: /^\d+%$/ }));
    assert.ok(onPie.length >= 2, `the larger slices show their share: ${JSON.stringify(onPie)}`);
    for (const t of onPie) assert.ok(t.left >= pieBox.x && t.right <= pieBox.x + pieBox.width, `"${t.text}" is inside the pie's box`);

    // Labels survive the width: no axis label overlaps another or leaves the chart, nothing scrolls sideways.
    await assertLabelsFit(trends, 3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page overflows sideways by ${overflow}px`);
    await page.screenshot({ path: `/tmp/charts-reports-${viewport.width}.png`, fullPage: true });
  });
}


for (const viewport of [WIDE, MOBILE]) {
  pageTest(`at ${viewport.width} px the admin dashboard's charts name their months, mark this one as so far and keep every status label`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "admin");
    await open(page, "/portal/admin");
    const growth = page.getByRole("region", { name: "Monthly Growth" });
    const month = (offset) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    };
    await expectVisible(growth.getByText(`per month, ${month(-11)} – ${month(0)} (this month so far).`), "the months the chart covers");
    await expectVisible(growth.getByText(`Lighter bars: ${month(0)}, so far.`), "what the lighter bars mean");
    await assertLabelsFit(growth, 2);
    await growth.getByText("Show the figures as a table").click();
    await expectVisible(growth.getByRole("row", { name: new RegExp(`^${month(0)} \\(so far\\)`) }), "this month's row, so far");

    const tickets = page.getByRole("region", { name: "Ticket Status Distribution" });
    await expectVisible(tickets.getByText("All support tickets, by their status now."), "what the ticket chart covers");
    assert.deepEqual(await assertLabelsFit(tickets, 4), ["Open", "In Progress", "Resolved", "Closed"], "every status is named");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page overflows sideways by ${overflow}px`);
    await page.screenshot({ path: `/tmp/charts-admin-${viewport.width}.png`, fullPage: true });
  });
}
