import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export type ControlSize = "sm" | "md";

const sizes: Record<ControlSize, string> = { sm: "px-2.5 py-1.5 text-sm", md: "px-3.5 py-2.5 text-base" };

/** The look of a text field, select or text area; red border when invalid. */
export function controlClasses({ invalid = false, size = "md" }: { invalid?: boolean; size?: ControlSize } = {}) {
  return `block w-full min-w-0 rounded-lg border bg-white text-slate-900 shadow-sm placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 ${sizes[size]} ${
    invalid ? "border-red-700" : "border-slate-500"
  }`;
}

type Shared = { invalid?: boolean; controlSize?: ControlSize };

function isInvalid(invalid: boolean | undefined, aria: unknown): boolean {
  return Boolean(invalid) || aria === true || aria === "true";
}

export function Input({ invalid, controlSize, className = "", ...rest }: InputHTMLAttributes<HTMLInputElement> & Shared) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  return (
    <input
      {...rest}
      aria-invalid={bad || undefined}
      className={`${controlClasses({ invalid: bad, size: controlSize })} read-only:border-slate-300 read-only:bg-slate-100 read-only:text-slate-700 ${className}`}
    />
  );
}

export function Textarea({ invalid, controlSize, className = "", ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Shared) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  return <textarea {...rest} aria-invalid={bad || undefined} className={`${controlClasses({ invalid: bad, size: controlSize })} min-h-28 ${className}`} />;
}

export function Select({ invalid, controlSize, className = "", ...rest }: SelectHTMLAttributes<HTMLSelectElement> & Shared) {
  const bad = isInvalid(invalid, rest["aria-invalid"]);
  return <select {...rest} aria-invalid={bad || undefined} className={`${controlClasses({ invalid: bad, size: controlSize })} ${className}`} />;
}
