import { NonRetriableError } from "inngest";
import { commitTurn, finishTurn, runAgent, ZContentEditInput, type TurnOutput } from "@/lib/conversations/turn";
import { defineWorkflow } from "@/lib/workflows/define";

/**
 * `survey.content_edit`: one turn of a conversation with the editing agent — the agent edits a working
 * copy and streams its UI message chunks (run-agent), then every edit is written as one content revision
 * with the summary and `finish` (commit-turn). A cancel between the steps (or during the model's stream)
 * ends the run `cancelled` with no revision; the assistant message is saved however the run ends.
 */
export const contentEditWorkflow = defineWorkflow({
  id: "survey-content-edit",
  kind: "survey.content_edit",
  event: "survey/content-edit.requested",
  input: ZContentEditInput,
  // A retried agent step would stream a second answer after the first; model errors are not retried.
  retries: 1,
  handler: async ({ runId, workspaceId, surveyId, input, step }): Promise<TurnOutput> => {
    if (!surveyId) throw new NonRetriableError("A content edit needs a survey.");
    const scope = { runId, workspaceId, surveyId, input };
    const agent = await step.run("run-agent", () => runAgent(scope));
    return step.run("commit-turn", () => commitTurn(scope, agent));
  },
  onFinish: finishTurn,
});
