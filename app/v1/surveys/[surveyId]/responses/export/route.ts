// GET /v1/surveys/{surveyId}/responses/export — CSV, SPSS-friendly CSV or SPSS label syntax (surveys:read)
import { exportResponsesOperation } from "@/lib/fielding/operations";
import { exportResponses } from "@/lib/fielding/export";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(exportResponsesOperation, async ({ auth, params, query }) => {
    const file = await exportResponses({ workspaceId: auth.workspaceId, surveyId: params.surveyId, enforceDataAccess: auth.method !== "session" }, query);
    return new Response(file.body, {
      headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.filename}"`, "cache-control": "no-store" },
    });
  }),
);
