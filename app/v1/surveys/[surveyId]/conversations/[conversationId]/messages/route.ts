// POST|GET /v1/surveys/{surveyId}/conversations/{conversationId}/messages — send a message (SSE turn stream) / list messages (surveys:write / surveys:read)
import { listMessagesOperation, sendMessageOperation } from "@/lib/conversations/operations";
import { listMessages, sendMessage } from "@/lib/conversations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(sendMessageOperation, async ({ auth, params, body }) => sendMessage(auth, params.surveyId, params.conversationId, body)),
  withApi(listMessagesOperation, async ({ auth, params }) => ({ data: await listMessages(auth, params.surveyId, params.conversationId) })),
);
