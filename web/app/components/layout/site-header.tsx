import { ArrowRight, Menu, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { BrandLogo } from "./brand-logo";
import { MENU_ID, NAV_ITEMS } from "./site-nav";

/**
 * The public header. It is prerendered closed and clear; site-header-island.ts makes it opaque
 * past the scroll threshold and opens the mobile menu, through data-scrolled and data-menu.
 */
export function SiteHeader() {
  return (
    <header
      data-site-header=""
      data-scrolled="false"
      data-menu="closed"
      className="group/header sticky top-0 z-40 border-b border-transparent bg-transparent transition-[background-color,box-shadow,border-color] duration-300 data-[menu=open]:border-slate-200 data-[menu=open]:bg-white data-[menu=open]:shadow-md data-[menu=open]:shadow-slate-900/5 data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-md data-[scrolled=true]:shadow-slate-900/5"
    >
      <div className="mx-auto flex h-18 w-full max-w-6xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <BrandLogo />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    `relative rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? "text-blue-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      {item.label}
                      {isActive && (
                        <span
                          aria-hidden="true"
                          className="absolute inset-x-3 -bottom-0.5 h-0.5 rounded-full bg-blue-700"
                        />
                      )}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <Link to="/contact" className={buttonVariants()}>
              Book Free Call
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          <button
            type="button"
            data-menu-toggle=""
            aria-expanded="false"
            aria-controls={MENU_ID}
            aria-label="Open menu"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
          >
            <Menu className="h-6 w-6 group-data-[menu=open]/header:hidden" aria-hidden="true" />
            <X className="hidden h-6 w-6 group-data-[menu=open]/header:block" aria-hidden="true" />
          </button>
        </div>
      </div>

      <div id={MENU_ID} hidden className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Mobile" className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6">
          <ul className="space-y-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-3 text-base font-medium ${
                      isActive ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to="/contact" className={`${buttonVariants()} mt-4 w-full`}>
            Book Free Call
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </nav>
      </div>
    </header>
  );
}
