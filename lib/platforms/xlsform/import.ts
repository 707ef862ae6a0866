import { andOf, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice } from "@/lib/survey-document/schemas";
import type { ImportedPage, ImportedSurvey } from "../linear";
import { expressionLogic, type ExpressionQuestion } from "../limesurvey/expression";
import { logicToAst } from "../logic";
import type { ExportWarning } from "../types";
import { isWorkbook, Workbook, WorkbookError, type SheetRows } from "./workbook";

/**
 * XLSForm (the ODK / KoboToolbox / SurveyCTO form definition in an .xlsx workbook) → guarded pages.
 *
 * - `survey` sheet: one row per question; `begin group`/`end group` make pages (a top-level group is a page,
 *   questions outside groups share a page until the next group); `begin repeat` is imported once, with a warning.
 * - `choices` sheet: the option lists of `select_one`/`select_multiple`/`rank` (`or_other` adds an Other option).
 * - `settings` sheet: `form_title` and `default_language`; labels are read in the default language (the
 *   `label::<language>` column it names, else the plain `label` column, else the first language column).
 * - `relevant` expressions (XPath: `${q} = 'a'`, `selected(${q}, 'a')`, `count-selected`, `and`/`or`/`not()`)
 *   are translated by the LimeSurvey ExpressionScript translator, which reads this dialect too; a group's
 *   `relevant` guards its page (top level) or joins its questions' conditions (nested).
 * - What the survey document cannot hold — constraints other than simple numeric bounds, calculations,
 *   choice filters, media and location inputs, metadata fields, dynamic required — becomes a warning that
 *   names the row, never a silent drop.
 */

export class XlsFormError extends Error {}

type Row = Record<string, string>;

/** Rows of a sheet as records keyed by its (trimmed, lower-cased) header row. */
function records(rows: SheetRows | null): { header: string[]; rows: Row[] } {
  if (!rows || rows.length === 0) return { header: [], rows: [] };
  const header = (rows[0] ?? []).map((name) => (name ?? "").trim().toLowerCase());
  const out: Row[] = [];
  for (const row of rows.slice(1)) {
    const record: Row = {};
    let any = false;
    header.forEach((name, index) => {
      const value = (row[index] ?? "").trim();
      if (name && value) {
        record[name] = value;
        any = true;
      }
    });
    if (any) out.push(record);
  }
  return { header, rows: out };
}

/** The column holding a text field (`label`, `hint`) in the chosen language. */
function languageColumn(header: string[], field: string, language: string | null): string | null {
  const localized = header.filter((name) => name.startsWith(`${field}::`));
  if (language) {
    const wanted = `${field}::${language.toLowerCase()}`;
    if (localized.includes(wanted)) return wanted;
  }
  if (header.includes(field)) return field;
  return localized[0] ?? null;
}

export function looksLikeXlsForm(bytes: Uint8Array): boolean {
  if (!isWorkbook(bytes)) return false;
  try {
    return new Workbook(bytes).sheetNames.some((name) => name.trim().toLowerCase() === "survey");
  } catch {
    return false;
  }
}

const TRUE = /^(yes|true|true\(\)|1)$/i;
const FALSE = /^(no|false|false\(\)|0)$/i;

/** Row types that collect nothing a respondent answers (metadata and computed values). */
const METADATA = new Set([
  "start",
  "end",
  "today",
  "deviceid",
  "subscriberid",
  "simserial",
  "phonenumber",
  "username",
  "email",
  "audit",
  "start-geopoint",
  "background-audio",
  "background-geopoint",
  "hidden",
  "xml-external",
  "csv-external",
]);

/** Inputs the survey document has no block type for: imported as open questions, with a warning. */
const MEDIA = new Set(["geopoint", "geotrace", "geoshape", "image", "audio", "video", "file", "barcode", "signature", "background-audio"]);

export function importXlsForm(bytes: Uint8Array): ImportedSurvey {
  let workbook: Workbook;
  try {
    workbook = new Workbook(bytes);
  } catch (error) {
    if (error instanceof WorkbookError) throw new XlsFormError(error.message);
    throw error;
  }
  const survey = records(workbook.sheet("survey"));
  if (!survey.header.includes("type") || !survey.header.includes("name")) throw new XlsFormError("The workbook has no XLSForm survey sheet (a sheet named “survey” with type and name columns).");
  const choices = records(workbook.sheet("choices"));
  const settings = records(workbook.sheet("settings")).rows[0] ?? {};
  const language = settings.default_language ?? null;
  const warnings: ExportWarning[] = [];

  const label = (row: Row, header: string[], field = "label") => {
    const column = languageColumn(header, field, language);
    return column ? (row[column] ?? "") : "";
  };

  // Option lists (choices sheet; the header may say `list name`).
  const lists = new Map<string, TChoice[]>();
  for (const row of choices.rows) {
    const list = row.list_name ?? row["list name"];
    const value = row.name ?? row.value;
    if (!list || !value) continue;
    const options = lists.get(list) ?? [];
    options.push({ value: value.replace(/\.0$/, ""), label: label(row, choices.header) || value });
    lists.set(list, options);
  }

  // First pass: the questions a relevant expression may name, with the type letter the translator expects.
  const kinds = new Map<string, ExpressionQuestion>();
  for (const row of survey.rows) {
    const [base] = (row.type ?? "").split(/\s+/);
    const name = row.name;
    if (!name) continue;
    const letter = base === "select_one" || base === "select_one_from_file" || base === "select_one_external" ? "L" : base === "select_multiple" || base === "select_multiple_from_file" ? "M" : base === "integer" || base === "decimal" || base === "range" ? "N" : base === "date" || base === "datetime" ? "D" : "S";
    kinds.set(name, { type: letter, variable: name });
  }
  const calculated = new Set(survey.rows.filter((row) => (row.type ?? "").trim() === "calculate").map((row) => row.name));
  const lookup = (name: string) => (calculated.has(name) ? null : kinds.has(name) ? { question: kinds.get(name)! } : null);

  function condition(expression: string | undefined, element: string): ConditionAst | null {
    const source = (expression ?? "").trim();
    if (!source || TRUE.test(source)) return null;
    try {
      return logicToAst(expressionLogic(source, lookup));
    } catch (error) {
      const message = (error as Error).message;
      const why = /unknown name “(.+)”/.exec(message);
      const reason = why && calculated.has(why[1]) ? `it names the calculated field ${why[1]}, which is not imported` : message;
      warnings.push({ code: "logic_unsupported", element, reason: `The relevant expression “${source}” cannot be translated (${reason}); the element is always shown.` });
      return null;
    }
  }

  const pages: ImportedPage[] = [];
  let current: ImportedPage | null = null;
  /** Open groups and repeats: name, whether it is a top-level page, its condition (nested ones apply to their blocks). */
  const stack: { kind: "group" | "repeat"; name: string; condition: ConditionAst | null; page: boolean }[] = [];
  const openPage = (name: string, guard: ConditionAst | null) => {
    current = { name, guard, blocks: [] };
    pages.push(current);
    return current;
  };
  const pageFor = (): ImportedPage => current ?? openPage(`Page ${pages.length + 1}`, null);
  const metadata: string[] = [];
  const unsupportedCalculations: string[] = [];

  for (const [index, row] of survey.rows.entries()) {
    const rawType = (row.type ?? "").trim();
    const element = `row ${index + 2} (${row.name ? `${row.name}, ` : ""}${rawType})`;
    if (!rawType) continue;
    const [base, ...rest] = rawType.split(/\s+/);
    const type = base.toLowerCase();
    const text = label(row, survey.header);
    const hint = label(row, survey.header, "hint");

    const what = (rest[0] ?? "").toLowerCase();
    if ((type === "begin" || type === "end") && (what === "group" || what === "repeat")) {
      // "begin group" written with a space (the usual form) or an underscore (below); a bare "end" is the metadata field.
      if (type === "begin") handleBegin(what === "repeat" ? "repeat" : "group", row, text, element);
      else handleEnd();
      continue;
    }
    if (type === "begin_group" || type === "begin_repeat") {
      handleBegin(type === "begin_repeat" ? "repeat" : "group", row, text, element);
      continue;
    }
    if (type === "end_group" || type === "end_repeat") {
      handleEnd();
      continue;
    }
    if (METADATA.has(type) || type.startsWith("uri:")) {
      metadata.push(row.name ?? type);
      continue;
    }
    if (type === "calculate") {
      unsupportedCalculations.push(row.name ?? `row ${index + 2}`);
      continue;
    }

    const name = row.name;
    if (!name) {
      warnings.push({ code: "row_unsupported", element, reason: "The row has no name; it is not imported." });
      continue;
    }
    const inherited = stack.filter((entry) => !entry.page).map((entry) => entry.condition);
    const own = condition(row.relevant, element);
    const showIf = andOf(...inherited, own);
    const content = [text || name, hint].filter(Boolean).join("\n\n");
    const base$ = { content, content_type: "markdown" as const, ...(showIf ? { showIf: printCondition(showIf) } : {}) };
    let required = false;
    if (row.required) {
      if (TRUE.test(row.required)) required = true;
      else if (!FALSE.test(row.required)) warnings.push({ code: "required_unsupported", element, reason: `“required” is the expression “${row.required}”; the question is imported as optional.` });
    }
    const question = { variable: name, required };
    const listOf = (listName: string | undefined): TChoice[] => {
      if (!listName) return [];
      const options = lists.get(listName);
      if (!options) {
        warnings.push({ code: "choices_missing", element, reason: `The choice list “${listName}” is not on the choices sheet; the question has no options.` });
        return [];
      }
      return options.map((option) => ({ ...option }));
    };
    const orOther = rest.some((word) => word.toLowerCase() === "or_other");
    const withOther = (options: TChoice[]) => (orOther ? [...options, { value: "other", label: "Other", other: true }] : options);

    let config: TBlockConfig | null = null;
    switch (type) {
      case "note":
        config = { type: "text", ...base$ };
        break;
      case "select_one":
      case "select_multiple": {
        const options = withOther(listOf(rest[0]));
        const blockType = type === "select_multiple" ? "multiple_choice" : /minimal|autocomplete|search/i.test(row.appearance ?? "") ? "dropdown" : "single_choice";
        config = { type: blockType, ...base$, question: { ...question, options } };
        break;
      }
      case "select_one_from_file":
      case "select_multiple_from_file":
      case "select_one_external": {
        warnings.push({ code: "choices_external", element, reason: `The options come from the external file “${rest.join(" ")}”, which is not part of the workbook; the question is imported without options.` });
        config = { type: type === "select_multiple_from_file" ? "multiple_choice" : "dropdown", ...base$, question: { ...question, options: [] } };
        break;
      }
      case "rank":
        config = { type: "ranking", ...base$, question: { ...question, rows: listOf(rest[0]) } };
        break;
      case "text":
      case "string":
        config = { type: "open_text", ...base$, question };
        break;
      case "integer":
      case "int":
      case "decimal":
      case "range": {
        const bounds: { min?: number; max?: number } = {};
        if (type === "range") {
          const parameters = Object.fromEntries((row.parameters ?? "").split(/[\s;]+/).map((pair) => pair.split("=")).filter((pair) => pair.length === 2));
          if (parameters.start !== undefined && Number.isFinite(Number(parameters.start))) bounds.min = Number(parameters.start);
          if (parameters.end !== undefined && Number.isFinite(Number(parameters.end))) bounds.max = Number(parameters.end);
        }
        config = { type: "number", ...base$, question: { ...question, ...bounds } };
        break;
      }
      case "date":
      case "datetime":
        config = { type: "date", ...base$, question };
        break;
      case "time":
        config = { type: "open_text", ...base$, question };
        warnings.push({ code: "type_unsupported", element, reason: "A time of day is imported as an open question." });
        break;
      case "acknowledge":
        config = { type: "single_choice", ...base$, question: { ...question, options: [{ value: "OK", label: "OK" }] } };
        break;
      default:
        if (MEDIA.has(type)) {
          config = { type: "open_text", ...base$, question };
          warnings.push({ code: "type_unsupported", element, reason: `The ${type} input has no equivalent here; it is imported as an open question.` });
        } else {
          warnings.push({ code: "type_unsupported", element, reason: `The XLSForm type “${rawType}” is not supported; the row is not imported.` });
        }
    }
    if (!config) continue;
    if (config.question) applyConstraint(row, config, element);
    for (const [field, what] of [
      ["choice_filter", "choice filter"],
      ["calculation", "calculation"],
      ["default", "default value"],
      ["repeat_count", "repeat count"],
    ] as const) {
      if (row[field] && config.question) warnings.push({ code: `${field}_unsupported`, element, reason: `The ${what} “${row[field]}” is not imported.` });
    }
    pageFor().blocks.push(config);
  }
  if (stack.length) warnings.push({ code: "group_unclosed", element: `group ${stack[stack.length - 1].name}`, reason: "The group is never closed (no end group); it runs to the end of the form." });
  if (unsupportedCalculations.length) {
    warnings.push({ code: "calculation_unsupported", element: `calculate ${unsupportedCalculations.join(", ")}`, reason: "Calculated fields are not imported; conditions and texts that use them are left as written or dropped (see the other warnings)." });
  }
  if (metadata.length) warnings.push({ code: "metadata_skipped", element: metadata.join(", "), reason: "Metadata fields (device, timestamps, user) collect nothing from the respondent and are not imported." });

  function handleBegin(kind: "group" | "repeat", row: Row, text: string, element: string) {
    const name = row.name || `${kind} ${stack.length + 1}`;
    const ast = condition(row.relevant, element);
    if (kind === "repeat") {
      warnings.push({ code: "repeat_unsupported", element, reason: `The repeat “${name}” is imported once (repeating a set of questions is not supported)${row.repeat_count ? `; its count “${row.repeat_count}” is ignored` : ""}.` });
    }
    if (stack.length === 0) {
      openPage(text || name, ast);
      stack.push({ kind, name, condition: ast, page: true });
    } else {
      stack.push({ kind, name, condition: ast, page: false });
    }
  }

  function handleEnd() {
    stack.pop();
    // Questions after a top-level group go on a page of their own.
    if (stack.length === 0) current = null;
  }

  function applyConstraint(row: Row, config: TBlockConfig, element: string) {
    const constraint = row.constraint;
    if (!constraint) return;
    if (config.type === "number") {
      // Simple bounds: ". >= 0 and . <= 100".
      const parts = constraint.split(/\s+and\s+/i);
      const bounds: { min?: number; max?: number } = {};
      const simple = parts.every((part) => {
        const match = /^\s*\.\s*(>=|<=)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(part);
        if (!match) return false;
        if (match[1] === ">=") bounds.min = Number(match[2]);
        else bounds.max = Number(match[2]);
        return true;
      });
      if (simple) {
        Object.assign(config.question!, bounds);
        return;
      }
    }
    warnings.push({ code: "constraint_unsupported", element, reason: `The constraint “${constraint}” is not imported (only numeric bounds such as “. >= 0 and . <= 100” are).` });
  }

  if (!pages.some((page) => page.blocks.some((block) => block.question))) throw new XlsFormError("The XLSForm has no questions.");
  const named = pages.filter((page) => page.blocks.length > 0);
  named.push({ name: "End of survey", guard: null, status: "complete", blocks: [] });
  return { name: settings.form_title || "Imported XLSForm", pages: named, warnings };
}

