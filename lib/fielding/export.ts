import type { Response as ResponseRow } from "@/lib/generated/prisma/client";
import { readStoredContent, tipServiceDocument } from "@/lib/content/service";
import { notFound } from "@/lib/http/errors";
import { db } from "@/lib/db/client";
import { sortedPages } from "@/lib/preview/engine";
import type { TDocumentBlock, TSurveyDocument } from "@/lib/survey-document/schemas";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { choicesOf } from "./respondent";
import { readableModes, sweepAbandonedResponses, type ResponseReader } from "./responses";

/**
 * Response exports, in question order of the survey's tip content:
 * - `csv`: one row per response, one column per variable (grids: per row), answers as their labels;
 * - `spss`: the same rows with codes only, multiple choice as one 0/1 column per option and ranking as
 *   one rank column per item, names made SPSS-safe — ready for `GET DATA /TYPE=TXT`;
 * - `labels`: SPSS syntax with the variable and value labels of the `spss` columns.
 */

type Column = {
  name: string;
  label: string;
  /** Code → label, for the labels file and the readable CSV. */
  values?: { code: string; label: string }[];
  read: (answers: Record<string, unknown>, other: Record<string, string>, readable: boolean) => string | number | null;
};

const META = ["response_id", "link_id", "mode", "status", "content_revision", "started_at", "completed_at"] as const;

/** SPSS names: a letter first, then letters, digits, `_` and `.` (not last), at most 64 characters. */
export function spssName(name: string): string {
  let safe = name.replace(/[^A-Za-z0-9_.]/g, "_").replace(/\.+$/, "");
  if (!/^[A-Za-z]/.test(safe)) safe = `v${safe}`;
  return safe.slice(0, 64);
}

