import type { ConditionAst } from "../conditions";
import type { LogicalLine } from "./lines";
import type { QuestionRef, ResolveContext, Resolution } from "./logic";
import { askedIfLine } from "./sentence-conditions";
import { bindToolExpression, looksLikeToolExpression, parseToolExpression } from "./tool-expressions";

/**
 * Survey tools' printed logic (the logic pipeline's detect step for prints and exports of survey tools). Each tool
 * prints its logic one fixed way — a label, then the condition in the tool's own grammar:
 *
 * | tool                         | display logic                                                   | routing                          |
 * |------------------------------|-----------------------------------------------------------------|----------------------------------|
 * | REDCap (codebook, dictionary) | "Branching logic: [smoker] = '1'", "Show the field ONLY if: …"  |                                  |
 * | XLSForm / ODK / Kobo / CTO   | "relevant: ${consent} = 'yes'", "Relevance: …", "Only show if: …" |                                  |
 * | LimeSurvey                   | "Relevance: ((Q01.NAOK == "Y"))" (and printed-conditions.ts)      |                                  |
 * | Alchemer (SurveyGizmo)       | "Logic: Hidden unless: Question "…" #5 is one of the following answers ("Yes")" | "Page logic: …" |
 * | SurveyMonkey                 |                                                                 | "Question logic: If No is selected, then skip to Q3", "Skip logic: …" |
 * | Decipher / Dimensions / scripting notes | "<cond> Q1r2 </cond>", "[if S3 in (1,2)]", "FILTER: Q1.ContainsAny({_2})" | "ROUTE: A1 = 2 -> A3", "ROUTING: IF …" |
 *
 * The pass below rewrites each labelled line to the filter or routing statement the segmenter already scopes ("SHOW
 * IF …" is a filter on the question it is printed with; "IF … GO TO …" routes from the question it follows), keeping
 * the tool's condition as printed; `resolveToolCondition` then reads that condition with the tool grammars
 * (tool-expressions.ts, the Alchemer clause) and binds it against the symbol table. A name that binds nowhere is a
 * problem, so the condition is kept on its question, flagged.
 */

interface ToolLabel {
  tool: string;
  label: RegExp;
  role: "display" | "route";
}

