import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ScrollToTop } from "./components/layout/scroll-to-top";
import { runtimeConfigMetaContent } from "./lib/runtime-config";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="growthdesk-config" content={runtimeConfigMetaContent()} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title="Blog" href="/blog/rss.xml" />
        <Meta />
        <Links />
      </head>
      <body className="bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
