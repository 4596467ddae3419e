import { Lock, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Select, Textarea } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { ApiError } from "~/lib/api";
import { ResponseContentMax, type Ticket, type TicketDetail as TicketWithThread, type TicketPriority, type TicketStatus } from "~/lib/api-types.gen";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import { useCategories, useDeleteTicket, usePeople, useRespond, useTicket, useUpdateTicket, type ReplyValues } from "../api";
import {
  ACCEPTED_FILES,
  PRIORITIES,
  PRIORITY_LABELS,
  shortCustomerId,
  STATUSES,
  STATUS_LABELS,
} from "../filters";
import { FilePicker, checkFiles } from "./file-picker";
import { AttachmentList, CategoryBadge, PriorityBadge, StatusBadge } from "./ticket-parts";
import { formatDateTime } from "~/lib/format";

export function TicketDialog({
  ticketId,
  staff,
  onClose,
  onDeleted,
}: {
  ticketId: string | undefined;
  staff: boolean;
  onClose: () => void;
  /** Called with the deleted ticket after the dialog has closed. */
  onDeleted?: (ticket: Ticket) => void;
}) {
  const query = useTicket(ticketId);
  const ticket = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Dialog open={Boolean(ticketId)} title={ticket ? ticket.title : missing ? "Ticket not found" : "Ticket"} size="lg" onClose={onClose}>
      {query.isPending && ticketId ? (
        <div className="flex justify-center py-10">
          <Spinner />
          <span className="sr-only">Loading the ticket</span>
        </div>
      ) : missing ? (
        <p className="pb-2 text-slate-700">This ticket does not exist, or it belongs to another organization.</p>
      ) : query.isError || !ticket ? (
        <Alert tone="error">The ticket could not be loaded. Please try again.</Alert>
      ) : (
        <TicketDetail
          ticket={ticket}
          staff={staff}
          onDeleted={() => {
            onClose();
            onDeleted?.(ticket);
          }}
        />
      )}
    </Dialog>
  );
}

