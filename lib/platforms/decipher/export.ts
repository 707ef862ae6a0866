import { andOf, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";
import { isNever, linearize } from "../linear";
import { questionKinds, toLogic, type Literal, type Logic } from "../logic";
import type { ExportWarning, PlatformExport } from "../types";
import { escapeXml } from "../xml";

/**
 * Survey document → Decipher (Forsta Surveys) survey XML: one `<block>` per page ending in `<suspend/>`,
 * `<radio>`, `<checkbox>`, `<select>`, `<number>`, `<textarea>`, `<text>` and `<html>` elements with
 * `<row>`/`<col>`/`<choice>` children, `cond=` in Decipher's Python condition syntax on blocks (page
 * guards), questions, rows and columns, `<term>` for screen-outs and the `qualified` marker for completes.
 */

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Row/col labels carry the code when it fits (`r1`, `rNone`); integer codes also go in `value=`. */
export function decipherLabel(prefix: string, code: string, index: number): string {
  return /^[A-Za-z0-9_]+$/.test(code) ? `${prefix}${code}` : `${prefix}${index + 1}`;
}

function pyString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

export function exportDecipher(document: TSurveyDocument): PlatformExport {
  const warnings: ExportWarning[] = [];
  const kinds = questionKinds(document);
  const labels = new Map<string, { label: string; rows: Map<string, string>; cols: Map<string, string>; kind: string; type: string }>();
  for (const page of document.pages) {
    for (const block of page.blocks) {
      const question = block.config.question;
      if (!question) continue;
      const label = IDENT.test(question.variable) ? question.variable : `q_${question.variable.replace(/[^A-Za-z0-9_]/g, "_")}`;
      if (label !== question.variable) warnings.push({ code: "label_renamed", element: `question ${question.variable}`, reason: `Decipher labels are identifiers; ${question.variable} is exported as ${label}.` });
      const isGrid = block.config.type === "matrix";
      const rowList = isGrid || block.config.type === "ranking" ? (question.rows ?? []) : block.config.type === "dropdown" ? [] : (question.options ?? []);
      labels.set(question.variable, {
        label,
        rows: new Map(rowList.map((row, index) => [row.value, decipherLabel("r", row.value, index)])),
        cols: new Map((isGrid ? (question.columns ?? question.options ?? []) : []).map((col, index) => [col.value, decipherLabel("c", col.value, index)])),
        kind: kinds.get(question.variable)?.kind ?? "unknown",
        type: block.config.type,
      });
      if (block.config.type === "dropdown") labels.get(question.variable)!.rows = new Map((question.options ?? []).map((option, index) => [option.value, decipherLabel("ch", option.value, index)]));
    }
  }

  function literal(lit: Literal, element: string): string | null {
    const info = labels.get(lit.ref.variable);
    if (!info) {
      warnings.push({ code: "unknown_reference", element, reason: `The condition names ${lit.ref.variable}, which is not a question of this survey; that test is left out.` });
      return null;
    }
    const q = info.label;
    switch (lit.kind) {
      case "selected": {
        let cell: string | undefined;
        if (lit.ref.row !== undefined) {
          const row = info.rows.get(lit.ref.row);
          const col = info.cols.get(lit.value);
          cell = row && col ? `${q}.${row}.${col}` : undefined;
        } else {
          const row = info.rows.get(lit.value);
          cell = row ? `${q}.${row}` : undefined;
        }
        if (!cell) {
          warnings.push({ code: "unknown_option", element, reason: `${lit.ref.variable} has no option ${lit.value}; that test is left out.` });
          return null;
        }
        return lit.negated ? `not ${cell}` : cell;
      }
      case "empty": {
        const target = lit.ref.row !== undefined && info.rows.get(lit.ref.row) ? `${q}.${info.rows.get(lit.ref.row)}` : q;
        return lit.negated ? `${target}.any` : `not ${target}.any`;
      }
      case "count":
        return `${q}.count ${lit.op === "=" ? "==" : lit.op} ${lit.value}`;
      case "contains": {
        const test = `${pyString(lit.value.toLowerCase())} in ${q}.val.lower()`;
        return lit.negated ? `not (${test})` : test;
      }
      case "compare": {
        const numeric = typeof lit.value === "number";
        const field = numeric ? `${q}.ival` : `${q}.val`;
        return `(${q}.any and ${field} ${lit.op === "=" ? "==" : lit.op} ${numeric ? lit.value : pyString(String(lit.value))})`;
      }
    }
  }

  function print(logic: Logic, element: string, top = true): string | null {
    switch (logic.type) {
      case "true":
        return null;
      case "false":
        return "0";
      case "literal":
        return literal(logic.literal, element);
      case "and":
      case "or": {
        const parts = logic.operands.map((operand) => print(operand, element, false)).filter((part): part is string => part !== null);
        if (parts.length === 0) return null;
        const joined = parts.join(` ${logic.type} `);
        return top || parts.length === 1 ? joined : `(${joined})`;
      }
    }
  }

  function cond(condition: string | null | undefined, element: string): string | null {
    if (!condition) return null;
    try {
      return print(toLogic(condition, kinds), element);
    } catch (error) {
      warnings.push({ code: "invalid_condition", element, reason: `The condition cannot be read (${(error as Error).message}); it is left out.` });
      return null;
    }
  }

  const condAttr = (value: string | null) => (value ? ` cond="${escapeXml(value)}"` : "");
  const { pages, warnings: flowWarnings } = linearize(document);
  warnings.push(...flowWarnings);
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<survey xmlns:builder="http://decipherinc.com/builder" xmlns:html="http://decipherinc.com/html" xmlns:ss="http://decipherinc.com/ss" name="Survey" alt="${escapeXml(document.survey.name)}" state="testing" compat="153" builderCompatible="1" autosave="0" extraVariables="source,record,ipAddress,decLang,list,userAgent" setup="term,decLang,quota,time" displayOnError="all" unmacro="0" mobile="compat" mobileDevices="smartphone,tablet,desktop" unique="" fir="on" html:showNumber="0" secure="1">`,
  );
  out.push('<samplesources default="0">\n  <samplesource list="0">\n    <title>Open Survey</title>\n    <invalid>You are missing information in the URL. Please verify the URL with the original invite.</invalid>\n    <completed>It appears that you have already entered this survey.</completed>\n    <exit cond="terminated">Thank you for taking our survey.</exit>\n    <exit cond="qualified">Thank you for taking our survey. Your efforts are greatly appreciated!</exit>\n    <exit cond="overquota">Thank you for taking our survey.</exit>\n  </samplesource>\n</samplesources>');
  pages.forEach(({ page, guard }, p) => {
    const element = `page “${page.name}”`;
    if (guard.some(isNever)) warnings.push({ code: "unreachable_page", element, reason: "No path through the survey reaches this page; it is exported with cond=\"0\"." });
    const guardCond = guard.some(isNever) ? "0" : cond(guard.length ? printGuard(guard) : null, `the way to ${element}`);
    out.push(`<block label="page_${p + 1}" builder:title="${escapeXml(page.name)}"${condAttr(guardCond)}>`);
    for (const block of [...page.blocks].sort((a, b) => a.order - b.order)) {
      out.push(questionXml(block.config, `${block.id}`, cond, condAttr, labels, warnings));
    }
    out.push("  <suspend/>");
    out.push("</block>");
    if (page.assign_response_status) {
      const endCond = guardCond ?? "1";
      // Pages after a complete page are guarded off, so the respondent runs out of questions and gets the
      // qualified exit; the marker records where (as Decipher projects mark `qualified` at the end).
      if (page.assign_response_status === "complete") out.push(`<marker name="qualified" cond="${escapeXml(endCond)}"/>`);
      else out.push(`<term label="term_page_${p + 1}" cond="${escapeXml(endCond)}">${escapeXml(page.name)}</term>`);
    }
  });
  out.push("</survey>");
  return { source: out.join("\n") + "\n", mediaType: "application/xml", extension: "xml", warnings };
}

function printGuard(guard: ConditionAst[]): string {
  return printCondition(andOf(...guard)!);
}

function markup(markdown: string): string {
  return escapeXml(markdown.replace(/\*\*(.+?)\*\*/g, "\u0001b\u0002$1\u0001/b\u0002")).replace(/\u0001/g, "<").replace(/\u0002/g, ">").replace(/\n/g, "<br/>");
}

function questionXml(
  config: TBlockConfig,
  blockId: string,
  cond: (condition: string | null | undefined, element: string) => string | null,
  condAttr: (value: string | null) => string,
  labels: Map<string, { label: string; rows: Map<string, string>; cols: Map<string, string> }>,
  warnings: ExportWarning[],
): string {
  const question = config.question;
  const title = `    <title>${markup(config.content)}</title>`;
  if (!question || config.type === "text") {
    return `  <html label="${blockId.replace(/[^A-Za-z0-9_]/g, "_")}" where="survey"${condAttr(cond(config.showIf, `text block ${blockId}`))}>${markup(config.content)}</html>`;
  }
  const element = `question ${question.variable}`;
  const info = labels.get(question.variable)!;
  const attrs = `label="${info.label}"${question.required === false ? ' optional="1"' : ' optional="0"'}${condAttr(cond(config.showIf, element))}${question.randomize ? ' shuffle="rows"' : ""}`;
  const choice = (tag: string, prefix: string, list: TChoice[] | undefined, map: Map<string, string>) =>
    (list ?? [])
      .map((item, index) => {
        const label = map.get(item.value) ?? decipherLabel(prefix, item.value, index);
        const value = /^-?\d+$/.test(item.value) ? ` value="${item.value}"` : "";
        const extra = `${item.exclusive ? ' exclusive="1" randomize="0"' : ""}${item.other ? ' open="1" openSize="25" randomize="0"' : ""}`;
        const itemCond = condAttr(cond(item.showIf, `${tag} ${item.value} of ${element}`));
        return `    <${tag} label="${label}"${value}${extra}${itemCond}>${markup(item.label)}</${tag}>`;
      })
      .join("\n");
  switch (config.type) {
    case "single_choice":
    case "rating":
    case "nps":
      if (!question.options?.length) {
        return `  <number ${attrs} size="3" verify="range(${question.min ?? 0},${question.max ?? 10})">\n${title}\n  </number>`;
      }
      return `  <radio ${attrs}>\n${title}\n${choice("row", "r", question.options, info.rows)}\n  </radio>`;
    case "multiple_choice":
      return `  <checkbox ${attrs} atleast="1">\n${title}\n${choice("row", "r", question.options, info.rows)}\n  </checkbox>`;
    case "dropdown":
      return `  <select ${attrs}>\n${title}\n${choice("choice", "ch", question.options, info.rows)}\n  </select>`;
    case "matrix":
      return `  <radio ${attrs}>\n${title}\n${choice("row", "r", question.rows, info.rows)}\n${choice("col", "c", question.columns ?? question.options, info.cols)}\n  </radio>`;
    case "ranking": {
      const items = question.rows?.length ? question.rows : question.options;
      const ranks = (items ?? []).map((_, index) => `    <choice label="ch${index + 1}">${index + 1}</choice>`).join("\n");
      return `  <select ${attrs} minRanks="${items?.length ?? 0}" uses="ranksort.5" unique="cols">\n${title}\n${choice("row", "r", items, info.rows)}\n${ranks}\n  </select>`;
    }
    case "number": {
      const verify = question.min !== undefined || question.max !== undefined ? ` verify="range(${question.min ?? -999999999},${question.max ?? 999999999})"` : "";
      return `  <number ${attrs} size="6"${verify}>\n${title}\n  </number>`;
    }
    case "date":
      return `  <text ${attrs} size="10" verify="date(yyyy-mm-dd)">\n${title}\n  </text>`;
    case "open_text":
      return `  <textarea ${attrs}>\n${title}\n  </textarea>`;
    default:
      warnings.push({ code: "type_unsupported", element, reason: `Block type ${config.type} has no Decipher element; it is exported as a text question.` });
      return `  <text ${attrs}>\n${title}\n  </text>`;
  }
}
