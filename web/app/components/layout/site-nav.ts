// The public header's navigation, shared by its markup (site-header.tsx) and its island.

export const NAV_ITEMS = [
  { to: "/", label: "Home" },
  { to: "/solutions", label: "Solutions" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const SCROLL_THRESHOLD = 50;

export const MENU_ID = "mobile-menu";
