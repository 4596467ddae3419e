import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, deleteJSON, errorMessage, getJSON, patchJSON, putJSON } from "./api";

function answer(status: number, body?: unknown) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    void url;
    void init;
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
}

describe("authenticated API helpers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("GET sends the bearer token and no body", async () => {
    const fetch = answer(200, { id: "u1" });
    vi.stubGlobal("fetch", fetch);
    await expect(getJSON("/api/v1/profile", { token: "tok" })).resolves.toEqual({ id: "u1" });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/profile");
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
  });

  it("PATCH and PUT send JSON", async () => {
    const fetch = answer(200, {});
    vi.stubGlobal("fetch", fetch);
    await patchJSON("/api/v1/profile", { full_name: "Ada" }, { token: "t" });
    await putJSON("/api/v1/profile/notifications", { email: false }, { token: "t" });
    const [, patch] = fetch.mock.calls[0] as [string, RequestInit];
    const [, put] = fetch.mock.calls[1] as [string, RequestInit];
    expect(patch.method).toBe("PATCH");
    expect(put.method).toBe("PUT");
    expect((patch.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(JSON.parse(put.body as string)).toEqual({ email: false });
  });

  it("DELETE resolves with undefined on 204", async () => {
    vi.stubGlobal("fetch", answer(204));
    await expect(deleteJSON("/api/v1/sessions/s1", { token: "t" })).resolves.toBeUndefined();
  });

  it("rejects with the {code, message, fields} of the error body", async () => {
    vi.stubGlobal("fetch", answer(403, { code: "forbidden", message: "Not allowed." }));
    const err = await getJSON("/api/v1/admin/users", { token: "t" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).code).toBe("forbidden");
    expect(errorMessage(err, "fallback")).toBe("Not allowed.");
  });

  it("gives a generic message for a 500 that carries only a request id", async () => {
    vi.stubGlobal("fetch", answer(500, { request_id: "r1" }));
    const err = await getJSON("/api/v1/profile").catch((e: unknown) => e);
    expect((err as ApiError).message).toBe("Something went wrong. Please try again.");
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const err = await getJSON("/api/v1/profile").catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(0);
    expect(errorMessage(new Error("x"), "fallback")).toBe("fallback");
  });
});
