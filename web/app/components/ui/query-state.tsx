import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "~/lib/api";
import { LoadError } from "./load-error";

/**
 * One query's region of a page in its three states: `loading` (a skeleton of what comes) until the
 * first answer, the failure in words with Retry, then `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "refetch" | "isFetching">;
  loading: ReactNode;
  /** What could not be loaded, e.g. "The meetings could not be loaded." */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  // A refetch that fails keeps the data it had; only a list never loaded is replaced by the failure.
  if (query.data === undefined) {
    return <LoadError title={failed} message={errorMessage(query.error, "")} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return children(query.data);
}
