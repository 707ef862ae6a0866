import type { ReactNode } from "react";
import { ConditionWords } from "@/components/editor/condition-words";
import { TYPE_LABELS } from "@/components/editor/type-labels";
import type { TContentChange } from "@/lib/content-operations/schemas";
import { type ConditionVocabulary, describeCondition } from "@/lib/questionnaire/condition-words";
import type { TBlockType, TChoice } from "@/lib/survey-document/schemas";

/**
 * A revision's change records with their values: before → after for wording, type, each option's label
 * and code, rules and conditions (in words, the expression on demand). Records of whole-document writes
 * carry no values; for those the comparison with the previous version shows them.
 */

const FIELD_LABELS: Record<string, string> = {
  content: "wording",
  type: "type",
  required: "required",
  options: "options",
  rows: "rows",
  columns: "columns",
  min: "minimum",
  max: "maximum",
  randomize: "random order",
  showIf: "display condition",
  condition: "condition",
  target_page_id: "destination",
  first_page_id: "start page",
  assign_response_status: "end status",
  name: "name",
  label: "label",
  value: "code",
  exclusive: "exclusive",
  other: "other (specify)",
  order: "position",
  position: "position",
  page_id: "page",
  attention_required: "review",
  navigation_rules: "rule order",
};

export type ChangeContext = { vocabulary: ConditionVocabulary; pageName: (id: string) => string | null };

function Old({ children }: { children: ReactNode }) {
  return (
    <del className="rounded bg-red-50 px-1 text-red-900 decoration-red-400">
      <span className="sr-only">before: </span>
      {children}
    </del>
  );
}

function New({ children }: { children: ReactNode }) {
  return (
    <ins className="rounded bg-emerald-50 px-1 text-emerald-900 no-underline">
      <span className="sr-only">after: </span>
      {children}
    </ins>
  );
}

const clip = (text: string, length = 160) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

function isChoice(value: unknown): value is TChoice {
  return Boolean(value && typeof value === "object" && "value" in value && "label" in value);
}

function choiceText(choice: TChoice): string {
  const extra = [choice.exclusive ? "exclusive" : null, choice.other ? "specify" : null].filter(Boolean).join(", ");
  return `${choice.value} “${clip(choice.label, 80)}”${extra ? ` (${extra})` : ""}`;
}

/** Option by option: what was added, removed, relabelled, recoded or flagged between two lists. */
export function choiceListChanges(before: readonly TChoice[], after: readonly TChoice[]): ReactNode[] {
  const lines: ReactNode[] = [];
  const matchedAfter = new Set<TChoice>();
  const pairs: [TChoice, TChoice][] = [];
  const left: TChoice[] = [];
  for (const choice of before) {
    const same = after.find((candidate) => !matchedAfter.has(candidate) && candidate.value === choice.value);
    if (same) {
      matchedAfter.add(same);
      pairs.push([choice, same]);
    } else left.push(choice);
  }
  // A choice whose code changed is still the same answer when its label is the same.
  for (const choice of [...left]) {
    const relabelled = after.find((candidate) => !matchedAfter.has(candidate) && candidate.label === choice.label);
    if (relabelled) {
      matchedAfter.add(relabelled);
      pairs.push([choice, relabelled]);
      left.splice(left.indexOf(choice), 1);
    }
  }
  for (const [a, b] of pairs) {
    if (a.value !== b.value) lines.push(<>code <Old>{a.value}</Old> → <New>{b.value}</New> (“{clip(b.label, 60)}”)</>);
    if (a.label !== b.label) lines.push(<>{b.value}: <Old>“{clip(a.label, 80)}”</Old> → <New>“{clip(b.label, 80)}”</New></>);
    if (Boolean(a.exclusive) !== Boolean(b.exclusive)) lines.push(<>{b.value}: {b.exclusive ? "now exclusive" : "no longer exclusive"}</>);
    if (Boolean(a.other) !== Boolean(b.other)) lines.push(<>{b.value}: {b.other ? "now asks to specify" : "no longer asks to specify"}</>);
  }
  for (const choice of left) lines.push(<>removed <Old>{choiceText(choice)}</Old></>);
  for (const choice of after.filter((candidate) => !matchedAfter.has(candidate))) lines.push(<>added <New>{choiceText(choice)}</New></>);
  const order = (list: readonly TChoice[]) => list.filter((choice) => pairs.some(([a, b]) => a === choice || b === choice)).map((choice) => pairs.find(([a, b]) => a === choice || b === choice)![0].value);
  if (lines.length === 0 && order(before).join() !== order(after).join()) lines.push(<>new order: {after.map((choice) => choice.value).join(", ")}</>);
  return lines;
}

