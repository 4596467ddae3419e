import { RotateCw } from "lucide-react";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A load that failed: what could not be loaded, why when the server said, and a Retry that asks
 * again (a query's refetch), busy while it runs.
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message?: string;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <Alert tone="error" title={title}>
      {message && message !== title && <p>{message}</p>}
      <Button variant="secondary" size="sm" className="mt-3" loading={retrying} onClick={() => void onRetry()}>
        {!retrying && <RotateCw className="h-4 w-4" aria-hidden="true" />}
        Retry
      </Button>
    </Alert>
  );
}
