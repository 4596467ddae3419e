import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Radio, Select } from "~/components/ui/input";
import type { Role } from "~/features/auth/profile-api";
import { OrganizationNameMax } from "~/lib/api-types.gen";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import { useAccountAction, type AccountAction, type AdminUser, type Organization } from "../api";
import { ROLE_LABELS } from "../labels";

const ROLES: Role[] = ["customer", "employee", "admin"];

type Choice = "existing" | "new";

/**
 * Approving an account in one step: its role (admins), and for a customer the organization they join, an
 * existing one or a new one created with the approval, so that no customer is approved into nothing.
 */
export function ApproveDialog({
  user,
  organizations,
  canChangeRole,
  onApproved,
  onClose,
}: {
  user: AdminUser;
  organizations: Organization[];
  canChangeRole: boolean;
  onApproved: (updated: AdminUser) => void;
  onClose: () => void;
}) {
  const who = user.full_name || user.email;
  const [role, setRole] = useState<Role>(user.role);
  const [choice, setChoice] = useState<Choice>(user.organization_id || organizations.length > 0 ? "existing" : "new");
  const [organizationId, setOrganizationId] = useState(user.organization_id ?? "");
  const [name, setName] = useState("");
  const form = useApiForm(useAccountAction(), {
    idPrefix: `approve-${user.id}`,
    fallbackMessage: "The account could not be approved.",
  });
  const needsOrganization = role === "customer";
  // A server error speaks of what was sent: any change clears it.
  const edit =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      form.clearErrors();
      set(value);
    };

  const onSubmit = form.onSubmit(
    (): AccountAction => ({
      kind: "approve",
      user,
      role,
      request: !needsOrganization ? {} : choice === "new" ? { new_organization_name: name.trim() } : { organization_id: organizationId },
    }),
    (action): FieldErrors => {
      if (action.kind !== "approve" || !needsOrganization) return {};
      if (choice === "new" && !action.request?.new_organization_name)
        return {
          new_organization_name: "Enter a name for the new organization.",
        };
      if (choice === "existing" && !action.request?.organization_id)
        return { organization_id: "Choose an organization for this customer." };
      return {};
    },
    { onSuccess: onApproved },
  );
  const formId = `approve-form-${user.id}`;
  const otherError =
    form.formError && !form.fieldError("organization_id") && !form.fieldError("new_organization_name") && !form.fieldError("role");

  return (
    <Dialog
      open
      title={`Approve ${who}`}
      description={`${who} will get an e-mail and can sign in to the portal.`}
      onClose={onClose}
      dismissible={!form.submitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.submitting}>
            Approve
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {otherError && <Alert tone="error">{form.formError}</Alert>}
        {canChangeRole ? (
          <FormField label="Role" {...form.field("role")}>
            {(control) => (
              <Select {...control} value={role} onChange={(e) => edit(setRole)(e.target.value as Role)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : (
          <p className="text-sm text-slate-800">
            <span className="font-semibold text-slate-900">Role:</span> {ROLE_LABELS[user.role]}
          </p>
        )}
        {needsOrganization && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Organization</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(["existing", "new"] as const).map((value) => (
                <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <Radio name={`${formId}-choice`} value={value} checked={choice === value} onChange={() => edit(setChoice)(value)} />
                  {value === "existing" ? "Existing organization" : "New organization"}
                </label>
              ))}
            </div>
            {choice === "existing" ? (
              <FormField label="Organization to join" {...form.field("organization_id")}>
                {(control) => (
                  <Select {...control} value={organizationId} onChange={(e) => edit(setOrganizationId)(e.target.value)}>
                    <option value="">Choose an organization</option>
                    {organizations.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            ) : (
              <FormField label="Name of the new organization" {...form.field("new_organization_name")}>
                {(control) => (
                  <Input {...control} value={name} onChange={(e) => edit(setName)(e.target.value)} maxLength={OrganizationNameMax} />
                )}
              </FormField>
            )}
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
