import { CircleCheck, CircleDot, CircleX, Clock, Download, Paperclip } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { useAccessToken } from "~/features/auth/auth-provider";
import type { Attachment, TicketCategory, TicketPriority, TicketStatus } from "~/lib/api-types.gen";
import { downloadAttachment } from "../api";
import { formatSize, PRIORITY_LABELS, STATUS_LABELS } from "../filters";
import { UnstyledButton } from "~/components/ui/button";

const STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  open: "info",
  in_progress: "warning",
  resolved: "success",
  closed: "neutral",
};

const PRIORITY_TONES: Record<TicketPriority, BadgeTone> = {
  low: "neutral",
  medium: "info",
  high: "warning",
  urgent: "danger",
};

const STATUS_ICONS = {
  open: CircleDot,
  in_progress: Clock,
  resolved: CircleCheck,
  closed: CircleX,
} as const;
const STATUS_ICON_COLORS: Record<TicketStatus, string> = {
  open: "text-blue-700",
  in_progress: "text-amber-700",
  resolved: "text-green-700",
  closed: "text-slate-600",
};

export function StatusIcon({ status }: { status: TicketStatus }) {
  const Icon = STATUS_ICONS[status];
  return <Icon aria-hidden="true" className={`size-5 shrink-0 ${STATUS_ICON_COLORS[status]}`} />;
}

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{PRIORITY_LABELS[priority]} priority</Badge>;
}

export function CategoryBadge({ category }: { category: TicketCategory | null }) {
  if (!category) return <Badge>No category</Badge>;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800">
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: category.color }} />
      {category.name}
    </span>
  );
}

export function AttachmentList({ attachments }: { attachments: Attachment[] | null | undefined }) {
  const token = useAccessToken();
  const [failed, setFailed] = useState<string | null>(null);
  if (!attachments || attachments.length === 0) return null;
  return (
    <div className="mt-2">
      <ul className="flex flex-wrap gap-2" aria-label="Attachments">
        {attachments.map((a) => (
          <li key={a.id}>
            <UnstyledButton
              type="button"
              onClick={() => {
                setFailed(null);
                downloadAttachment(token, a).catch(() => setFailed(a.filename));
              }}
              className="inline-flex items-center gap-1.5 rounded-lg bg-white px-2.5 py-1 text-sm text-blue-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <Paperclip aria-hidden="true" className="size-4" />
              {a.filename}
              <span className="text-slate-600">({formatSize(a.size)})</span>
              <Download aria-hidden="true" className="size-4" />
            </UnstyledButton>
          </li>
        ))}
      </ul>
      {failed && <p className="mt-1 text-sm text-red-700">{failed} could not be downloaded.</p>}
    </div>
  );
}
