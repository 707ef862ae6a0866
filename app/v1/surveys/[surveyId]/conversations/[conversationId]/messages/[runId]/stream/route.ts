// GET /v1/surveys/{surveyId}/conversations/{conversationId}/messages/{runId}/stream — replay, then follow, a turn's stream (surveys:read)
import { resumeTurnStreamOperation } from "@/lib/conversations/operations";
import { resumeTurnStream } from "@/lib/conversations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(resumeTurnStreamOperation, async ({ auth, params }) => resumeTurnStream(auth, params.surveyId, params.conversationId, params.runId)),
);
