import { z } from "zod";

/** API key scopes (interface document, Authentication). `x:write` satisfies `x:read`; `*` satisfies all. */
export const SCOPES = [
  "*",
  "surveys:read",
  "surveys:write",
  "surveys:share",
  "integrations:read",
  "integrations:write",
  "webhooks:read",
  "webhooks:write",
  "workflows:read",
  "workflows:write",
  "api_keys:read",
  "api_keys:write",
  "meta:read",
] as const;

export type Scope = (typeof SCOPES)[number];

export const ZScope = z.enum(SCOPES).meta({ id: "Scope", description: "An API key scope; `:write` implies `:read`, `*` implies everything." });

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "*": "Full workspace access",
  "surveys:read": "Read surveys, files, questionnaires, programming and content",
  "surveys:write": "Change surveys, files, questionnaires, programming and content",
  "surveys:share": "Share surveys with collaborators",
  "integrations:read": "Read platform connections and upstream surveys",
  "integrations:write": "Manage platform connections",
  "webhooks:read": "Read webhook endpoints, events, event types and deliveries",
  "webhooks:write": "Manage webhook endpoints and redeliver",
  "workflows:read": "Read workflow status and streams",
  "workflows:write": "Control workflows",
  "api_keys:read": "View API keys",
  "api_keys:write": "Create, rotate and delete API keys",
  "meta:read": "Workspace identity and meta reads",
};

export function hasScope(granted: readonly string[], required: Scope): boolean {
  if (granted.includes("*") || granted.includes(required)) return true;
  if (required.endsWith(":read")) return granted.includes(required.replace(/:read$/, ":write"));
  return false;
}

/** Any one of the listed scopes is enough (e.g. settings accept `surveys:read` or `meta:read`). */
export function hasAnyScope(granted: readonly string[], required: readonly Scope[]): boolean {
  return required.some((scope) => hasScope(granted, scope));
}
