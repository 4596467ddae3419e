import { Check } from "lucide-react";

export function CheckList({ items, tone = "blue" }: { items: string[]; tone?: "blue" | "green" }) {
  const iconColor = tone === "green" ? "bg-green-100 text-green-800" : "bg-blue-100 text-blue-800";
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <span className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full ${iconColor}`}>
            <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden="true" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
