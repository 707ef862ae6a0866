/**
 * OAuth's own error body (RFC 6749 §5.2, RFC 7591 §3.2.2): `{ error, error_description }`. The OAuth
 * endpoints answer in it because OAuth clients (the MCP SDK's among them) read exactly these fields.
 */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }

  toResponse(): Response {
    return Response.json({ error: this.error, error_description: this.description }, { status: this.status, headers: NO_STORE });
  }
}

export const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };
