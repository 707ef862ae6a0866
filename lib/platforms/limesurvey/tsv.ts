import type { ImportedSurvey } from "../linear";
import type { ExportWarning } from "../types";
import { pagesOfStructure, type LsGroup, type LsQuestion } from "./structure";

/**
 * LimeSurvey's tab-separated survey structure (the ".txt" export meant for editing in a spreadsheet) → the
 * shared LimeSurvey structure (`./structure.ts`), so it is read with the same question types and the same
 * ExpressionScript translation as the .lss. One row per survey setting (S, SL), group (G), question (Q),
 * subquestion (SQ) and answer (A); relationships are by proximity (a question belongs to the group above it,
 * subquestions and answers to the question above them). The base language comes first; the translated
 * copies after it are skipped. Columns are found by their header names, so older exports (without `id` and
 * `related_id`) and newer ones read alike.
 */

export class LimeSurveyTsvError extends Error {}

/** Tab-separated rows with spreadsheet quoting: a quoted field may hold tabs, newlines and doubled quotes. */
export function parseTsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const text = source.replace(/^\ufeff/, "");
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
      i++;
      continue;
    }
    if (c === "\t") {
      row.push(field);
      field = "";
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      continue;
    }
    field += c;
    i++;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const HEADER = /^\ufeff?(?:id\trelated_id\t)?class\ttype\/scale\tname\t/;

export function looksLikeLimeSurveyTsv(text: string): boolean {
  return HEADER.test(text.slice(0, 200));
}

/** Columns of the export that are not question attributes. */
const CORE = new Set(["id", "related_id", "class", "type/scale", "name", "relevance", "text", "help", "language", "validation", "mandatory", "encrypted", "other", "default", "same_default"]);

export function importLimeSurveyTsv(source: string): ImportedSurvey {
  if (!looksLikeLimeSurveyTsv(source)) throw new LimeSurveyTsvError("The text is not a LimeSurvey tab-separated survey structure (its header must start with class, type/scale, name).");
  const [header, ...lines] = parseTsv(source);
  const column = new Map(header.map((name, index) => [name.trim(), index]));
  const cell = (line: string[], name: string) => (column.has(name) ? (line[column.get(name)!] ?? "") : "");
  const warnings: ExportWarning[] = [];

  const settings = new Map<string, string>();
  const languageSettings = new Map<string, string>();
  for (const line of lines) {
    if (cell(line, "class") === "S") settings.set(cell(line, "name"), cell(line, "text"));
  }
  // The base language: the survey setting, else the language of the first group.
  const language = settings.get("language") || cell(lines.find((line) => cell(line, "class") === "G") ?? [], "language") || "";
  const inLanguage = (line: string[]) => !language || !cell(line, "language") || cell(line, "language") === language;
  for (const line of lines) {
    if (cell(line, "class") === "SL" && inLanguage(line) && !languageSettings.has(cell(line, "name"))) languageSettings.set(cell(line, "name"), cell(line, "text"));
  }

  const groups: LsGroup[] = [];
  let question: LsQuestion | null = null;
  let qid = 0;
  const seenGroups = new Set<string>();
  const unsupported = new Map<string, number>();
  let translations = false;
  for (const line of lines) {
    if (translations) break;
    const kind = cell(line, "class").trim();
    if (!kind || kind === "S" || kind === "SL") continue;
    if (!inLanguage(line)) continue;
    switch (kind) {
      case "G": {
        const name = cell(line, "name") || `Group ${groups.length + 1}`;
        // A second copy of a group in the base language means the translated copies have begun (no language column).
        if (!cell(line, "language") && seenGroups.has(name)) {
          translations = true;
          break;
        }
        seenGroups.add(name);
        groups.push({ gid: cell(line, "id") || `g${groups.length + 1}`, name, relevance: cell(line, "relevance"), questions: [] });
        question = null;
        break;
      }
      case "Q": {
        if (groups.length === 0) groups.push({ gid: "g1", name: "Questions", questions: [] });
        const group = groups[groups.length - 1];
        const attributes: Record<string, string> = {};
        for (const [name, index] of column) if (!CORE.has(name) && line[index]) attributes[name] = line[index];
        question = {
          qid: cell(line, "id") || String(++qid),
          gid: group.gid,
          title: cell(line, "name"),
          type: cell(line, "type/scale"),
          text: cell(line, "text"),
          relevance: cell(line, "relevance"),
          mandatory: cell(line, "mandatory") === "Y",
          other: cell(line, "other") === "Y",
          subs: [],
          answers: [],
          attributes,
        };
        group.questions.push(question);
        break;
      }
      case "SQ":
        if (!question) break;
        if ((cell(line, "type/scale") || "0") !== "0") break;
        question.subs.push({ code: cell(line, "name"), text: cell(line, "text"), relevance: cell(line, "relevance") });
        break;
      case "A":
        if (!question) break;
        if ((cell(line, "type/scale") || "0") !== "0") break;
        question.answers.push({ code: cell(line, "name"), text: cell(line, "text") });
        break;
      default:
        unsupported.set(kind, (unsupported.get(kind) ?? 0) + 1);
    }
  }
  for (const [kind, count] of unsupported) {
    const what = kind === "C" ? "legacy conditions (use relevance equations)" : kind.startsWith("QTA") ? "quota rows" : `rows of class ${kind}`;
    warnings.push({ code: "row_unsupported", element: `${count} ${kind} row${count === 1 ? "" : "s"}`, reason: `The tab-separated import does not read ${what}; they are not imported.` });
  }
  if (!groups.some((group) => group.questions.some((entry) => entry.type !== "X" && entry.type !== "*"))) throw new LimeSurveyTsvError("The survey structure has no questions.");
  return pagesOfStructure(
    { sid: settings.get("sid") ?? "", title: languageSettings.get("surveyls_title") ?? "", endText: languageSettings.get("surveyls_endtext") ?? "", groups, quotas: [] },
    warnings,
  );
}
