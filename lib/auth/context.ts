/** Who is calling and on which tenant: the result of authentication, handed to every handler. */

export type AuthMethod = "api_key" | "session" | "development" | "oauth";

export type AuthContext = {
  method: AuthMethod;
  workspaceId: string;
  organizationId: string;
  scopes: readonly string[];
  /** Stable actor string recorded on revisions and events: `api_key:<id>`, `user:<id>` or `development`. */
  subject: string;
  apiKeyId: string | null;
  userId: string | null;
};
