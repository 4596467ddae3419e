export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "contact" };

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

export type LegalDocument = {
  title: string;
  lastUpdated: { iso: string; display: string };
  intro: string[];
  sections: LegalSection[];
};

export const p = (text: string): LegalBlock => ({ kind: "paragraph", text });
export const list = (...items: string[]): LegalBlock => ({ kind: "list", items });
export const contactDetails: LegalBlock = { kind: "contact" };
