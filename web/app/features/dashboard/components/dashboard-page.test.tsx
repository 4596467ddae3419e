import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { DashboardSummary } from "../api";
import { DashboardView } from "./dashboard-page";

const summary: DashboardSummary = {
  full_name: "Casey Customer",
  open_tickets: 2,
  forum_posts: 5,
  forum_available: false,
  account_status: "Active",
  last_login: "2026-11-20T14:05:00Z",
  next_billing_date: null,
  recent_activity: [{ kind: "meeting", title: "Meeting scheduled: Kickoff", detail: "", at: "2026-11-20T14:05:00Z", link: "meetings" }],
};

const render = (data: DashboardSummary) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <DashboardView data={data} loading={false} error="" onRetry={() => {}} retrying={false} fallbackName="casey@example.com" onSchedule={() => {}} />
    </MemoryRouter>,
  );

describe("the dashboard", () => {
  it("shows the welcome, the figures and the activity", () => {
    const html = render(summary);
    expect(html).toContain("Welcome back, Casey Customer");
    for (const label of ["Open Tickets", "Forum Posts", "Account Status", "Last Login", "Recent Activity", "Quick Actions"]) expect(html).toContain(label);
    expect(html).toMatch(/data-testid="stat-open-tickets">2</);
    expect(html).toMatch(/data-testid="stat-forum-posts">5</);
    expect(html).not.toContain("Today");
    expect(html).toContain('href="/portal/meetings"');
    expect(html).toContain('href="/portal/support?new=1"');
    expect(html).not.toContain("Upcoming Billing");
    expect(html).not.toContain('href="/portal/community"');
  });

  it("says 'Welcome' on the first sign-in, 'Welcome back' after", () => {
    expect(render({ ...summary, last_login: null })).toContain("Welcome, Casey Customer");
    expect(render({ ...summary, last_login: null })).not.toContain("Welcome back");
    expect(render(summary)).toContain("Welcome back, Casey Customer");
  });

  it("shows Upcoming Billing when a next billing date exists, and the forum link once it exists", () => {
    const html = render({ ...summary, next_billing_date: "2026-12-01T12:00:00Z", forum_available: true });
    expect(html).toContain("Upcoming Billing");
    expect(html).toContain("December 1, 2026");
    expect(html).toContain('href="/portal/community"');
  });
});
