import type { ConditionAst } from "@/lib/questionnaire/conditions";
import { andOf, printCondition as printShow } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TBlockType, TChoice } from "@/lib/survey-document/schemas";
import { andLogic, logicToAst, orLogic, type Literal, type Logic } from "../logic";
import type { ImportedPage, ImportedSurvey } from "../linear";
import type { ExportWarning } from "../types";

/**
 * Qualtrics Survey Format (.qsf) → guarded pages: blocks split at page breaks, questions with their
 * recode values as option codes, DisplayLogic on questions and choices, flow Branches as page guards and
 * EndSurvey elements as screen-out / complete pages. Blocks outside the flow (the trash) are left out.
 */

type Json = Record<string, unknown>;

interface QuestionRecord {
  qid: string;
  payload: Json;
  variable: string;
  choiceCodes: Map<string, string>;
  answerCodes: Map<string, string>;
  rowCodes: Map<string, string>;
}

export class QsfError extends Error {}

function asRecord(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

function text(html: unknown): string {
  return String(html ?? "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div)>/gi, "\n")
    .replace(/<b>(.*?)<\/b>/gi, "**$1**")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function orderOf(payload: Json, key: string, orderKey: string): string[] {
  const order = payload[orderKey];
  const entries = Object.keys(asRecord(payload[key]));
  if (Array.isArray(order) && order.length) return order.map((item) => String(typeof item === "object" && item ? (item as Json).ChoiceID ?? item : item)).filter((id) => entries.includes(id));
  return entries;
}

function codes(payload: Json, key: string, orderKey: string, recode: Json): Map<string, string> {
  return new Map(orderOf(payload, key, orderKey).map((id) => [id, String(recode[id] ?? id)]));
}

export function looksLikeQsf(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).trimStart();
  return head.startsWith("{") && head.includes('"SurveyEntry"');
}

export function importQualtrics(source: string): ImportedSurvey {
  let parsed: Json;
  try {
    parsed = JSON.parse(source) as Json;
  } catch (error) {
    throw new QsfError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  const elements = Array.isArray(parsed.SurveyElements) ? (parsed.SurveyElements as Json[]) : null;
  if (!elements) throw new QsfError("The file has no SurveyElements: it is not a Qualtrics survey file (.qsf).");
  const warnings: ExportWarning[] = [];
  const name = String(asRecord(parsed.SurveyEntry).SurveyName ?? "Imported Qualtrics survey");

  const questions = new Map<string, QuestionRecord>();
  for (const element of elements) {
    if (element.Element !== "SQ") continue;
    const payload = asRecord(element.Payload);
    const qid = String(payload.QuestionID ?? element.PrimaryAttribute);
    const recode = asRecord(payload.RecodeValues);
    const isMatrix = payload.QuestionType === "Matrix";
    const rowTags = asRecord(payload.ChoiceDataExportTags);
    const variable = String(payload.DataExportTag ?? qid);
    questions.set(qid, {
      qid,
      payload,
      variable,
      choiceCodes: isMatrix ? new Map() : codes(payload, "Choices", "ChoiceOrder", recode),
      answerCodes: isMatrix ? codes(payload, "Answers", "AnswerOrder", recode) : new Map(),
      rowCodes: isMatrix
        ? new Map(orderOf(payload, "Choices", "ChoiceOrder").map((id) => [id, typeof rowTags[id] === "string" ? String(rowTags[id]).replace(`${variable}_`, "") : id]))
        : new Map(),
    });
  }

  function literalOf(expression: Json, element: string): Logic | null {
    const locator = String(expression.LeftOperand ?? expression.ChoiceLocator ?? "");
    const match = /^q:\/\/(QID\d+)\/(\w+)(?:\/(\d+))?(?:\/(\d+))?/.exec(locator);
    const question = match ? questions.get(match[1]) : undefined;
    if (expression.LogicType !== "Question" || !match || !question) {
      warnings.push({ code: "logic_unsupported", element, reason: `Logic on ${String(expression.LogicType ?? "an unknown operand")} (${locator || "no locator"}) is not imported.` });
      return null;
    }
    const ref = { variable: question.variable };
    const operator = String(expression.Operator);
    const right = String(expression.RightOperand ?? "");
    const number = Number(right);
    const value = right !== "" && Number.isFinite(number) ? number : right;
    const compareOps: Record<string, Extract<Literal, { kind: "compare" }>["op"]> = {
      EqualTo: "=",
      NotEqualTo: "!=",
      LessThan: "<",
      LessThanOrEqual: "<=",
      GreaterThan: ">",
      GreaterThanOrEqual: ">=",
    };
    const lit = (literal: Literal): Logic => ({ type: "literal", literal });
    switch (match[2]) {
      case "SelectableChoice": {
        const code = question.choiceCodes.get(match[3] ?? "");
        if (!code || (operator !== "Selected" && operator !== "NotSelected")) break;
        return lit({ kind: "selected", ref, value: code, negated: operator === "NotSelected" });
      }
      case "SelectableAnswer": {
        const row = question.rowCodes.get(match[3] ?? "");
        const column = question.answerCodes.get(match[4] ?? "");
        if (!row || !column || (operator !== "Selected" && operator !== "NotSelected")) break;
        return lit({ kind: "selected", ref: { variable: question.variable, row }, value: column, negated: operator === "NotSelected" });
      }
      case "SelectedChoicesCount":
        if (compareOps[operator] && typeof value === "number") return lit({ kind: "count", ref, op: compareOps[operator], value });
        break;
      case "SelectedAnswerCount": {
        const row = question.rowCodes.get(match[3] ?? "");
        if (row && compareOps[operator] && typeof value === "number") return lit({ kind: "count", ref: { variable: question.variable, row }, op: compareOps[operator], value });
        break;
      }
      case "ChoiceTextEntryValue":
        if (operator === "Empty" || operator === "NotEmpty") return lit({ kind: "empty", ref, negated: operator === "NotEmpty" });
        if (operator === "Contains" || operator === "DoesNotContain") return lit({ kind: "contains", ref, value: right, negated: operator === "DoesNotContain" });
        if (compareOps[operator]) return lit({ kind: "compare", ref, op: compareOps[operator], value });
        break;
    }
    warnings.push({ code: "logic_unsupported", element, reason: `The test “${operator}” on ${locator} has no equivalent in the condition language; it is not imported.` });
    return null;
  }

  /** A BooleanExpression: groups joined by their Type (Or/And), expressions by Conjuction; AND binds tighter. */
  function conditionOf(logic: unknown, element: string): ConditionAst | null {
    const record = asRecord(logic);
    const groups = Object.keys(record).filter((key) => /^\d+$/.test(key)).sort((a, b) => Number(a) - Number(b));
    const groupTerms: { join: string; logic: Logic }[] = [];
    for (const key of groups) {
      const group = asRecord(record[key]);
      const runs: Logic[][] = [[]];
      for (const index of Object.keys(group).filter((k) => /^\d+$/.test(k)).sort((a, b) => Number(a) - Number(b))) {
        const expression = asRecord(group[index]);
        if (expression.Conjuction === "Or" && runs[runs.length - 1].length) runs.push([]);
        const literal = literalOf(expression, element);
        if (literal) runs[runs.length - 1].push(literal);
      }
      const logicOfGroup = orLogic(...runs.filter((run) => run.length).map((run) => andLogic(...run)));
      if (runs.some((run) => run.length)) groupTerms.push({ join: String(group.Type ?? "Or"), logic: logicOfGroup });
    }
    if (!groupTerms.length) return null;
    const ors: Logic[][] = [[]];
    groupTerms.forEach((term, index) => {
      if (index > 0 && term.join !== "And") ors.push([]);
      ors[ors.length - 1].push(term.logic);
    });
    return logicToAst(orLogic(...ors.map((run) => andLogic(...run))));
  }

  function choiceList(payload: Json, key: string, orderKey: string, codeOf: Map<string, string>, element: string): TChoice[] {
    const choices = asRecord(payload[key]);
    return orderOf(payload, key, orderKey).map((id) => {
      const choice = asRecord(choices[id]);
      const showIf = choice.DisplayLogic ? conditionOf(choice.DisplayLogic, `choice ${id} of ${element}`) : null;
      return {
        value: codeOf.get(id) ?? id,
        label: text(choice.Display),
        ...(choice.ExclusiveAnswer === true || choice.ExclusiveAnswer === "true" ? { exclusive: true } : {}),
        ...(choice.TextEntry === "true" || choice.TextEntry === true ? { other: true } : {}),
        ...(showIf ? { showIf: printShow(showIf) } : {}),
      };
    });
  }

  /** Carry-forward choices (DynamicChoices): the source question's options, each shown when it was (not) selected. */
  function carriedForward(payload: Json): TChoice[] | null {
    const locator = String(asRecord(payload.DynamicChoices).Locator ?? "");
    const match = /^q:\/\/(QID\d+)\/ChoiceGroup\/(SelectedChoices|UnselectedChoices|DisplayedChoices)/.exec(locator);
    const source = match ? questions.get(match[1]) : undefined;
    if (!match || !source) return null;
    const choices = asRecord(source.payload.Choices);
    return orderOf(source.payload, "Choices", "ChoiceOrder").map((id) => {
      const code = source.choiceCodes.get(id) ?? id;
      const quoted = `'${code.replace(/'/g, "\\'")}'`;
      const showIf = match[2] === "SelectedChoices" ? `{${source.variable}} = ${quoted}` : match[2] === "UnselectedChoices" ? `not {${source.variable}} = ${quoted}` : undefined;
      return { value: code, label: text(asRecord(choices[id]).Display), ...(showIf ? { showIf } : {}) };
    });
  }

  function blockConfig(record: QuestionRecord): TBlockConfig | null {
    const { payload, variable } = record;
    const element = `question ${variable}`;
    const type = String(payload.QuestionType);
    const selector = String(payload.Selector ?? "");
    const settings = asRecord(asRecord(payload.Validation).Settings);
    const required = settings.ForceResponse === "ON";
    const content = text(payload.QuestionText) || variable;
    const showIf = payload.DisplayLogic ? conditionOf(payload.DisplayLogic, element) : null;
    const withLogic = (config: TBlockConfig): TBlockConfig => (showIf ? { ...config, showIf: printShow(showIf) } : config);
    const randomize = payload.Randomization ? { randomize: true } : {};
    let blockType: TBlockType;
    switch (type) {
      case "DB":
        return withLogic({ type: "text", content, content_type: "markdown" });
      case "MC": {
        const dynamic = carriedForward(payload);
        if (dynamic) {
          blockType = selector === "MAVR" || selector === "MAHR" || selector === "MACOL" || selector === "MSB" ? "multiple_choice" : selector === "DL" || selector === "SB" ? "dropdown" : "single_choice";
          return withLogic({ type: blockType, content, content_type: "markdown", question: { variable, required, options: [...dynamic, ...choiceList(payload, "Choices", "ChoiceOrder", record.choiceCodes, element)], ...randomize } });
        }
        blockType = selector === "MAVR" || selector === "MAHR" || selector === "MACOL" || selector === "MSB" ? "multiple_choice" : selector === "DL" || selector === "SB" ? "dropdown" : selector === "NPS" ? "nps" : "single_choice";
        const options = choiceList(payload, "Choices", "ChoiceOrder", record.choiceCodes, element);
        return withLogic({ type: blockType, content, content_type: "markdown", question: { variable, required, options, ...randomize } });
      }
      case "Matrix": {
        const rows = choiceList(payload, "Choices", "ChoiceOrder", record.rowCodes, element);
        const columns = choiceList(payload, "Answers", "AnswerOrder", record.answerCodes, element);
        if (payload.SubSelector === "MultipleAnswer") warnings.push({ code: "type_simplified", element, reason: "A multiple-answer matrix is imported as a single-answer grid." });
        return withLogic({ type: "matrix", content, content_type: "markdown", question: { variable, required, rows, columns, ...randomize } });
      }
      case "RO":
        return withLogic({ type: "ranking", content, content_type: "markdown", question: { variable, required, rows: choiceList(payload, "Choices", "ChoiceOrder", record.choiceCodes, element) } });
      case "TE": {
        const contentType = String(settings.ContentType ?? "");
        if (contentType === "ValidNumber") {
          const valid = asRecord(settings.ValidNumber);
          const min = valid.Min !== undefined && valid.Min !== "" ? Number(valid.Min) : undefined;
          const max = valid.Max !== undefined && valid.Max !== "" ? Number(valid.Max) : undefined;
          return withLogic({
            type: "number",
            content,
            content_type: "markdown",
            question: { variable, required, ...(Number.isFinite(min) ? { min } : {}), ...(Number.isFinite(max) ? { max } : {}) },
          });
        }
        if (contentType === "ValidDate") return withLogic({ type: "date", content, content_type: "markdown", question: { variable, required } });
        if (selector === "FORM") {
          const rows = choiceList(payload, "Choices", "ChoiceOrder", record.choiceCodes, element);
          warnings.push({ code: "type_simplified", element, reason: "A text-entry form becomes one open question listing its fields." });
          return withLogic({ type: "open_text", content: `${content}\n\n${rows.map((row) => `- ${row.label}`).join("\n")}`, content_type: "markdown", question: { variable, required } });
        }
        return withLogic({ type: "open_text", content, content_type: "markdown", question: { variable, required } });
      }
      case "Slider":
        return withLogic({ type: "number", content, content_type: "markdown", question: { variable, required } });
      default:
        warnings.push({ code: "type_unsupported", element, reason: `Qualtrics question type ${type}/${selector} is imported as an information text.` });
        return withLogic({ type: "text", content, content_type: "markdown" });
    }
  }

  const blockElement = elements.find((element) => element.Element === "BL");
  const blockPayload = blockElement?.Payload;
  const blockList = (Array.isArray(blockPayload) ? blockPayload : Object.values(asRecord(blockPayload))) as Json[];
  const blocksById = new Map(blockList.map((block) => [String(block.ID), block]));
  const flowElement = elements.find((element) => element.Element === "FL");
  const rootFlow = asRecord(flowElement?.Payload);

  const pages: ImportedPage[] = [];
  const usedNames = new Set<string>();
  const uniqueName = (wanted: string) => {
    // Page names are kept as the platform has them (they may repeat); only invented names avoid clashes.
    let candidate = wanted || `Page ${pages.length + 1}`;
    if (wanted === "End of survey" || wanted === "Screened out") for (let n = 2; usedNames.has(candidate); n++) candidate = `${wanted} (${n})`;
    usedNames.add(candidate);
    return candidate;
  };

  function addBlock(block: Json, guard: ConditionAst | null): number {
    const elementsOfBlock = Array.isArray(block.BlockElements) ? (block.BlockElements as Json[]) : [];
    const description = String(block.Description ?? block.ID);
    const chunks: TBlockConfig[][] = [[]];
    for (const item of elementsOfBlock) {
      if (item.Type === "Page Break") {
        if (chunks[chunks.length - 1].length) chunks.push([]);
        continue;
      }
      if (item.Type !== "Question") continue;
      const record = questions.get(String(item.QuestionID));
      if (!record) continue;
      const config = blockConfig(record);
      if (config) chunks[chunks.length - 1].push(config);
    }
    const kept = chunks.filter((chunk) => chunk.length);
    kept.forEach((chunk, index) => pages.push({ name: uniqueName(kept.length > 1 ? `${description} (${index + 1})` : description), guard, blocks: chunk }));
    return kept.length;
  }

  function walk(flow: unknown, guard: ConditionAst | null) {
    if (!Array.isArray(flow)) return;
    let lastAdded = -1;
    for (const item of flow as Json[]) {
      switch (item.Type) {
        case "Block":
        case "Standard":
        case "Default": {
          const block = blocksById.get(String(item.ID));
          // An empty block adds no page: an EndSurvey after it ends on a page of its own, not on the page before it.
          if (block && block.Type !== "Trash") lastAdded = addBlock(block, guard) > 0 ? pages.length - 1 : -1;
          break;
        }
        case "Branch": {
          const condition = conditionOf(item.BranchLogic, `branch ${String(item.FlowID ?? "")}`);
          walk(item.Flow, andOf(guard, condition));
          lastAdded = -1;
          break;
        }
        case "EndSurvey": {
          const options = asRecord(item.Options);
          const status = options.ResponseFlag === "Screened" ? "disqualified" : "complete";
          if (lastAdded >= 0 && lastAdded === pages.length - 1) pages[lastAdded].status = status;
          else pages.push({ name: uniqueName(status === "complete" ? "End of survey" : "Screened out"), guard, status, blocks: [] });
          return;
        }
        case "Randomizer":
        case "Group":
          if (item.Type === "Randomizer") warnings.push({ code: "randomizer_flattened", element: `flow ${String(item.FlowID ?? "")}`, reason: "A flow randomizer is imported as its elements in order." });
          walk(item.Flow, guard);
          lastAdded = -1;
          break;
        default:
          break;
      }
    }
  }
  walk(rootFlow.Flow, null);
  if (!pages.length) throw new QsfError("The survey flow shows no questions.");
  if (!pages[pages.length - 1].status) {
    pages.push({ name: uniqueName("End of survey"), guard: null, status: "complete", blocks: [] });
  }
  return { name, pages, warnings };
}
