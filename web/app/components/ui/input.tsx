import type { ComponentProps } from "react";

export type ControlSize = "sm" | "md";

const sizes: Record<ControlSize, string> = { sm: "px-2.5 py-1.5 text-sm", md: "px-3.5 py-2.5 text-base" };

/** The look of a text field, select or text area; red border when invalid. */
export function controlClasses({ invalid = false, size = "md" }: { invalid?: boolean; size?: ControlSize } = {}) {
  return `block w-full min-w-0 rounded-lg border bg-white text-slate-900 shadow-sm placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 ${sizes[size]} ${
    invalid ? "border-red-700" : "border-slate-500"
  }`;
}

type Shared = { invalid?: boolean; controlSize?: ControlSize };

function isInvalid(invalid: boolean | undefined, aria: unknown): boolean {
  return Boolean(invalid) || aria === true || aria === "true";
}

/** `unstyled`: the caller's className is the whole look (a field on a colored band). */
export function Input({
  invalid,
  controlSize,
  unstyled = false,
  className = "",
  ...rest
}: ComponentProps<"input"> & Shared & { unstyled?: boolean }) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  const look = unstyled
    ? ""
    : `${controlClasses({ invalid: bad, size: controlSize })} read-only:border-slate-300 read-only:bg-slate-100 read-only:text-slate-700`;
  return <input {...rest} aria-invalid={bad || undefined} className={`${look} ${className}`} />;
}

export function Textarea({ invalid, controlSize, className = "", ...rest }: ComponentProps<"textarea"> & Shared) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  return <textarea {...rest} aria-invalid={bad || undefined} className={`${controlClasses({ invalid: bad, size: controlSize })} min-h-28 ${className}`} />;
}

// A browser draws a select a few pixels shorter than a text field with the same padding: the
// select gets the text field's height (line height + padding + border), so the two line up in a row.
const selectHeights: Record<ControlSize, string> = { sm: "h-[2.125rem]", md: "h-[2.875rem]" };

export function Select({ invalid, controlSize = "md", className = "", ...rest }: ComponentProps<"select"> & Shared) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  const height = rest.multiple ? "" : selectHeights[controlSize];
  return (
    <select {...rest} aria-invalid={bad || undefined} className={`${controlClasses({ invalid: bad, size: controlSize })} ${height} ${className}`} />
  );
}

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export function Checkbox({ className = "", ...rest }: Omit<ComponentProps<"input">, "type">) {
  return <input {...rest} type="checkbox" className={`h-4 w-4 shrink-0 rounded border-slate-500 accent-blue-700 ${focusRing} ${className}`} />;
}

export function Radio({ className = "", ...rest }: Omit<ComponentProps<"input">, "type">) {
  return <input {...rest} type="radio" className={`h-4 w-4 shrink-0 border-slate-500 accent-blue-700 ${focusRing} ${className}`} />;
}

export function FileInput({ className = "", ...rest }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      {...rest}
      type="file"
      className={`block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 hover:file:bg-slate-200 ${focusRing} ${className}`}
    />
  );
}
