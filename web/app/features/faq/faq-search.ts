import type { FaqCategory, FaqItem } from "./faq-content";

export type FaqMatch = { categoryIndex: number; title: string; items: { index: number; item: FaqItem }[] };

export function faqKey(categoryIndex: number, questionIndex: number): number {
  return categoryIndex * 100 + questionIndex;
}

/** The categories with the questions whose question or answer contains the query, case-insensitively. */
export function searchFaq(categories: readonly FaqCategory[], query: string): FaqMatch[] {
  const q = query.trim().toLocaleLowerCase();
  return categories
    .map((category, categoryIndex) => ({
      categoryIndex,
      title: category.title,
      items: category.items
        .map((item, index) => ({ index, item }))
        .filter(({ item }) => !q || item.question.toLocaleLowerCase().includes(q) || item.answer.toLocaleLowerCase().includes(q)),
    }))
    .filter((c) => c.items.length > 0);
}
