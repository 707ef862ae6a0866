/** OAuth 2.1 for MCP clients: metadata, client registration, consent, tokens, revocation, `/mcp` auth. */
export { authenticateMcpToken } from "./authenticate";
export { AUTHORIZATION_PARAMS, checkAuthorizationRequest, decideAuthorization, type AuthorizationRequest } from "./authorization";
export { registerClient, redirectUriProblem } from "./clients";
export { NO_STORE, OAuthProtocolError } from "./errors";
export { listConnectedApps, revokeConnectedApp, revokeToken, type ConnectedApp } from "./grants";
export { authorizationServerMetadata, mcpResourceUrl, protectedResourceMetadata, protectedResourceMetadataUrl } from "./resource";
export { tokenResponse } from "./server";
