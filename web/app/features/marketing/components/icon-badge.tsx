import type { LucideIcon } from "lucide-react";

export function IconBadge({ icon: Icon, size = "md" }: { icon: LucideIcon; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-14 w-14 rounded-2xl" : "h-11 w-11 rounded-xl";
  const glyph = size === "lg" ? "h-7 w-7" : "h-5 w-5";
  return (
    <span className={`inline-flex shrink-0 items-center justify-center bg-blue-700 text-white shadow-sm ${box}`}>
      <Icon className={glyph} aria-hidden="true" />
    </span>
  );
}
