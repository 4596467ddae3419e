import { describe, expect, it } from "vitest";
import { shareLinks } from "./share";

describe("shareLinks", () => {
  const links = shareLinks("https://example.com/blog/a-post", "Bots & You: 24/7?");
  const href = (network: string) => links.find((l) => l.network === network)?.href ?? "";

  it("links to Twitter, LinkedIn and Facebook", () => {
    expect(links.map((l) => l.network)).toEqual(["Twitter", "LinkedIn", "Facebook"]);
    expect(new URL(href("Twitter")).hostname).toBe("twitter.com");
    expect(new URL(href("LinkedIn")).hostname).toBe("www.linkedin.com");
    expect(new URL(href("Facebook")).hostname).toBe("www.facebook.com");
  });

  it("passes the page URL and title as query parameters", () => {
    const twitter = new URL(href("Twitter"));
    expect(twitter.searchParams.get("url")).toBe("https://example.com/blog/a-post");
    expect(twitter.searchParams.get("text")).toBe("Bots & You: 24/7?");
    expect(new URL(href("LinkedIn")).searchParams.get("url")).toBe("https://example.com/blog/a-post");
    expect(new URL(href("Facebook")).searchParams.get("u")).toBe("https://example.com/blog/a-post");
  });

  it("keeps the site URL readable so the server can substitute it in prerendered HTML", () => {
    for (const link of links) expect(link.href).toContain("https://example.com/blog/a-post");
  });
});