function plain(markdown: string): string {
  return markdown.replace(/[*_`#>]/g, "").replace(/\s+/g, " ").trim().slice(0, 250);
}

function columnsOf(block: TDocumentBlock, format: "csv" | "spss"): Column[] {
  const question = block.config.question;
  if (!question || block.config.type === "text") return [];
  const variable = question.variable;
  const label = plain(block.config.content);
  const choices = choicesOf(block);
  const labelOf = (code: string) => choices.find((choice) => choice.value === code)?.label ?? code;
  const columns: Column[] = [];
  switch (block.config.type) {
    case "multiple_choice":
      if (format === "spss") {
        for (const choice of choices) {
          columns.push({
            name: `${variable}_${choice.value}`,
            label: `${label}: ${choice.label}`,
            values: [{ code: "0", label: "Not chosen" }, { code: "1", label: "Chosen" }],
            read: (answers) => (Array.isArray(answers[variable]) ? ((answers[variable] as string[]).includes(choice.value) ? 1 : 0) : null),
          });
        }
      } else {
        columns.push({ name: variable, label, read: (answers) => (Array.isArray(answers[variable]) ? (answers[variable] as string[]).map(labelOf).join("; ") : null) });
      }
      break;
    case "matrix": {
      const columnLabels = (question.columns ?? []).map((column) => ({ code: column.value, label: column.label }));
      for (const row of question.rows ?? []) {
        columns.push({
          name: `${variable}_${row.value}`,
          label: `${label}: ${row.label}`,
          values: columnLabels,
          read: (answers, _other, readable) => {
            const code = (answers[variable] as Record<string, string> | undefined)?.[row.value];
            if (code === undefined) return null;
            return readable ? (columnLabels.find((column) => column.code === code)?.label ?? code) : code;
          },
        });
      }
      break;
    }
    case "ranking":
      if (format === "spss") {
        for (const choice of choices) {
          columns.push({
            name: `${variable}_${choice.value}`,
            label: `${label}: rank of ${choice.label}`,
            read: (answers) => (Array.isArray(answers[variable]) ? (answers[variable] as string[]).indexOf(choice.value) + 1 || null : null),
          });
        }
      } else {
        columns.push({ name: variable, label, read: (answers) => (Array.isArray(answers[variable]) ? (answers[variable] as string[]).map(labelOf).join("; ") : null) });
      }
      break;
    case "single_choice":
    case "dropdown":
    case "rating":
    case "nps":
      columns.push({
        name: variable,
        label,
        values: choices.map((choice) => ({ code: choice.value, label: choice.label })),
        read: (answers, _other, readable) => {
          const code = answers[variable];
          if (typeof code !== "string") return null;
          return readable ? labelOf(code) : code;
        },
      });
      break;
    default:
      columns.push({ name: variable, label, read: (answers) => (answers[variable] === undefined ? null : (answers[variable] as string | number)) });
  }
  if (choices.some((choice) => choice.other)) {
    columns.push({ name: `${variable}_other`, label: `${label}: other (specify)`, read: (_answers, other) => other[variable] ?? null });
  }
  return columns;
}

export function exportColumns(document: TSurveyDocument | null, format: "csv" | "spss", responses: ResponseRow[]): Column[] {
  const columns = document ? sortedPages(document).flatMap((page) => [...page.blocks].sort((a, b) => a.order - b.order).flatMap((block) => columnsOf(block, format))) : [];
  // Hidden variables and answers to questions the tip no longer has still get a column, after the questions.
  const covered = new Set(document ? sortedPages(document).flatMap((page) => page.blocks.map((block) => block.config.question?.variable)) : []);
  const rest = [...new Set(responses.flatMap((response) => Object.keys(response.answers as object)))].filter((name) => !covered.has(name)).sort();
  for (const name of rest) {
    columns.push({ name, label: name, read: (answers) => (answers[name] === undefined ? null : typeof answers[name] === "object" ? JSON.stringify(answers[name]) : (answers[name] as string | number)) });
  }
  return columns;
}

/** One CSV cell: quoted when needed; text that a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type ExportFormat = "csv" | "spss" | "labels";

export async function exportResponses(
  reader: ResponseReader,
  options: { format: ExportFormat; mode?: string; status?: string },
): Promise<{ filename: string; contentType: string; body: string }> {
  const { workspaceId, surveyId } = reader;
  const survey = await getSurveyOrThrow(workspaceId, surveyId);
  const modes = reader.enforceDataAccess ? await readableModes(workspaceId, options.mode) : options.mode ? [options.mode] : undefined;
  await sweepAbandonedResponses({ surveyId });
  const prisma = await db();
  const document = await tipServiceDocument(prisma, surveyId);
  const responses = await prisma.response.findMany({
    where: { workspaceId, surveyId, ...(modes ? { mode: { in: modes } } : {}), ...(options.status ? { status: options.status } : {}) },
    orderBy: { id: "asc" },
    take: 100_000,
  });
  const format = options.format === "csv" ? "csv" : "spss";
  const columns = exportColumns(document, format, responses);
  const names = columns.map((column) => (format === "spss" ? spssName(column.name) : column.name));
  const base = `${survey.slug}-responses`;
  if (options.format === "labels") {
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const lines = ["* SPSS labels for " + base + "-spss.csv.", "VARIABLE LABELS"];
    columns.forEach((column, index) => lines.push(`  ${names[index]} ${quote(column.label)}${index === columns.length - 1 ? "." : ""}`));
    const valued = columns.map((column, index) => ({ column, name: names[index] })).filter(({ column }) => column.values?.length);
    if (valued.length > 0) {
      lines.push("VALUE LABELS");
      valued.forEach(({ column, name }, index) => {
        const numeric = column.values!.every((value) => /^-?\d+(\.\d+)?$/.test(value.code));
        lines.push(`  ${name}`);
        for (const value of column.values!) lines.push(`    ${numeric ? value.code : quote(value.code)} ${quote(value.label)}`);
        lines.push(index === valued.length - 1 ? "." : "  /");
      });
    }
    lines.push("EXECUTE.");
    return { filename: `${base}-labels.sps`, contentType: "text/plain; charset=utf-8", body: `${lines.join("\r\n")}\r\n` };
  }
  const header = [...META, ...names].map(csvCell).join(",");
  const rows = responses.map((response) => {
    const answers = response.answers as Record<string, unknown>;
    const other = response.otherText as Record<string, string>;
    const meta = [response.id, response.linkId, response.mode, response.status, response.contentRevision, response.startedAt.toISOString(), response.completedAt?.toISOString() ?? null];
    return [...meta, ...columns.map((column) => column.read(answers, other, format === "csv"))].map(csvCell).join(",");
  });
  return {
    filename: `${base}${format === "spss" ? "-spss" : ""}.csv`,
    contentType: "text/csv; charset=utf-8",
    body: `${format === "csv" ? "\uFEFF" : ""}${[header, ...rows].join("\r\n")}\r\n`,
  };
}

/** A response's answers in question order, as readable text (the Responses section's detail view). */
export function readableAnswers(document: TSurveyDocument | null, response: ResponseRow): { name: string; question: string; answer: string | null }[] {
  const answers = response.answers as Record<string, unknown>;
  const other = response.otherText as Record<string, string>;
  return exportColumns(document, "csv", [response]).map((column) => {
    const value = column.read(answers, other, true);
    return { name: column.name, question: column.label, answer: value === null ? null : String(value) };
  });
}

/** The stored response row, for the signed-in Responses section (the API serializes it with `serializeResponse`). */
export async function responseRowOrThrow(workspaceId: string, surveyId: string, responseId: string): Promise<{ response: ResponseRow; document: TSurveyDocument | null }> {
  const prisma = await db();
  const response = await prisma.response.findFirst({ where: { id: responseId, surveyId, workspaceId } });
  if (!response) throw notFound("response");
  const revision = await prisma.contentRevision.findFirst({ where: { surveyId, revision: response.contentRevision, platform: "service" } });
  return { response, document: revision ? readStoredContent(revision).document : null };
}