type RuleValue = { target_page_id: string; condition?: string | null };
function isRule(value: unknown): value is RuleValue {
  return Boolean(value && typeof value === "object" && "target_page_id" in value);
}

function Condition({ text, context }: { text: unknown; context: ChangeContext }) {
  if (typeof text !== "string" || !text) return <span>none (always)</span>;
  return <ConditionWords condition={text} words={describeCondition(text, context.vocabulary).words} className="inline-block" />;
}

function scalar(field: string, value: unknown, context: ChangeContext): ReactNode {
  if (value === null || value === undefined || value === "") return "none";
  if (field === "type" && typeof value === "string") return TYPE_LABELS[value as TBlockType] ?? value;
  if ((field === "target_page_id" || field === "first_page_id" || field === "page_id") && typeof value === "string") return `“${context.pageName(value) ?? "a page that no longer exists"}”`;
  if (field === "order" || field === "position") return typeof value === "number" ? String(value + 1) : String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return field === "value" ? value : `“${clip(value)}”`;
  if (typeof value === "number") return String(value);
  return clip(JSON.stringify(value));
}

function ChangeValues({ change, context }: { change: TContentChange; context: ChangeContext }): ReactNode {
  const { field, before, after } = change;
  if (change.op === "add_choice" && isChoice(after)) return <>added <New>{choiceText(after)}</New></>;
  if (change.op === "delete_choice" && isChoice(before)) return <>removed <Old>{choiceText(before)}</Old></>;
  if ((change.op === "add_rule" || change.op === "delete_rule") && isRule(change.op === "add_rule" ? after : before)) {
    const rule = (change.op === "add_rule" ? after : before) as RuleValue;
    const destination = context.pageName(rule.target_page_id) ?? change.element.label.split(" → ").at(-1) ?? "another page";
    const text = (
      <>
        {rule.condition ? <Condition text={rule.condition} context={context} /> : "always"} → go to “{destination}”
      </>
    );
    return change.op === "add_rule" ? <>added <New>{text}</New></> : <>removed <Old>{text}</Old></>;
  }
  if (!field || (before === undefined && after === undefined)) return null;
  if (field === "attention_required") {
    if (Array.isArray(before)) return <>dismissed {before.map((reason) => `“${clip(String(reason), 100)}”`).join(", ")}</>;
    if (typeof after === "string") return <>flagged: “{clip(after, 160)}”</>;
    return null;
  }
  if (field === "navigation_rules") return <>rules reordered</>;
  if ((field === "options" || field === "rows" || field === "columns") && Array.isArray(before) && Array.isArray(after)) {
    const lines = choiceListChanges(before.filter(isChoice), after.filter(isChoice));
    return (
      <ul className="mt-0.5 list-disc space-y-0.5 pl-5">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    );
  }
  if (field === "showIf" || field === "condition") {
    return (
      <span className="inline-flex flex-wrap items-baseline gap-1">
        <Old>
          <Condition text={before} context={context} />
        </Old>
        →
        <New>
          <Condition text={after} context={context} />
        </New>
      </span>
    );
  }
  if (field === "content" && typeof before === "string" && typeof after === "string") {
    return (
      <span className="mt-0.5 block space-y-0.5">
        <span className="block">
          <Old>{clip(before, 400)}</Old>
        </span>
        <span className="block">
          <New>{clip(after, 400)}</New>
        </span>
      </span>
    );
  }
  return (
    <>
      <Old>{scalar(field, before, context)}</Old> → <New>{scalar(field, after, context)}</New>
    </>
  );
}

/** What a change is about, for people: "Q3 · type", "option 2 of Q3 · label". */
function subject(change: TContentChange): string {
  const field = change.field && !change.field.includes(",") ? FIELD_LABELS[change.field] ?? change.field : null;
  return field ? `${change.element.label} · ${field}` : change.element.label;
}

export function ChangeList({ changes, context, label }: { changes: TContentChange[]; context: ChangeContext; label: string }) {
  return (
    <ul aria-label={label} className="space-y-1.5 text-sm text-slate-800">
      {changes.map((change, index) => {
        const values = <ChangeValues change={change} context={context} />;
        const hasValues = change.op !== "replace_document" && (change.before !== undefined || change.after !== undefined);
        return (
          <li key={index} className="min-w-0">
            {hasValues ? (
              <>
                <span className="font-medium">{subject(change)}:</span> {values}
              </>
            ) : (
              <span>{change.summary}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
