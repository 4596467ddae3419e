import { Search } from "lucide-react";
import { useId, type ComponentProps } from "react";
import { Input } from "./input";

/**
 * A search box with its magnifier. `label` names it for screen readers (visually hidden); leave it
 * out only when a FormField labels the control.
 */
export function SearchField({
  id,
  label,
  className = "",
  ...rest
}: Omit<ComponentProps<"input">, "type"> & { label?: string; invalid?: boolean }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`relative ${className}`}>
      {label && (
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
      )}
      <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input {...rest} id={inputId} type="search" className="pl-10" />
    </div>
  );
}
