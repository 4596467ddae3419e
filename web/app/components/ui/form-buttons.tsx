import type { ReactNode } from "react";
import { Button } from "./button";

/**
 * A form's Cancel and submit buttons at its end: side by side on the right, stacked on phones with the
 * submit on top. Cancel is what closes a form in a dialog on a phone, which has no Escape key.
 */
export function FormButtons({ onCancel, submitting, children }: { onCancel: () => void; submitting: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {children}
      </Button>
    </div>
  );
}
