import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import type { IRAssumption } from "@/lib/questionnaire/ir";

/**
 * With a language model configured, the probe also asks the model what else the document leaves open that
 * the rules did not flag. Its items are checked before they are asked: the quoted words must be in the
 * document (they become the excerpt and span), the question ids must be questions the compiler found, and
 * nothing the session already asks about is repeated. A model answer cannot change the IR by itself, so
 * its options are the author's words (kept as a note when programming cannot read them as a change,
 * reported as such); the deterministic probe never depends on this pass.
 */

const MAX_ITEMS = 8;
const MAX_TEXT = 60_000;

export const ZModelClarifications = z.object({
  questions: z
    .array(
      z.object({
        question_ids: z.array(z.string().max(40)).max(6).describe("Printed ids of the questions it is about."),
        prompt: z.string().min(10).max(400).describe("The question to the questionnaire's author, in plain words."),
        quote: z.string().min(3).max(400).describe("The exact words of the document it is about, copied verbatim."),
        options: z.array(z.object({ label: z.string().min(1).max(120) })).max(4).describe("Likely answers, best first."),
      }),
    )
    .max(20),
});

const SYSTEM = `You review survey questionnaires before they are programmed and list what the document leaves open: what a survey programmer would have to ask the researcher because the document does not say (for example who is asked a question, where a skip goes, how many answers may be chosen, which scale a grid uses, what a respondent sees when an instruction is ambiguous).
Rules:
- Ask only about what the document really leaves open; never about wording style.
- "quote" copies the document's words exactly (one line or a few words).
- "prompt" is one plain question to the researcher, without technical jargon.
- Skip anything already in the list of questions asked.`;

function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return (value >>> 0).toString(36);
}

export async function modelClarifications(
  model: LanguageModel,
  input: { text: string; questionIds: readonly string[]; asked: readonly string[]; signal?: AbortSignal; timeoutMs?: number },
): Promise<IRAssumption[]> {
  const timeout = AbortSignal.timeout(input.timeoutMs ?? 60_000);
  const result = await generateText({
    model,
    system: SYSTEM,
    prompt: `Questions already asked:\n${input.asked.map((prompt) => `- ${prompt}`).join("\n") || "(none)"}\n\nThe questionnaire:\n${input.text.slice(0, MAX_TEXT)}`,
    output: Output.object({ schema: ZModelClarifications }),
    abortSignal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    maxRetries: 1,
  });
  const parsed = ZModelClarifications.safeParse(result.output);
  if (!parsed.success) return [];
  const known = new Map(input.questionIds.map((id) => [id.toUpperCase(), id]));
  const asked = new Set(input.asked.map((prompt) => prompt.trim().toLowerCase()));
  const out: IRAssumption[] = [];
  for (const item of parsed.data.questions) {
    const start = input.text.indexOf(item.quote.trim());
    if (start < 0 || asked.has(item.prompt.trim().toLowerCase())) continue;
    const questionIds = [...new Set(item.question_ids.map((id) => known.get(id.trim().toUpperCase())).filter((id): id is string => Boolean(id)))];
    const id = `model:${hash(`${item.quote.trim()}\n${item.prompt.trim()}`)}`;
    if (out.some((entry) => entry.id === id)) continue;
    out.push({
      id,
      kind: "review_flag",
      source: "compiler",
      code: "model",
      questionKeys: [],
      questionIds,
      span: { start, end: start + item.quote.trim().length },
      written: item.quote.trim(),
      assumed: item.prompt.trim(),
      candidates: item.options.map((option) => ({ label: option.label, override: { kind: "text" as const, about: "review_flag" as const, assumption: id, text: option.label } })),
    });
    if (out.length >= MAX_ITEMS) break;
  }
  return out;
}
