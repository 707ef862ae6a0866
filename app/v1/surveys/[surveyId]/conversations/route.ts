// POST|GET /v1/surveys/{surveyId}/conversations — start / list conversations with the editing agent (surveys:write / surveys:read)
import { createConversationOperation, listConversationsOperation } from "@/lib/conversations/operations";
import { createConversation, listConversations } from "@/lib/conversations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(createConversationOperation, async ({ auth, params, body }) => ({ data: await createConversation(auth, params.surveyId, body) })),
  withApi(listConversationsOperation, async ({ auth, params, query }) => listConversations(auth, params.surveyId, query)),
);
