import site from "../../../content/site.json";

export type SocialProfile = { name: string; url: string };

export type SiteConfig = {
  name: string;
  legalName: string;
  tagline: string;
  description: string;
  email: string;
  phone: string;
  bookingUrl: string;
  location: string;
  copyrightYear: number;
  social: SocialProfile[];
};

export const siteConfig: SiteConfig = site;

export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
