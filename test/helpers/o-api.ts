import { client, request } from "./api";
import { createTenant } from "./tenant";

/** Interface O as a client sees it: the same key, plus the organization header on every call. */
export function orgClient(key: string, organizationId: string) {
  const headers = { "x-org-id": organizationId };
  const raw = client(key);
  return {
    get: (path: string) => raw.get(`/o/v1${path}`, { headers }),
    post: (path: string, body?: unknown) => raw.post(`/o/v1${path}`, body, { headers }),
    put: (path: string, body?: unknown) => raw.put(`/o/v1${path}`, body, { headers }),
    patch: (path: string, body?: unknown) => raw.patch(`/o/v1${path}`, body, { headers }),
    delete: (path: string) => raw.delete(`/o/v1${path}`, { headers }),
    /** `multipart/form-data`, as `curl -F` sends it. */
    async upload(fields: { file?: { name: string; type: string; bytes: Uint8Array | string }; survey_id?: string }, extraHeaders: Record<string, string> = {}) {
      const form = new FormData();
      if (fields.file) form.set("file", new File([fields.file.bytes as BlobPart], fields.file.name, { type: fields.file.type }));
      if (fields.survey_id) form.set("survey_id", fields.survey_id);
      const encoded = new Response(form);
      const body = new Uint8Array(await encoded.arrayBuffer());
      return request("POST", "/o/v1/files", { key, rawBody: body, headers: { ...headers, "content-type": encoded.headers.get("content-type")!, ...extraHeaders } });
    },
  };
}

/** A fresh organization with one workspace and a `*` key, seen through both interfaces. */
export async function createOrg() {
  const tenant = await createTenant();
  return { ...tenant, o: orgClient(tenant.key, tenant.organization.id) };
}
