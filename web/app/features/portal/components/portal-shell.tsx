import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { LogOut, Menu, X } from "lucide-react";
import { BrandLogo } from "~/components/layout/brand-logo";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/layout/skip-link";
import { Spinner } from "~/components/ui/spinner";
import { IdentitySkeleton } from "~/components/ui/skeleton";
import { paths } from "~/lib/paths";
import { useOptionalAuth } from "~/features/auth/auth-provider";
import { adminNavFor, portalNavFor, userInitial, type PortalNavItem } from "../nav";
import { UnstyledButton } from "~/components/ui/button";

const SIDEBAR_ID = "portal-sidebar";
/** The height of the phone's sticky header (h-16). */
const PHONE_HEADER_PX = 64;

function NavItems({ items, onNavigate }: { items: readonly PortalNavItem[]; onNavigate: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-white ${
                isActive ? "bg-blue-700 text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"
              }`
            }
          >
            <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SidebarFooter() {
  const auth = useOptionalAuth();
  const profile = auth?.profile;
  const user = auth?.user;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = profile?.email ?? user?.email ?? "";
  const name = profile?.full_name?.trim() || email;

  async function handleSignOut() {
    setBusy(true);
    setError(null);
    if (!auth) return;
    const result = await auth.signOut();
    setBusy(false);
    if (result.error) setError(result.error);
    else navigate(paths.portal.login, { replace: true });
  }

  if (!profile && !user) {
    // The session is still being read: the footer keeps its place, in outline.
    return (
      <div className="border-t border-slate-800 p-4" aria-hidden="true">
        <IdentitySkeleton dark round />
      </div>
    );
  }

  return (
    <div className="border-t border-slate-800 p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 text-base font-semibold text-white"
        >
          {userInitial(profile?.full_name, email)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white" title={name}>
            {name}
          </p>
          <p className="truncate text-xs text-slate-300" title={email}>
            {email}
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-100 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <UnstyledButton
        type="button"
        onClick={handleSignOut}
        disabled={busy}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-200 ring-1 ring-slate-700 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? <Spinner className="h-4 w-4 border-2" /> : <LogOut className="h-4 w-4" aria-hidden="true" />}
        {busy ? "Signing out..." : "Sign out"}
      </UnstyledButton>
    </div>
  );
}

/** The height of the element in pixels, kept up to date as it changes (0 while there is none). */
function useHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.getBoundingClientRect().height));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}

/**
 * The signed-in frame (also drawn, with the account in outline, while the app itself loads): a fixed sidebar (a drawer on small screens) and the page, with the route's banners above it.
 * `topBar` spans the whole width above everything, sidebar included, and stays in view: the sidebar and the
 * phone's header start below it.
 */
export function PortalShell({ children, banners, topBar }: { children: ReactNode; banners?: ReactNode; topBar?: ReactNode }) {
  const profile = useOptionalAuth()?.profile;
  const { pathname } = useLocation();
  // The drawer remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  const adminItems = adminNavFor(profile?.role);
  const [topBarRef, topBarHeight] = useHeight<HTMLDivElement>();
  // What the keyboard focuses or a link jumps to is scrolled clear of the bar and the phone's header, never under them.
  useEffect(() => {
    if (topBarHeight === 0) return;
    const root = document.documentElement;
    root.style.scrollPaddingTop = `${topBarHeight + PHONE_HEADER_PX}px`;
    return () => {
      root.style.scrollPaddingTop = "";
    };
  }, [topBarHeight]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      toggle.current?.focus();
    }
    // The open drawer covers most of the page: focus on anything but the drawer and its toggle closes it.
    function onFocusIn(event: FocusEvent) {
      const target = event.target;
      if (target instanceof Node && !document.getElementById(SIDEBAR_ID)?.contains(target) && target !== toggle.current) {
        setOpenOn(null);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  const close = () => setOpenOn(null);

  return (
    <div className="min-h-screen bg-slate-50" style={{ "--portal-top": `${topBarHeight}px` } as CSSProperties}>
      <SkipLink />
      <div ref={topBarRef} className="sticky top-0 z-45 empty:hidden">
        {topBar}
      </div>
      <div className="sticky top-(--portal-top) z-35 flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
        <BrandLogo />
        <UnstyledButton
          ref={toggle}
          type="button"
          onClick={() => setOpenOn(open ? null : pathname)}
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          aria-label={open ? "Close navigation" : "Open navigation"}
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </UnstyledButton>
      </div>

      {open && (
        <UnstyledButton
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={close}
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
        />
      )}

      <div
        id={SIDEBAR_ID}
        className={`fixed top-(--portal-top) bottom-0 left-0 z-40 w-72 flex-col bg-slate-900 ${open ? "flex" : "hidden"} lg:flex`}
      >
        <div className="flex h-16 items-center px-5 [&_a:focus-visible]:outline-white">
          <BrandLogo tone="light" onClick={close} />
        </div>
        <nav aria-label="Portal" className="flex-1 overflow-y-auto px-3 py-4">
          <NavItems items={portalNavFor(profile?.role)} onNavigate={close} />
          {adminItems.length > 0 && (
            <div className="mt-8">
              <h2 id="admin-nav-title" className="px-3 text-xs font-semibold tracking-wide text-slate-300 uppercase">
                Administration
              </h2>
              <div className="mt-2" role="group" aria-labelledby="admin-nav-title">
                <NavItems items={adminItems} onNavigate={close} />
              </div>
            </div>
          )}
        </nav>
        <SidebarFooter />
      </div>

      <div className="lg:pl-72">
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-8 outline-none sm:px-6 lg:px-8 lg:py-10">
          {banners && <div className="mb-6 space-y-3 empty:hidden">{banners}</div>}
          {children}
        </main>
      </div>
    </div>
  );
}
