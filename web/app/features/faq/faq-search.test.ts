import { describe, expect, it } from "vitest";
import { FAQ } from "./faq-content";
import { faqKey, searchFaq } from "./faq-search";

describe("the FAQ", () => {
  it("has five categories with at least five questions each", () => {
    expect(FAQ.map((c) => c.title)).toEqual(["Getting Started", "AI Chatbots", "Workflow Automation", "Billing & Support", "Security & Data"]);
    for (const c of FAQ) expect(c.items.length).toBeGreaterThanOrEqual(5);
  });

  it("searches questions and answers case-insensitively", () => {
    const byQuestion = searchFaq(FAQ, "WHATSAPP");
    expect(byQuestion.map((c) => c.title)).toEqual(["AI Chatbots"]);
    const byAnswer = searchFaq(FAQ, "authenticator app");
    expect(byAnswer.flatMap((c) => c.items.map((i) => i.item.question))).toEqual(
      expect.arrayContaining(["How do I keep my account secure?", "Is two-factor authentication available?"]),
    );
    expect(searchFaq(FAQ, "  ").reduce((n, c) => n + c.items.length, 0)).toBe(FAQ.reduce((n, c) => n + c.items.length, 0));
    expect(searchFaq(FAQ, "zebra crossing")).toEqual([]);
  });

  it("keys open questions by category index times 100 plus question index", () => {
    expect(faqKey(0, 0)).toBe(0);
    expect(faqKey(3, 4)).toBe(304);
  });
});
