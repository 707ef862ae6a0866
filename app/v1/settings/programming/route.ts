// GET|PUT|PATCH /v1/settings/programming — default instructions per platform, default file hosting (surveys:read or meta:read / surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { getProgrammingSettingsOperation, patchProgrammingSettingsOperation, putProgrammingSettingsOperation } from "@/lib/settings/operations";
import { getProgrammingSettings, patchProgrammingSettings, replaceProgrammingSettings } from "@/lib/settings/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getProgrammingSettingsOperation, async ({ auth }) => ({ data: await getProgrammingSettings(auth.workspaceId) })),
  withApi(putProgrammingSettingsOperation, async ({ auth, body }) => ({ data: await replaceProgrammingSettings(auth.workspaceId, body) })),
  withApi(patchProgrammingSettingsOperation, async ({ auth, body }) => ({ data: await patchProgrammingSettings(auth.workspaceId, body) })),
);
