import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { BrandLogo } from "~/components/layout/brand-logo";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/layout/skip-link";

/** The frame of the sign-in, registration and password pages: brand, a card, a way back to the site. */
export function AuthLayout({
  title,
  subtitle,
  children,
  aside,
  width = "max-w-md",
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  width?: string;
}) {
  return (
    <div className="min-h-screen bg-linear-to-b from-blue-50 via-white to-white">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-6 sm:px-6 lg:px-8">
        <BrandLogo />
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to website
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID} className={`mx-auto w-full ${width} px-4 pb-16 sm:px-6`}>
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-slate-600">{subtitle}</p>}
        </div>
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">{children}</div>
        {aside && <div className="mt-6 space-y-4">{aside}</div>}
      </main>
    </div>
  );
}

export const linkClasses = "font-semibold text-blue-700 underline-offset-2 hover:text-blue-800 hover:underline";
