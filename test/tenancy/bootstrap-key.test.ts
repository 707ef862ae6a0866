import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { bootstrap } from "@/lib/tenancy/bootstrap";
import { client } from "../helpers/api";

const SECRET = "qpk_live_bootstrap_review_0123456789abcdef";

function withBootstrapKey(secret: string | undefined) {
  if (secret === undefined) delete process.env.BOOTSTRAP_API_KEY;
  else process.env.BOOTSTRAP_API_KEY = secret;
  resetEnvForTests();
}

afterEach(() => withBootstrapKey(undefined));

describe("BOOTSTRAP_API_KEY", () => {
  it("is stored as a * key on start, and stays revoked after it is deleted and the server starts again", async () => {
    withBootstrapKey(SECRET);
    await bootstrap();
    const operator = client(SECRET);
    const whoami = await operator.get("/v1/whoami");
    expect(whoami.status).toBe(200);
    const keyId = whoami.body.subject.replace(/^api_key:/, "");
    // A second key to work with once the bootstrap key is gone.
    const second = await operator.post("/v1/api_keys", { name: "admin", scopes: ["*"] });
    expect(second.status).toBe(201);

    expect((await client(second.body.data.key).delete(`/v1/api_keys/${keyId}`)).status).toBe(204);
    expect((await operator.get("/v1/whoami")).status).toBe(401);

    await bootstrap(); // the next start, with the same environment
    expect((await operator.get("/v1/whoami")).status).toBe(401);
  });

  it("stays revoked after it is rotated and the server starts again", async () => {
    const secret = `${SECRET}_rotated`;
    withBootstrapKey(secret);
    await bootstrap();
    const operator = client(secret);
    const keyId = (await operator.get("/v1/whoami")).body.subject.replace(/^api_key:/, "");
    const rotated = await operator.post(`/v1/api_keys/${keyId}/rotate`);
    expect(rotated.status).toBe(200);
    expect((await operator.get("/v1/whoami")).status).toBe(401);

    await bootstrap();
    expect((await operator.get("/v1/whoami")).status).toBe(401);
    expect((await client(rotated.body.data.key).get("/v1/whoami")).status).toBe(200);
  });
});
