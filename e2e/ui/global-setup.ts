import { startIdp } from "./idp";
import { appOrigin, IDP_CLIENT_ID, IDP_CLIENT_SECRET, IDP_PORT } from "./settings";

/** Starts the test identity provider for the UI tests; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  const idp = await startIdp({
    port: IDP_PORT,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    redirectUris: [`${appOrigin()}/api/auth/callback/oidc`],
  });
  return async () => idp.close();
}
