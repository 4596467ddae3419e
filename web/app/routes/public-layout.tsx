import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/layout/skip-link";

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
