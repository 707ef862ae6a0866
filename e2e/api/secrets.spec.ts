import { expect, test, uniqueSlug } from "../fixtures";

test("no response contains a full key secret, except the create and rotate responses that issue it", async ({ api }) => {
  // A full lifecycle of keys and the reads around it, every exchange recorded.
  const first = await api.createKey(["surveys:write", "api_keys:read"], { name: "lifecycle" });
  const second = await api.createKey(["*"], { name: "second" });
  const user = api.as(first.key);
  await user.get("/v1/whoami");
  await user.get("/v1/api_keys");
  await user.get(`/v1/api_keys/${first.id}`);
  await user.post("/v1/surveys", { slug: uniqueSlug("secrets"), name: "Secrets" });
  await user.get("/v1/surveys");
  await user.post("/v1/api_keys", { name: "not allowed", scopes: ["surveys:read"] });
  await api.patch(`/v1/api_keys/${first.id}`, { name: "renamed" });
  const rotated = (await api.post(`/v1/api_keys/${first.id}/rotate`)).body.data.key as string;
  await user.get("/v1/whoami"); // the old secret, now refused
  await api.as(rotated).get("/v1/api_keys");
  await api.get("/v1/api_keys?limit=100");
  await api.get(`/v1/api_keys/${second.id}`);
  await api.patch(`/v1/api_keys/${second.id}`, { enabled: false });
  await api.as(second.key).get("/v1/whoami");
  await api.delete(`/v1/api_keys/${second.id}`);
  await api.as(second.key).get("/v1/whoami");
  await api.get("/v1/openapi.json");

  const secrets = [process.env.E2E_BOOTSTRAP_API_KEY!, first.key, second.key, rotated];
  const issuing = (method: string, path: string) => method === "POST" && (path === "/v1/api_keys" || /^\/v1\/api_keys\/[^/]+\/rotate$/.test(path));
  expect(api.exchanges.length).toBeGreaterThan(15);
  for (const exchange of api.exchanges) {
    const everything = `${JSON.stringify(exchange.headers)}\n${exchange.text}`;
    const leaked = secrets.filter((secret) => everything.includes(secret) || everything.includes(secret.slice(9, 40)));
    if (issuing(exchange.method, exchange.path) && exchange.status < 300) {
      // The issuing response carries exactly its own new secret, no other.
      const own = JSON.parse(exchange.text).data.key;
      expect(leaked, `${exchange.method} ${exchange.path}`).toEqual([own]);
    } else {
      expect(leaked, `${exchange.method} ${exchange.path} → ${exchange.status}`).toEqual([]);
    }
  }
});
