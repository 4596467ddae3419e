import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { MeetingTitleMax, type MeetingType } from "~/lib/api-types.gen";
import { useApiForm } from "~/lib/use-api-form";
import { type Meeting, type MeetingInput, useMeetingOrganizations, useSaveMeeting } from "../api";
import { timeZoneAbbreviation } from "~/lib/format";
import { MEETING_TYPES, formatAttendees, fromLocalInput, parseAttendees, toLocalInput } from "../meetings";

type Draft = {
  organization_id: string;
  title: string;
  type: MeetingType;
  description: string;
  start: string;
  end: string;
  location: string;
  meeting_url: string;
  attendees: string;
};

function draftOf(m: Meeting | null): Draft {
  return {
    organization_id: m?.organization_id ?? "",
    title: m?.title ?? "",
    type: m?.type ?? "consultation",
    description: m?.description ?? "",
    start: m ? toLocalInput(m.start_time) : "",
    end: m ? toLocalInput(m.end_time) : "",
    location: m?.location ?? "",
    meeting_url: m?.meeting_url ?? "",
    attendees: m ? formatAttendees(m.attendees) : "",
  };
}

export function MeetingFormDialog({ meeting, onClose }: { meeting: Meeting | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(meeting));
  const organizations = useMeetingOrganizations(meeting === null);
  const form = useApiForm(useSaveMeeting(meeting?.id ?? null), {
    idPrefix: "meeting",
    fallbackMessage: "The meeting could not be saved.",
  });
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  const values = (): MeetingInput => ({
    organization_id: draft.organization_id,
    title: draft.title,
    type: draft.type,
    description: draft.description,
    start_time: fromLocalInput(draft.start),
    end_time: fromLocalInput(draft.end),
    location: draft.location,
    meeting_url: draft.meeting_url,
    attendees: parseAttendees(draft.attendees),
  });
  const validate = (v: MeetingInput) => {
    const errors: Record<string, string> = {};
    if (!meeting && !v.organization_id) errors.organization_id = "Choose an organization.";
    if (!v.title.trim()) errors.title = "Enter a title.";
    if (!v.start_time) errors.start_time = "Enter the start as a date and time.";
    if (!v.end_time) errors.end_time = "Enter the end as a date and time.";
    return errors;
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!form.submitting}
      size="lg"
      title={meeting ? "Edit meeting" : "Schedule a meeting"}
      description="Attendees with an email address receive a calendar invitation, and an update with every change."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" form="meeting-form" loading={form.submitting}>
            {meeting ? "Save changes" : "Schedule meeting"}
          </Button>
        </>
      }
    >
      <form id="meeting-form" noValidate className="space-y-4 pb-2" onSubmit={form.onSubmit(values, validate, { onSuccess: onClose })}>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {!meeting && (
          <FormField label="Organization" {...form.field("organization_id")}>
            {(control) => (
              <Select {...control} value={draft.organization_id} onChange={set("organization_id")}>
                <option value="">Choose an organization</option>
                {(organizations.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <FormField label="Title" {...form.field("title")}>
          {(control) => <Input {...control} value={draft.title} onChange={set("title")} maxLength={MeetingTitleMax} />}
        </FormField>
        <FormField label="Type" {...form.field("type")}>
          {(control) => (
            <Select {...control} value={draft.type} onChange={set("type")}>
              {MEETING_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Starts" hint={`In your time zone (${timeZoneAbbreviation(fromLocalInput(draft.start) || new Date().toISOString())}).`} {...form.field("start_time")}>
            {(control) => <Input {...control} type="datetime-local" value={draft.start} onChange={set("start")} />}
          </FormField>
          <FormField label="Ends" {...form.field("end_time")}>
            {(control) => <Input {...control} type="datetime-local" value={draft.end} onChange={set("end")} />}
          </FormField>
        </div>
        <FormField label="Location" {...form.field("location")}>
          {(control) => <Input {...control} value={draft.location} onChange={set("location")} placeholder="Zoom, phone, or an address" />}
        </FormField>
        <FormField label="Meeting link" {...form.field("meeting_url")}>
          {(control) => <Input {...control} type="url" value={draft.meeting_url} onChange={set("meeting_url")} placeholder="https://" />}
        </FormField>
        <FormField
          label="Attendees"
          hint="One per line: Name <email@example.com>. Attendees without an address are listed but not invited."
          id="meeting-attendees"
          error={form.fieldError("attendees") ?? firstAttendeeError(form.fieldError)}
        >
          {(control) => <Textarea {...control} rows={4} value={draft.attendees} onChange={set("attendees")} />}
        </FormField>
        <FormField label="Description" {...form.field("description")}>
          {(control) => <Textarea {...control} rows={3} value={draft.description} onChange={set("description")} />}
        </FormField>
      </form>
    </Dialog>
  );
}

function firstAttendeeError(fieldError: (name: string) => string | undefined): string | undefined {
  for (let i = 0; i < 50; i++) {
    for (const key of ["name", "email"]) {
      const message = fieldError(`attendees[${i}].${key}`);
      if (message) return `Line ${i + 1}: ${message}`;
    }
  }
  return undefined;
}
