import { andOf, printCondition } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";
import { isNever, linearize } from "../linear";
import { questionKinds, toDnf, toLogic, type Literal, type Logic } from "../logic";
import type { ExportWarning, PlatformExport } from "../types";
import { cdata } from "../xml";

/**
 * Survey document → LimeSurvey survey structure (.lss, the XML of "Export survey structure", DBVersion 366
 * layout): one group per page with the page guard as group relevance, questions with answers and
 * subquestions, relevance equations in ExpressionScript on questions and subquestions, screen-outs as
 * terminating quotas on answer codes (with the page text as the quota message) and the closing page as a
 * last text-only group.
 */

const SID = 100001;
const LANGUAGE = "en";
const CODE = /^[A-Za-z0-9]{1,20}$/;

interface LsQuestion {
  title: string;
  type: string;
  /** Subquestion code per our code (M: options, F: rows). */
  sub: Map<string, string>;
  /** Answer code per our code (L, !: options, F: columns). */
  answers: Map<string, string>;
  qid: number;
}

export function lsCode(code: string, index: number, prefix: string): string {
  return CODE.test(code) ? code : `${prefix}${index + 1}`;
}

function lsTitle(variable: string): string {
  const cleaned = variable.replace(/[^A-Za-z0-9]/g, "");
  return /^[A-Za-z]/.test(cleaned) ? cleaned : `Q${cleaned}`;
}

function html(markdown: string): string {
  return markdown.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/\n/g, "<br />");
}

