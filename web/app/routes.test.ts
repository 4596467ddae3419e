import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { isPortalPath, paths, portalRoutes } from "./lib/paths";

function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const own = entry.path || entry.index ? [here] : [];
    return [...own, ...fullPaths(entry.children ?? [], here)];
  });
}

describe("the portal path table", () => {
  const declared = fullPaths(routes).filter(isPortalPath);

  it("names every portal route of routes.ts", () => {
    expect([...new Set(declared)].sort()).toEqual(Object.values(portalRoutes).sort());
  });

  it("builds links with their query", () => {
    expect(paths.portal.settings()).toBe("/portal/settings");
    expect(paths.portal.settings("admin")).toBe("/portal/settings?tab=admin");
    expect(paths.blogPost("ai for small teams")).toBe("/blog/ai%20for%20small%20teams");
    expect(paths.portal.community({ search: "email cadence" })).toBe("/portal/community?search=email+cadence");
    expect(paths.portal.communityTopic("0190-ab")).toBe("/portal/community/0190-ab");
  });

  it("tells portal paths from public ones", () => {
    expect(isPortalPath("/portal")).toBe(true);
    expect(isPortalPath("/portal/settings?tab=admin")).toBe(true);
    expect(isPortalPath("/portals")).toBe(false);
    expect(isPortalPath("/blog")).toBe(false);
  });
});
