import { Fragment, type ReactNode } from "react";

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

/** The spec's line rules, one line at a time; consecutive "- " lines form one list. */
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

/** Text with **bold** spans, as React elements: anything else, HTML included, stays text. */
export function renderInline(text: string): ReactNode {
  const parts = text.split(INLINE_BOLD);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <strong key={i} className="font-semibold text-slate-900">
        {part}
      </strong>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

// The page title is the only <h1>, so the post's headings move down one level:
// "# " → <h2>, "## " → <h3>, "### " → <h4>.
const headingTags = { 1: "h2", 2: "h3", 3: "h4" } as const;
const headingClasses = {
  1: "mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl",
  2: "mt-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl",
  3: "mt-2 text-lg font-semibold text-slate-900",
} as const;

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case "heading": {
      const Tag = headingTags[block.level];
      return (
        <Tag key={key} className={headingClasses[block.level]}>
          {block.text}
        </Tag>
      );
    }
    case "bold":
      return (
        <p key={key} className="font-semibold text-slate-900">
          <strong>{block.text}</strong>
        </p>
      );
    case "list":
      return (
        <ul key={key} className="list-disc space-y-2 pl-6 marker:text-blue-600">
          {block.items.map((item, i) => (
            <li key={i} className="pl-1">
              {renderInline(item)}
            </li>
          ))}
        </ul>
      );
    case "break":
      return <div key={key} className="h-5" aria-hidden="true" />;
    case "italic":
      return (
        <p key={key} className="text-center text-slate-600 italic">
          <em>{block.text}</em>
        </p>
      );
    case "paragraph":
      return <p key={key}>{renderInline(block.text)}</p>;
  }
}

export function ArticleBody({ body }: { body: string }) {
  return (
    <div className="text-lg leading-8 text-slate-700" data-testid="article-body">
      {parseBody(body).map(renderBlock)}
    </div>
  );
}
