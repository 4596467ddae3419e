import { describe, expect, it } from "vitest";
import { accessTokenLevel, needsSecondFactor } from "./assurance";

function token(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(claims)}.signature`;
}

describe("accessTokenLevel", () => {
  it("reads the aal claim", () => {
    expect(accessTokenLevel(token({ aal: "aal1", sub: "é-user" }))).toBe("aal1");
    expect(accessTokenLevel(token({ aal: "aal2" }))).toBe("aal2");
  });

  it("answers null for tokens it cannot read", () => {
    expect(accessTokenLevel("nonsense")).toBeNull();
    expect(accessTokenLevel("a.b.c")).toBeNull();
    expect(accessTokenLevel(token({}))).toBeNull();
  });
});

describe("needsSecondFactor", () => {
  const verified = [{ status: "verified" }];

  it("is true for a verified factor and an aal1 session", () => {
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user: { factors: verified } })).toBe(true);
  });

  it("is false once the session reached aal2", () => {
    expect(needsSecondFactor({ access_token: token({ aal: "aal2" }), user: { factors: verified } })).toBe(false);
  });

  it("is false without a verified factor or without a session", () => {
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user: { factors: [{ status: "unverified" }] } })).toBe(false);
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user: {} })).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});
