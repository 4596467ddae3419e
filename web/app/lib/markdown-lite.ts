/**
 * The blog's body rules: one line at a time, a line starting '# ', '## ' or '### ' is a
 * heading, a line entirely bold is a bold line, '- ' starts a list item, a blank line is a break, a line
 * entirely italic is centred, anything else is a paragraph with **bold** spans. Nothing here makes HTML:
 * renderers turn blocks into React elements, so markup in the text stays text.
 */
export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "bold"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "break" }
  | { kind: "italic"; text: string }
  | { kind: "paragraph"; text: string };

const HEADING = /^(#{1,3}) +(.+)$/;
const BOLD_LINE = /^\*\*([^*].*?)\*\*$/;
const ITALIC_LINE = /^(?:\*([^*]+)\*|_([^_]+)_)$/;
const INLINE_BOLD = /\*\*(.+?)\*\*/g;

/** The body rules above, one line at a time; consecutive "- " lines form one list. */
export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  const lines = body.replace(/\r\n?/g, "\n").trim().split("\n");
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "") {
      blocks.push({ kind: "break" });
      continue;
    }
    if (line.startsWith("- ")) {
      const item = line.slice(2).trim();
      const last = blocks[blocks.length - 1];
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]!.trim() });
      continue;
    }
    const bold = BOLD_LINE.exec(line);
    if (bold && !bold[1]!.includes("**")) {
      blocks.push({ kind: "bold", text: bold[1]! });
      continue;
    }
    const italic = ITALIC_LINE.exec(line);
    if (italic) {
      blocks.push({ kind: "italic", text: (italic[1] ?? italic[2])!.trim() });
      continue;
    }
    blocks.push({ kind: "paragraph", text: line });
  }
  return blocks;
}

/** Splits text at **bold** spans: odd indexes are the bold parts. */
export function splitBold(text: string): string[] {
  return text.split(INLINE_BOLD);
}
