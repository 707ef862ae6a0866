import { relativeSkipCount, relativeSkipTarget } from "./relative-skips";
import { readQuantityAnswers } from "./quantity-answers";
import { taskListsMeanMany } from "./task-lists";
import { readSharedScales } from "./shared-scales";
import { readVariableNameLines } from "./variable-name-lines";
import { readBareAnswerQuestions } from "./bare-answer-questions";
import { readVariableTabLines } from "./variable-tab-lines";
import { mergeChecklists } from "./checklists";
import { isCitation } from "./citations";
import { isContactList } from "./contact-lists";
import { withoutTemplateFills } from "./template-fills";
import { isAgreement } from "./consent-clauses";
import { joinSplitIds } from "./split-ids";
import { readCoverFields } from "./cover-fields";
import { describesOnly, invitesComment } from "./descriptive-items";
import { readAnswerWordLines } from "./answer-word-lines";
import { readScaleLegendLines } from "./scale-legend-lines";
import { readSelectionInstructionLines } from "./selection-instruction-lines";
import { readUnmarkedAnswerLines } from "./unmarked-answer-lines";
import { RECOVERED_WARNING, recoverCollapsedStems } from "./stem-evidence";
import { notOf, printCondition } from "../conditions";
import type { ExtractedDocument } from "../extract/model";
import type { IRCondition, IRInfo, IRItem, IRQuestion, IRRoute, IRSection, QuestionnaireIR, RouteTarget } from "../ir";
import { interpretQuestion, type InterpretedQuestion, scaleFromText, TOOL_SINGLE_TAG } from "./interpret";
import { CHECKBOX_MARKER, HINT, RADIO_MARKER } from "./patterns";
import { collectAssumptions, type ScaleSource } from "./assumptions";
import { NO_ANSWER, YES_ANSWER } from "./cue-lexicon";
import { bindFollowUps, leadIn } from "./follow-ups";
import { bindGroupClause, bindProseConditions } from "./prose-conditions";
import { bindAudienceClause } from "./section-audience";
import { readQuestionLists } from "./layout";
import { readTopicLists } from "./topic-lists";
import { buildUnits, logicalLines } from "./lines";
import { readColumnGrids } from "./column-grids";
import { readRepeatedAnswerRows } from "./repeated-answer-rows";
import { readQualtricsMatrices } from "./qualtrics-matrix-print";
import { readPrintPreviewMatrices } from "./print-preview-matrices";
import { readNumberScaleRows } from "./number-scale-rows";
import { readPoleNumberRows } from "./pole-number-rows";
import { readMarginRouteBrackets } from "./margin-route-brackets";
import { readMarkerRowGrids } from "./marker-row-grids";
import { parseRouteStatement, parseRouteTarget, QuestionIndex, type QuestionRef, resolveCondition } from "./logic";
import { applyArmsAndBlockFilters, applyGroupBases, GROUP_VARIABLE } from "./group-bases";
import { applySelfFilters } from "./self-filters";
import { attachUnreadRouting, boundByIds } from "./unread-routing";
import { extendLeadInRuns } from "./lead-in-runs";
import { qualifyRestartedIds } from "./symbols";
import { readScriptExport } from "./script-export";
import { readSelectRows, splitSelectRowQuestions } from "./select-rows";
import { readClosingPage } from "./closing-page";
import { readRowGlossaries } from "./row-glossaries";
import { dropSectionEchoes } from "./section-echoes";
import { withoutBreakRepeats } from "./page-break-repeats";
import { readRightAlignedAnswers } from "./right-aligned-answers";
import { readBlockNumbers, readNumberingSpine, readRomanNumbering } from "./numbering-spine";
import { readVariableHeadings } from "./variable-headings";
import { readExportTagLines } from "./export-tag-lines";
import { dropPageTimers } from "./page-timers";
import { dropTranslatedRepeats } from "./translated-repeats";
import { readIdHeadedAnswerTables } from "./id-headed-answer-tables";
import { readStatementLists } from "./statement-lists";
import { applyBlockNoteFilters } from "./block-notes";
import { noneOfCondition, notSelectedCodes } from "./unselected-codes";
import { readNamedQuestionLabels } from "./named-question-labels";
import { readItemBases } from "./item-bases";
import { readPrintedConditions } from "./printed-conditions";
import { readToolLogic } from "./tool-logic";
import { readInstructionPrefixes } from "./instruction-prefixes";
import { readConditionColumns } from "./condition-columns";
import { readTableIdColumns } from "./table-id-columns";
import { readBulletRowTables } from "./bullet-row-tables";
import { readCaptionedAnswerHeaders } from "./captioned-answer-headers";
import { readFormDefinitions } from "./form-definitions";
import { readCodebookBlocks } from "./codebook-blocks";
import { readFormRecords } from "./form-records";
import { readFieldCodeScreens } from "./field-code-screens";
import { readNoteLabels } from "./note-labels";
import { readMarkerColumnAnswers } from "./marker-column-answers";
import { withoutReferenceTables } from "./reference-tables";
import { readTrailingStatementLists } from "./trailing-statement-lists";
import { applyPopulationLines } from "./population-lines";
import { mergeTranslatedAnswers } from "./bilingual-answers";
import { readBareScales, readFormPrint, withoutFormChrome } from "./form-print";
import { readBracketedNotes } from "./bracketed-notes";
import { readMarginCodes } from "./margin-codes";
import { readCodingColumn } from "./coding-column";
import { readColumnHeaders } from "./column-headers";
import { withMisreadMarkers } from "./misread-markers";
import { readSemanticDifferentials } from "./semantic-differential";
import { readStatedScales } from "./stated-scales";
import { readHeadedStatementBlocks } from "./headed-statement-blocks";
import { readBlankMarkedAnswers } from "./blank-marked-answers";
import { readRankedLists } from "./ranked-lists";
import { readScaleFields } from "./scale-fields";
import { attachFootnotes, readFootnotes } from "./footnotes";
import { documentStyle, isUniversalBase, type LogicText, type RawInfo, type RawQuestion, segment } from "./segment";
import { readVolunteeredCodeLists } from "./volunteered-codes";
import { readInlineAnswerLines } from "./inline-answer-lines";
import { readHelpColumns } from "./printed-help";
import { applyLabelCellLeadIns, labelCellLeadIns, readLabelCellForms } from "./label-cell-forms";

/**
 * parseQuestionnaire: extracted document → questionnaire IR. Deterministic and offline: logical lines →
 * units → segmentation → interpretation of each question → batteries of statements that share a scale →
 * ids and variables → logic resolved into the condition language.
 */

const EXCERPT_LIMIT = 600;

/**
 * Wording that asks for an answer: a question mark, a request ("describe", "list", "highlight") or a polite
 * imperative ("Please …").
 */
const REQUESTS_ANSWER = /[?？]|^\s*(?:please|kindly)\b|\b(?:describe|explain|list|enter|write|specify|tell|name|type|provide|give|share|state|indicate|rate|rank|select|choose|comment|mention|identify|estimate|record|highlight|click|drag|upload|sort|mark|tick|check|circle)\b/i;

/**
 * Where a long screen of text would ask for its answer: its last sentence. An instructions screen of a tool's export
 * ("You will read 16 headlines. … We ask you to tell us … Please do not search … We hope you enjoy the task!") asks
 * for things along the way; a question without its field asks at the end. Short wording is read whole.
 */
function closingRequest(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length < 200) return flat;
  const sentences = flat.split(/(?<=[.!?？])\s+(?=\p{Lu})/u);
  return sentences.length >= 3 ? sentences[sentences.length - 1] : flat;
}

/** Closing text: thanks (in the languages questionnaires are written in) or the end of the questionnaire. */
const CLOSING = /^(?:thank|thanks|end of|that concludes|this (?:concludes|completes))|\b(?:thank you|many thanks|thanks (?:again|for)|merci|gracias|obrigad[oa]|danke|vielen dank|grazie)\b|谢谢|感谢|ありがとう/i;

interface Draft {
  raw: RawQuestion | RawInfo;
  interpreted?: InterpretedQuestion;
  item: IRItem;
  /** A battery whose scale is not printed with it (for the assumptions pass). */
  scaleFrom?: ScaleSource;
}

/** "b" after "a", "3" after "2": answer codes printed in sequence (a table of contents' page numbers are not). */
function successor(previous: string, code: string): boolean {
  if (/^\d+$/.test(previous) && /^\d+$/.test(code)) return Number(code) === Number(previous) + 1;
  return previous.length === 1 && code.length === 1 && code.toLowerCase().charCodeAt(0) === previous.toLowerCase().charCodeAt(0) + 1;
}

export function sanitizeVariable(id: string): string {
  let name = id
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}_-]+/gu, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  if (!name) name = "Q";
  if (/^\d/.test(name)) name = `Q${name}`;
  return name.slice(0, 64);
}

function excerpt(text: string, start: number, end: number): string {
  const slice = text.slice(start, Math.min(end, start + EXCERPT_LIMIT));
  return end - start > EXCERPT_LIMIT ? `${slice}…` : slice;
}

/** A bracket after an answer that holds only a variable name ("[NORES1D]", "[Q12]"): where the answer goes, when it names a later question. */
export const BARE_BRACKET_TARGET = /\[\s?([A-Za-z][A-Za-z0-9_]{1,24})\s?\]\s*$/;

export function parseQuestionnaire(doc: ExtractedDocument): QuestionnaireIR {
  const labelCellLines = readLabelCellForms(readCodebookBlocks(readFieldCodeScreens(readFormRecords(withoutTemplateFills(joinSplitIds(readMarginRouteBrackets(logicalLines(withMisreadMarkers(withoutBreakRepeats(withoutFormChrome(doc)))))))))));
  const footnoted = readFootnotes(readPrintedConditions(readToolLogic(readHelpColumns(readFormPrint(readBareScales(readFormDefinitions(readColumnHeaders(readMarginCodes(readCodingColumn(readBracketedNotes(readTableIdColumns(readConditionColumns(readItemBases(readInstructionPrefixes(readNoteLabels(readMarkerColumnAnswers(withoutReferenceTables(readTrailingStatementLists(readCaptionedAnswerHeaders(readBulletRowTables(labelCellLines)))))))))))))))))))));
  const lines = footnoted.lines;
  readScriptExport(lines);
  readNumberingSpine(lines);
  readRomanNumbering(lines);
  readBlockNumbers(lines);
  readVariableHeadings(lines);
  readNamedQuestionLabels(lines);
  readBareAnswerQuestions(lines);
  readVariableTabLines(lines);
  dropPageTimers(lines);
  readExportTagLines(lines);
  const lineUnits = readBlankMarkedAnswers(buildUnits(lines));
  // The style is judged on the lines as printed: grids read from columns below hold no answers of their own.
  const style = documentStyle(lineUnits);
  // A web form's marker-row grids are read before a print preview's matrices: their rows (label and markers on one
  // line) would read as matrix rows too, with the label a second time.
  const units = readHeadedStatementBlocks(readStatedScales(readSemanticDifferentials(readRepeatedAnswerRows(readColumnGrids(readPoleNumberRows(readNumberScaleRows(readPrintPreviewMatrices(readMarkerRowGrids(readQualtricsMatrices(lineUnits))))))))));
  // An unnumbered interviewer script whose code lists close with volunteered codes is cut at those codes.
  // So is one of unnumbered one-line questions whose answers sit on their own line ("Gender: [ ] Male [ ] Female").
  const segmentation = readVolunteeredCodeLists(units) ?? readInlineAnswerLines(units) ?? segment(units, style);
  splitSelectRowQuestions(segmentation);
  readClosingPage(segmentation);
  readRowGlossaries(segmentation);
  dropSectionEchoes(segmentation);
  dropTranslatedRepeats(segmentation);
  readIdHeadedAnswerTables(segmentation);
  readQuestionLists(segmentation);
  readTopicLists(segmentation, doc.title);
  readRankedLists(segmentation);
  readScaleFields(segmentation);
  readVariableNameLines(segmentation);
  readAnswerWordLines(segmentation);
  readRightAlignedAnswers(segmentation);
  readUnmarkedAnswerLines(segmentation);
  readScaleLegendLines(segmentation);
  const sharedScales = readSharedScales(segmentation);
  readSelectionInstructionLines(segmentation);
  recoverCollapsedStems(segmentation);
  attachFootnotes(segmentation, footnoted.footnotes);
  readCoverFields(segmentation);
  const warnings: string[] = [];

  // Interpret questions and information screens.
  const drafts: Draft[] = [];
  let questionCount = 0;
  let infoCount = 0;
  const markers = segmentation.items.flatMap((raw) => (raw.kind === "question" ? raw.body : [])).flatMap((part) => (part.kind === "option" && part.option.marker ? [part.option.marker] : []));
  // Boxes mean "select all" where the document uses circles for single choice — unless the author writes
  // "select all that apply" on box questions, in which case a box question without it is a single choice.
  const boxQuestionsHinted = segmentation.items.some(
    (raw) =>
      raw.kind === "question" &&
      raw.body.some((part) => part.kind === "option" && part.option.marker !== undefined && CHECKBOX_MARKER.test(part.option.marker)) &&
      raw.body.some((part) => (part.kind === "wording" || part.kind === "instruction") && HINT.multi.test(part.text)),
  );
  const markersDistinguish = markers.some((marker) => RADIO_MARKER.test(marker)) && markers.some((marker) => CHECKBOX_MARKER.test(marker)) && !boxQuestionsHinted;
  const taskListsMany = taskListsMeanMany(segmentation.items);
  const singleChoiceTagged = segmentation.items.some((raw) => raw.kind === "question" && raw.body.some((part) => "text" in part && typeof part.text === "string" && TOOL_SINGLE_TAG.test(part.text)));
  // (A layout reader's own name for a question it found by place — "word" ids — was never printed: it does not make the
  // questionnaire a numbered one.)
  const printedCount = segmentation.items.filter((raw) => raw.kind === "question" && raw.id && raw.id.kind !== "word").length;
  // A survey tool's export prints an answer field for every text question: there, a numbered item with no answers,
  // no field and no request ("Q48 Supports offered in ${country}", "For the question below, use these
  // definitions: …") is a text item.
  const fieldsPrinted = segmentation.items.filter((raw) => raw.kind === "question" && raw.id && raw.body.some((part) => part.kind === "entry")).length >= 2;
  let seenPrinted = false;
  for (const [rawIndex, raw] of segmentation.items.entries()) {
    if (raw.kind === "question") {
      const interpreted = interpretQuestion(raw, { markersDistinguish, singleChoiceTagged, taskListsMeanMany: taskListsMany });
      // A printed web survey's help line declares the format of a question whose answers the print lost.
      if (raw.answerHelp && interpreted.type === "info") interpreted.type = raw.answerHelp;
      // A leveled list's question-level item that asks and has no answers under it is answered in words.
      if (raw.askedByPlace && interpreted.type === "info") interpreted.type = "open";
      // An array with its columns and no rows (one row, printed without a label) is one question with those answers.
      if (raw.answerHelp === "grid" && interpreted.type === "grid" && interpreted.rows.length === 0 && interpreted.columns.length >= 2) {
        interpreted.type = "single";
        interpreted.options = interpreted.columns;
        interpreted.columns = [];
      }
      if (raw.id && raw.id.kind !== "word") seenPrinted = true;
      // In a numbered questionnaire, an unnumbered "question" before the first numbered one is cover text.
      // Answers printed with letters or codes ("a. Male", "b. Female") make it a question all the same.
      const codedAnswers = interpreted.options.length >= 2 && interpreted.options.every((option, index) => option.codePrinted && (index === 0 || successor(interpreted.options[index - 1].code, option.code)));
      // So is one that asks ("How to fill in the questionnaire?") over a list of sentences — instructions, not answers.
      const sentencesListed = interpreted.options.length >= 2 && interpreted.options.every((option) => /[.!](?:\s|$)/.test(option.label.trim()) && option.label.trim().split(/\s+/).length >= 4);
      // An answer that routes ("I do not agree → END": consent with a screen-out) is answered all the same.
      const routedAnswers = interpreted.options.some((option) => option.route || option.routeText);
      const coverText = !raw.id && !raw.label && !seenPrinted && printedCount >= 3 && (!/[?？]/.test(interpreted.text) || sentencesListed) && !codedAnswers && !routedAnswers;
      // A list with neither an id nor any wording is not a question (button labels, a list of names).
      if (!raw.id && !raw.label && !interpreted.text.trim()) {
        segmentation.notes.push({ text: interpreted.options.map((option) => option.label).join("; "), span: interpreted.span });
        continue;
      }
      // A line followed by an "If yes …" / "If no …" follow-up is asked: the follow-up depends on its answer.
      const asked = !raw.id && interpreted.type === "info" && interpreted.options.length === 0 && !coverText && followedByFollowUp(segmentation.items, rawIndex);
      if (asked) interpreted.type = "open";
      // An id that names a text screen ("Q5TEXT.", "S3INTRO."), over wording that asks nothing and no answers, is text.
      const labelledText = Boolean(raw.id) && /[A-Z0-9](?:TEXT|INTRO)$/.test(raw.id?.id ?? "") && (interpreted.type === "open" || interpreted.type === "info") && !interpreted.hasEntry && !interpreted.options.length && !interpreted.rows.length && !interpreted.columns.length && !REQUESTS_ANSWER.test(interpreted.text);
      const answerless = interpreted.type === "open" && !interpreted.hasEntry && !interpreted.options.length && !interpreted.rows.length && !interpreted.columns.length;
      const textItem = labelledText || Boolean(raw.id) && fieldsPrinted && answerless && !REQUESTS_ANSWER.test(closingRequest(interpreted.text)) && !invitesComment(interpreted.text);
      // A numbered item that only tells (a request to read, an introduction, a vignette, thanks) is text wherever it is.
      const descriptive = Boolean(raw.id) && answerless && !raw.logic.length && !raw.askedByPlace && !raw.answerHelp && describesOnly(interpreted.text);
      // In a numbered questionnaire, an unnumbered heading over one bullet ("Length of sessions" / "- 60 minutes", a
      // recruiting criterion over its one target) offers nothing to choose between: it is a note, not a question.
      const loneBullet =
        !raw.id && !raw.label && printedCount >= 3 && interpreted.type === "single" && interpreted.options.length === 1 && !interpreted.hasEntry &&
        !interpreted.rows.length && !interpreted.columns.length && !interpreted.options[0].routeText && !interpreted.options[0].codePrinted;
      // An unnumbered list of people to contact, each with an address, is text (contact-lists.ts).
      const contacts = !raw.id && !raw.label && !interpreted.rows.length && isContactList(interpreted.options.map((option) => option.label));
      // A numbered entry of a reference list (authors, a year in brackets) with nothing to answer cites a source.
      const citation = Boolean(raw.id) && interpreted.options.length === 0 && !interpreted.hasEntry && !interpreted.rows.length && isCitation(interpreted.text);
      // An unnumbered consent paragraph closed by one agreement box, with no route, asks nothing to choose (consent-clauses.ts).
      const consentClause = !raw.id && !raw.label && interpreted.options.length === 1 && !routedAnswers && !interpreted.hasEntry && !interpreted.rows.length && isAgreement(interpreted.options[0].label);
      if ((!raw.id && interpreted.type === "info" && interpreted.options.length === 0) || coverText || textItem || descriptive || loneBullet || citation || contacts || consentClause) {
        // An unnumbered "question" with nothing to answer is text.
        const item: IRInfo = {
          kind: "info",
          key: `i${++infoCount}`,
          id: `INFO${infoCount}`,
          role: "text",
          section: raw.section,
          page: raw.page,
          text: loneBullet || contacts || consentClause ? [interpreted.text, ...interpreted.options.map((option) => option.label)].join("\n") : interpreted.text,
          askIf: [],
          notes: interpreted.notes,
          span: interpreted.span,
          excerpt: excerpt(doc.text, interpreted.span.start, interpreted.span.end),
          origin: "rules",
        };
        drafts.push({ raw: { ...raw, kind: "question" }, interpreted, item });
        continue;
      }
      // A layout reader's own name for a question it found by place (a label cell, "word" ids) was never printed:
      // the question is numbered with the unnumbered ones.
      const invented = raw.id?.kind === "word";
      const id = invented ? "" : (raw.id?.id ?? raw.label ?? "");
      const item: IRQuestion = {
        kind: "question",
        key: `q${++questionCount}`,
        id,
        printedId: !invented && Boolean(raw.id || raw.label),
        variable: "",
        aliases: [...raw.aliases],
        section: raw.section,
        page: raw.page,
        ...(raw.pageBreakBefore ? { pageBreakBefore: true } : {}),
        text: interpreted.text,
        type: interpreted.type,
        options: interpreted.options,
        rows: interpreted.rows,
        columns: interpreted.columns,
        min: interpreted.min,
        max: interpreted.max,
        randomize: interpreted.randomize,
        ...(interpreted.hasEntry ? { entry: true } : {}),
        instructions: interpreted.instructions,
        notes: interpreted.notes,
        askIf: [],
        routes: [],
        quotas: [
          ...interpreted.options.filter((option) => option.quota).map((option) => `${option.label}: ${option.quota}`),
          ...interpreted.notes.filter((note) => /\bquotas?\b/i.test(note)),
        ],
        span: interpreted.span,
        excerpt: "",
        origin: "rules",
        warnings: raw.recoveredFromText ? [...interpreted.warnings, RECOVERED_WARNING] : interpreted.warnings,
      };
      drafts.push({ raw, interpreted, item });
    } else {
      const text = raw.lines.map((line) => line.text).join("\n");
      const spanStart = raw.lines[0]?.start ?? 0;
      const spanEnd = raw.lines[raw.lines.length - 1]?.end ?? spanStart;
      // One line of text followed by an "If yes …" / "If no …" follow-up is asked: the follow-up depends on its answer.
      if (raw.role === "text" && raw.lines.length === 1 && followedByFollowUp(segmentation.items, rawIndex)) {
        const item: IRQuestion = {
          kind: "question",
          key: `q${++questionCount}`,
          id: "",
          printedId: false,
          variable: "",
          aliases: [],
          section: raw.section,
          page: raw.page,
          ...(raw.pageBreakBefore ? { pageBreakBefore: true } : {}),
          text: text.trim(),
          type: "open",
          options: [],
          rows: [],
          columns: [],
          entry: true,
          instructions: [],
          notes: raw.notes.map((note) => note.text),
          askIf: [],
          routes: [],
          quotas: [],
          span: { start: spanStart, end: spanEnd },
          excerpt: "",
          origin: "rules",
          warnings: [],
        };
        drafts.push({ raw, item });
        continue;
      }
      const item: IRInfo = {
        kind: "info",
        key: `i${++infoCount}`,
        id: raw.role === "end" ? "END" : raw.role === "terminate" ? "TERMINATE" : `INFO${infoCount}`,
        role: raw.role,
        section: raw.section,
        page: raw.page,
        ...(raw.pageBreakBefore ? { pageBreakBefore: true } : {}),
        text: raw.role === "end" || raw.role === "terminate" ? cleanScreenText(text) : text,
        askIf: [],
        notes: raw.notes.map((note) => note.text),
        span: { start: spanStart, end: spanEnd },
        excerpt: excerpt(doc.text, spanStart, spanEnd),
        origin: "rules",
      };
      drafts.push({ raw, item });
    }
  }

  readSelectRows(drafts.map((draft) => draft.item));
  // "… agree with the following statement?" with the statement printed above the scale (statement-lists.ts).
  readStatementLists(drafts.map((draft) => draft.item));
  mergeChecklists(drafts);
  mergeBatteries(drafts, segmentation.sections, segmentation.notes);
  // Numbered statements left on their own take the scale stated once for them (shared-scales.ts).
  for (const draft of drafts) {
    const columns = draft.raw.kind === "question" ? sharedScales.get(draft.raw) : undefined;
    const item = draft.item;
    if (!columns || item.kind !== "question" || item.type === "grid" || item.options.length > 0 || item.rows.length > 0) continue;
    item.type = "single";
    item.options = columns.map((column) => ({ ...column, span: item.span }));
  }
  // A grid whose scale is described in its section heading or the text just before it.
  drafts.forEach((draft, index) => {
    const item = draft.item;
    if (item.kind !== "question" || item.type !== "grid" || item.columns.length > 0) return;
    const section = segmentation.sections.find((entry) => entry.key === item.section);
    const previous = drafts[index - 1]?.item;
    const scale = (section && scaleFromText(section.title)) || (previous && previous.kind === "info" ? scaleFromText(previous.text) : null);
    if (scale) item.columns = scale.columns;
  });
  qualifyRestartedIds(
    drafts.flatMap((draft) => (draft.item.kind === "question" ? [draft.item] : [])),
    segmentation.sections,
  );
  assignIdentifiers(drafts);

  // Closing text at the very end ("Thank you for taking this survey") is the end screen.
  const last = drafts[drafts.length - 1]?.item;
  // Any short text after the last question ("See you soon!") can only be shown at the end.
  if (last && last.kind === "info" && last.role === "text" && last.askIf.length === 0 && ((last.text.length <= 400 && CLOSING.test(last.text.trim())) || (last.text.length <= 200 && !/[?？]/.test(last.text)))) last.role = "end";
  // Cover material before the first question (version lines, objectives, sample plans) is for the
  // researcher, not the respondent: keep it as a document note. Text that addresses the respondent stays.
  const firstQuestion = drafts.findIndex((draft) => draft.item.kind === "question");
  const coverNotes: { text: string; span: { start: number; end: number } }[] = [];
  for (let k = firstQuestion - 1; k >= 0; k--) {
    const item = drafts[k].item;
    if (item.kind !== "info" || item.askIf.length) continue;
    const latin = /[A-Za-z]/.test(item.text) && !/[\u0400-\u04ff\u0590-\u06ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(item.text);
    if (latin && !/\b(?:you|your|yours|vous|votre|usted|sie|ihr|du|dich)\b|\bthank|\bwelcome|\bplease\b/i.test(item.text)) {
      coverNotes.unshift({ text: item.text, span: item.span });
      drafts.splice(k, 1);
    }
  }
  segmentation.notes.unshift(...coverNotes);
  const items = drafts.map((draft) => draft.item);
  for (const draft of drafts) {
    if (draft.item.kind === "question") draft.item.excerpt = excerpt(doc.text, draft.item.span.start, draft.item.span.end);
  }
  // Answers printed each with its translation under a wording and its translation are one answer each (bilingual-answers.ts).
  mergeTranslatedAnswers(items.flatMap((item) => (item.kind === "question" ? [item] : [])));
  // "[BLOCK PARENTS: IF QKIDS == 1]": a block's filter governs each of its questions (block-notes.ts).
  applyBlockNoteFilters(drafts, segmentation.sections);
  const hiddenVariables = resolveLogic(drafts, segmentation.floatingLogic, segmentation.notes, segmentation.sections, doc.text);
  // Answer tables that hold a quantity (an entry placeholder, or items whose shares must sum to 100%) (quantity-answers.ts).
  for (const item of items) if (item.kind === "question") readQuantityAnswers(item);
  // Prose conditions first ("If you did notice any problems, …"); "If yes"/"If no" follow-ups bind what is left.
  // "(Fill in this question if you are Wa, if not go to question 23)": who answers the question it is printed on.
  const selfGroups = applySelfFilters(items);
  if (selfGroups.length && !hiddenVariables.some((known) => known.name === GROUP_VARIABLE)) {
    hiddenVariables.push({ name: GROUP_VARIABLE, label: `Set outside the questionnaire: which group a respondent belongs to (${selfGroups.join(", ")}); some questions are answered only by their group.` });
  }
  const prose = bindProseConditions(items);
  for (const variable of prose.hidden) if (!hiddenVariables.some((known) => known.name === variable.name)) hiddenVariables.push(variable);
  bindFollowUps(items);
  // "If yes:" alone above several answer fields governs the run of them (lead-in-runs.ts).
  extendLeadInRuns(items);
  // Population headings ("Desocupados", "Personas de 15 años y más") govern the questions after them.
  for (const variable of applyPopulationLines(items, segmentation.sections, segmentation.notes)) if (!hiddenVariables.some((known) => known.name === variable.name)) hiddenVariables.push(variable);
  // A field form's "If yes," / "If no," blocks of label rows (label-cell-forms.ts).
  applyLabelCellLeadIns(items, labelCellLeadIns(labelCellLines));
  // Parallel parts for different groups (personas, target groups): each part is asked only of its group.
  const group = applyGroupBases(items, segmentation.sections);
  if (group && !hiddenVariables.some((variable) => variable.name === group.name)) hiddenVariables.push(group);
  // Treatment arms, split samples and notes that limit a block to a group.
  // (A group clause that names printed ids with answers — "Only for those answering A4 = 1 or 3" — binds to them.)
  const symbols = new QuestionIndex(drafts.flatMap((draft, order) => (draft.item.kind === "question" ? [refOf(draft.item, order)] : [])));
  const bindGroup = (clause: string, before: IRItem[]) => bindGroupClause(clause, before) ?? boundByIds(clause, symbols, before.length);
  const arms = applyArmsAndBlockFilters(items, segmentation.sections, bindGroup, bindAudienceClause);
  if (arms && !hiddenVariables.some((variable) => variable.name === arms.name)) hiddenVariables.push(arms);
  // Routing printed in a layout no pass above knows: attached where it is printed, flagged (unread-routing.ts).
  const netHidden = attachUnreadRouting(drafts.map((draft) => draft.item), doc.text, {
    index: new QuestionIndex(drafts.flatMap((draft, order) => (draft.item.kind === "question" ? [refOf(draft.item, order)] : []))),
    sectionTarget: (text, question, target) =>
      nextSectionTarget(text, question, segmentation.sections) ??
      (target.kind === "section" && segmentation.sections.some((section) => section.label?.toUpperCase() === target.label.toUpperCase()) ? target : null) ??
      sectionByTitle(target, segmentation.sections),
  });
  for (const variable of netHidden) if (!hiddenVariables.some((known) => known.name === variable.name)) hiddenVariables.push(variable);

  const sections: IRSection[] = segmentation.sections.map((section) => ({ key: section.key, label: section.label, title: section.title, span: section.span }));
  if (!items.some((item) => item.kind === "question")) warnings.push("No questions were recognised in this document.");
  const ir: QuestionnaireIR = {
    version: 1,
    title: segmentation.title ?? doc.title,
    format: doc.format,
    sections,
    items,
    notes: segmentation.notes,
    hiddenVariables,
    warnings,
  };
  ir.assumptions = collectAssumptions(ir, {
    interpretation: new Map(drafts.flatMap((draft) => (draft.interpreted ? [[draft.item.key, draft.interpreted.assumed] as const] : []))),
    scales: new Map(drafts.flatMap((draft) => (draft.scaleFrom ? [[draft.item.key, draft.scaleFrom] as const] : []))),
  });
  return ir;
}

function cleanScreenText(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/^\[[^\]]*\]\s*/, "").trim())
    .filter((line) => line && !/^(?:end|thank (?:and|&) (?:terminate|end|close)|close (?:the )?interview)\.?!?$/i.test(line))
    .join("\n");
}

// ------------------------------------------------------------------------------------------ batteries

const LEGEND = /coding|scale|as follows|legend|response options|following statements|rate each|for each of the following|answer options|use the following|key\s*:/i;

/** Consecutive numbered statements with no answers of their own that share a response scale become one grid. */
function mergeBatteries(drafts: Draft[], sections: { key: string; label?: string; title: string }[], notes: { text: string; span: { start: number; end: number } }[] = []): void {
  // Statements, not questions: a question sentence with no answer format is an open question.
  const isStatement = (draft: Draft) =>
    draft.item.kind === "question" &&
    draft.interpreted?.answerless === true &&
    draft.raw.kind === "question" &&
    draft.raw.id !== null &&
    !/[?？]/.test(draft.item.text) &&
    draft.interpreted.logic.every((logic) => logic.role !== "route");
  const legends = drafts.filter(
    (draft) => draft.item.kind === "question" && draft.raw.kind === "question" && !draft.raw.id && draft.item.options.length >= 2 && LEGEND.test(draft.item.text),
  );
  let previousColumns: IRQuestion["columns"] | null = null;
  const usedLegends = new Set<Draft>();
  for (let i = 0; i < drafts.length; i++) {
    if (!isStatement(drafts[i])) continue;
    let j = i;
    while (j + 1 < drafts.length && isStatement(drafts[j + 1]) && drafts[j + 1].item.section === drafts[i].item.section) j++;
    const run = drafts.slice(i, j + 1);
    if (run.length < 2) {
      // A single statement under its own scale line ("Scale: 1 = Strongly disagree … 6 = Strongly agree.") is
      // answered on that scale.
      const before = drafts[i - 1]?.item;
      const scale = before?.kind === "info" && before.section === drafts[i].item.section ? scaleFromText(before.text) : null;
      const item = drafts[i].item;
      if (scale && item.kind === "question") {
        item.type = "single";
        item.options = scale.columns.map((column) => ({ ...column, span: item.span }));
      }
      i = j;
      continue;
    }
    // Find the scale: a legend just before, a scale described just before, or a legend elsewhere.
    let columns: IRQuestion["columns"] | null = null;
    let removeIndex = -1;
    let intro = "";
    const before = drafts[i - 1];
    if (before && before.item.kind === "question" && before.raw.kind === "question" && !before.raw.id && before.item.options.length >= 2) {
      columns = before.item.options;
      removeIndex = i - 1;
    }
    if (!columns) {
      for (let k = i - 1; k >= 0 && k >= i - 3; k--) {
        const candidate = drafts[k];
        const scale = scaleFromText(candidate.item.text);
        if (scale) {
          columns = scale.columns;
          // The scale explanation becomes the grid's introduction rather than a screen of its own.
          if (k === i - 1 && candidate.item.kind === "info") {
            removeIndex = k;
            intro = candidate.item.text;
          }
          break;
        }
        if (candidate.item.kind === "question") break;
      }
    }
    if (!columns) {
      const section = sections.find((entry) => entry.key === drafts[i].item.section);
      const scale = section ? scaleFromText(section.title) : null;
      if (scale) columns = scale.columns;
    }
    if (!columns) {
      // A legend read as a note ("Scale: 1 = Never, 2 = Sometimes, …") printed before the statements.
      const legendNote = notes.filter((note) => note.span.end <= drafts[i].item.span.start && scaleFromText(note.text)).at(-1);
      const previousItem = drafts.slice(0, i).reverse().find((draft) => draft.item.kind === "question");
      if (legendNote && (!previousItem || legendNote.span.start > previousItem.item.span.end)) columns = scaleFromText(legendNote.text)!.columns;
    }
    let scaleFrom: ScaleSource | undefined;
    if (!columns && legends.length) {
      const legend = legends.find((entry) => drafts.indexOf(entry) > j) ?? legends[legends.length - 1];
      columns = legend.item.kind === "question" ? legend.item.options : null;
      if (columns) {
        usedLegends.add(legend);
        scaleFrom = "elsewhere";
      }
    }
    if (!columns && previousColumns) {
      columns = previousColumns;
      scaleFrom = "previous";
    }
    if (!columns) {
      i = j;
      continue;
    }
    previousColumns = columns;
    const first = run[0].item as IRQuestion;
    const last = run[run.length - 1].item as IRQuestion;
    const section = sections.find((entry) => entry.key === first.section);
    const sectionQuestions = drafts.filter((draft) => draft.item.kind === "question" && draft.item.section === first.section && draft.item.section !== undefined);
    const coversSection = section?.label && sectionQuestions.every((draft) => run.includes(draft) || draft.raw.kind !== "question" || !draft.raw.id);
    const battery: IRQuestion = {
      ...first,
      id: coversSection ? section!.label! : `${first.id}-${last.id}`,
      text: intro || (drafts[i - 1] && removeIndex === i - 1 ? drafts[i - 1].item.text : "") || section?.title || "Please rate each statement.",
      type: "grid",
      options: [],
      rows: run.map((draft) => {
        const question = draft.item as IRQuestion;
        return { code: question.id, label: question.text, codePrinted: true, span: question.span };
      }),
      columns,
      span: { start: (removeIndex >= 0 ? drafts[removeIndex].item.span.start : first.span.start), end: last.span.end },
      instructions: run.flatMap((draft) => (draft.item as IRQuestion).instructions),
      notes: run.flatMap((draft) => (draft.item as IRQuestion).notes),
      warnings: [],
    };
    const merged: Draft = { raw: run[0].raw, interpreted: { ...run[0].interpreted!, logic: run.flatMap((draft) => draft.interpreted?.logic ?? []) }, item: battery, scaleFrom };
    const from = removeIndex >= 0 ? removeIndex : i;
    drafts.splice(from, j - from + 1, merged);
    i = from;
  }
  // A legend printed once for several batteries ("Scale: 1 = … 5 = …") is not a question itself.
  for (const legend of usedLegends) {
    const at = drafts.indexOf(legend);
    if (at >= 0) drafts.splice(at, 1);
  }
}

