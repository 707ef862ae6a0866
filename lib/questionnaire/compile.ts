import { type TAttention, type TBlockType, type TChoice, type TDocumentBlock, type TDocumentNavigationRule, type TDocumentPage, type TSurveyDocument, ZSurveyDocument } from "@/lib/survey-document/schemas";
import { andOf, type ConditionAst, conditionRefs, parseCondition, printCondition } from "./conditions";
import type { IRAssumption, IRInfo, IRItem, IROption, IRQuestion, IRSection, QuestionnaireIR, QuestionType, RouteTarget } from "./ir";
import { missingRouteTarget } from "./parse/assumptions";
import { type ForwardJump, landingPage, skippedConditions } from "./skipped-questions";
import { labelledFirst, nounInitialName, normalizeName } from "./parse/logic";
import { separateProgrammerText, unprogrammedNotes } from "./programmer-notes";

/**
 * compileQuestionnaire: questionnaire IR → canonical survey document (DESIGN §4). One question per page by
 * default (or one page per section); display conditions become `showIf`; routing becomes navigation rules
 * in the condition language; screen-outs go to a page that ends the response as `disqualified`, the end
 * of the questionnaire to a page that ends it as `complete`. What could not be programmed is kept and
 * flagged for a human (`attentionRequired` / `attention_required` with the reason).
 */

export interface CompileOptions {
  survey: { id: string; slug: string; name: string };
  questionnaireRevision: number | null;
  groupBy?: "question" | "section";
}

const BLOCK_TYPE: Record<QuestionType, TBlockType> = {
  single: "single_choice",
  multi: "multiple_choice",
  dropdown: "dropdown",
  grid: "matrix",
  open: "open_text",
  numeric: "number",
  date: "date",
  ranking: "ranking",
  rating: "rating",
  nps: "nps",
  info: "text",
};

const DEFAULT_END = "Thank you for completing this survey.";
const DEFAULT_SCREEN_OUT = "Thank you for your time. Unfortunately you do not qualify for this survey.";

interface PagePlan {
  page: TDocumentPage;
  items: IRItem[];
  attention: string[];
}

function choiceOf(option: IROption): TChoice {
  const out: TChoice = { value: option.code, label: option.label };
  if (option.exclusive) out.exclusive = true;
  if (option.other) out.other = true;
  // Per-choice display logic ("Display This Choice: If …"), when it could be programmed.
  if (option.showIf?.condition) out.showIf = option.showIf.condition;
  return out;
}

