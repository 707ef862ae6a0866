import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { Scope } from "@/lib/auth/scopes";
import type { ErrorCode } from "./errors";

/**
 * One operation of an interface: its address, the access it needs, and the zod schemas of its input and
 * output. Declared once (in `lib/<domain>/operations.ts`); the route wrapper enforces it and the OpenAPI
 * document is generated from it, so the two cannot disagree.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiName = "P" | "O";

export type Access =
  | { scope: Scope }
  /** Any one of these scopes suffices. */
  | { anyScope: readonly Scope[] }
  /** Any valid credential, whatever its scopes (whoami). */
  | "authenticated"
  /** No credential (the OpenAPI document). */
  | "public";

export type SuccessResponse = {
  status: 200 | 201 | 202 | 204;
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json; streams declare theirs (application/x-ndjson). */
  contentType?: string;
};

export type OperationSpec = {
  api: ApiName;
  method: HttpMethod;
  /** OpenAPI path template relative to the interface's server (`/surveys/{surveyId}`). */
  path: string;
  access: Access;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A `multipart/form-data` body instead of JSON (file uploads): its fields, files as `File` values. Read
   * with the upload limit (100 MiB), not the 1 MiB JSON limit.
   */
  form?: z.ZodObject;
  response: SuccessResponse;
  /** Error codes this operation can answer besides the common ones (400, 401, 403, 429, 500). */
  errors?: readonly ErrorCode[];
};

export function defineOperation<const Spec extends OperationSpec>(spec: Spec): Spec {
  return spec;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export type HandlerInput<Spec extends OperationSpec> = {
  params: Parsed<Spec["params"]>;
  query: Parsed<Spec["query"]>;
  body: Parsed<Spec["body"]>;
  form: Parsed<Spec["form"]>;
  auth: AuthContext;
  request: Request;
  requestId: string;
};

export type HandlerResult<Spec extends OperationSpec> =
  | (Spec["response"]["schema"] extends z.ZodType ? z.input<Spec["response"]["schema"]> : void)
  | Response;