function TicketDetail({ ticket, staff, onDeleted }: { ticket: TicketWithThread; staff: boolean; onDeleted: () => void }) {
  return (
    <div className="space-y-6 pb-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-slate-700">{ticket.code}</span>
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        <CategoryBadge category={ticket.category} />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-700">Customer: </dt>
          <dd className="inline">
            {ticket.customer
              ? staff
                ? `${ticket.customer.full_name} (${shortCustomerId(ticket.customer.id)})`
                : ticket.customer.full_name
              : "Former user"}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">Organization: </dt>
          <dd className="inline">{ticket.organization.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">Created: </dt>
          <dd className="inline">{formatDateTime(ticket.created_at)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">Updated: </dt>
          <dd className="inline">{formatDateTime(ticket.updated_at)}</dd>
        </div>
      </dl>
      {staff && <StaffControls ticket={ticket} onDeleted={onDeleted} />}
      <section aria-label="Description">
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{ticket.description}</p>
        <AttachmentList attachments={ticket.attachments} />
      </section>
      <section aria-labelledby="ticket-thread-title">
        <h3 id="ticket-thread-title" className="text-base font-semibold text-slate-900">
          Responses
        </h3>
        {ticket.responses.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No responses yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {ticket.responses.map((r) => (
              <li
                key={r.id}
                className={`rounded-xl p-4 ring-1 ${r.is_internal ? "bg-amber-50 ring-amber-300" : r.author.role === "customer" ? "bg-white ring-slate-200" : "bg-blue-50 ring-blue-200"}`}
              >
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold text-slate-900">{r.author.full_name || "Former user"}</span>
                  <Badge tone={r.author.role === "customer" ? "neutral" : "info"}>
                    {r.author.role === "customer" ? "Customer" : "Staff"}
                  </Badge>
                  {r.is_internal && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      <Lock aria-hidden="true" className="size-3" />
                      Internal note
                    </span>
                  )}
                  <span className="text-slate-600">{formatDateTime(r.created_at)}</span>
                </div>
                <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{r.content}</p>
                <AttachmentList attachments={r.attachments} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <ReplyBox ticketId={ticket.id} staff={staff} status={ticket.status} />
    </div>
  );
}

function StaffControls({ ticket, onDeleted }: { ticket: Ticket; onDeleted: () => void }) {
  const update = useUpdateTicket(ticket.id);
  const remove = useDeleteTicket();
  const categories = useCategories();
  const people = usePeople(true);
  const [confirming, setConfirming] = useState(false);
  const staffPeople = (people.data ?? []).filter((p) => p.role !== "customer");
  const categoryOptions = categories.data ?? [];
  const inactiveCategory = ticket.category && !categoryOptions.some((c) => c.id === ticket.category?.id) ? ticket.category : null;
  return (
    <section aria-label="Manage ticket" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="ticket-status" label="Status">
          {(control) => (
            <Select
              {...control}
              controlSize="sm"
              value={ticket.status}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ status: e.target.value as TicketStatus })}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="ticket-priority" label="Priority">
          {(control) => (
            <Select
              {...control}
              controlSize="sm"
              value={ticket.priority}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ priority: e.target.value as TicketPriority })}
            >
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="ticket-category" label="Category">
          {(control) => (
            <Select
              {...control}
              controlSize="sm"
              value={ticket.category?.id ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ category_id: e.target.value || null })}
            >
              <option value="">No category</option>
              {inactiveCategory && <option value={inactiveCategory.id}>{inactiveCategory.name} (inactive)</option>}
              {categoryOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="ticket-assignee" label="Assigned to">
          {(control) => (
            <Select
              {...control}
              controlSize="sm"
              value={ticket.assigned_to?.id ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ assigned_to: e.target.value || null })}
            >
              <option value="">Unassigned</option>
              {ticket.assigned_to && !staffPeople.some((p) => p.id === ticket.assigned_to?.id) && (
                <option value={ticket.assigned_to.id}>{ticket.assigned_to.full_name}</option>
              )}
              {staffPeople.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.full_name || p.email}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="mt-3 flex justify-end">
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete ticket
        </Button>
      </div>
      {remove.isError && (
        <Alert tone="error" className="mt-3">
          Failed to delete ticket
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete ticket"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutateAsync(ticket.id).then(
            () => {
              setConfirming(false);
              onDeleted();
            },
            () => setConfirming(false),
          )
        }
      >
        Are you sure you want to delete this ticket? This action cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

function ReplyBox({ ticketId, staff, status }: { ticketId: string; staff: boolean; status: TicketStatus }) {
  const [content, setContent] = useState("");
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const respond = useRespond(ticketId);
  const form = useApiForm(respond, {
    idPrefix: "reply",
    fallbackMessage: "Please try again.",
  });
  const addedWithoutFiles = respond.error instanceof ApiError && respond.error.code === "attachments_failed";
  // The thread shows the new response before the form hears of the success: text typed in
  // between is a new draft and stays; only what was sent is cleared.
  const clear = (sent: ReplyValues) => {
    setContent((current) => (current === sent.content ? "" : current));
    setFiles([]);
    setInternal(false);
    setPickerKey((k) => k + 1);
  };
  const onSubmit = form.onSubmit(
    (): ReplyValues => ({ content, is_internal: staff && internal, files }),
    (v): FieldErrors => {
      const fileError = checkFiles(v.files);
      return fileError ? { files: fileError } : {};
    },
    {
      onSuccess: (_response, sent) => clear(sent),
      // The response was saved without its files: clear the form so it is not sent twice.
      onError: (err, sent) => {
        if (err instanceof ApiError && err.code === "attachments_failed") clear(sent);
      },
    },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 pt-4">
      {form.formError && (
        <Alert tone={addedWithoutFiles ? "warning" : "error"} title={addedWithoutFiles ? undefined : "Failed to add response"}>
          {form.formError}
        </Alert>
      )}
      <FormField
        label={staff ? "Add a response" : "Reply"}
        {...form.field("content")}
        hint={!staff && status === "resolved" ? "Replying reopens this resolved ticket." : undefined}
      >
        {(control) => (
          <Textarea {...control} rows={4} value={content} maxLength={ResponseContentMax} onChange={(e) => setContent(e.target.value)} />
        )}
      </FormField>
      {staff && (
        <Switch
          label="Internal note"
          description="Only staff see it; the customer is not e-mailed."
          checked={internal}
          onChange={setInternal}
        />
      )}
      <FilePicker
        key={pickerKey}
        id="reply-files"
        files={files}
        onChange={setFiles}
        error={form.fieldError("files")}
        accept={ACCEPTED_FILES}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={form.submitting} disabled={!content.trim() || form.submitting}>
          {staff && internal ? "Add Note" : "Send Response"}
        </Button>
      </div>
    </form>
  );
}