function escapeMarkdown(text: string): string {
  // Keep the wording as written; only stop line starts from turning into headings or list markers by accident.
  return text
    .split("\n")
    .map((line) => line.replace(/^(\s*)([#>+]|\d+\.(?=\s)|[-*](?=\s))/, "$1\\$2"))
    .join("\n\n");
}

/** One compiler flag per reason (the review panel lists and dismisses them one by one). */
function attention(reasons: string[]): TAttention | undefined {
  const unique = [...new Set(reasons.filter(Boolean))];
  if (unique.length === 0) return undefined;
  return { reason: unique.join(" "), dismissed: false, flags: unique.map((reason) => ({ source: "compiler" as const, reason, dismissed: false })) };
}

function mergeAttention(existing: TAttention | undefined, reasons: string[]) {
  const kept = existing && !existing.dismissed ? (existing.flags?.map((flag) => flag.reason) ?? [existing.reason]) : [];
  return attention([...kept, ...reasons]);
}

export function compileQuestionnaire(ir: QuestionnaireIR, options: CompileOptions): TSurveyDocument {
  return compileWithAssumptions(ir, options).document;
}

/** compileQuestionnaire, also returning what compiling assumed (routes whose target is not there). */
export function compileWithAssumptions(ir: QuestionnaireIR, options: CompileOptions): { document: TSurveyDocument; assumptions: IRAssumption[] } {
  const assumptions: IRAssumption[] = [];
  const groupBy = options.groupBy ?? "question";
  const source = (item: IRItem) => ({
    questionnaire_revision: options.questionnaireRevision,
    start: item.span.start,
    end: Math.max(item.span.start, item.span.end),
    excerpt: item.excerpt,
  });

  let pageCounter = 0;
  let blockCounter = 0;
  let ruleCounter = 0;
  const newPage = (name: string): TDocumentPage => ({ id: `p${++pageCounter}`, name, order: 0, blocks: [], navigation_rules: [] });

  const endInfo = ir.items.filter((item): item is IRInfo => item.kind === "info" && item.role === "end");
  const terminateInfo = ir.items.filter((item): item is IRInfo => item.kind === "info" && item.role === "terminate");
  const surveyItems = ir.items.filter((item) => !(item.kind === "info" && (item.role === "end" || item.role === "terminate")));

  // ------------------------------------------------------------------ pages and blocks
  const plans: PagePlan[] = [];
  /** Programmer notes taken out of each element's respondent-facing text (flagged for review below). */
  const programmerNotes = new Map<string, string[]>();
  const blockOf = new Map<string, TDocumentBlock>();
  const pageOfItem = new Map<string, PagePlan>();
  let currentSection: string | undefined = "\u0000";
  let currentPrintedPage: string | undefined = "\u0000";
  // Grouped pages still break where routing needs a page boundary: before a routing target, after a
  // question that routes, and where the questionnaire prints a new page.
  const targets = groupBy === "section" ? routeTargetKeys(ir, surveyItems) : new Set<string>();
  let previous: IRItem | undefined;
  for (const item of surveyItems) {
    let plan = plans[plans.length - 1];
    const routesAway = previous?.kind === "question" && (previous.routes.length > 0 || previous.options.some((option) => option.route));
    const startNew =
      groupBy === "question" ||
      !plan ||
      item.section !== currentSection ||
      targets.has(item.key) ||
      routesAway ||
      item.pageBreakBefore === true ||
      (item.page !== undefined && item.page !== currentPrintedPage);
    previous = item;
    currentPrintedPage = item.page ?? currentPrintedPage;
    if (startNew) {
      const name = item.kind === "question" ? item.variable : item.role === "intro" ? "Introduction" : "Information";
      plan = { page: newPage(groupBy === "section" ? sectionName(ir, item.section) ?? name : name), items: [], attention: [] };
      plans.push(plan);
      currentSection = item.section;
    }
    plan.items.push(item);
    pageOfItem.set(item.key, plan);
    const notes: string[] = [];
    const block = buildBlock(item, `b${++blockCounter}`, plan.page.blocks.length, source(item), notes);
    programmerNotes.set(item.key, notes);
    plan.page.blocks.push(block);
    blockOf.set(item.key, block);
  }

  const completePage = newPage("End");
  completePage.assign_response_status = "complete";
  completePage.blocks.push({
    id: `b${++blockCounter}`,
    order: 0,
    config: {
      type: "text",
      content: escapeMarkdown(endInfo.map((info) => info.text).filter(Boolean).join("\n") || DEFAULT_END),
      content_type: "markdown",
      ...(endInfo[0] ? { source: source(endInfo[0]) } : {}),
    },
  });
  let screenOutPage: TDocumentPage | null = null;
  const screenOut = () => {
    if (!screenOutPage) {
      screenOutPage = newPage("Screen-out");
      screenOutPage.assign_response_status = "disqualified";
      screenOutPage.blocks.push({
        id: `b${++blockCounter}`,
        order: 0,
        config: {
          type: "text",
          content: escapeMarkdown(terminateInfo.map((info) => info.text).filter(Boolean).join("\n") || DEFAULT_SCREEN_OUT),
          content_type: "markdown",
          ...(terminateInfo[0] ? { source: source(terminateInfo[0]) } : {}),
        },
      });
    }
    return screenOutPage;
  };

  // ------------------------------------------------------------------ navigation
  const questions = surveyItems.filter((item): item is IRQuestion => item.kind === "question");
  const itemIndex = new Map<string, number>();
  surveyItems.forEach((item, index) => itemIndex.set(item.key, index));
  const planIndex = (plan: PagePlan) => plans.indexOf(plan);

  const byName = new Map<string, IRQuestion[]>();
  for (const question of questions) {
    for (const name of new Set([question.id, question.variable, ...question.aliases].map(normalizeName))) byName.set(name, [...(byName.get(name) ?? []), question]);
  }
  const findQuestion = (ref: string, after: number, from?: IRQuestion): IRQuestion | undefined => {
    // "#anchor": the question (or section) whose heading the document's link points to.
    if (ref.startsWith("#")) return anchoredQuestion(ref.slice(1));
    const exact = byName.get(normalizeName(ref));
    const name = exact ? normalizeName(ref) : (nounInitialName(normalizeName(ref)) ?? "");
    const matches = labelledFirst(exact ?? byName.get(name) ?? [], ref, name);
    // A printed id that only names a question within its part (numbering restarts per section, the id is
    // qualified): the question of the routing question's own section, never one of an earlier part.
    const local = (question: IRQuestion) => question.id !== ref && normalizeName(question.id) !== name && normalizeName(question.variable) !== name;
    if (from && matches.length && matches.every(local)) {
      const sameSection = matches.filter((question) => question.section === from.section);
      return sameSection.find((question) => (itemIndex.get(question.key) ?? 0) > after) ?? sameSection[0] ?? matches.find((question) => (itemIndex.get(question.key) ?? 0) > after);
    }
    return matches.find((question) => (itemIndex.get(question.key) ?? 0) > after) ?? matches[0];
  };
  const anchoredQuestion = (anchor: string): IRQuestion | undefined => {
    const wanted = anchor.toLowerCase();
    const exact = questions.find((question) => headingSlug(question.text.split("\n")[0]) === wanted);
    if (exact) return exact;
    const section = ir.sections.find((entry) => headingSlug(entry.title) === wanted || (entry.label && headingSlug(`${entry.label} ${entry.title}`) === wanted));
    if (section) return questions.find((question) => question.section === section.key);
    return questions.find((question) => headingSlug(question.text).startsWith(wanted));
  };
  const pageAfter = (plan: PagePlan): TDocumentPage => plans[planIndex(plan) + 1]?.page ?? completePage;

  const resolveTarget = (target: RouteTarget, from: IRQuestion): { page?: TDocumentPage; problem?: string; next?: boolean } => {
    const at = itemIndex.get(from.key) ?? 0;
    switch (target.kind) {
      case "terminate":
        return { page: screenOut() };
      case "end":
        return { page: completePage };
      case "next":
        return { next: true };
      case "question": {
        const question = findQuestion(target.ref, at, from);
        if (!question) return { problem: `it goes to ${target.ref}, which is not a question of this survey` };
        return { page: pageOfItem.get(question.key)!.page };
      }
      case "skip": {
        const question = findQuestion(target.ref, at, from);
        if (!question) return { problem: `it skips ${target.ref}, which is not a question of this survey` };
        return { page: pageAfter(pageOfItem.get(question.key)!) };
      }
      case "page": {
        const first = surveyItems.find((item) => item.page === target.label);
        if (!first) return { problem: `it goes to page ${target.label}, which the questionnaire does not mark` };
        return { page: pageOfItem.get(first.key)!.page };
      }
      case "section": {
        const section = findSection(ir, target.label);
        const first = section && surveyItems.find((item) => item.section === section.key);
        if (!first) return { problem: `it goes to section ${target.label}, which is not found` };
        return { page: pageOfItem.get(first.key)!.page };
      }
    }
  };

  // Routing past questions ("Yes → skip to 19 / No → skip to 25", "If No, skip directly to Part V", "IF Q3 = 2 SKIP
  // TO Q7"): the questions a forward jump passes over are asked only when the jump was not taken, which their display
  // condition says too (skipped-questions.ts decides which questions, and never where another route enters the range).
  const skipConditions = new Map<string, ConditionAst[]>();
  const pageIndex = (page: TDocumentPage) => {
    const at = plans.findIndex((entry) => entry.page === page);
    return at < 0 ? plans.length : at;
  };
  const jumps: ForwardJump[] = [];
  // A jump lands on the first page it would pass over that holds a question written for the respondents who take it.
  const ownAt = (at: number) => plans[at].items.flatMap((entry) => (entry.kind === "question" && !entry.askAll ? [ownConditions(entry)] : []));
  const landing = (plan: PagePlan, page: TDocumentPage, taken: ConditionAst): TDocumentPage => {
    const to = pageIndex(page);
    if (to >= plans.length) return page;
    return plans[landingPage(planIndex(plan), to, taken, ownAt)].page;
  };

  for (const plan of plans) {
    for (const item of plan.items) {
      if (item.kind !== "question") continue;
      const rules: { condition?: string; page: TDocumentPage }[] = [];
      // Answer-level routing: group the answers that go to the same place.
      const byTarget = new Map<string, { page: TDocumentPage; codes: string[] }>();
      for (const option of item.options) {
        if (!option.route) continue;
        const resolved = resolveTarget(option.route, item);
        if (resolved.next) continue;
        if (!resolved.page) {
          plan.attention.push(`The routing on answer ${option.code} of ${item.variable} was not programmed: ${resolved.problem}.`);
          assumptions.push(missingRouteTarget(ir, item, { at: { kind: "option", code: option.code }, target: option.route, text: option.routeText ?? option.label, span: option.span }, resolved.problem!));
          continue;
        }
        const entry = byTarget.get(resolved.page.id) ?? { page: resolved.page, codes: [] };
        entry.codes.push(option.code);
        byTarget.set(resolved.page.id, entry);
      }
      if (item.type !== "multi") {
        for (const entry of byTarget.values()) {
          const ref = { variable: item.variable };
          const taken: ConditionAst = entry.codes.length === 1 ? { type: "compare", ref, op: "=", value: entry.codes[0] } : { type: "compare", ref, op: "anyof", value: entry.codes };
          entry.page = landing(plan, entry.page, taken);
          jumps.push({ from: planIndex(plan), to: pageIndex(entry.page), taken, answers: { variable: item.variable, codes: entry.codes, total: item.options.length } });
        }
      }
      for (const { page, codes } of byTarget.values()) {
        const ref = { variable: item.variable };
        const ast: ConditionAst =
          codes.length === 1 && item.type !== "multi" ? { type: "compare", ref, op: "=", value: codes[0] } : { type: "compare", ref, op: "anyof", value: codes };
        rules.push({ condition: printCondition(ast), page });
      }
      // Question-level routing ("IF Q3 = 2 SKIP TO Q7", "TERMINATE IF S1 ≠ 1").
      const unconditional: TDocumentPage[] = [];
      for (const route of item.routes) {
        const resolved = resolveTarget(route.target, item);
        if (resolved.next) continue;
        if (!resolved.page) {
          plan.attention.push(`The routing "${route.text}" was not programmed: ${resolved.problem}.`);
          assumptions.push(missingRouteTarget(ir, item, { at: { kind: "route", start: route.span.start, text: route.text }, target: route.target, text: route.text, span: route.span }, resolved.problem!));
          continue;
        }
        if (!route.when) {
          unconditional.push(resolved.page);
          continue;
        }
        if (!route.when.condition) {
          plan.attention.push(`The routing "${route.text}" was not programmed: ${route.when.unresolved ?? "its condition was not understood"}.`);
          continue;
        }
        let taken: ConditionAst | null = null;
        try {
          taken = parseCondition(route.when.condition);
        } catch {
          // A condition the condition language cannot read stays a navigation rule only.
        }
        const page = taken ? landing(plan, resolved.page, taken) : resolved.page;
        rules.push({ condition: route.when.condition, page });
        if (taken) jumps.push({ from: planIndex(plan), to: pageIndex(page), taken });
      }
      // Unconditional jumps come last (the first true rule decides); they are kept even when they name the
      // page that follows anyway, so the programmed survey says what the questionnaire says.
      for (const page of unconditional) rules.push({ page });
      for (const rule of rules) {
        const navigation: TDocumentNavigationRule = {
          id: `r${++ruleCounter}`,
          order: plan.page.navigation_rules.length,
          target_page_id: rule.page.id,
        };
        if (rule.condition) navigation.condition = rule.condition;
        plan.page.navigation_rules.push(navigation);
      }
    }
  }

  for (const { at, condition } of skippedConditions(jumps, plans.length)) {
    for (const skipped of plans[at].items) {
      // A question printed "ASK ALL" / "BASE: ALL …", or with its own display condition on the jump's source
      // question ("BASE: ALL WHO BOUGHT (Q1=1)", "For non-drinkers only"), keeps its own base there.
      if (skipped.kind !== "question" || skipped.askAll) continue;
      const jumpRefs = conditionRefs(condition).map((ref) => ref.variable);
      if (ownConditionRefs(skipped).some((variable) => jumpRefs.includes(variable))) continue;
      skipConditions.set(skipped.key, [...(skipConditions.get(skipped.key) ?? []), condition]);
    }
  }

  // ------------------------------------------------------------------ display conditions
  const hiddenVariables = new Map(ir.hiddenVariables.map((variable) => [variable.name, variable.label]));
  const variableKinds = new Map(ir.hiddenVariables.map((variable) => [variable.name, variable.kind ?? "hidden"]));
  const announcedHidden = new Set<string>();
  for (const item of surveyItems) {
    const block = blockOf.get(item.key)!;
    const reasons: string[] = [];
    const conditions: ConditionAst[] = [];
    for (const condition of item.askIf) {
      if (condition.condition) {
        try {
          conditions.push(parseCondition(condition.condition));
        } catch {
          reasons.push(`The display condition "${condition.text}" could not be programmed.`);
        }
      } else if (condition.unresolved) {
        reasons.push(`Shown only "${condition.text.replace(/\s+/g, " ").trim()}" in the questionnaire, but this was not programmed: ${condition.unresolved}.`);
      }
    }
    conditions.push(...(skipConditions.get(item.key) ?? []));
    const combined = andOf(...conditions);
    if (combined) block.config.showIf = printCondition(combined);
    // Say once, on the first block that uses it, that a hidden variable must be set before fielding.
    const usesHidden = [...hiddenVariables.keys()].filter((name) => block.config.showIf?.includes(`{${name}}`) && !announcedHidden.has(name));
    for (const name of usesHidden) {
      announcedHidden.add(name);
      reasons.push(
        variableKinds.get(name) === "computed"
          ? `${name} is a classification the questionnaire computes from answers (${hiddenVariables.get(name)}); program its calculation before fielding.`
          : `${name} is not asked in the survey; set it as a hidden variable (e.g. by random assignment or from the sample) before fielding.`,
      );
    }
    if (item.kind === "question") reasons.push(...item.warnings);
    // Nothing is dropped silently: every instruction that was not programmed stays on the element as a flag.
    reasons.push(...unprogrammedNotes(item, programmerNotes.get(item.key)));
    const flagged = attention(reasons);
    if (flagged) block.config.attentionRequired = flagged;
  }

  // ------------------------------------------------------------------ assemble
  const pages: TDocumentPage[] = plans.map((plan) => {
    const flagged = attention(plan.attention);
    if (flagged) plan.page.attention_required = mergeAttention(plan.page.attention_required, plan.attention);
    return plan.page;
  });
  pages.push(completePage);
  if (screenOutPage) pages.push(screenOutPage);
  pages.forEach((page, index) => {
    page.order = index;
    page.blocks.forEach((block, blockIndex) => (block.order = blockIndex));
  });
  const variables: TSurveyDocument["variables"] = [];
  for (const question of questions) {
    variables.push({ name: question.variable, type: "question", block_id: blockOf.get(question.key)!.id, label: question.text.split("\n")[0].slice(0, 200) });
  }
  for (const [name, label] of hiddenVariables) variables.push({ name, type: variableKinds.get(name) === "computed" ? "computed" : "hidden", label });
  const document: TSurveyDocument = {
    version: 1,
    survey: { ...options.survey },
    first_page_id: pages[0]?.id ?? null,
    pages,
    variables,
  };
  return { document: ZSurveyDocument.parse(document), assumptions };
}

/** A question's own display conditions, parsed (those that could not be programmed are left out). */
function ownConditions(question: IRQuestion): ConditionAst[] {
  return question.askIf.flatMap((entry) => {
    if (!entry.condition) return [];
    try {
      return [parseCondition(entry.condition)];
    } catch {
      return [];
    }
  });
}

/** The variables a question's own display conditions name. */
function ownConditionRefs(question: IRQuestion): string[] {
  return ownConditions(question).flatMap((condition) => conditionRefs(condition).map((ref) => ref.variable));
}

/** Items that routing jumps to (their page must start with them). */
function routeTargetKeys(ir: QuestionnaireIR, items: IRItem[]): Set<string> {
  const keys = new Set<string>();
  const questions = items.filter((item): item is IRQuestion => item.kind === "question");
  const named = (ref: string, written: string) => labelledFirst(questions.filter((question) => [question.id, question.variable, ...question.aliases].some((name) => normalizeName(name) === ref)), written, ref)[0];
  const byName = (ref: string) => named(normalizeName(ref), ref) ?? named(nounInitialName(normalizeName(ref)) ?? "", ref);
  const mark = (target: RouteTarget | undefined) => {
    if (!target) return;
    if (target.kind === "question") {
      const question = byName(target.ref);
      if (question) keys.add(question.key);
    } else if (target.kind === "skip") {
      const question = byName(target.ref);
      const next = question ? items[items.indexOf(question) + 1] : undefined;
      if (next) keys.add(next.key);
    } else if (target.kind === "page") {
      const first = items.find((item) => item.page === target.label);
      if (first) keys.add(first.key);
    } else if (target.kind === "section") {
      const section = findSection(ir, target.label);
      const first = section && items.find((item) => item.section === section.key);
      if (first) keys.add(first.key);
    }
  };
  for (const question of questions) {
    for (const option of question.options) mark(option.route);
    for (const route of question.routes) mark(route.target);
  }
  return keys;
}

/** The words that name a part of a questionnaire before its letter or number ("Section C", "Part 2", "Módulo B"). */
const SECTION_WORD = /^(?:section|part|module|block|chapter|sección|seção|secção|parte|módulo|modulo|teil|abschnitt|partie|rubrique)\s*/i;

/**
 * The section a route names ("go to Section C", "skip to part 2"): by its printed label, or by the letter or number
 * its label or heading starts with once the section word is off ("Section C: About you" → C). The symbol table of
 * sections, like that of questions, knows each section by all the spellings the document uses.
 */
function findSection(ir: QuestionnaireIR, written: string): IRSection | undefined {
  const [label, title] = written.includes(":") ? [written.slice(0, written.indexOf(":")).trim(), written.slice(written.indexOf(":") + 1).trim()] : [written, ""];
  return findSectionByLabel(ir, label) ?? (title ? findSectionByTitle(ir, title) : undefined);
}

/** The one section whose title shares the named title's words (at least their first five letters: "Demographics" ~ "Demographic …"). */
function findSectionByTitle(ir: QuestionnaireIR, title: string): IRSection | undefined {
  const stems = (text: string) => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((word) => word.slice(0, 5));
  const wanted = stems(title);
  if (!wanted.length) return undefined;
  const hits = ir.sections.filter((entry) => {
    const have = new Set(stems(`${entry.label ?? ""} ${entry.title}`));
    return wanted.every((stem) => have.has(stem));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

function findSectionByLabel(ir: QuestionnaireIR, label: string): IRSection | undefined {
  const wanted = normalizeName(label.replace(SECTION_WORD, ""));
  if (!wanted) return undefined;
  const exact = ir.sections.find((entry) => entry.label && normalizeName(entry.label) === normalizeName(label));
  if (exact) return exact;
  // "Section 2B": a number and a sub-part letter is one designator (the sections 2A, 2B, 2C of section 2).
  const designator = (text: string | undefined) => {
    const match = /^(\d{1,3}[A-Za-z]|[A-Za-z]{1,2}|\d{1,3}(?:\.\d{1,2})?|[IVXLC]{1,6})(?=$|[\s:.)–—-])/.exec((text ?? "").trim().replace(SECTION_WORD, ""));
    return match ? normalizeName(match[1]) : undefined;
  };
  return ir.sections.find((entry) => designator(entry.label) === wanted) ?? ir.sections.find((entry) => SECTION_WORD.test(entry.title.trim()) && designator(entry.title) === wanted);
}

function sectionName(ir: QuestionnaireIR, key: string | undefined): string | undefined {
  const section = ir.sections.find((entry) => entry.key === key);
  if (!section) return undefined;
  return section.label && section.title !== section.label ? `${section.label}: ${section.title}` : section.title;
}

/**
 * One block per IR item. Respondent-facing text (wording, instructions, answer labels) is cleaned of programmer
 * notes ("[RANDOMIZE LIST]", an unclosed "[SHOW HYPERLINK …", "(MULTIPLE CODE)"); the notes go to `notes` and are
 * flagged on the block.
 */
function buildBlock(item: IRItem, id: string, order: number, source: TDocumentBlock["config"]["source"], notes: string[]): TDocumentBlock {
  const respondent = (text: string) => {
    const separated = separateProgrammerText(text);
    notes.push(...separated.notes);
    return separated.text;
  };
  if (item.kind === "info") {
    return { id, order, config: { type: "text", content: escapeMarkdown(respondent(item.text)), content_type: "markdown", source } };
  }
  const choice = (option: IROption): TChoice => choiceOf({ ...option, label: respondent(option.label) || option.label });
  const type = BLOCK_TYPE[item.type];
  const question: NonNullable<TDocumentBlock["config"]["question"]> = { variable: item.variable, required: true };
  const instructions = item.instructions
    .filter((instruction) => !/^(?:single|multi(?:ple)?|grid|matrix|open|dropdown(?: menu)?|single choice|multiple selection|multiple response|read out|single code)$/i.test(instruction))
    .map(respondent)
    .filter(Boolean);
  let content = escapeMarkdown(respondent(item.text) || item.id);
  if (instructions.length) content += `\n\n_${instructions.map((instruction) => instruction.replace(/[_*]/g, "")).join(" ")}_`;
  switch (item.type) {
    case "grid":
      question.rows = item.rows.map(choice);
      question.columns = item.columns.map(choice);
      break;
    case "ranking":
      question.rows = (item.rows.length ? item.rows : item.options).map(choice);
      break;
    case "numeric":
    case "open":
      if (item.rows.length) question.rows = item.rows.map(choice);
      // Special answers printed beside the field ("I'm not sure"): offered instead of a typed answer.
      if (item.options.length) question.options = item.options.map(choice);
      break;
    case "single":
    case "multi":
    case "dropdown":
      question.options = item.options.map(choice);
      break;
    case "rating":
    case "nps":
      if (item.options.length) question.options = item.options.map(choice);
      break;
    default:
      break;
  }
  if (item.min !== undefined) question.min = item.min;
  if (item.max !== undefined) question.max = item.max;
  if (item.randomize) question.randomize = true;
  return { id, order, config: { type, content, content_type: "markdown", question, source } };
}

/** The anchor a Markdown renderer (GitHub's rule) gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}
