import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/layout/skip-link";
import { islandsHandle, loadAsDocument } from "~/lib/island-route";

// Every page under this layout is served as prerendered HTML with the islands script, never by the app.
// The build-time loader lets the pages prerender whole; without it the client loader would make them
// prerender as the app's loading screen.
export const handle = islandsHandle;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
