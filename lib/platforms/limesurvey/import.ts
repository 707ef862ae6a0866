import type { ImportedSurvey } from "../linear";
import { parseXml, type XmlNode } from "../xml";
import { pagesOfStructure, type LsGroup, type LsQuestion, type LsQuota } from "./structure";

/**
 * LimeSurvey survey structure (.lss; DBVersion < 400 tables and the later `*_l10ns` layout) → the shared
 * LimeSurvey structure (`./structure.ts`: groups, questions, subquestions, answers, attributes, relevance
 * equations, terminating quotas) in the survey's base language, which is then turned into guarded pages.
 */

export class LssError extends Error {}

type Row = Record<string, string>;

function rowsOf(document: XmlNode, section: string): Row[] {
  const node = document.children.find((entry) => entry.tag === section);
  const rows = node?.children.find((entry) => entry.tag === "rows");
  return (rows?.children ?? []).filter((entry) => entry.tag === "row").map((row) => Object.fromEntries(row.children.map((field) => [field.tag, field.text])));
}

export function looksLikeLss(text: string): boolean {
  return /<LimeSurveyDocType>\s*Survey/.test(text.slice(0, 3000));
}

// ---------------------------------------------------------------- document

export function importLimeSurvey(source: string): ImportedSurvey {
  let roots: XmlNode[];
  try {
    roots = parseXml(source);
  } catch (error) {
    throw new LssError(`The file is not well-formed XML: ${(error as Error).message}`);
  }
  const document = roots.find((node) => node.tag === "document");
  const docType = document?.children.find((node) => node.tag === "LimeSurveyDocType")?.text.trim();
  if (!document || docType !== "Survey") throw new LssError("The XML is not a LimeSurvey survey structure (<document><LimeSurveyDocType>Survey).");
  const languages = document.children.find((node) => node.tag === "languages")?.children.map((node) => node.text.trim()) ?? [];
  const language = languages[0] ?? "en";
  const inLanguage = (row: Row) => !row.language || row.language === language;

  const l10n = (section: string, key: string) => new Map(rowsOf(document, section).filter(inLanguage).map((row) => [row[key], row]));
  const groupTexts = l10n("group_l10ns", "gid");
  const questionTexts = l10n("question_l10ns", "qid");
  const answerTexts = l10n("answer_l10ns", "aid");

  const groups = rowsOf(document, "groups")
    .filter(inLanguage)
    .sort((a, b) => Number(a.group_order) - Number(b.group_order));
  const allQuestions = rowsOf(document, "questions").filter(inLanguage);
  const subRows = rowsOf(document, "subquestions").filter(inLanguage);
  const answerRows = rowsOf(document, "answers").filter(inLanguage);
  const attributes = new Map<string, Record<string, string>>();
  for (const row of rowsOf(document, "question_attributes")) {
    const own = attributes.get(row.qid) ?? {};
    if (!(row.attribute in own)) own[row.attribute] = row.value;
    attributes.set(row.qid, own);
  }
  const sid = rowsOf(document, "surveys")[0]?.sid ?? "";
  const surveyTexts = rowsOf(document, "surveys_languagesettings").filter((row) => !row.surveyls_language || row.surveyls_language === language)[0] ?? {};

  const textOf = (row: Row) => row.question ?? questionTexts.get(row.qid)?.question ?? "";
  const questionOf = (row: Row): LsQuestion => {
    // Newer exports keep subquestions in the questions table with a parent.
    const subs = [
      ...subRows.filter((sub) => sub.parent_qid === row.qid && (sub.scale_id ?? "0") === "0").sort((a, b) => Number(a.question_order) - Number(b.question_order)),
      ...allQuestions.filter((entry) => entry.parent_qid === row.qid),
    ];
    return {
      qid: row.qid,
      gid: row.gid,
      title: row.title,
      type: row.type,
      text: textOf(row),
      relevance: row.relevance,
      mandatory: row.mandatory === "Y",
      other: row.other === "Y",
      subs: subs.map((sub) => ({ code: sub.title, text: textOf(sub), relevance: sub.relevance })),
      answers: answerRows
        .filter((answer) => answer.qid === row.qid && (answer.scale_id ?? "0") === "0")
        .sort((a, b) => Number(a.sortorder) - Number(b.sortorder))
        .map((answer) => ({ code: answer.code, text: answer.answer ?? answerTexts.get(answer.aid)?.answer ?? "" })),
      attributes: attributes.get(row.qid) ?? {},
    };
  };

  const structureGroups: LsGroup[] = groups.map((group) => ({
    gid: group.gid,
    name: group.group_name ?? groupTexts.get(group.gid)?.group_name ?? `Group ${group.gid}`,
    relevance: group.grelevance,
    questions: allQuestions
      .filter((row) => row.gid === group.gid && (!row.parent_qid || row.parent_qid === "0"))
      .sort((a, b) => Number(a.question_order) - Number(b.question_order))
      .map(questionOf),
  }));
  if (!structureGroups.some((group) => group.questions.some((question) => question.type !== "X" && question.type !== "*"))) throw new LssError("The survey structure has no questions.");

  const quotaTexts = new Map(rowsOf(document, "quota_languagesettings").filter((row) => !row.quotals_language || row.quotals_language === language).map((row) => [row.quotals_quota_id, row]));
  const members = rowsOf(document, "quota_members");
  const quotas: LsQuota[] = rowsOf(document, "quota")
    .filter((quota) => quota.action === "1" && quota.active !== "0")
    .map((quota) => ({
      name: quota.name || `Quota ${quota.id}`,
      message: quotaTexts.get(quota.id)?.quotals_message ?? "",
      members: members.filter((entry) => entry.quota_id === quota.id).map((member) => ({ qid: member.qid, code: member.code })),
    }));

  return pagesOfStructure({ sid, title: surveyTexts.surveyls_title ?? "", endText: surveyTexts.surveyls_endtext ?? "", groups: structureGroups, quotas });
}
