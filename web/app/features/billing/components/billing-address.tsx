import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { SettingsCard } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import { BillingAddressLinesMax } from "~/lib/api-types.gen";
import { useSaveBillingAddress } from "../api";

export const ADDRESS_SAVED = "Billing address saved. Your invoices show it.";

/** The address the organization's invoices are billed to: shown, and edited by its customers (not while staff act as one). */
export function BillingAddressCard({ lines, readOnly }: { lines: string[]; readOnly: boolean }) {
  const save = useSaveBillingAddress();
  const [text, setText] = useState(lines.join("\n"));
  const [saved, setSaved] = useState(false);
  const typed = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const changed = typed.join("\n") !== lines.join("\n");
  const tooLong = typed.length > BillingAddressLinesMax;

  if (readOnly) {
    return (
      <SettingsCard title="Billing Address">
        {lines.length ? (
          <address className="not-italic text-slate-700">
            {lines.map((l) => (
              <span key={l} className="block">
                {l}
              </span>
            ))}
          </address>
        ) : (
          <p className="text-slate-600">No billing address yet.</p>
        )}
      </SettingsCard>
    );
  }
  return (
    <SettingsCard title="Billing Address" description="Printed under your organization's name on every invoice.">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          save.mutate(typed, {
            onSuccess: () => {
              // The box shows the address as saved: lines trimmed, empty ones gone.
              setText(typed.join("\n"));
              setSaved(true);
            },
          });
        }}
      >
        <FormField
          id="billing-address"
          label="Address"
          hint="One line per line of the address: street, city and postal code, country."
          error={tooLong ? "Keep the address to six lines." : save.isError ? errorMessage(save.error, "The address could not be saved.") : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              className="max-w-xl"
              rows={4}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSaved(false);
              }}
            />
          )}
        </FormField>
        {saved && !changed && (
          <Alert tone="success">
            {ADDRESS_SAVED}
          </Alert>
        )}
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={save.isPending || !changed || tooLong}>
          Save Address
        </Button>
      </form>
    </SettingsCard>
  );
}
