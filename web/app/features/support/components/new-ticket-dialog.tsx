import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { ApiError } from "~/lib/api";
import { TicketDescriptionMax, TicketTitleMax, type TicketPriority } from "~/lib/api-types.gen";
import { useApiForm } from "~/lib/use-api-form";
import { useCategories, useCreateTicket, usePeople, type NewTicketValues } from "../api";
import { ACCEPTED_FILES, PRIORITIES, PRIORITY_LABELS } from "../filters";
import { FilePicker } from "./file-picker";
import { shownError, validateNewTicket } from "../ticket-form";

type FieldName = "title" | "description" | "customer_id" | "files";

export function NewTicketDialog({
  open,
  staff,
  draft,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** What the form starts with (a request drafted by another page); empty by default. */
  draft?: { title: string; description: string };
  staff: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [title, setTitle] = useState(draft?.title ?? "");
  const [description, setDescription] = useState(draft?.description ?? "");
  const [priority, setPriority] = useState<TicketPriority>("medium");
  const [category, setCategory] = useState("");
  const [customer, setCustomer] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const categories = useCategories();
  const people = usePeople(open && staff);
  const create = useCreateTicket();
  const form = useApiForm(create, { idPrefix: "new-ticket", fallbackMessage: "Please try again." });
  const createdWithoutFiles = create.error instanceof ApiError && create.error.code === "attachments_failed";
  const customers = (people.data ?? []).filter((p) => p.role === "customer" && p.organization_id);
  // Fields edited since the last submit: their errors follow the current value.
  const [edited, setEdited] = useState<ReadonlySet<FieldName>>(new Set());
  const edit = (name: FieldName) => setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const current = validateNewTicket({ title, description, customer_id: staff ? customer : undefined, files }, staff);
  const errorOf = (name: FieldName) => shownError(form.fieldError(name), edited.has(name), current[name]);
  const fieldOf = (name: FieldName) => ({ ...form.field(name), error: errorOf(name) });

  function clearFields() {
    setTitle("");
    setDescription("");
    setPriority("medium");
    setCategory("");
    setCustomer("");
    setFiles([]);
    setPickerKey((k) => k + 1);
    setEdited(new Set());
  }

  function reset() {
    clearFields();
    form.clearErrors();
  }

  const submit = form.onSubmit(
    (): NewTicketValues => ({
      title,
      description,
      priority,
      category_id: category || undefined,
      customer_id: staff ? customer : undefined,
      files,
    }),
    (v) => validateNewTicket(v, staff),
    {
      onSuccess: (ticket) => {
        reset();
        onCreated(ticket.id);
      },
      // The ticket was created without its files: clear the form so that it is not created twice,
      // and keep the warning that names the ticket.
      onError: (err) => {
        if (err instanceof ApiError && err.code === "attachments_failed") clearFields();
      },
    },
  );

  const onSubmit: typeof submit = (event) => {
    setEdited(new Set());
    submit(event);
  };

  return (
    <Dialog
      open={open}
      title="New Ticket"
      description="Tell us what you need; we answer here and by e-mail."
      size="lg"
      dismissible={!form.submitting}
      onClose={() => {
        reset();
        onClose();
      }}
      footer={
        <>
          <Button
            variant="secondary"
            disabled={form.submitting}
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" form="new-ticket-form" loading={form.submitting}>
            Create Ticket
          </Button>
        </>
      }
    >
      <form id="new-ticket-form" noValidate onSubmit={onSubmit} className="space-y-4 pb-2">
        {form.formError && (
          <Alert tone={createdWithoutFiles ? "warning" : "error"} title={createdWithoutFiles ? undefined : "Failed to create ticket"}>
            {form.formError}
          </Alert>
        )}
        {staff && (
          <FormField label="Customer" {...fieldOf("customer_id")}>
            {(control) => (
              <Select {...control} value={customer} onChange={(e) => {
                  setCustomer(e.target.value);
                  edit("customer_id");
                }}>
                <option value="">Choose a customer</option>
                {customers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.full_name || p.email} ({p.organization_name || "organization"})
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <FormField label="Title" {...fieldOf("title")}>
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={TicketTitleMax}
              onChange={(e) => {
                setTitle(e.target.value);
                edit("title");
              }}
            />
          )}
        </FormField>
        <FormField label="Description" {...fieldOf("description")}>
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              value={description}
              maxLength={TicketDescriptionMax}
              onChange={(e) => {
                setDescription(e.target.value);
                edit("description");
              }}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Priority" {...form.field("priority")}>
            {(control) => (
              <Select {...control} value={priority} onChange={(e) => setPriority(e.target.value as TicketPriority)}>
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Category" {...form.field("category_id")}>
            {(control) => (
              <Select {...control} value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">No category</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FilePicker
          key={pickerKey}
          id="new-ticket-files"
          files={files}
          onChange={(next) => {
            setFiles(next);
            edit("files");
          }}
          error={errorOf("files")}
          accept={ACCEPTED_FILES}
        />
      </form>
    </Dialog>
  );
}