/** The labels each tool prints before a condition (anchored, the condition follows). */
export const TOOL_LOGIC_LABELS: readonly ToolLabel[] = [
  { tool: "REDCap", label: /^branching logic(?:\s*\(show (?:the )?field only if\.{0,3}\))?\s*:\s*/i, role: "display" },
  { tool: "REDCap", label: /^show (?:the )?field only if\s*:?\s*(?=\S)/i, role: "display" },
  { tool: "XLSForm", label: /^(?:relevant|relevance(?: equation)?|relevance condition)\s*:\s*/i, role: "display" },
  { tool: "XLSForm", label: /^only show if\s*:\s*/i, role: "display" },
  { tool: "Alchemer", label: /^(?:logic\s*:\s*)?(?:hidden unless|show (?:this question )?only if|shown only if)\s*:\s*(?=question\b)/i, role: "display" },
  { tool: "Dimensions", label: /^(?:filter|condition)\s*:\s*(?=\S[^:]*(?:\.contains(?:any|all|none)\s*\(|==|\$\{|\[[A-Za-z_]|\bf\(\s*['"]))/i, role: "display" },
  { tool: "SurveyMonkey", label: /^\[?(?:question logic|skip logic|page logic|logic)\]?\s*:?\s*(?=if\b)/i, role: "route" },
  { tool: "scripting notes", label: /^(?:route|routing)\s*:\s*/i, role: "route" },
];

/** "<cond> Q1r2 </cond>": a Decipher condition printed with its tags. */
const DECIPHER_COND = /^<cond>\s*([^<>]{1,300}?)\s*<\/cond>$/i;
/** "[if S3 in (1,2)]", "(if [q1] = '1')": a bracketed condition in a tool grammar. */
const BRACKETED_IF = /^[[(]\s*(?:ask\s+|show\s+)?if\s+(.{1,300})[\])]$/i;

/**
 * "`if Q3 != 'France'`", "`if Q1 == 'No' goto Q9 else goto Q2`": a web survey's display logic or branch exported as
 * a code span on a line of its own (the Markdown reader keeps that one code span: "(`if …`)", "`(if …)`"), on the
 * line before the question it shows (a filter, scoped like "SHOW IF" to the question after it) or after the answers
 * it branches on (a route from the question above). The code span says the line is the tool's expression, not
 * prose; an else-branch to another question is the default route and is not repeated.
 */
const CODE_SPAN_IF = /^`\s*if\s+([^`]{1,500}?)\s*`$/i;
const CODE_SPAN_GOTO = /^(.{1,400}?)\s+(?:goto|go\s+to|skip\s+to|jump\s+to)\s+([A-Za-z]{0,4}\d[\w.-]{0,15}|end)(?:\s+else\s+(?:goto|go\s+to|skip\s+to|jump\s+to)\s+[\w.-]{1,16})?$/i;

function codeSpanStatement(value: string): string | null {
  const span = CODE_SPAN_IF.exec(value);
  if (!span) return null;
  const body = span[1].trim();
  const route = CODE_SPAN_GOTO.exec(body);
  const condition = route ? route[1].trim() : body;
  if (!parseToolExpression(condition)) return null;
  if (!route) return `SHOW IF ${condition}`;
  return /^end$/i.test(route[2]) ? `IF ${condition} END SURVEY` : `IF ${condition} GO TO ${route[2]}`;
}

/**
 * Wenjuanxing (问卷星) prints a question's display logic as a line after its answers, before the next question:
 * "依赖于第 3 题第 1;4 个选项" (shown when question 3 was answered with its 1st or 4th answer), "依赖于第 8 题第 2 个行标题中
 * 的第 2;3 个选项" (row 2 of matrix question 8 answered with its 2nd or 3rd column). The line belongs to the question
 * above it, whatever the document's other filters do: it is read as "[SHOW THIS QUESTION IF …]", which the
 * segmenter keeps on the question it follows (`FILTER_OF_QUESTION_ABOVE`), and bound by position here.
 */
const WJX_DEPENDS = /^依赖于\s*第\s*(\d{1,3})\s*题\s*(?:第\s*(\d{1,3})\s*个行标题中的\s*)?第\s*(\d{1,3}(?:\s*[;；,，、]\s*\d{1,3}){0,30})\s*个选项\s*[。.]?$/;
/** The statement a filter printed after the answers of the question it belongs to is read as. */
export const FILTER_OF_QUESTION_ABOVE = /^\[SHOW THIS QUESTION IF\s/i;

function resolveWenjuanxing(text: string, context: ResolveContext): Resolution | null {
  const depends = WJX_DEPENDS.exec(text.trim());
  if (!depends) return null;
  const question = context.index.byName(depends[1], context.order);
  if (!question) return { unresolved: `question ${depends[1]} was not found`, refs: [] };
  const positions = depends[3].split(/[;；,，、]/).map((value) => Number(value.trim()));
  const row = depends[2] ? question.rows[Number(depends[2]) - 1] : undefined;
  if (depends[2] && !row) return { unresolved: `question ${question.id} has no row ${depends[2]}`, refs: [question] };
  const choices = row ? (question.columns.length ? question.columns : question.options) : question.options.length ? question.options : question.columns;
  const codes = positions.map((position) => choices[position - 1]?.code);
  if (codes.some((code) => code === undefined)) return { unresolved: `question ${question.id} has no answer ${depends[3]}`, refs: [question] };
  const ref = row ? { variable: question.variable, row: row.code } : { variable: question.variable };
  const unique = [...new Set(codes as string[])];
  const ast: ConditionAst = unique.length === 1 && (row || question.type !== "multi") ? { type: "compare", ref, op: "=", value: unique[0] } : { type: "compare", ref, op: "anyof", value: unique };
  return { ast, refs: [question] };
}

/** "If No is selected, then skip to Q3": the value reads without "is selected" / "is chosen". */
function plainRouteCondition(text: string): string {
  return text.replace(/^if\s+["“']?([^"”',]{1,80}?)["”']?\s+(?:is|was|are)\s+(?:selected|chosen|checked|answered)\b/i, 'IF "$1"');
}

/** The canonical statement for one labelled line, or null when the line is not a tool's logic. */
export function toolLogicStatement(text: string): string | null {
  const value = text.trim();
  if (value.length > 600) return null;
  if (WJX_DEPENDS.test(value)) return `[SHOW THIS QUESTION IF ${value}]`;
  const codeSpan = codeSpanStatement(value);
  if (codeSpan) return codeSpan;
  const decipher = DECIPHER_COND.exec(value);
  if (decipher) return `SHOW IF ${decipher[1]}`;
  const bracketed = BRACKETED_IF.exec(value);
  if (bracketed && looksLikeToolExpression(bracketed[1])) return `[SHOW IF ${bracketed[1]}]`;
  for (const entry of TOOL_LOGIC_LABELS) {
    const label = entry.label.exec(value);
    if (!label) continue;
    const rest = value.slice(label[0].length).trim();
    if (!rest) return null;
    // In brackets: a tool prints the condition with the field it belongs to, so it is that question's own filter
    // wherever the document's other filters stand (the segmenter keeps a bracketed filter on the open question).
    if (entry.role === "display") return `[SHOW IF ${rest}]`;
    // Routing: "A1 = 2 -> A3" has no "if"; "If No is selected, then skip to Q3" names the answer with "is selected".
    const statement = /^if\b/i.test(rest) ? rest : `IF ${rest}`;
    return plainRouteCondition(statement);
  }
  return null;
}

/**
 * The actions tools print next to an answer, with the routing word the option reader knows for each: Google Forms
 * "Skip to section 3 (About you)" / "Go to section 3" / "Submit form", Alchemer "Disqualify", Typeform and Jotform
 * "Branch to question 5" / "Jump to 5", Microsoft Forms "Go to: Question 7" (read as is).
 */
export const TOOL_ROUTE_ACTIONS: readonly { tool: string; action: RegExp; canonical: string }[] = [
  { tool: "Google Forms", action: /\b(?:skip|go|continue) to section (\d{1,3})\b(?:\s*\([^()]{0,80}\))?/i, canonical: "GO TO SECTION $1" },
  { tool: "Google Forms", action: /\bsubmit (?:the )?form\b/i, canonical: "END SURVEY" },
  { tool: "Alchemer", action: /\bdisqualify(?: (?:respondent|and end survey))?\b/i, canonical: "TERMINATE" },
  { tool: "Typeform/Jotform", action: /\bbranch to\b/i, canonical: "GO TO" },
];

/** An action printed after an answer: in brackets at the end ("No (Submit form)") or after a dash or space ("No - Branch to question 3"). */
function withToolRouteAction(text: string): string {
  if (text.length > 200) return text;
  for (const entry of TOOL_ROUTE_ACTIONS) {
    const found = entry.action.exec(text);
    if (!found || found.index === 0) continue;
    const before = text.slice(0, found.index);
    const after = text.slice(found.index + found[0].length).trim();
    const bracketed = /[([]\s*$/.test(before) && /^[)\]]/.test(after);
    const trailing = /\S\s+(?:[-–—:]\s*)?$/.test(before) && /^(?:(?:question|q\.?)\s*)?[\w.-]{0,12}\.?$/i.test(after);
    if (!bracketed && !trailing) continue;
    return `${before}${found[0].replace(entry.action, entry.canonical)}${text.slice(found.index + found[0].length)}`;
  }
  return text;
}

/** Rewrites every line printed in a tool's logic convention to the statement the segmenter scopes. */
export function readToolLogic(lines: LogicalLine[]): LogicalLine[] {
  return lines.map((line) => {
    // A filter in another language that names its question ("[POSER QENFAN SI QAGE>2000]") is said the English way.
    const statement = toolLogicStatement(line.text) ?? askedIfLine(line.text) ?? withToolRouteAction(line.text);
    return statement !== line.text ? { ...line, text: statement } : line;
  });
}

// ------------------------------------------------------------------------------------------ resolving

/** Alchemer: 'Question "Do you …?" #5 is one of the following answers ("Yes","No")' (or "is not one of"). */
const ALCHEMER_CLAUSE = /^question\s+["“]([^"”]{1,300})["”]\s*(?:#\s*(\d{1,3}))?\s+is\s+(not\s+)?one of the following answers?\s*[:(]?\s*(.{1,400}?)\s*\)?\s*\.?$/i;

type CodesOf = (question: QuestionRef, written: string) => string[] | null;

function ast(question: QuestionRef, codes: string[], negated: boolean): ConditionAst {
  const ref = { variable: question.variable };
  if (codes.length === 1 && question.type !== "multi" && question.type !== "ranking") return { type: "compare", ref, op: negated ? "!=" : "=", value: codes[0] };
  return { type: "compare", ref, op: negated ? "noneof" : "anyof", value: codes };
}

function resolveAlchemer(text: string, context: ResolveContext, codesOf: CodesOf): Resolution | null {
  const clause = ALCHEMER_CLAUSE.exec(text);
  if (!clause) return null;
  // The wording binds first (the number is the tool's own count, which need not be the printed id).
  const question = context.index.byWording(clause[1], context.order) ?? (clause[2] ? context.index.byName(clause[2], context.order) : undefined);
  if (!question) return { unresolved: `the question "${clause[1].slice(0, 60)}" was not found`, refs: [] };
  const quoted = [...clause[4].matchAll(/["“]([^"”]{1,120})["”]/g)].map((match) => match[1]);
  const values = quoted.length ? quoted : clause[4].split(",").map((value) => value.trim()).filter(Boolean);
  const codes: string[] = [];
  for (const value of values) {
    const found = codesOf(question, value);
    if (!found) return { unresolved: `'${value}' is not an answer of ${question.id}`, refs: [question] };
    codes.push(...found);
  }
  if (!codes.length) return { unresolved: `no answer named for ${question.id}`, refs: [question] };
  return { ast: ast(question, [...new Set(codes)], Boolean(clause[3])), refs: [question] };
}

/** The lead words a filter statement starts with ("SHOW IF", "ASK ONLY IF", "IF"). */
const LEAD_WORDS = /^[[(]?\s*(?:(?:show|ask|display)\s+(?:this\s+question\s+)?(?:only\s+)?if|only\s+(?:show|ask)\s+if|ask\s+only\s+if|if|filter\s*[:=]|condition\s*:)\s*:?\s*/i;

/**
 * Reads a condition written in a tool's grammar (a REDCap/XLSForm/LimeSurvey expression, a Decipher row, an Alchemer
 * clause), bound against the symbol table; null when the condition is not written in one (the prose reader owns it).
 */
export function resolveToolCondition(text: string, context: ResolveContext, codesOf: CodesOf): Resolution | null {
  const body = text.trim().replace(LEAD_WORDS, "").trim();
  if (!body || body.length > 600) return null;
  const wenjuanxing = resolveWenjuanxing(body.replace(/\]$/, ""), context);
  if (wenjuanxing) return wenjuanxing;
  const alchemer = resolveAlchemer(body, context, codesOf);
  if (alchemer) return alchemer;
  if (!looksLikeToolExpression(body)) return null;
  const expression = parseToolExpression(body.replace(/[)\]]$/, (close) => (balanced(body) ? close : "")));
  if (!expression) return null;
  const binding = bindToolExpression<QuestionRef>(expression, {
    question: (name) => context.index.byName(name, context.order),
    variable: (question) => question.variable,
    id: (question) => question.id,
    multi: (question) => question.type === "multi" || question.type === "ranking",
    codes: (question, value) => {
      // A number the question does not have (its codes unprinted, so any number reads) may be the tool's own code.
      const found = codesOf(question, value);
      const choices = question.options.length ? question.options : question.columns;
      if (found && (!choices.length || found.every((code) => choices.some((option) => option.code === code)))) return found;
      // A question with no printed answers (a text field, a drop-down list the print leaves out) is compared with
      // the value the tool writes: that value is the answer ("Q2 != 'France'" on "Drop-down list of countries").
      if (!found && !choices.length && value.trim()) return [value.trim()];
      return toolDefaultCode(question, value) ?? found;
    },
    codeAt: (question, position) => (question.options.length ? question.options : question.columns)[position - 1]?.code,
  });
  if (binding.ast) return { ast: binding.ast, refs: binding.refs };
  return { unresolved: binding.problem ?? "the expression did not bind", refs: binding.refs };
}

/**
 * The answer a tool's own answer code names where the print shows labels only: LimeSurvey numbers answers A1, A2 …
 * (newer versions AO01, AO02 …) in order and codes a yes/no question Y/N; REDCap codes yes/no and true/false 1/0.
 */
export function toolDefaultCode(question: QuestionRef, value: string): string[] | null {
  const choices = question.options.length ? question.options : question.columns;
  const written = value.trim();
  if (choices.some((option) => option.code.toLowerCase() === written.toLowerCase())) return null;
  const positional = /^AO?0*(\d{1,3})$/i.exec(written);
  if (positional) {
    const option = choices[Number(positional[1]) - 1];
    return option ? [option.code] : null;
  }
  const answer = /^(?:y|1|true)$/i.test(written) ? /^(?:yes|true|oui|ja|s[ií]|sim)\b/i : /^(?:n|0|false)$/i.test(written) ? /^(?:no|false|non|nein|n[ãa]o)\b/i : null;
  if (!answer || choices.length > 3) return null;
  const found = choices.filter((option) => answer.test(option.label.trim()));
  return found.length === 1 ? [found[0].code] : null;
}

/** Whether the brackets of a text balance (a wrapper's closing bracket is left over after the lead is removed). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
  }
  return depth === 0;
}
