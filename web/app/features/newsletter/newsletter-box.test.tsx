import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api";
import { followLink } from "./api";
import { NewsletterBox, SUBSCRIBED_TEXT, subscribe } from "./newsletter-box";

function answer(status: number, body: unknown) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    void url;
    void init;
    return new Response(JSON.stringify(body), { status });
  });
}

describe("subscribe", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the trimmed address and the source to /api/v1/newsletter", async () => {
    const fetch = answer(201, { status: "confirmation_sent" });
    vi.stubGlobal("fetch", fetch);
    await expect(subscribe("  ada@example.com ", "blog-post")).resolves.toEqual({ status: "confirmation_sent" });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/newsletter");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ email: "ada@example.com", source: "blog-post" });
  });

  it("reports an address that is already subscribed", async () => {
    vi.stubGlobal("fetch", answer(200, { status: "already_subscribed" }));
    await expect(subscribe("ada@example.com", "blog")).resolves.toEqual({ status: "already_subscribed" });
  });

  it("rejects with the server's field message on 422", async () => {
    vi.stubGlobal(
      "fetch",
      answer(422, { code: "validation_failed", message: "Invalid input.", fields: { email: "Enter a valid email address." } }),
    );
    const err = await subscribe("nope", "blog").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fields.email).toBe("Enter a valid email address.");
  });
});

describe("followLink", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["confirm", "confirmed"],
    ["unsubscribe", "unsubscribed"],
  ] as const)("posts the token to /api/v1/newsletter/%s", async (action, status) => {
    const fetch = answer(200, { email: "ada@example.com", status });
    vi.stubGlobal("fetch", fetch);
    await expect(followLink(action, "v1.tok")).resolves.toEqual({ email: "ada@example.com", status });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/newsletter/${action}`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ token: "v1.tok" });
  });

  it("rejects with the server's message for a bad token", async () => {
    vi.stubGlobal(
      "fetch",
      answer(422, { code: "validation_failed", message: "This link has expired.", fields: { token: "This link has expired." } }),
    );
    const err = await followLink("confirm", "old").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("This link has expired.");
  });
});

describe("NewsletterBox", () => {
  it("asks people to confirm from their inbox", () => {
    expect(SUBSCRIBED_TEXT).toMatch(/check your inbox/i);
    expect(SUBSCRIBED_TEXT).toMatch(/confirm/i);
  });

  it("renders a labeled, required e-mail field and a Subscribe button", () => {
    const html = renderToStaticMarkup(<NewsletterBox source="blog" />);
    const input = /<input [^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="email"');
    expect(input).toContain('name="email"');
    expect(input).toContain('required=""');
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}" class="sr-only">Email address</label>`);
    expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
  });
});
