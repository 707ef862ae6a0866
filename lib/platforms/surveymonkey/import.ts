import type { TBlockConfig, TChoice } from "@/lib/survey-document/schemas";
import type { ImportedPage, ImportedSurvey } from "../linear";
import type { ExportWarning } from "../types";

/**
 * SurveyMonkey API v3 survey JSON (`GET /v3/surveys/{id}/details`, or our export) → pages with rules:
 * questions by family/subtype, choice `weight` as option code (else the position), question `nickname`
 * (else the page/position) as variable, choice and page `skip_logic` as navigation rules, a page that
 * disqualifies as a screen-out and a closing text-only page as the complete page.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- upstream JSON is untyped; every field is checked where it is read
type Json = Record<string, any>;

export class SurveyMonkeyJsonError extends Error {}

export function looksLikeSurveyMonkey(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && Array.isArray((value as Json).pages) && ((value as Json).pages as Json[]).every((page) => Array.isArray(page.questions)));
}

function label(html: unknown): string {
  return String(html ?? "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .trim();
}

function heading(question: Json): string {
  return label(question.headings?.[0]?.heading);
}

export function importSurveyMonkey(source: string): ImportedSurvey {
  let body: Json;
  try {
    body = JSON.parse(source) as Json;
  } catch (error) {
    throw new SurveyMonkeyJsonError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!looksLikeSurveyMonkey(body)) throw new SurveyMonkeyJsonError("The JSON has no pages with questions: it is not a SurveyMonkey survey.");
  const warnings: ExportWarning[] = [];
  const pages = [...(body.pages as Json[])].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  const codeOf = (choice: Json, index: number) => (choice.weight !== undefined && choice.weight !== null ? String(choice.weight) : String(index + 1));
  // Choices and rows the survey hides (`visible: false`) are not shown to respondents: they are left out (codes keep their position).
  const list = (items: Json[] | undefined): TChoice[] =>
    [...(items ?? [])]
      .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
      .map((choice, index) => ({ choice, value: codeOf(choice, index) }))
      .filter(({ choice }) => choice.visible !== false)
      .map(({ choice, value }) => ({ value, label: label(choice.text) }));
  const hiddenCount = (answers: Json) => [...((answers.choices as Json[]) ?? []), ...((answers.rows as Json[]) ?? [])].filter((item) => item.visible === false).length;

  const imported: ImportedPage[] = pages.map((page, p) => {
    const rules: { condition?: string; target: string }[] = [];
    const blocks: TBlockConfig[] = [];
    const questions = [...((page.questions as Json[]) ?? [])].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
    questions.forEach((question, q) => {
      const variable = String(question.nickname || `P${p + 1}Q${q + 1}`);
      const required = Boolean(question.required);
      const content = heading(question) || variable;
      const family = String(question.family);
      const subtype = String(question.subtype ?? "");
      const answers = (question.answers ?? {}) as Json;
      const choices = [...((answers.choices as Json[]) ?? [])].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
      const options = list(choices);
      const other = answers.other && answers.other.is_answer_choice !== false ? [{ value: answers.other.weight !== undefined ? String(answers.other.weight) : "other", label: String(answers.other.text ?? "Other"), other: true }] : [];
      const element = `question ${variable}`;
      const hidden = hiddenCount(answers);
      if (hidden) warnings.push({ code: "type_simplified", element, reason: `${hidden} hidden choice(s) or row(s) (visible: false) are left out.` });
      const randomize = question.sorting?.type === "random" ? { randomize: true } : {};
      switch (family) {
        case "presentation":
          blocks.push({ type: "text", content, content_type: "markdown" });
          break;
        case "single_choice":
          blocks.push({ type: subtype === "menu" ? "dropdown" : "single_choice", content, content_type: "markdown", question: { variable, required, options: [...options, ...other], ...randomize } });
          break;
        case "multiple_choice":
          blocks.push({ type: "multiple_choice", content, content_type: "markdown", question: { variable, required, options: [...options, ...other], ...randomize } });
          break;
        case "matrix":
          if (subtype === "ranking") blocks.push({ type: "ranking", content, content_type: "markdown", question: { variable, required, rows: list(answers.rows) } });
          else if (Array.isArray(answers.cols) && answers.cols.length) {
            // A matrix of drop-down menus: each column has its own choices, so each column becomes a grid of its own.
            const cols = answers.cols as Json[];
            cols.forEach((col, c) => {
              const columnVariable = cols.length > 1 ? `${variable}_${c + 1}` : variable;
              const columnContent = cols.length > 1 ? `${content} — ${label(col.text)}` : content;
              blocks.push({ type: "matrix", content: columnContent, content_type: "markdown", question: { variable: columnVariable, required, rows: list(answers.rows), columns: list(col.choices) } });
            });
            if (cols.length > 1) warnings.push({ code: "type_simplified", element, reason: `A matrix of drop-down menus with ${cols.length} columns is imported as one grid per column.` });
          } else blocks.push({ type: "matrix", content, content_type: "markdown", question: { variable, required, rows: list(answers.rows), columns: options } });
          break;
        case "open_ended":
          if (subtype === "single" && question.validation && ["integer", "decimal"].includes(question.validation.type)) {
            const { min, max } = question.validation as Json;
            blocks.push({ type: "number", content, content_type: "markdown", question: { variable, required, ...(min !== undefined && min !== null ? { min: Number(min) } : {}), ...(max !== undefined && max !== null ? { max: Number(max) } : {}) } });
          } else blocks.push({ type: "open_text", content, content_type: "markdown", question: { variable, required } });
          if (subtype === "multi") warnings.push({ code: "type_simplified", element, reason: "A multiple-textbox question is imported as one open question." });
          break;
        case "datetime":
          blocks.push({ type: "date", content, content_type: "markdown", question: { variable, required } });
          break;
        case "demographic": {
          // Contact-information questions: one open question listing the fields the survey shows.
          const fields = list(answers.rows);
          warnings.push({ code: "type_simplified", element, reason: `SurveyMonkey family ${family}/${subtype} is imported as one open question listing its ${fields.length} shown fields.` });
          blocks.push({ type: "open_text", content: fields.length ? `${content}\n\n${fields.map((field) => `- ${field.label}`).join("\n")}` : content, content_type: "markdown", question: { variable, required } });
          break;
        }
        default:
          warnings.push({ code: "type_unsupported", element, reason: `SurveyMonkey family ${family}/${subtype} is imported as an open question.` });
          blocks.push({ type: "open_text", content, content_type: "markdown", question: { variable, required } });
      }
      if (family === "single_choice") {
        const byTarget = new Map<string, string[]>();
        const all = [...choices.map((choice, index) => ({ choice, code: codeOf(choice, index) })), ...(answers.other ? [{ choice: answers.other as Json, code: other[0]?.value ?? "other" }] : [])];
        for (const { choice, code } of all) {
          const skip = choice.skip_logic as Json | undefined;
          if (!skip?.destination_id || skip.destination_type !== "page") continue;
          byTarget.set(String(skip.destination_id), [...(byTarget.get(String(skip.destination_id)) ?? []), code]);
        }
        for (const [target, codes] of byTarget) {
          rules.push({ condition: codes.length === 1 ? `{${variable}} = '${codes[0].replace(/'/g, "\\'")}'` : `{${variable}} anyof [${codes.map((code) => `'${code.replace(/'/g, "\\'")}'`).join(", ")}]`, target });
        }
      }
    });
    const skip = page.skip_logic as Json | undefined;
    let status: string | undefined;
    if (skip?.destination_type === "page" && skip.destination_id) rules.push({ target: String(skip.destination_id) });
    if (skip?.destination_type === "disqualification") status = "disqualified";
    if (skip?.destination_type === "end_of_survey") status = "complete";
    return { name: String(page.title || `Page ${p + 1}`), key: String(page.id ?? p + 1), guard: null, blocks, rules, ...(status ? { status } : {}) };
  });
  // SurveyMonkey surveys often keep an empty first page (no questions, no logic): it is left out unless logic jumps to it.
  const targets = new Set(imported.flatMap((page) => (page.rules ?? []).map((rule) => rule.target)));
  const kept = imported.filter((page) => page.blocks.length || page.rules?.length || page.status || targets.has(String(page.key)));
  if (kept.length && kept.length < imported.length) imported.splice(0, imported.length, ...kept);
  const last = imported[imported.length - 1];
  if (last && !last.status && last.rules?.length === 0 && last.blocks.length > 0 && last.blocks.every((block) => block.type === "text")) last.status = "complete";
  return { name: String(body.title ?? "Imported SurveyMonkey survey"), pages: imported, warnings };
}
