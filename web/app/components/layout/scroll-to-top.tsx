import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Scrolls to the top whenever the pathname changes. Back/forward (POP) navigations and links to
 * an #anchor are left alone so the browser and <ScrollRestoration> can restore the position.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType === "POP" || hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, navigationType]);

  return null;
}
