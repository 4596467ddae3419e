import { Fragment, type ReactNode } from "react";
import { parseBody, splitBold, type Block } from "~/lib/markdown-lite";

export { parseBody, type Block };

/** Text with **bold** spans, as React elements: anything else, HTML included, stays text. */
export function renderInline(text: string): ReactNode {
  const parts = splitBold(text);
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
