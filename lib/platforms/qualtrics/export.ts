import type { TBlockConfig, TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";
import { printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import { linearize, isNever } from "../linear";
import { andLogic, orLogic, questionKinds, toDnf, toLogic, type Literal, type Logic, type QuestionKind } from "../logic";
import type { ExportWarning, PlatformExport } from "../types";

/**
 * Survey document → Qualtrics Survey Format (.qsf, the JSON of Qualtrics' "Export survey"): one block per
 * page, questions with choices and recode values (our option codes), matrices with statements and scale
 * points, DisplayLogic on questions, choices and statements, page navigation as Branch elements of the
 * survey flow (each page inside the branches that guard it) and EndSurvey elements for screen-outs
 * (`ResponseFlag: Screened`) and completes.
 */

type Json = Record<string, unknown>;

interface QuestionInfo {
  qid: string;
  kind: QuestionKind;
  choiceIds: Map<string, string>;
  rowIds: Map<string, string>;
  columnIds: Map<string, string>;
}

const MAX_DNF_TERMS = 32;

function plain(markdown: string): string {
  return markdown.replace(/\*\*(.+?)\*\*/g, "<b>$1</b>").replace(/\n/g, "<br>");
}

function ids(choices: TChoice[] | undefined): Map<string, string> {
  return new Map((choices ?? []).map((choice, index) => [choice.value, String(index + 1)]));
}

export function exportQualtrics(document: TSurveyDocument): PlatformExport {
  const warnings: ExportWarning[] = [];
  const kinds = questionKinds(document);
  const { pages, warnings: flowWarnings } = linearize(document);
  warnings.push(...flowWarnings);
  const questions = new Map<string, QuestionInfo>();
  let qidCounter = 0;
  const blockQids = new Map<string, string>();
  for (const { page } of pages) {
    for (const block of [...page.blocks].sort((a, b) => a.order - b.order)) {
      const qid = `QID${++qidCounter}`;
      blockQids.set(block.id, qid);
      const question = block.config.question;
      if (question) {
        const columns = question.columns ?? (block.config.type === "matrix" ? question.options : undefined);
        questions.set(question.variable, {
          qid,
          kind: kinds.get(question.variable)?.kind ?? "unknown",
          choiceIds: ids(block.config.type === "ranking" && question.rows?.length ? question.rows : question.options),
          rowIds: ids(question.rows),
          columnIds: ids(columns),
        });
      }
    }
  }

  /** Empty/not-empty of a choice question in Qualtrics' own terms: none / some choice selected. */
  function expandEmpty(logic: Logic): Logic {
    if (logic.type === "and") return andLogic(...logic.operands.map(expandEmpty));
    if (logic.type === "or") return orLogic(...logic.operands.map(expandEmpty));
    if (logic.type !== "literal" || logic.literal.kind !== "empty") return logic;
    const { ref, negated } = logic.literal;
    const info = questions.get(ref.variable);
    if (!info || info.kind === "text" || info.kind === "number" || info.kind === "unknown") return logic;
    const codes = [...(ref.row !== undefined ? info.columnIds : info.choiceIds).keys()];
    if (codes.length === 0) return logic;
    const literals = codes.map((value): Logic => ({ type: "literal", literal: { kind: "selected", ref, value, negated: !negated } }));
    return negated ? orLogic(...literals) : andLogic(...literals);
  }

  function expression(literal: Literal, element: string, conjunction: "And" | null): Json | null {
    const info = questions.get(literal.ref.variable);
    if (!info) {
      warnings.push({ code: "unknown_reference", element, reason: `The condition names ${literal.ref.variable}, which is not a question of this survey; that test is left out.` });
      return null;
    }
    const base = { LogicType: "Question", QuestionID: info.qid, QuestionIsInLoop: "no", QuestionIDFromLocator: info.qid, Type: "Expression" };
    let locator: string;
    let operator: string;
    let right: string | undefined;
    switch (literal.kind) {
      case "selected": {
        if (literal.ref.row !== undefined) {
          const row = info.rowIds.get(literal.ref.row);
          const column = info.columnIds.get(literal.value);
          if (!row || !column) {
            warnings.push({ code: "unknown_option", element, reason: `${literal.ref.variable} has no statement ${literal.ref.row} with scale point ${literal.value}; that test is left out.` });
            return null;
          }
          locator = `q://${info.qid}/SelectableAnswer/${row}/${column}`;
        } else {
          const choice = info.choiceIds.get(literal.value);
          if (!choice) {
            warnings.push({ code: "unknown_option", element, reason: `${literal.ref.variable} has no option ${literal.value}; that test is left out.` });
            return null;
          }
          locator = `q://${info.qid}/SelectableChoice/${choice}`;
        }
        operator = literal.negated ? "NotSelected" : "Selected";
        break;
      }
      case "empty":
        locator = `q://${info.qid}/ChoiceTextEntryValue`;
        operator = literal.negated ? "NotEmpty" : "Empty";
        break;
      case "contains":
        locator = `q://${info.qid}/ChoiceTextEntryValue`;
        operator = literal.negated ? "DoesNotContain" : "Contains";
        right = literal.value;
        break;
      case "compare":
        locator = `q://${info.qid}/ChoiceTextEntryValue`;
        operator = { "=": "EqualTo", "!=": "NotEqualTo", "<": "LessThan", "<=": "LessThanOrEqual", ">": "GreaterThan", ">=": "GreaterThanOrEqual" }[literal.op];
        right = String(literal.value);
        break;
      case "count":
        if (literal.ref.row !== undefined || !["=", "!=", "<", ">", "<=", ">="].includes(literal.op)) return null;
        locator = `q://${info.qid}/SelectedChoicesCount`;
        operator = { "=": "EqualTo", "!=": "NotEqualTo", "<": "LessThan", "<=": "LessThanOrEqual", ">": "GreaterThan", ">=": "GreaterThanOrEqual" }[literal.op];
        right = String(literal.value);
        break;
    }
    return {
      ...base,
      ChoiceLocator: locator,
      LeftOperand: locator,
      Operator: operator,
      ...(right !== undefined ? { RightOperand: right } : {}),
      ...(conjunction ? { Conjuction: conjunction } : {}),
    };
  }

  /** A condition as a Qualtrics BooleanExpression (OR of AND groups); null when it says "always". */
  function booleanExpression(condition: ConditionAst | string, element: string, inPage = false): Json | null {
    let logic: Logic;
    try {
      logic = expandEmpty(toLogic(condition, kinds));
    } catch (error) {
      warnings.push({ code: "invalid_condition", element, reason: `The condition cannot be read (${(error as Error).message}); it is left out.` });
      return null;
    }
    const dnf = toDnf(logic, MAX_DNF_TERMS);
    const printed = typeof condition === "string" ? condition : printCondition(condition);
    if (!dnf) {
      warnings.push({ code: "condition_too_complex", element, reason: `Qualtrics logic is an OR of AND groups; “${printed}” needs more than ${MAX_DNF_TERMS} groups, so it is left out.` });
      return null;
    }
    if (dnf.some((term) => term.length === 0)) return null;
    const result: Json = { Type: "BooleanExpression", inPage };
    if (dnf.length === 0) {
      warnings.push({ code: "condition_never_true", element, reason: `“${printed}” can never hold; Qualtrics cannot say "never", so the element is hidden by an impossible test.` });
    }
    dnf.forEach((term, g) => {
      const group: Json = { Type: g === 0 ? "If" : "Or" };
      let count = 0;
      for (const literal of term) {
        const expr = expression(literal, element, count === 0 ? null : "And");
        if (expr) group[String(count++)] = expr;
      }
      if (count > 0) result[String(g)] = group;
    });
    return Object.keys(result).length > 2 ? result : null;
  }

  const elements: Json[] = [];
  const surveyId = "SV_" + (document.survey.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 15) || "service");
  const blocks: Json[] = [];
  const flow: Json[] = [];
  let flowCounter = 1;
  const nextFlowId = () => `FL_${++flowCounter}`;

  pages.forEach(({ page, guard }, p) => {
    const blockId = `BL_${p + 1}`;
    const sorted = [...page.blocks].sort((a, b) => a.order - b.order);
    blocks.push({
      Type: p === 0 ? "Default" : "Standard",
      SubType: "",
      Description: page.name,
      ID: blockId,
      BlockElements: sorted.map((block) => ({ Type: "Question", QuestionID: blockQids.get(block.id)! })),
      Options: { BlockLocking: "false", RandomizeQuestions: "false", BlockVisibility: "Expanded" },
    });
    const onPage = new Set(sorted.map((block) => block.config.question?.variable).filter(Boolean));
    for (const block of sorted) {
      const qid = blockQids.get(block.id)!;
      const element = `question ${block.config.question?.variable ?? qid} on page “${page.name}”`;
      const payload = questionPayload(block.config, qid, element, warnings);
      const inPage = (condition: string) => [...condition.matchAll(/\{([^}.]+)/g)].some((match) => onPage.has(match[1]));
      if (block.config.showIf) {
        const logic = booleanExpression(block.config.showIf, element, inPage(block.config.showIf));
        if (logic) payload.DisplayLogic = logic;
      }
      const question = block.config.question;
      const choiceLists: [TChoice[] | undefined, string][] = [
        [block.config.type === "matrix" || block.config.type === "ranking" ? question?.rows : question?.options, "Choices"],
      ];
      for (const [list, key] of choiceLists) {
        (list ?? []).forEach((choice, index) => {
          if (!choice.showIf) return;
          const logic = booleanExpression(choice.showIf, `option ${choice.value} of ${element}`, inPage(choice.showIf));
          if (logic) ((payload[key] as Json)[String(index + 1)] as Json).DisplayLogic = logic;
        });
      }
      for (const column of block.config.type === "matrix" ? (question?.columns ?? []) : []) {
        if (column.showIf) {
          warnings.push({ code: "display_logic_unsupported", element: `scale point ${column.value} of ${element}`, reason: "Qualtrics has no display logic on matrix scale points; the scale point is always shown." });
        }
      }
      elements.push({ SurveyID: surveyId, Element: "SQ", PrimaryAttribute: qid, SecondaryAttribute: block.config.content.slice(0, 100), TertiaryAttribute: null, Payload: payload });
    }

    const inner: Json[] = [{ Type: "Block", ID: blockId, FlowID: nextFlowId() }];
    if (page.assign_response_status) {
      inner.push({
        Type: "EndSurvey",
        FlowID: nextFlowId(),
        EndingType: "Advanced",
        Options: { Advanced: "true", SurveyTermination: "DefaultMessage", ...(page.assign_response_status === "complete" ? {} : { ResponseFlag: "Screened" }) },
      });
    }
    let wrapped = inner;
    for (const conjunct of [...guard].reverse()) {
      if (isNever(conjunct)) {
        warnings.push({ code: "unreachable_page", element: `page “${page.name}”`, reason: "No path through the survey reaches this page; it is exported behind a branch that never holds." });
      }
      const logic = booleanExpression(conjunct, `the way to page “${page.name}”`);
      if (!logic) continue;
      wrapped = [{ Type: "Branch", FlowID: nextFlowId(), Description: `Show page ${page.name}`, BranchLogic: logic, Flow: wrapped }];
    }
    flow.push(...wrapped);
  });

  elements.unshift(
    { SurveyID: surveyId, Element: "BL", PrimaryAttribute: "Survey Blocks", SecondaryAttribute: null, TertiaryAttribute: null, Payload: blocks },
    {
      SurveyID: surveyId,
      Element: "FL",
      PrimaryAttribute: "Survey Flow",
      SecondaryAttribute: null,
      TertiaryAttribute: null,
      Payload: { Type: "Root", FlowID: "FL_1", Flow: flow, Properties: { Count: flowCounter } },
    },
  );
  const qsf = {
    SurveyEntry: {
      SurveyID: surveyId,
      SurveyName: document.survey.name,
      SurveyDescription: null,
      SurveyOwnerID: null,
      SurveyBrandID: null,
      DivisionID: null,
      SurveyLanguage: "EN",
      SurveyActiveResponseSet: null,
      SurveyStatus: "Inactive",
      SurveyStartDate: "0000-00-00 00:00:00",
      SurveyExpirationDate: "0000-00-00 00:00:00",
      SurveyCreationDate: null,
      CreatorID: null,
      LastModified: null,
      LastAccessed: null,
      LastActivated: null,
      Deleted: null,
    },
    SurveyElements: elements,
  };
  return { source: JSON.stringify(qsf, null, 2), mediaType: "application/json", extension: "qsf", warnings };
}

function choicesOf(list: TChoice[] | undefined): { Choices: Json; ChoiceOrder: string[]; RecodeValues: Json } {
  const Choices: Json = {};
  const RecodeValues: Json = {};
  (list ?? []).forEach((choice, index) => {
    const id = String(index + 1);
    Choices[id] = { Display: choice.label, ...(choice.exclusive ? { ExclusiveAnswer: true } : {}), ...(choice.other ? { TextEntry: "true" } : {}) };
    RecodeValues[id] = choice.value;
  });
  return { Choices, ChoiceOrder: Object.keys(Choices), RecodeValues };
}

function questionPayload(config: TBlockConfig, qid: string, element: string, warnings: ExportWarning[]): Json {
  const question = config.question;
  const base: Json = {
    QuestionText: plain(config.content),
    DataExportTag: question?.variable ?? qid,
    QuestionID: qid,
    QuestionDescription: config.content.slice(0, 100),
    Configuration: { QuestionDescriptionOption: "UseText" },
    Language: [],
  };
  const force = { Settings: { ForceResponse: question?.required === false ? "OFF" : "ON", ForceResponseType: "ON", Type: "None" } };
  if (question?.randomize) base.Randomization = { Advanced: null, Type: "All", TotalRandSubset: "" };
  switch (config.type) {
    case "text":
      return { ...base, QuestionType: "DB", Selector: "TB", Validation: { Settings: { Type: "None" } } };
    case "single_choice":
    case "rating":
    case "nps":
    case "dropdown":
      if (!question?.options?.length && config.type !== "dropdown") {
        return {
          ...base,
          QuestionType: "TE",
          Selector: "SL",
          Validation: { Settings: { ...force.Settings, Type: "ContentValidation", ContentType: "ValidNumber", ValidNumber: { Min: String(question?.min ?? 0), Max: String(question?.max ?? 10), NumDecimals: "0" } } },
        };
      }
      return { ...base, QuestionType: "MC", Selector: config.type === "dropdown" ? "DL" : "SAVR", SubSelector: "TX", ...choicesOf(question?.options), Validation: force };
    case "multiple_choice":
      return { ...base, QuestionType: "MC", Selector: "MAVR", SubSelector: "TX", ...choicesOf(question?.options), Validation: force };
    case "matrix": {
      const rows = choicesOf(question?.rows);
      const columns = choicesOf(question?.columns ?? question?.options);
      return {
        ...base,
        QuestionType: "Matrix",
        Selector: "Likert",
        SubSelector: "SingleAnswer",
        Choices: rows.Choices,
        ChoiceOrder: rows.ChoiceOrder,
        ChoiceDataExportTags: Object.fromEntries(Object.entries(rows.RecodeValues).map(([id, code]) => [id, `${question?.variable}_${code}`])),
        Answers: columns.Choices,
        AnswerOrder: columns.ChoiceOrder.map(Number),
        RecodeValues: columns.RecodeValues,
        Validation: force,
      };
    }
    case "ranking": {
      const items = choicesOf(question?.rows?.length ? question.rows : question?.options);
      return { ...base, QuestionType: "RO", Selector: "DND", SubSelector: "TX", ...items, Validation: force };
    }
    case "number":
      return {
        ...base,
        QuestionType: "TE",
        Selector: "SL",
        Validation: {
          Settings: {
            ...force.Settings,
            Type: "ContentValidation",
            ContentType: "ValidNumber",
            ValidNumber: { Min: question?.min !== undefined ? String(question.min) : "", Max: question?.max !== undefined ? String(question.max) : "", NumDecimals: "" },
          },
        },
      };
    case "date":
      return { ...base, QuestionType: "TE", Selector: "SL", Validation: { Settings: { ...force.Settings, Type: "ContentValidation", ContentType: "ValidDate", ValidDate: { Format: "yyyy-mm-dd" } } } };
    case "open_text":
      return { ...base, QuestionType: "TE", Selector: "ML", Validation: force };
    default:
      warnings.push({ code: "type_unsupported", element, reason: `Block type ${config.type} has no Qualtrics equivalent; it is exported as a text entry.` });
      return { ...base, QuestionType: "TE", Selector: "SL", Validation: force };
  }
}
