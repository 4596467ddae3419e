import { Spinner } from "~/components/ui/spinner";

export function FullPageSpinner({ label = "Loading your account…" }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50" role="status" aria-live="polite">
      <Spinner className="h-10 w-10" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
