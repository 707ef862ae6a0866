import { parseCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { sortedPages } from "../linear";
import type { ExportWarning, PlatformExport } from "../types";

/**
 * Survey document → SurveyMonkey API v3 survey JSON (the body of `POST /v3/surveys` and the shape of
 * `GET /v3/surveys/{id}/details`): pages with questions by `family`/`subtype`, `headings`, `answers`
 * (`choices`, `rows`, `other`), `required`, numeric validation; question `nickname` carries our variable
 * and choice `weight` the numeric option code.
 *
 * SurveyMonkey's logic is question skip logic: choosing an answer of a single-choice question sends the
 * respondent to a page, the end of the survey or disqualification; and page skip logic (after this page,
 * go to …). Those are written as `skip_logic` on choices and pages. Everything else — display logic on
 * questions, options and rows, conditions on other question types or several questions — cannot be
 * expressed and becomes an export warning.
 */

type Json = Record<string, unknown>;

export function exportSurveyMonkey(document: TSurveyDocument): PlatformExport {
  const warnings: ExportWarning[] = [];
  const pages = sortedPages(document);
  const pageIds = new Map(pages.map((page, index) => [page.id, String(1000 + index + 1)]));
  let questionCounter = 2000;
  let choiceCounter = 5000;
  const lastIndex = pages.length - 1;

  function destination(target: TDocumentPage | undefined): Json | null {
    if (!target) return null;
    const id = pageIds.get(target.id)!;
    return { destination_type: "page", destination_id: id };
  }

  function choices(list: TChoice[] | undefined, element: string, what: string): Json[] {
    return (list ?? []).map((choice, index) => {
      if (choice.showIf) warnings.push({ code: "display_logic_unsupported", element: `${what} ${choice.value} of ${element}`, reason: "SurveyMonkey has no display logic on answer choices or rows; it is always shown." });
      const numeric = /^-?\d+$/.test(choice.value);
      if (!numeric) warnings.push({ code: "code_unsupported", element: `${what} ${choice.value} of ${element}`, reason: "SurveyMonkey choices carry numeric weights only; this code is kept as the choice position." });
      return { id: String(++choiceCounter), text: choice.label, position: index + 1, visible: true, ...(numeric ? { weight: Number(choice.value) } : {}) };
    });
  }

  function question(config: TBlockConfig, position: number, element: string): Json {
    const q = config.question;
    const base: Json = { id: String(++questionCounter), position, headings: [{ heading: config.content }], ...(q ? { nickname: q.variable } : {}) };
    if (q && q.required !== false) base.required = { text: "This question requires an answer.", type: "all", amount: "0" };
    if (config.showIf) warnings.push({ code: "display_logic_unsupported", element, reason: `SurveyMonkey's API has no question display logic; “${config.showIf}” is not exported and the question is always shown.` });
    if (q?.randomize) base.sorting = { type: "random", ignore_last: false };
    const other = q?.options?.find((option) => option.other);
    const options = q?.options?.filter((option) => !option.other);
    const otherJson = other ? { other: { text: other.label, visible: true, is_answer_choice: true, num_lines: 1, num_chars: 50, id: String(++choiceCounter), ...(/^-?\d+$/.test(other.value) ? { weight: Number(other.value) } : {}) } } : {};
    switch (config.type) {
      case "text":
        return { ...base, family: "presentation", subtype: "descriptive_text" };
      case "single_choice":
      case "rating":
      case "nps":
        if (!q?.options?.length) return { ...base, family: "open_ended", subtype: "single", validation: { type: "integer", min: q?.min ?? 0, max: q?.max ?? 10, text: "Enter a whole number." } };
        return { ...base, family: "single_choice", subtype: "vertical", answers: { choices: choices(options, element, "option"), ...otherJson } };
      case "dropdown":
        return { ...base, family: "single_choice", subtype: "menu", answers: { choices: choices(options, element, "option"), ...otherJson } };
      case "multiple_choice":
        if (q?.options?.some((option) => option.exclusive)) {
          warnings.push({ code: "exclusive_unsupported", element, reason: "SurveyMonkey's API has no exclusive answer choice; “None of these” can be ticked with other choices." });
        }
        return { ...base, family: "multiple_choice", subtype: "vertical", answers: { choices: choices(options, element, "option"), ...otherJson } };
      case "matrix":
        return { ...base, family: "matrix", subtype: "single", answers: { rows: choices(q?.rows, element, "row"), choices: choices(q?.columns ?? q?.options, element, "column") } };
      case "ranking": {
        const items = q?.rows?.length ? q.rows : q?.options;
        return { ...base, family: "matrix", subtype: "ranking", answers: { rows: choices(items, element, "item"), choices: (items ?? []).map((_, index) => ({ id: String(++choiceCounter), text: String(index + 1), position: index + 1, weight: index + 1 })) } };
      }
      case "number": {
        const validation = { type: "integer", ...(q?.min !== undefined ? { min: q.min } : {}), ...(q?.max !== undefined ? { max: q.max } : {}), text: "Enter a number." };
        return { ...base, family: "open_ended", subtype: "single", validation };
      }
      case "date":
        return { ...base, family: "datetime", subtype: "date_only" };
      default:
        return { ...base, family: "open_ended", subtype: "essay" };
    }
  }

  /** The codes a condition selects when it is "{X} = 'c'" / "{X} anyof [...]" on one question; else null. */
  function choiceTest(ast: ConditionAst): { variable: string; codes: string[] } | null {
    if (ast.type === "compare" && !ast.ref.row && (ast.op === "=" || ast.op === "anyof")) {
      const values = Array.isArray(ast.value) ? ast.value : [ast.value];
      return { variable: ast.ref.variable, codes: values.map(String) };
    }
    if (ast.type === "or") {
      const parts = ast.operands.map(choiceTest);
      if (parts.some((part) => !part) || new Set(parts.map((part) => part!.variable)).size !== 1) return null;
      return { variable: parts[0]!.variable, codes: parts.flatMap((part) => part!.codes) };
    }
    return null;
  }

  const output: Json[] = pages.map((page, index) => {
    const element = `page “${page.name}”`;
    const blocks = [...page.blocks].sort((a, b) => a.order - b.order);
    const questions = blocks.map((block, position) => question(block.config, position + 1, `question ${block.config.question?.variable ?? block.id} on ${element}`));
    const json: Json = { id: pageIds.get(page.id), title: page.name, description: "", position: index + 1, questions };
    const byVariable = new Map(blocks.map((block, position) => [block.config.question?.variable, { block, json: questions[position] }]));

    if (page.assign_response_status) {
      if (page.assign_response_status !== "complete") json.skip_logic = { destination_type: "disqualification" };
      else if (index !== lastIndex) json.skip_logic = { destination_type: "end_of_survey" };
      return json;
    }
    const taken = new Set<string>();
    for (const rule of [...page.navigation_rules].sort((a, b) => a.order - b.order)) {
      const target = pages.find((candidate) => candidate.id === rule.target_page_id);
      const where = `rule ${rule.order + 1} of ${element}`;
      if (!target) {
        warnings.push({ code: "missing_target", element: where, reason: "The rule leads to a page that no longer exists; it is left out." });
        continue;
      }
      if (!rule.condition) {
        json.skip_logic = destination(target);
        break;
      }
      let test: ReturnType<typeof choiceTest> = null;
      try {
        test = choiceTest(parseCondition(rule.condition));
      } catch {
        test = null;
      }
      const source = test ? byVariable.get(test.variable) : undefined;
      if (!test || !source || !["single_choice", "dropdown"].includes(source.block.config.type) || source.block.config.showIf) {
        warnings.push({
          code: "skip_logic_unsupported",
          element: where,
          reason: `SurveyMonkey skips on the answer of a single-choice question on the same page; “${rule.condition}” is not such a test, so the jump to “${target.name}” is not exported.`,
        });
        continue;
      }
      const answers = (source.json.answers as { choices: Json[]; other?: Json }) ?? { choices: [] };
      const options = source.block.config.question?.options?.filter((option) => !option.other) ?? [];
      for (const code of test.codes) {
        if (taken.has(`${test.variable}:${code}`)) continue;
        taken.add(`${test.variable}:${code}`);
        const otherOption = source.block.config.question?.options?.find((option) => option.other && option.value === code);
        const choice = otherOption ? answers.other : answers.choices[options.findIndex((option) => option.value === code)];
        if (!choice) {
          warnings.push({ code: "unknown_option", element: where, reason: `${test.variable} has no option ${code}; that part of the rule is left out.` });
          continue;
        }
        choice.skip_logic = destination(target);
      }
    }
    return json;
  });

  const body = { title: document.survey.name, nickname: document.survey.slug, language: "en", pages: output };
  return { source: JSON.stringify(body, null, 2), mediaType: "application/json", extension: "json", warnings };
}
