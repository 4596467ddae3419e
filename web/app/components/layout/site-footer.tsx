import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { phoneHref, siteConfig } from "~/lib/site";
import { BrandLogo } from "./brand-logo";
import { SocialIcon } from "./social-icons";

export const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/solutions", label: "Solutions" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
] as const;

const linkClass = "rounded text-slate-300 transition-colors hover:text-white";

export function SiteFooter() {
  const { name, description, email, phone, location, social } = siteConfig;
  return (
    <footer className="bg-slate-950 text-slate-300 [&_a:focus-visible]:outline-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <BrandLogo tone="light" />
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-400">{description}</p>
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {social.map((profile) => (
                <li key={profile.url}>
                  <a
                    href={profile.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${name} on ${profile.name} (opens in a new tab)`}
                    className="flex h-10 w-10 items-center justify-center rounded-lg bg-slate-800 text-slate-300 transition-colors hover:bg-blue-700 hover:text-white"
                  >
                    <SocialIcon network={profile.name} className="h-5 w-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-labelledby="footer-quick-links" className="lg:col-span-3">
            <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide text-white uppercase">
              Quick Links
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="lg:col-span-4">
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Get in Touch</h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <a href={`mailto:${email}`} className={`${linkClass} inline-flex items-center gap-3`}>
                  <Mail className="h-4 w-4 shrink-0 text-blue-400" aria-hidden="true" />
                  {email}
                </a>
              </li>
              <li>
                <a href={phoneHref(phone)} className={`${linkClass} inline-flex items-center gap-3`}>
                  <Phone className="h-4 w-4 shrink-0 text-blue-400" aria-hidden="true" />
                  {phone}
                </a>
              </li>
              <li className="inline-flex items-center gap-3">
                <MapPin className="h-4 w-4 shrink-0 text-blue-400" aria-hidden="true" />
                {location}
              </li>
            </ul>
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-slate-800 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-400">
            © <span data-current-year="">{new Date().getFullYear()}</span> {name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-6">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