function lsString(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function typeOf(config: TBlockConfig): string {
  switch (config.type) {
    case "text":
      return "X";
    case "single_choice":
    case "rating":
    case "nps":
      return config.question?.options?.length ? "L" : "N";
    case "dropdown":
      return "!";
    case "multiple_choice":
      return "M";
    case "matrix":
      return "F";
    case "ranking":
      return "R";
    case "number":
      return "N";
    case "date":
      return "D";
    default:
      return "T";
  }
}

function table(name: string, fields: string[], rows: Record<string, string | number | null | undefined>[]): string {
  const out = [` <${name}>`, "  <fields>", ...fields.map((field) => `   <fieldname>${field}</fieldname>`), "  </fields>", "  <rows>"];
  for (const row of rows) {
    out.push("   <row>");
    for (const field of fields) {
      const value = row[field];
      out.push(value === null || value === undefined || value === "" ? `    <${field}/>` : `    <${field}>${cdata(String(value))}</${field}>`);
    }
    out.push("   </row>");
  }
  out.push("  </rows>", ` </${name}>`);
  return out.join("\n");
}

export function exportLimeSurvey(document: TSurveyDocument): PlatformExport {
  const warnings: ExportWarning[] = [];
  const kinds = questionKinds(document);
  const { pages, warnings: flowWarnings } = linearize(document);
  warnings.push(...flowWarnings);

  const questions = new Map<string, LsQuestion>();
  const titles = new Set<string>();
  let qidCounter = 0;
  for (const { page } of pages) {
    for (const block of page.blocks) {
      const question = block.config.question;
      if (!question) continue;
      let title = lsTitle(question.variable);
      while (titles.has(title)) title = `${title}x`;
      titles.add(title);
      if (title !== question.variable) warnings.push({ code: "label_renamed", element: `question ${question.variable}`, reason: `LimeSurvey question codes are letters and digits; ${question.variable} is exported as ${title}.` });
      const type = typeOf(block.config);
      const subList = type === "M" ? question.options : type === "F" ? question.rows : [];
      const answerList = type === "L" || type === "!" ? question.options : type === "F" ? (question.columns ?? question.options) : type === "R" ? (question.rows?.length ? question.rows : question.options) : [];
      questions.set(question.variable, {
        title,
        type,
        sub: new Map((subList ?? []).map((choice, index) => [choice.value, lsCode(choice.value, index, "SQ")])),
        answers: new Map((answerList ?? []).map((choice, index) => [choice.value, lsCode(choice.value, index, "A")])),
        qid: ++qidCounter,
      });
    }
  }

  function literal(lit: Literal, element: string): string | null {
    const info = questions.get(lit.ref.variable);
    if (!info) {
      warnings.push({ code: "unknown_reference", element, reason: `The condition names ${lit.ref.variable}, which is not a question of this survey; that test is left out.` });
      return null;
    }
    const q = info.title;
    const allSubs = () => [...info.sub.values()].map((code) => `${q}_${code}.NAOK`).join(", ");
    switch (lit.kind) {
      case "selected": {
        let test: string | null = null;
        if (lit.ref.row !== undefined) {
          const row = info.sub.get(lit.ref.row);
          const column = info.answers.get(lit.value);
          if (row && column) test = `${q}_${row}.NAOK == ${lsString(column)}`;
        } else if (info.type === "M") {
          const sub = info.sub.get(lit.value);
          if (sub) test = `${q}_${sub}.NAOK == "Y"`;
        } else {
          const answer = info.answers.get(lit.value);
          if (answer) test = `${q}.NAOK == ${lsString(answer)}`;
        }
        if (!test) {
          warnings.push({ code: "unknown_option", element, reason: `${lit.ref.variable} has no option ${lit.value}; that test is left out.` });
          return null;
        }
        return lit.negated ? test.replace(" == ", " != ") : test;
      }
      case "empty": {
        let test: string;
        if (lit.ref.row !== undefined && info.sub.get(lit.ref.row)) test = `is_empty(${q}_${info.sub.get(lit.ref.row)}.NAOK)`;
        else if ((info.type === "M" || info.type === "F") && info.sub.size > 0) test = `count(${allSubs()}) == 0`;
        else test = `is_empty(${q}.NAOK)`;
        return lit.negated ? `!(${test})` : test;
      }
      case "count":
        if (info.type !== "M" || info.sub.size === 0) {
          warnings.push({ code: "condition_unsupported", element, reason: `count() of ${lit.ref.variable} is only expressible for multiple-choice questions in LimeSurvey; that test is left out.` });
          return null;
        }
        return `count(${allSubs()}) ${lit.op === "=" ? "==" : lit.op} ${lit.value}`;
      case "contains": {
        const pattern = `/${lit.value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/i`;
        const test = `regexMatch(${lsString(pattern)}, ${q}.NAOK)`;
        return lit.negated ? `!${test}` : test;
      }
      case "compare": {
        const value = typeof lit.value === "number" ? String(lit.value) : lsString(String(lit.value));
        return `(!is_empty(${q}.NAOK) and ${q}.NAOK ${lit.op === "=" ? "==" : lit.op} ${value})`;
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
        if (!parts.length) return null;
        const joined = parts.join(` ${logic.type} `);
        return top || parts.length === 1 ? joined : `(${joined})`;
      }
    }
  }

  function relevance(condition: string | undefined | null, element: string): string {
    if (!condition) return "1";
    try {
      return print(toLogic(condition, kinds), element) ?? "1";
    } catch (error) {
      warnings.push({ code: "invalid_condition", element, reason: `The condition cannot be read (${(error as Error).message}); it is left out.` });
      return "1";
    }
  }

  const groups: Record<string, string | number>[] = [];
  const questionRows: Record<string, string | number>[] = [];
  const subquestionRows: Record<string, string | number>[] = [];
  const answerRows: Record<string, string | number>[] = [];
  const attributeRows: Record<string, string | number>[] = [];
  const quotaRows: Record<string, string | number>[] = [];
  const quotaMemberRows: Record<string, string | number>[] = [];
  const quotaTextRows: Record<string, string | number>[] = [];
  let subqid = 10000;
  let gidCounter = 0;
  let textCounter = 0;
  let endText = "";

  /** A screen-out as terminating quotas: one quota per OR-term, each term's tests as members (answer codes only). */
  function screenOut(guard: ReturnType<typeof linearize>["pages"][number]["guard"], name: string, message: string): boolean {
    const condition = andOf(...guard);
    if (!condition) return false;
    let dnf: Literal[][] | null;
    try {
      dnf = toDnf(toLogic(condition, kinds), 16);
    } catch {
      return false;
    }
    if (!dnf || dnf.length === 0) return false;
    // A or (B and not A) = A or B: rules tried in order negate the earlier ones, which quotas need not say.
    const same = (a: Literal, b: Literal) => a.kind === "selected" && b.kind === "selected" && a.ref.variable === b.ref.variable && a.ref.row === b.ref.row && a.value === b.value;
    const singles = dnf.filter((term) => term.length === 1).map((term) => term[0]);
    dnf = dnf.map((term) => term.filter((lit) => !(lit.kind === "selected" && lit.negated && singles.some((single) => single.kind === "selected" && !single.negated && same(single, lit)))));
    const members: { qid: number; code: string; title: string }[][] = [];
    for (const term of dnf) {
      const termMembers: { qid: number; code: string; title: string }[] = [];
      for (const lit of term) {
        const info = questions.get(lit.ref.variable);
        if (!info || lit.kind !== "selected" || lit.negated || lit.ref.row !== undefined || !["L", "!", "M"].includes(info.type)) return false;
        const code = info.type === "M" ? info.sub.get(lit.value) : info.answers.get(lit.value);
        if (!code) return false;
        termMembers.push({ qid: info.qid, code, title: info.title });
      }
      // LimeSurvey ORs members of one question and ANDs questions: a term may name each question once.
      if (new Set(termMembers.map((member) => member.qid)).size !== termMembers.length || termMembers.length === 0) return false;
      members.push(termMembers);
    }
    members.forEach((term) => {
      const id = quotaRows.length + 1;
      // One quota per OR-term, all named after the page (the importer joins them back into one screen-out).
      quotaRows.push({ id, sid: SID, name, qlimit: 0, active: 1, action: 1, autoload_url: 0 });
      term.forEach((member, m) => quotaMemberRows.push({ id: quotaMemberRows.length + 1, sid: SID, qid: member.qid, quota_id: id, code: member.code, m }));
      quotaTextRows.push({
        quotals_id: id,
        quotals_quota_id: id,
        quotals_language: LANGUAGE,
        quotals_name: name,
        quotals_message: message,
        quotals_url: "",
        quotals_urldescrip: "",
      });
    });
    return true;
  }

  const lastContent = [...pages].reverse().find(({ page }) => page.assign_response_status !== "disqualified");
  for (const { page, guard } of pages) {
    const element = `page “${page.name}”`;
    const blocks = [...page.blocks].sort((a, b) => a.order - b.order);
    if (page.assign_response_status === "disqualified") {
      const message = blocks.map((block) => html(block.config.content)).join("<br />") || page.name;
      if (screenOut(guard, page.name, message)) continue;
      warnings.push({
        code: "screen_out_unsupported",
        element,
        reason: "LimeSurvey ends a response early only through quotas on answer codes; the way to this screen-out is not such a test, so it is exported as a group shown by relevance and the response completes after it.",
      });
    }
    if (page.assign_response_status === "complete" && page !== lastContent?.page) {
      warnings.push({ code: "complete_page_unsupported", element, reason: "LimeSurvey completes a response only at its end; this earlier complete page is exported as a group shown by relevance." });
    }
    if (page.assign_response_status === "complete" && page === lastContent?.page) endText = blocks.map((block) => html(block.config.content)).join("<br />");
    const gid = ++gidCounter;
    const grelevance = guard.some(isNever) ? "0" : guard.length ? relevance(printCondition(andOf(...guard)!), `the way to ${element}`) : "1";
    groups.push({ gid, sid: SID, group_name: page.name, group_order: gid - 1, description: "", language: LANGUAGE, randomization_group: "", grelevance });
    blocks.forEach((block, order) => {
      const config = block.config;
      const question = config.question;
      const qElement = `question ${question?.variable ?? block.id} on ${element}`;
      const info = question ? questions.get(question.variable)! : null;
      const qid = info?.qid ?? ++qidCounter;
      const title = info?.title ?? `T${++textCounter}x${gid}`;
      const type = info?.type ?? "X";
      questionRows.push({
        qid,
        parent_qid: 0,
        sid: SID,
        gid,
        type,
        title,
        question: html(config.content),
        preg: "",
        help: "",
        other: "N",
        mandatory: question && question.required !== false && type !== "X" ? "Y" : "N",
        question_order: order,
        language: LANGUAGE,
        scale_id: 0,
        same_default: 0,
        relevance: relevance(config.showIf, qElement),
      });
      if (!question || !info) return;
      const subs: TChoice[] = (type === "M" ? question.options : type === "F" ? question.rows : []) ?? [];
      subs.forEach((choice, index) => {
        subquestionRows.push({
          qid: ++subqid,
          parent_qid: qid,
          sid: SID,
          gid,
          type: "T",
          title: info.sub.get(choice.value)!,
          question: html(choice.label),
          preg: "",
          help: "",
          other: "N",
          mandatory: "",
          question_order: index,
          language: LANGUAGE,
          scale_id: 0,
          same_default: 0,
          relevance: relevance(choice.showIf, `${type === "M" ? "option" : "row"} ${choice.value} of ${qElement}`),
        });
      });
      const answers: TChoice[] = (type === "L" || type === "!" ? question.options : type === "F" ? (question.columns ?? question.options) : type === "R" ? (question.rows?.length ? question.rows : question.options) : []) ?? [];
      answers.forEach((choice, index) => {
        if (choice.showIf) {
          warnings.push({ code: "display_logic_unsupported", element: `answer ${choice.value} of ${qElement}`, reason: "LimeSurvey has no relevance on answer options (only on subquestions); the answer is always offered." });
        }
        answerRows.push({ qid, code: info.answers.get(choice.value)!, answer: html(choice.label), sortorder: index + 1, assessment_value: 0, language: LANGUAGE, scale_id: 0 });
      });
      const exclusive = (question.options ?? []).filter((choice) => choice.exclusive).map((choice) => info.sub.get(choice.value)).filter(Boolean);
      if (type === "M" && exclusive.length) attributeRows.push({ qid, attribute: "exclude_all_others", value: exclusive.join(";") });
      if (type === "N") {
        const min = question.min ?? (config.type === "rating" || config.type === "nps" ? 0 : undefined);
        const max = question.max ?? (config.type === "rating" || config.type === "nps" ? 10 : undefined);
        if (min !== undefined) attributeRows.push({ qid, attribute: "min_num_value_n", value: min });
        if (max !== undefined) attributeRows.push({ qid, attribute: "max_num_value_n", value: max });
      }
      if (question.randomize) attributeRows.push({ qid, attribute: "random_order", value: 1 });
    });
  }

  const questionFields = ["qid", "parent_qid", "sid", "gid", "type", "title", "question", "preg", "help", "other", "mandatory", "question_order", "language", "scale_id", "same_default", "relevance"];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<document>",
    " <LimeSurveyDocType>Survey</LimeSurveyDocType>",
    " <DBVersion>366</DBVersion>",
    " <languages>",
    `  <language>${LANGUAGE}</language>`,
    " </languages>",
    table("answers", ["qid", "code", "answer", "sortorder", "assessment_value", "language", "scale_id"], answerRows),
    table("groups", ["gid", "sid", "group_name", "group_order", "description", "language", "randomization_group", "grelevance"], groups),
    table("questions", questionFields, questionRows),
    table("subquestions", questionFields, subquestionRows),
    table("question_attributes", ["qid", "attribute", "value"], attributeRows),
    ...(quotaRows.length
      ? [
          table("quota", ["id", "sid", "name", "qlimit", "active", "action", "autoload_url"], quotaRows),
          table("quota_members", ["id", "sid", "qid", "quota_id", "code"], quotaMemberRows),
          table("quota_languagesettings", ["quotals_id", "quotals_quota_id", "quotals_language", "quotals_name", "quotals_message", "quotals_url", "quotals_urldescrip"], quotaTextRows),
        ]
      : []),
    table("surveys", ["sid", "admin", "language", "additional_languages", "format", "allowprev", "showwelcome", "active", "anonymized", "datestamp"], [
      { sid: SID, admin: "", language: LANGUAGE, additional_languages: "", format: "G", allowprev: "N", showwelcome: "N", active: "N", anonymized: "N", datestamp: "Y" },
    ]),
    table("surveys_languagesettings", ["surveyls_survey_id", "surveyls_language", "surveyls_title", "surveyls_description", "surveyls_welcometext", "surveyls_endtext"], [
      { surveyls_survey_id: SID, surveyls_language: LANGUAGE, surveyls_title: document.survey.name, surveyls_description: "", surveyls_welcometext: "", surveyls_endtext: endText },
    ]),
    "</document>",
  ];
  return { source: parts.join("\n") + "\n", mediaType: "application/xml", extension: "lss", warnings };
}
