import type { ErrorBody } from "./api-types.gen";

export type ApiErrorBody = ErrorBody;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

/** Per-call options: the bearer access token of a signed-in user and a signal to abort the call. */
export type RequestOptions = { token?: string; signal?: AbortSignal };

const NETWORK_ERROR_MESSAGE = "We could not reach the server. Check your connection and try again.";
const FALLBACK_ERROR_MESSAGE = "Something went wrong. Please try again.";

async function requestJSON<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(method, path, body, options)).data;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, { code: "network_error", message: NETWORK_ERROR_MESSAGE });
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const errorBody = data as Partial<ApiErrorBody> | undefined;
    throw new ApiError(res.status, {
      code: typeof errorBody?.code === "string" ? errorBody.code : "unexpected",
      message: typeof errorBody?.message === "string" && errorBody.message ? errorBody.message : FALLBACK_ERROR_MESSAGE,
      fields: errorBody?.fields,
    });
  }
  return { data: data as T, headers: res.headers };
}

/** GET a JSON document; resolves with the decoded answer or rejects with an ApiError. */
export function getJSON<T>(path: string, options?: RequestOptions): Promise<T> {
  return requestJSON<T>("GET", path, undefined, options);
}

/** GET one page of a list whose answer counts every item in X-Total-Count. */
export async function getPage<T>(path: string, options?: RequestOptions): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await request<T[]>("GET", path, undefined, options);
  const items = data ?? [];
  const total = Number(headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}

/** POST a JSON body to the API; resolves with the decoded answer or rejects with an ApiError. */
export function postJSON<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return requestJSON<T>("POST", path, body, options);
}

export function patchJSON<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return requestJSON<T>("PATCH", path, body, options);
}

export function putJSON<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return requestJSON<T>("PUT", path, body, options);
}

/** DELETE a resource; a 204 answer resolves with undefined. */
export function deleteJSON<T = void>(path: string, options?: RequestOptions): Promise<T> {
  return requestJSON<T>("DELETE", path, undefined, options);
}

/** The message to show for a failed call: the server's own text for an ApiError, the fallback otherwise. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}

/**
 * Saves a fetched file through the browser's download: the name from the answer's Content-Disposition, else fallback.
 * Files of the API are fetched with the bearer token (a plain link would carry none), so they are saved from a blob.
 */
export async function saveDownload(res: Response, fallback: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
  saveBlob(await res.blob(), name);
}

/** Saves data held in the page through the browser's download, as a file called name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by then; a large file is read well within the time.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
