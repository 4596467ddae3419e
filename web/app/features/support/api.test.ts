import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api";
import { addResponse, fileNames } from "./api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("addResponse", () => {
  it("keeps the response when its files fail, and says which files", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push(`${init.method} ${path}`);
        if (path.endsWith("/responses")) return json(201, { id: "r1", content: "Here you go" });
        return json(422, { code: "validation_failed", message: "Please correct the highlighted fields.", fields: { files: "A message carries at most 5 files." } });
      }),
    );
    const files = [new File(["a"], "a.png"), new File(["b"], "b.pdf")];
    const err = await addResponse("token", "t1", { content: "Here you go", is_internal: false, files }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("attachments_failed");
    expect((err as ApiError).message).toBe(
      "Your response was added, but a.png and b.pdf were not attached (A message carries at most 5 files). Add them to another reply.",
    );
    // The response was sent once, the files once: nothing is sent again.
    expect(calls).toEqual(["POST /api/v1/tickets/t1/responses", "POST /api/v1/tickets/t1/attachments"]);
  });

  it("fails as before when the response itself is refused, and sends no files", async () => {
    const fetch = vi.fn(async () => json(422, { code: "validation_failed", message: "Please correct the highlighted fields.", fields: { content: "Write a response." } }));
    vi.stubGlobal("fetch", fetch);
    const err = await addResponse("token", "t1", { content: " ", is_internal: false, files: [new File(["a"], "a.png")] }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe("validation_failed");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("resolves with the response when the files are stored", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => (path.endsWith("/responses") ? json(201, { id: "r1" }) : json(201, [{ id: "f1" }]))),
    );
    await expect(addResponse("token", "t1", { content: "Hi", is_internal: false, files: [new File(["a"], "a.png")] })).resolves.toMatchObject({ id: "r1" });
  });
});

describe("fileNames", () => {
  it("lists names as a sentence", () => {
    const f = (name: string) => new File([""], name);
    expect(fileNames([f("a.png")])).toBe("a.png");
    expect(fileNames([f("a.png"), f("b.pdf"), f("c.txt")])).toBe("a.png, b.pdf and c.txt");
  });
});
