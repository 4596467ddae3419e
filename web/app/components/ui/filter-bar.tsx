import type { ComponentProps, ReactNode } from "react";
import { Select } from "./input";

const COLUMNS = {
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
  // Five filters side by side only where each keeps its text whole, three a row below that. The
  // ranges exclude each other because an arbitrary breakpoint sorts before `sm` and `lg` in the CSS.
  5: "sm:max-lg:grid-cols-2 lg:max-[1399px]:grid-cols-3 min-[1400px]:grid-cols-5",
} as const;

/** The filters above a list: a labeled region, one column on phones, `columns` side by side from `lg` (five only from 1400 px). */
export function FilterBar({ columns = 4, boxed = false, children }: { columns?: keyof typeof COLUMNS; boxed?: boolean; children: ReactNode }) {
  return (
    <section
      aria-label="Filters"
      className={`grid gap-3 ${COLUMNS[columns]} ${boxed ? "rounded-2xl bg-white p-4 ring-1 ring-slate-200" : ""}`}
    >
      {children}
    </section>
  );
}

/** A filter's select, named by a visually hidden label. */
export function FilterSelect({ id, label, ...rest }: ComponentProps<"select"> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select {...rest} id={id} />
    </div>
  );
}
