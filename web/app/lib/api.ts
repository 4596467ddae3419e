/** The error body every /api/v1 endpoint answers with (see internal/server/errors.go). */
export type ApiErrorBody = { code: string; message: string; fields?: Record<string, string> };

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

/** POST a JSON body to the API; resolves with the decoded answer or rejects with an ApiError. */
export async function postJSON<T>(path: string, body: unknown, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, { code: "network_error", message: "We could not reach the server. Check your connection and try again." });
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = data as Partial<ApiErrorBody> | undefined;
    throw new ApiError(res.status, {
      code: body?.code ?? "unexpected",
      message: body?.message ?? "Something went wrong. Please try again.",
      fields: body?.fields,
    });
  }
  return data as T;
}
