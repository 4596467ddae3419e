import { Button } from "~/components/ui/button";
import type { Ticket } from "~/lib/api-types.gen";
import { preview, shortCustomerId } from "../filters";
import { CategoryBadge, PriorityBadge, StatusBadge, StatusIcon } from "./ticket-parts";
import { formatDate } from "~/lib/format";

export function TicketCard({ ticket, staff, onView }: { ticket: Ticket; staff: boolean; onView: () => void }) {
  return (
    <li className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2">
            <StatusIcon status={ticket.status} />
            <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">{ticket.title}</h2>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <PriorityBadge priority={ticket.priority} />
            <CategoryBadge category={ticket.category} />
            <StatusBadge status={ticket.status} />
          </div>
          <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">{preview(ticket.description)}</p>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
            <div>
              <dt className="inline font-medium text-slate-700">Customer: </dt>
              <dd className="inline">{ticket.customer?.full_name || "Former user"}</dd>
            </div>
            {staff && (
              <div>
                <dt className="inline font-medium text-slate-700">Organization: </dt>
                <dd className="inline">{ticket.organization.name}</dd>
              </div>
            )}
            <div>
              <dt className="inline font-medium text-slate-700">Created: </dt>
              <dd className="inline">{formatDate(ticket.created_at)}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-700">Updated: </dt>
              <dd className="inline">{formatDate(ticket.updated_at)}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-700">Ticket: </dt>
              <dd className="inline font-mono">{ticket.code}</dd>
            </div>
            {staff && ticket.customer && (
              <div>
                <dt className="inline font-medium text-slate-700">Customer ID: </dt>
                <dd className="inline font-mono">{shortCustomerId(ticket.customer.id)}</dd>
              </div>
            )}
            {staff && (
              <div>
                <dt className="inline font-medium text-slate-700">Assigned to: </dt>
                <dd className="inline">{ticket.assigned_to?.full_name ?? "Unassigned"}</dd>
              </div>
            )}
            <div>
              <dt className="inline font-medium text-slate-700">Responses: </dt>
              <dd className="inline">{ticket.response_count}</dd>
            </div>
          </dl>
        </div>
        <Button variant="secondary" size="sm" onClick={onView} aria-label={`View ticket ${ticket.code}: ${ticket.title}`}>
          View
        </Button>
      </div>
    </li>
  );
}
