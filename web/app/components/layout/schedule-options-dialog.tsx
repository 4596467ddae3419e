import { CalendarClock, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { phoneHref, siteConfig } from "~/lib/site";

function Option({ href, icon, title, detail, external }: { href: string; icon: ReactNode; title: string; detail: string; external?: boolean }) {
  return (
    <li>
      <a
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="flex items-start gap-3 rounded-xl border border-slate-200 p-4 transition-colors hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-800">{icon}</span>
        <span>
          <span className="block font-semibold text-slate-900">{title}</span>
          <span className="block text-sm break-all text-slate-600">{detail}</span>
        </span>
      </a>
    </li>
  );
}

export function ScheduleOptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Schedule Meeting"
      description="Choose how you would like to book your next meeting or consultation."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ul className="space-y-3">
        {siteConfig.bookingUrl && (
          <Option
            href={siteConfig.bookingUrl}
            external
            icon={<CalendarClock className="h-5 w-5" aria-hidden="true" />}
            title="Book online"
            detail="Pick a time that suits you in our online calendar."
          />
        )}
        <Option
          href={`mailto:${siteConfig.email}?subject=${encodeURIComponent("Meeting request")}`}
          icon={<Mail className="h-5 w-5" aria-hidden="true" />}
          title="Email us"
          detail={siteConfig.email}
        />
        <Option
          href={phoneHref(siteConfig.phone)}
          icon={<Phone className="h-5 w-5" aria-hidden="true" />}
          title="Call us"
          detail={siteConfig.phone}
        />
      </ul>
    </Dialog>
  );
}
