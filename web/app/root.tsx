import { useContext, useEffect, useSyncExternalStore } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
} from "react-router";
import { RotateCcw, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/root";
import { ScrollToTop } from "./components/layout/scroll-to-top";
import { PageSkeleton } from "./components/ui/skeleton";
import { PortalShell } from "./features/portal/components/portal-shell";
import { isFramedPortalPath } from "./features/portal/nav";
import { Button, buttonVariants } from "./components/ui/button";
import { installGlobalErrorHandlers, reportClientError } from "./lib/client-errors";
import { isIslandsHandle } from "./lib/island-route";
import { runtimeConfigMetaContent } from "./lib/runtime-config";
import { siteConfig } from "./lib/site";
import "./app.css";
// The public pages' script, built on its own (as a worker bundle, which is one self-contained file) so that it
// shares nothing with the app: see docs/adr/0018-public-pages-without-react.md.
import islandsScript from "./islands.ts?worker&url";

installGlobalErrorHandlers();

/** True for a page whose route is marked `islands` (routes/public-layout.tsx, routes/blog-post.tsx). */
function useIslandsRoute(): boolean {
  return useMatches().some((m) => isIslandsHandle(m.handle));
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Prerendering an islands page: its HTML gets the islands script instead of the app's. In the
  // browser the app renders such a route only in development or for a missing article (blog-post.tsx).
  // The app shell (the SPA fallback) is prerendered from "/" too, but in SPA mode: it keeps the app.
  const spaMode = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? true;
  const staticPage = useIslandsRoute() && typeof document === "undefined" && !spaMode && !import.meta.env.DEV;
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
        {staticPage ? (
          <script defer src={islandsScript} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const islands = useIslandsRoute();
  const { pathname } = useLocation();
  useEffect(() => {
    if (import.meta.env.DEV && islands) void import("./islands").then((m) => m.startIslands());
  }, [islands, pathname]);
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

const noSubscription = () => () => {};

/**
 * What shows while the app's code loads. The same HTML serves every page rendered in the browser, so
 * it is a spinner; once in the browser, a page of the signed-in portal draws the portal's frame with
 * the page in outline instead (read after hydration, so the two never disagree).
 */
export function HydrateFallback() {
  const framed = useSyncExternalStore(noSubscription, () => isFramedPortalPath(window.location.pathname), () => false);
  if (framed) {
    return (
      <PortalShell>
        <PageSkeleton />
      </PortalShell>
    );
  }
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) return;
    console.error(error);
    reportClientError(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error, "boundary");
  }, [error, notFound]);
  const details = import.meta.env.DEV && error instanceof Error ? error.stack || error.message : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-b from-blue-50 to-white px-4 py-12">
      <div className="w-full max-w-lg rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 sm:p-10">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <TriangleAlert className="h-9 w-9" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
          {notFound ? "Page not found" : "Something went wrong"}
        </h1>
        <p className="mt-3 text-slate-600">
          {notFound
            ? "The page you are looking for does not exist or has moved."
            : "This page ran into a problem. We have been notified. Please try again, or go back to the home page."}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href="/" className={buttonVariants()}>
            Go to the home page
          </a>
          {!notFound && (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Try again
            </Button>
          )}
        </div>
        <p className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">
          Still stuck? Write to{" "}
          <a href={`mailto:${siteConfig.email}`} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800">
            {siteConfig.email}
          </a>
        </p>
        {details && (
          <pre tabIndex={0} className="mt-6 max-h-64 overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{details}</pre>
        )}
      </div>
    </main>
  );
}
