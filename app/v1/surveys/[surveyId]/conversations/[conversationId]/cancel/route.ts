// POST /v1/surveys/{surveyId}/conversations/{conversationId}/cancel — cancel the turn in progress (surveys:write)
import { cancelTurnOperation } from "@/lib/conversations/operations";
import { cancelTurn } from "@/lib/conversations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(cancelTurnOperation, async ({ auth, params }) => ({ data: await cancelTurn(auth, params.surveyId, params.conversationId) })),
);
