import type { ReactNode } from "react";
import { Markdown } from "@/components/preview/markdown";
import { choicesOf, TEXT_ANSWER_MAX, type PageView } from "@/lib/fielding/respondent";
import type { TDocumentBlock } from "@/lib/survey-document/schemas";

/**
 * One page of a survey for a respondent, as plain HTML form controls: it works without JavaScript, on a
 * phone, with a keyboard and a screen reader. Answers post to `/r/{linkId}/submit`; the server decides the
 * next page with the same engine as the preview.
 */

const input =
  "block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none aria-invalid:ring-red-600";
const choiceRow =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600";

type FieldProps = { block: TDocumentBlock; view: PageView; questionId: string; describedBy?: string; invalid: boolean };

function OtherSpecify({ variable, label, value }: { variable: string; label: string; value: string }) {
  return (
    <input
      name={`o:${variable}`}
      aria-label={`${label}: please specify`}
      placeholder="Please specify"
      defaultValue={value}
      maxLength={TEXT_ANSWER_MAX}
      className={`${input} mt-2`}
    />
  );
}

function Field({ block, view, questionId, describedBy, invalid }: FieldProps): ReactNode {
  const question = block.config.question!;
  const variable = question.variable;
  const name = `a:${variable}`;
  const value = view.answers[variable];
  const choices = choicesOf(block);
  const other = view.otherText[variable] ?? "";
  const aria = { "aria-describedby": describedBy, "aria-invalid": invalid || undefined };

  switch (block.config.type) {
    case "single_choice":
    case "multiple_choice": {
      const multiple = block.config.type === "multiple_choice";
      const chosen = (code: string) => (Array.isArray(value) ? value.includes(code) : value === code);
      return (
        <div role={multiple ? "group" : "radiogroup"} aria-labelledby={questionId} {...aria} className="space-y-2">
          {choices.map((choice) => (
            <div key={choice.value}>
              <label className={choiceRow}>
                <input type={multiple ? "checkbox" : "radio"} name={name} value={choice.value} defaultChecked={chosen(choice.value)} className="mt-1 size-5 shrink-0 accent-indigo-600" />
                <span className="text-base">{choice.label}</span>
              </label>
              {choice.other && <OtherSpecify variable={variable} label={choice.label} value={other} />}
            </div>
          ))}
        </div>
      );
    }
    case "rating":
    case "nps":
      return (
        <div role="radiogroup" aria-labelledby={questionId} {...aria} className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg px-3 text-base ring-1 ring-inset ring-slate-400 has-[:checked]:bg-indigo-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600"
            >
              <input type="radio" name={name} value={choice.value} defaultChecked={value === choice.value} className="sr-only" />
              {choice.label}
            </label>
          ))}
        </div>
      );
    case "dropdown":
      return (
        <>
          <select name={name} aria-labelledby={questionId} {...aria} defaultValue={typeof value === "string" ? value : ""} className={`${input} max-w-md`}>
            <option value="">Choose…</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          {choices.filter((choice) => choice.other).map((choice) => (
            <OtherSpecify key={choice.value} variable={variable} label={choice.label} value={other} />
          ))}
        </>
      );
    case "matrix": {
      const grid = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
      const columns = question.columns ?? [];
      return (
        <div role="group" aria-labelledby={questionId} {...aria} className="space-y-3">
          {(question.rows ?? []).map((row) => (
            <fieldset key={row.value} className="rounded-lg p-3 ring-1 ring-inset ring-slate-200">
              <legend className="px-1 text-base font-medium text-slate-900">{row.label}</legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {columns.map((column) => (
                  <label key={column.value} className={`${choiceRow} min-w-24 flex-1 items-center`}>
                    <input type="radio" name={`${name}.${row.value}`} value={column.value} defaultChecked={grid[row.value] === column.value} className="size-5 shrink-0 accent-indigo-600" />
                    <span className="text-sm">{column.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      );
    }
    case "ranking": {
      const order = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div role="group" aria-labelledby={questionId} {...aria} className="space-y-2">
          <p className="text-sm text-slate-700">Give each item a different rank, 1 for the first.</p>
          {choices.map((choice) => {
            const rank = order.indexOf(choice.value) + 1;
            return (
              <label key={choice.value} className="flex items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300">
                <select name={`${name}.${choice.value}`} defaultValue={rank ? String(rank) : ""} aria-label={`Rank of ${choice.label}`} className={`${input} w-20`}>
                  <option value="">–</option>
                  {choices.map((_, index) => (
                    <option key={index} value={index + 1}>
                      {index + 1}
                    </option>
                  ))}
                </select>
                <span className="text-base">{choice.label}</span>
              </label>
            );
          })}
        </div>
      );
    }
    case "number":
      return (
        <input
          name={name}
          inputMode="decimal"
          autoComplete="off"
          aria-labelledby={questionId}
          {...aria}
          defaultValue={typeof value === "number" ? String(value) : typeof value === "string" ? value : ""}
          className={`${input} max-w-48`}
        />
      );
    case "date":
      return <input type="date" name={name} aria-labelledby={questionId} {...aria} defaultValue={typeof value === "string" ? value : ""} className={`${input} max-w-56`} />;
    default:
      return <textarea name={name} rows={4} maxLength={TEXT_ANSWER_MAX} aria-labelledby={questionId} {...aria} defaultValue={typeof value === "string" ? value : ""} className={input} />;
  }
}

function rangeHint(block: TDocumentBlock): string | null {
  const question = block.config.question;
  if (block.config.type !== "number" || !question) return null;
  if (question.min !== undefined && question.max !== undefined) return `A number from ${question.min} to ${question.max}.`;
  if (question.min !== undefined) return `A number of at least ${question.min}.`;
  if (question.max !== undefined) return `A number of at most ${question.max}.`;
  return null;
}

export function RespondentForm({ view }: { view: PageView }) {
  const errorEntries = view.blocks.filter((block) => view.errors[block.id]);
  return (
    <form id="respondent-form" method="post" action={`/r/${view.link.id}/submit`} noValidate className="space-y-6">
      <input type="hidden" name="_version" value={view.version} />
      {view.start && (
        <>
          <input type="hidden" name="_nonce" value={view.start.nonce} />
          <input type="hidden" name="_shown" value={view.start.shownAt} />
          {Object.entries(view.start.hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={`h:${name}`} value={value} />
          ))}
        </>
      )}
      {errorEntries.length > 0 && (
        <div role="alert" tabIndex={-1} autoFocus aria-labelledby="error-summary-title" className="rounded-xl bg-red-50 p-4 ring-1 ring-red-300">
          <h2 id="error-summary-title" className="text-base font-semibold text-red-900">
            {errorEntries.length === 1 ? "One answer needs your attention" : `${errorEntries.length} answers need your attention`}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900">
            {errorEntries.map((block) => (
              <li key={block.id}>
                <a href={`#q-${block.id}`} className="underline">
                  {view.errors[block.id]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.blocks.map((block) => {
        if (block.config.type === "text" || !block.config.question) {
          return <Markdown key={block.id} text={block.config.content} className="space-y-3 text-base leading-relaxed text-slate-800" />;
        }
        const questionId = `q-${block.id}`;
        const error = view.errors[block.id];
        const hint = rangeHint(block);
        const describedBy = [hint ? `hint-${block.id}` : null, error ? `error-${block.id}` : null].filter(Boolean).join(" ") || undefined;
        return (
          <section key={block.id} aria-labelledby={questionId} className="space-y-3">
            <div id={questionId} className="space-y-2 text-lg font-medium leading-snug text-slate-900">
              <Markdown text={block.config.content} className="space-y-2" />
              {block.config.question.required === false && <p className="text-sm font-normal text-slate-600">(optional)</p>}
            </div>
            {hint && (
              <p id={`hint-${block.id}`} className="text-sm text-slate-600">
                {hint}
              </p>
            )}
            {error && (
              <p id={`error-${block.id}`} className="text-sm font-medium text-red-800">
                {error}
              </p>
            )}
            <Field block={block} view={view} questionId={questionId} describedBy={describedBy} invalid={Boolean(error)} />
          </section>
        );
      })}
      {/* Next comes first in the form so Enter moves on; Back shows first on screen. */}
      <div className="flex flex-row-reverse items-center justify-start gap-3 border-t border-slate-200 pt-5">
        <button type="submit" name="_action" value="next" className="inline-flex min-h-11 items-center rounded-lg bg-indigo-700 px-6 text-base font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700">
          Next
        </button>
        {view.canGoBack && (
          <button type="submit" name="_action" value="back" className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 text-base font-medium text-slate-800 ring-1 ring-inset ring-slate-400 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700">
            Back
          </button>
        )}
      </div>
    </form>
  );
}

/** The test banner: says answers are recorded as test data, and lets the tester jump to any page. */
export function TestBanner({ view }: { view: PageView }) {
  return (
    <aside aria-label="Test link" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-2xl flex-wrap items-end gap-3 px-4 py-3 text-sm text-amber-950">
        <p className="flex-1 basis-48">
          <strong>Test link.</strong> Answers are recorded as test responses.
        </p>
        <form method="post" action={`/r/${view.link.id}/submit`} className="flex items-end gap-2">
          <input type="hidden" name="_version" value={view.version} />
          {view.start && (
            <>
              <input type="hidden" name="_nonce" value={view.start.nonce} />
              <input type="hidden" name="_shown" value={view.start.shownAt} />
              {Object.entries(view.start.hidden).map(([name, value]) => (
                <input key={name} type="hidden" name={`h:${name}`} value={value} />
              ))}
            </>
          )}
          <label className="flex flex-col gap-1">
            <span className="font-medium">Jump to page</span>
            <select name="_target" defaultValue={view.page.id} className="rounded-md bg-white px-2 py-1.5 ring-1 ring-inset ring-amber-400">
              {view.jumpTargets!.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="_action" value="jump" className="min-h-9 rounded-md bg-amber-900 px-3 font-medium text-white hover:bg-amber-950">
            Go
          </button>
        </form>
      </div>
    </aside>
  );
}