// ------------------------------------------------------------------------------------------ identifiers

function assignIdentifiers(drafts: Draft[]): void {
  const questions = drafts.filter((draft) => draft.item.kind === "question").map((draft) => draft.item as IRQuestion);
  const printed = questions.filter((question) => question.printedId).length;
  let generated = 0;
  for (const question of questions) {
    if (!question.id) {
      generated++;
      // With no printed ids at all, number the questions; otherwise name the unnumbered ones after their neighbours.
      question.id = printed === 0 ? `Q${generated}` : `QX${generated}`;
      question.printedId = false;
    }
  }
  const used = new Map<string, number>();
  // Every variable names one question: a repeated id's "_2" must not be another question's own name ("1.2" twice
  // and "1.2.2" would both be Q1_2_2).
  const taken = new Set(questions.map((question) => sanitizeVariable(question.id).toUpperCase()));
  for (const question of questions) {
    const base = sanitizeVariable(question.id);
    const count = used.get(base.toUpperCase()) ?? 0;
    used.set(base.toUpperCase(), count + 1);
    let variable = base;
    for (let suffix = count + 1; count > 0 && taken.has(variable.toUpperCase()); suffix++) variable = `${base}_${suffix}`;
    if (count > 0) {
      taken.add(variable.toUpperCase());
      used.set(base.toUpperCase(), Number(variable.slice(base.length + 1)));
    }
    question.variable = variable;
    if (count > 0) question.warnings.push(`The questionnaire uses the id ${question.id} more than once; this one is programmed as ${question.variable}.`);
    if (question.variable !== question.id && !question.aliases.includes(question.id)) question.aliases.push(question.id);
  }
}

