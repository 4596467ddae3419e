import { LayoutDashboard, SearchX } from "lucide-react";
import { ButtonLink } from "~/components/ui/button-link";
import { paths } from "~/lib/paths";

/** An address inside the portal that names no page: said plainly, with the way back, inside the portal's frame. */
export function PortalNotFoundPage() {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-8 text-center sm:p-12">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-800">
        <SearchX className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Page not found</h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        There is no portal page at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink to={paths.portal.dashboard}>
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
          Back to the dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
