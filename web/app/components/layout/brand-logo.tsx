import { TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { siteConfig } from "~/lib/site";

export function BrandLogo({ tone = "dark", onClick }: { tone?: "dark" | "light"; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label={`${siteConfig.name} home`}
      className={`inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight ${
        tone === "dark" ? "text-slate-900" : "text-white"
      }`}
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-linear-to-br from-blue-600 to-indigo-700 text-white shadow-md shadow-blue-700/30">
        <TrendingUp className="h-5 w-5" aria-hidden="true" strokeWidth={2.5} />
      </span>
      {siteConfig.name}
    </Link>
  );
}
