import type { ReactNode } from "react";

/** A wide table that scrolls sideways inside a named, focusable region, so the keyboard can scroll it too. */
export function ScrollableTable({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200"
    >
      {children}
    </div>
  );
}