// ------------------------------------------------------------------------------------------ logic

function refOf(question: IRQuestion, order: number): QuestionRef {
  return {
    key: question.key,
    id: question.id,
    variable: question.variable,
    aliases: question.aliases,
    type: question.type,
    text: question.text,
    options: question.options,
    rows: question.rows,
    columns: question.columns,
    order,
  };
}

function toCondition(text: string, span: IRCondition["span"], resolution: ReturnType<typeof resolveCondition>): IRCondition {
  if (resolution.ast) return { text, span, condition: printCondition(resolution.ast) };
  if (!resolution.unresolved) return { text, span };
  return { text, span, unresolved: resolution.unresolved };
}

/** "CLASSIFY AS LIVE BROADCASTERS" next to a question: segments computed from its answers. */
function classifications(drafts: Draft[], notes: { text: string }[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const pattern = /\bclassify\s+(?:them\s+|respondents?\s+)?as\s+([A-Z][A-Z0-9 &_/+-]*?[A-Z0-9])(?=[ \t]*(?:[,.;\]]|\band\b|\belse\b|\bif\b|$))/gim;
  let last: IRQuestion | undefined;
  const add = (question: IRQuestion | undefined, text: string) => {
    for (const match of text.matchAll(pattern)) {
      const named = questionsIn(drafts, text) ?? question;
      if (!named) continue;
      const set = found.get(named.key) ?? new Set<string>();
      set.add(match[1].trim().toUpperCase());
      found.set(named.key, set);
    }
  };
  for (const draft of drafts) {
    if (draft.item.kind === "question") {
      last = draft.item;
      for (const note of draft.item.notes) add(last, note);
    } else add(last, draft.item.text);
  }
  for (const note of notes) add(undefined, note.text);
  return found;
}

