import type { ComponentProps, ReactNode } from "react";
import { Select } from "./input";

/** The filters above a list: a labeled region, one column on phones, `columns` side by side from `lg`. */
export function FilterBar({ columns = 4, boxed = false, children }: { columns?: 3 | 4; boxed?: boolean; children: ReactNode }) {
  return (
    <section
      aria-label="Filters"
      className={`grid gap-3 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4"} ${boxed ? "rounded-2xl bg-white p-4 ring-1 ring-slate-200" : ""}`}
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
