import { Fragment, type ReactNode } from "react";
import { parseBody, splitBold, type Block } from "~/lib/markdown-lite";

function inline(text: string): ReactNode {
  const parts = splitBold(text);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <strong key={i} className="font-semibold text-slate-900">{part}</strong> : <Fragment key={i}>{part}</Fragment>));
}

// The topic title is the page's <h1> and "Replies" an <h2>, so a post's headings start at <h3>.
const headingTags = { 1: "h3", 2: "h4", 3: "h5" } as const;
const headingClasses = { 1: "text-lg font-bold text-slate-900", 2: "text-base font-bold text-slate-900", 3: "text-base font-semibold text-slate-900" } as const;

function block(b: Block, key: number): ReactNode {
  switch (b.kind) {
    case "heading": {
      const Tag = headingTags[b.level];
      return (
        <Tag key={key} className={headingClasses[b.level]}>
          {b.text}
        </Tag>
      );
    }
    case "bold":
      return (
        <p key={key}>
          <strong className="font-semibold text-slate-900">{b.text}</strong>
        </p>
      );
    case "list":
      return (
        <ul key={key} className="list-disc space-y-1 pl-6 marker:text-blue-600">
          {b.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>
      );
    case "break":
      return <div key={key} className="h-2" aria-hidden="true" />;
    case "italic":
      return (
        <p key={key} className="text-center text-slate-600 italic">
          <em>{b.text}</em>
        </p>
      );
    case "paragraph":
      return <p key={key}>{inline(b.text)}</p>;
  }
}

/** A post's text by the blog's line rules; markup in it stays text. */
export function PostBody({ body }: { body: string }) {
  return <div className="space-y-2 leading-7 break-words text-slate-700 [overflow-wrap:anywhere]">{parseBody(body).map(block)}</div>;
}

export const FORMATTING_HINT = "Formatting: # heading, **bold**, - list item, *italic line*. HTML is shown as text.";