function questionsIn(drafts: Draft[], text: string): IRQuestion | undefined {
  for (const draft of drafts) {
    if (draft.item.kind === "question" && new RegExp(`\\b${draft.item.id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(text)) return draft.item;
  }
  return undefined;
}

/** "Go to next section", "skip to the next module": the section printed after the question's own. */
const NEXT_SECTION = /\b(?:go|skip|jump|continue)\s+(?:on\s+)?to\s+(?:the\s+)?next\s+(?:section|part|module|block)\b/i;

function nextSectionTarget(text: string, question: IRQuestion, sections: { key: string; label?: string; title: string }[]): RouteTarget | null {
  if (!NEXT_SECTION.test(text)) return null;
  const at = sections.findIndex((section) => section.key === question.section);
  const next = at >= 0 ? sections[at + 1] : undefined;
  if (!next) return null;
  return { kind: "section", label: next.label ? `${next.label}: ${next.title}` : next.title };
}

/** A section named by its whole title (a web form's quoted page title: 'skip to "Your home"'), as "label: title". */
function sectionByTitle(target: RouteTarget, sections: { label?: string; title: string }[]): RouteTarget | null {
  if (target.kind !== "section") return null;
  const named = target.label.trim().toUpperCase();
  const section = sections.find((entry) => entry.title.trim().replace(/(?<![.!?:])[.!?:]+$/, "").toUpperCase() === named);
  return section ? { kind: "section", label: `${section.label ?? section.title}: ${section.title}` } : null;
}

/** A screening question: the first question, one whose id marks it as a screener (S1, QS2, SQ3, SCR1, FILTRO 1) or one in a screening section. */
function isScreening(question: IRQuestion, first: boolean, sections: { key: string; title: string }[]): boolean {
  if (first) return true;
  if (/^(?:S|QS|SQ|SC|SCR|F|FILTRO|FILTER|SCREENER)[-_.]?\d/i.test(question.id)) return true;
  const section = sections.find((entry) => entry.key === question.section);
  return Boolean(section && /screen|filter|filtro|qualif|eligib/i.test(section.title));
}

function resolveLogic(
  drafts: Draft[],
  floating: LogicText[],
  notes: { text: string }[] = [],
  segmentationSections: { key: string; label?: string; title: string }[] = [],
  printed = "",
): { name: string; label: string; kind?: "hidden" | "computed" }[] {
  const firstQuestionOrder = drafts.findIndex((draft) => draft.item.kind === "question");
  const refs: QuestionRef[] = [];
  drafts.forEach((draft, order) => {
    if (draft.item.kind === "question") refs.push(refOf(draft.item, order));
  });
  const index = new QuestionIndex(refs);
  // The ref of the question at each order (a lookup per question and per condition instead of a scan of refs).
  const refAt = new Map<number, QuestionRef>();
  for (const ref of refs) if (!refAt.has(ref.order)) refAt.set(ref.order, ref);
  const hidden = new Map<string, { label: string; kind?: "hidden" | "computed" }>();
  const segments = classifications(drafts, notes);
  const previousQuestion = (order: number) => {
    for (let k = order - 1; k >= 0; k--) if (drafts[k].item.kind === "question") return refAt.get(k);
    return undefined;
  };

  drafts.forEach((draft, order) => {
    const item = draft.item;
    const logic: LogicText[] = draft.interpreted?.logic ?? (draft.raw.kind === "info" ? draft.raw.logic : []);
    const self = item.kind === "question" ? refAt.get(order) : undefined;
    const seen = new Set<string>();
    if (item.kind === "question" && item.notes.some(isUniversalBase)) item.askAll = true;
    for (const entry of logic) {
      if (entry.role === "universal") {
        if (item.kind === "question") item.askAll = true;
        continue;
      }
      if (entry.role === "display") {
        if (seen.has(entry.text)) continue;
        seen.add(entry.text);
        const read = resolveCondition(entry.branch?.condition ?? entry.text, { index, order, previous: previousQuestion(order) });
        const resolution = entry.branch?.negated && read.ast ? { ...read, ast: notOf(read.ast) } : read;
        if (resolution.hidden) hidden.set(resolution.hidden.name, { label: resolution.hidden.label ?? `Set outside the questionnaire; the document shows some items only to ${resolution.hidden.name} ${resolution.hidden.value}.` });
        // A comparison with a classification the questionnaire computes ("SQ05 = Live Broadcasters").
        if (resolution.unresolved) {
          const segment = classificationCondition(entry.text, index, order, segments, drafts);
          if (segment) {
            hidden.set(segment.variable, { label: segment.label, kind: "computed" });
            item.askIf.push({ text: entry.text, span: entry.span, condition: segment.condition });
            continue;
          }
        }
        if (!resolution.ast && !resolution.unresolved) continue;
        // A filter on the question's own answers is not a display condition ("Show all options selected in …").
        if (self && resolution.refs.length && resolution.refs.every((ref) => ref.key === self.key)) {
          item.notes.push(entry.text);
          continue;
        }
        item.askIf.push(toCondition(entry.text, entry.span, resolution));
        continue;
      }
      if (item.kind !== "question") continue;
      const route = routeFrom(entry, index, order, self);
      if (route) item.routes.push(route);
      // Keep: routing that could not be read stays with its question, as written (the prose pass reads screen-outs in it).
      else item.notes.push(entry.text);
    }
    if (item.kind === "question") {
      // Item-level logic written on the answer, row or column itself ("Car [ASK IF Q1 = 1]"): bound like the
      // question's, kept as written (flagged) when it does not bind.
      for (const option of [...item.options, ...item.rows, ...item.columns]) {
        if (!option.showIf || option.showIf.condition || option.showIf.unresolved) continue;
        const resolution = resolveCondition(option.showIf.text, { index, order, previous: previousQuestion(order) });
        option.showIf = resolution.ast || resolution.unresolved ? toCondition(option.showIf.text, option.showIf.span, resolution) : { ...option.showIf, unresolved: "no condition found in it" };
      }
    }
    if (item.kind === "question" && draft.raw.kind === "question") {
      // Per-choice display logic: the answer (or grid row) read from the line it was printed above.
      for (const entry of draft.raw.choiceLogic ?? []) {
        const option = [...item.options, ...item.rows].find((candidate) => candidate.span.start <= entry.start && entry.start <= candidate.span.end);
        if (!option) continue;
        option.showIf = toCondition(entry.text, entry.span, resolveCondition(entry.text, { index, order, previous: previousQuestion(order) }));
      }
    }
    if (item.kind === "question") {
      for (const option of item.options) {
        // "<3> RESPONDENT UNAVAILABLE [NORES1D]": a script that prints routing next to the answer in brackets
        // names only the screen to go to; the name must be a later question of this document.
        const named = option.routeText ? null : BARE_BRACKET_TARGET.exec(printed.slice(option.span.start, option.span.end));
        const screen = named ? index.byName(named[1], order) : undefined;
        if (named && screen && screen.order > order) option.routeText = `GO TO ${named[1]}`;
        // (The items are listed only for an answer that says it skips some: listing them per answer was quadratic.)
        const counted = option.routeText || option.route || !relativeSkipCount(option.label) ? undefined : relativeSkipTarget(option.label, order, drafts.map((draft) => draft.item));
        if (counted) option.route = { kind: "question", ref: counted };
        if (!option.routeText) continue;
        // The next section first: in capitals ("GO TO NEXT SECTION") the route reader would take "NEXT" for a variable.
        const target = nextSectionTarget(option.routeText, item, segmentationSections) ?? parseRouteTarget(option.routeText);
        if (target && target.kind !== "next") option.route = target;
        else if (!target) item.warnings.push(`The routing "${option.routeText}" on answer ${option.code} was not understood.`);
      }
      // Ending the interview at a screening question ("No → END" at the first question, at S1 or FILTER 1)
      // screens the respondent out; later in the questionnaire it skips to the end as a complete.
      if (isScreening(item, order === firstQuestionOrder, segmentationSections)) {
        for (const option of item.options) if (option.route?.kind === "end") option.route = { kind: "terminate" };
        for (const route of item.routes) if (route.target.kind === "end") route.target = { kind: "terminate" };
      }
      screenOutIneligible(item);
    }
  });

  // Routing written away from its question ("TERMINATE IF S2 ≠ 1" in a note above S2) goes to the question it names.
  for (const entry of floating) {
    const parsed = parseRouteStatement(entry.text);
    if (!parsed || !parsed.condition) continue;
    const order = drafts.findIndex((draft) => draft.item.span.start >= entry.span.start);
    const resolution = resolveCondition(parsed.condition, { index, order: order < 0 ? drafts.length : order + 1 });
    const host = resolution.refs.length ? resolution.refs.reduce((latest, ref) => (ref.order > latest.order ? ref : latest)) : undefined;
    if (!host) {
      // Keep: routing that names no question of the document is not attached as a filter to what follows; it
      // stays as written on the element after it, as a note the review lists ("not programmed").
      const next = drafts[order < 0 ? drafts.length - 1 : order]?.item;
      next?.notes.push(`Routing not bound to a question (${resolution.unresolved ?? "no question named"}): ${entry.text}`);
      continue;
    }
    const question = drafts[host.order].item as IRQuestion;
    question.routes.push({
      when: toCondition(parsed.condition, entry.span, resolution),
      target: parsed.target,
      text: entry.text,
      span: entry.span,
    });
  }
  return [...hidden.entries()].map(([name, value]) => ({ name, label: value.label, ...(value.kind ? { kind: value.kind } : {}) }));
}

/**
 * "Q7 = LOYAL" / "S3 is heavy user": a question named by an id with a digit, then "=" or "is", then the label
 * closing the text — what
 * `/([A-Za-z][\w-]*\d[\w-]*)\s*(?:=|is)\s*["“]?([A-Za-z][\w &/+-]*?)["”]?\s*\]?\s*$/i` captures (the id and the
 * label), found in linear time: only the first letter of each run of word characters can start the id, and the
 * label is read from the end once.
 */
function idEqualsLabel(text: string): { id: string; label: string } | null {
  const end = text.length;
  const isSpace = (i: number) => i < end && /\s/.test(text[i]);
  const isWord = (i: number) => i < end && /[\w-]/.test(text[i]);
  const isLetter = (i: number) => i < end && /[A-Za-z]/.test(text[i]);
  // The closing quote, spaces and "]" after the label: `["”]?\s*\]?\s*$` holds from `tail` on.
  let tail = end;
  while (tail > 0 && isSpace(tail - 1)) tail--;
  if (tail > 0 && text[tail - 1] === "]") tail--;
  while (tail > 0 && isSpace(tail - 1)) tail--;
  if (tail > 0 && /["”]/.test(text[tail - 1])) tail--;
  // The label's characters run back from there to `labelFrom`.
  let labelFrom = tail;
  while (labelFrom > 0 && /[\w &/+-]/.test(text[labelFrom - 1])) labelFrom--;
  /** The label when the operator ends at `at`: `\s*["“]?` then a letter, up to the tail. */
  const labelAt = (at: number): string | null => {
    while (isSpace(at)) at++;
    if (at < end && /["“]/.test(text[at])) at++;
    if (!isLetter(at)) return null;
    if (at + 1 >= tail) return text.slice(at, at + 1);
    return at >= labelFrom ? text.slice(at, tail) : null;
  };
  const isIs = (i: number) => i + 1 < end && /is/i.test(text.slice(i, i + 2));
  for (let runStart = 0; runStart < end; ) {
    if (!isWord(runStart)) {
      runStart++;
      continue;
    }
    let runEnd = runStart;
    while (isWord(runEnd)) runEnd++;
    let start = runStart;
    while (start < runEnd && !isLetter(start)) start++;
    let digit = start + 1;
    while (digit < runEnd && !/\d/.test(text[digit])) digit++;
    if (start < runEnd && digit < runEnd) {
      // Ends of the id, longest first: the end of the run (then spaces and "=" or "is"), then each "is" inside it.
      let at = runEnd;
      while (isSpace(at)) at++;
      const afterOperator = text[at] === "=" ? at + 1 : isIs(at) ? at + 2 : -1;
      const label = afterOperator >= 0 ? labelAt(afterOperator) : null;
      if (label !== null) return { id: text.slice(start, runEnd), label };
      for (let e = runEnd - 2; e > digit; e--) {
        if (!isIs(e)) continue;
        const inner = labelAt(e + 2);
        if (inner !== null) return { id: text.slice(start, e), label: inner };
      }
    }
    runStart = runEnd;
  }
  return null;
}

function classificationCondition(
  text: string,
  index: QuestionIndex,
  order: number,
  segments: Map<string, Set<string>>,
  drafts: Draft[],
): { variable: string; condition: string; label: string } | null {
  const match = idEqualsLabel(text.trim().replace(/^\[|\]$/g, ""));
  if (!match) return null;
  const question = index.byName(match.id, order);
  if (!question) return null;
  const labels = segments.get(question.key);
  const wanted = match.label.trim().toUpperCase();
  if (!labels || !labels.has(wanted)) return null;
  const variable = `${question.variable}_CLASS`;
  const item = drafts[question.order]?.item;
  const values = [...labels].join(", ");
  return {
    variable,
    condition: printCondition({ type: "compare", ref: { variable }, op: "=", value: wanted }),
    label: `classification of ${item?.kind === "question" ? item.id : question.id} (${values})`,
  };
}

function routeFrom(entry: LogicText, index: QuestionIndex, order: number, self: QuestionRef | undefined): IRRoute | null {
  const parsed = parseRouteStatement(entry.text);
  if (!parsed || parsed.target.kind === "next") return null;
  if (!parsed.condition) return { target: parsed.target, text: entry.text, span: entry.span };
  // "CODES 1 OR 2 NOT SELECTED" under a question: its answer is none of them (unselected-codes.ts).
  const unselected = self ? notSelectedCodes(parsed.condition) : null;
  const condition = unselected && self ? noneOfCondition(self.id, unselected) : parsed.condition;
  const resolution = resolveCondition(`if ${condition}`, { index, order: order + 1, self: parsed.selfCondition ? self : undefined, previous: self });
  return { when: toCondition(parsed.condition, entry.span, resolution), target: parsed.target, text: entry.text, span: entry.span };
}

/** "You must be 18 years or older to take this survey", "Only residents of … can take part": a stated condition of taking part. */
const ELIGIBILITY = /\b(?:you\s+(?:must|need\s+to|have\s+to)\s+be|must\s+be\s+at\s+least|to\s+be\s+eligible|only\s+(?:adults|people|persons|those|respondents|residents|individuals|participants)\b)[^.?!]{0,120}?\b(?:survey|study|questionnaire|research|interview|participate|take\s+part)\b/i;

/**
 * A yes/no question asked right after the questionnaire states who may take part ("You must be 18 years or older
 * to take this survey. Are you 18 years or older?") screens out the "No" answer, although no routing is printed.
 * The screen-out is inferred, so the question is flagged for a person to confirm.
 */
export function screenOutIneligible(question: IRQuestion): void {
  if (question.type !== "single" || question.routes.length || question.options.some((option) => option.route)) return;
  const yes = question.options.filter((option) => /^(?:yes|sí|si|oui|ja|sim)\b/i.test(option.label.trim()));
  const no = question.options.filter((option) => /^(?:no|non|nein|não|nao)\b/i.test(option.label.trim()));
  if (yes.length !== 1 || no.length !== 1 || question.options.length > 3) return;
  const statement = ELIGIBILITY.exec(question.text);
  if (!statement) return;
  no[0].route = { kind: "terminate" };
  question.warnings.push(
    `The questionnaire states who may take part ("${statement[0].trim()}") but prints no routing; answer ${no[0].code} (${no[0].label}) is programmed as a screen-out — please confirm.`,
  );
}

/** The next question opens with a follow-up lead-in ("If yes, …", "Si non, …"). */
function followedByFollowUp(items: readonly { kind: string }[], index: number): boolean {
  const next = items[index + 1] as { kind: string; id?: unknown; body?: { kind: string; text?: string; option?: unknown }[] } | undefined;
  if (!next || next.kind !== "question" || next.id) return false;
  const wording = next.body?.find((part) => part.kind === "wording")?.text ?? "";
  if (leadIn(wording) === null) return false;
  // "Do you …? / If yes, how large …?" over "No, I don't" and "Yes (1–50)": the follow-up's own answers say yes or
  // no, so the line above is its heading, not a question of its own.
  const answers = (next.body ?? []).filter((part) => part.kind === "option").map((part) => (part.option as { label?: string } | undefined)?.label ?? part.text ?? "");
  return !(answers.some((label) => YES_ANSWER.test(label.trim())) && answers.some((label) => NO_ANSWER.test(label.trim())));
}
