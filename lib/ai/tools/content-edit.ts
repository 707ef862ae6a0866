import { tool, type ToolSet } from "ai";
import { z } from "zod";
import { applyContentOperations, CONTENT_OPERATIONS, type TContentChange, type TContentOperation } from "@/lib/content-operations";
import { resolveQuestion } from "@/lib/conversations/grammar";
import { validateSurveyDocument } from "@/lib/questionnaire";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * The editing agent's tools (CONVENTIONS §7: a factory per turn, over that turn's working copy). Every
 * content operation of lib/content-operations is one tool with the operation's own zod schema, so the
 * model, Interface O, the UI editor and the deterministic agent share one set of edits. Edits apply to
 * the working copy; the turn commits all of them as one revision at its end. A tool error (unknown id,
 * invalid condition, a delete still referenced) goes back to the model as the tool's error.
 */

export type EditSession = {
  document: TSurveyDocument;
  /** Operations applied so far, with created ids filled in. */
  operations: TContentOperation[];
  changes: TContentChange[];
  actor: string;
};

export function outlineOf(document: TSurveyDocument): string {
  const lines: string[] = [];
  const cut = (text: string, length = 100) => {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
  };
  for (const page of document.pages) {
    lines.push(`Page "${page.name}" id=${page.id}${page.assign_response_status ? ` (ends the response: ${page.assign_response_status})` : ""}${document.first_page_id === page.id ? " [start]" : ""}`);
    for (const block of page.blocks) {
      const question = block.config.question;
      const choices = (list?: { value: string; label: string; exclusive?: boolean }[]) =>
        list?.length ? list.map((choice) => `${choice.value}=${cut(choice.label, 40)}${choice.exclusive ? " (exclusive)" : ""}`).join("; ") : "";
      lines.push(
        `  - block id=${block.id} ${question ? `${question.variable} ` : ""}[${block.config.type}]${question && !question.required ? " optional" : ""} "${cut(block.config.content)}"` +
          (question?.options?.length ? ` options: ${choices(question.options)}` : "") +
          (question?.rows?.length ? ` rows: ${choices(question.rows)}` : "") +
          (question?.columns?.length ? ` columns: ${choices(question.columns)}` : "") +
          (block.config.showIf ? ` showIf: ${block.config.showIf}` : ""),
      );
    }
    for (const rule of page.navigation_rules) lines.push(`  → rule id=${rule.id}: ${rule.condition ? `if ${rule.condition} ` : "always "}go to page id=${rule.target_page_id}`);
  }
  return lines.join("\n");
}

export function contentEditTools(session: EditSession): ToolSet {
  const tools: ToolSet = {
    read_outline: tool({
      description: "The survey's current outline: pages, blocks (with ids, variables, types, options with codes), display conditions and navigation rules.",
      inputSchema: z.object({}),
      execute: async () => outlineOf(session.document),
    }),
    read_question: tool({
      description: "One question in full (JSON), by its variable (Q3), position (the last question) or a word of its wording.",
      inputSchema: z.object({ question: z.string().min(1).max(200) }),
      execute: async ({ question }) => {
        const block = resolveQuestion(session.document, question);
        return { page_id: block.page.id, block: { id: block.id, order: block.order, config: block.config } };
      },
    }),
    validate: tool({
      description: "Runs the survey validator on the working copy: unknown variables or codes in conditions, unreachable pages, questions without options, …",
      inputSchema: z.object({}),
      execute: async () => validateSurveyDocument(session.document).issues.map(({ code, severity, message }) => ({ code, severity, message })),
    }),
  };
  for (const operation of CONTENT_OPERATIONS) {
    const schema = operation as unknown as z.ZodObject<{ op: z.ZodLiteral<string> }>;
    const name = schema.shape.op.value;
    tools[name] = tool({
      description: schema.meta()?.description ?? name,
      inputSchema: schema.omit({ op: true }),
      execute: async (input: object) => {
        const result = applyContentOperations(session.document, [{ op: name, ...input } as TContentOperation], { actor: session.actor, now: new Date() });
        session.document = result.document;
        session.operations.push(...result.applied);
        session.changes.push(...result.changes);
        return { changes: result.changes.map((change) => change.summary) };
      },
    });
  }
  return tools;
}
