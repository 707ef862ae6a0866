import { ConditionWords } from "@/components/editor/condition-words";
import { TYPE_LABELS } from "@/components/editor/type-labels";
import { Markdown } from "@/components/preview/markdown";
import { Badge } from "@/components/ui/badge";
import { describeCondition, vocabularyOf } from "@/lib/questionnaire/condition-words";
import type { TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";

function ChoiceTable({ caption, choices }: { caption: string; choices: TChoice[] }) {
  return (
    <table className="mt-1 text-xs">
      <caption className="text-left font-medium text-slate-700">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Label</th>
        </tr>
      </thead>
      <tbody>
        {choices.map((choice) => (
          <tr key={choice.value} className="align-top">
            <td className="pr-3 font-mono text-slate-600">{choice.value}</td>
            <td className="text-slate-800">
              {choice.label}
              {choice.exclusive && <span className="text-slate-600"> (exclusive)</span>}
              {choice.other && <span className="text-slate-600"> (please specify)</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A read-only outline of one revision: its pages in order, their questions with option labels, and where each page leads — conditions in words. */
export function RevisionOutline({ document }: { document: TSurveyDocument }) {
  const pages = [...document.pages].sort((a, b) => a.order - b.order);
  const vocabulary = vocabularyOf(document);
  const words = (condition: string) => describeCondition(condition, vocabulary).words;
  const nameOf = (id: string) => document.pages.find((page) => page.id === id)?.name ?? "a page that no longer exists";
  return (
    <ol className="space-y-4" aria-label="Pages">
      {pages.map((page) => (
        <li key={page.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="text-sm font-semibold text-slate-900">{page.name}</h4>
            {page.id === document.first_page_id && <Badge tone="indigo">First page</Badge>}
            {page.assign_response_status && <Badge tone={page.assign_response_status === "complete" ? "green" : "red"}>Ends: {page.assign_response_status}</Badge>}
            {page.attention_required && !page.attention_required.dismissed && <Badge tone="amber">Needs review</Badge>}
          </div>
          {page.blocks.length > 0 && (
            <ul className="mt-3 space-y-3 text-sm">
              {[...page.blocks]
                .sort((a, b) => a.order - b.order)
                .map((block) => {
                  const question = block.config.question;
                  return (
                    <li key={block.id} className="flex items-start gap-2">
                      <Badge tone="neutral" className="shrink-0 font-mono">
                        {question?.variable ?? "text"}
                      </Badge>
                      <div className="min-w-0 space-y-1">
                        <Markdown text={block.config.content} className="space-y-1 text-slate-800" />
                        <p className="text-xs text-slate-600">
                          {TYPE_LABELS[block.config.type]}
                          {question ? ` · ${question.required === false ? "optional" : "required"}` : ""}
                          {question?.min !== undefined ? ` · min ${question.min}` : ""}
                          {question?.max !== undefined ? ` · max ${question.max}` : ""}
                          {question?.randomize ? " · random order" : ""}
                        </p>
                        {question?.options && question.options.length > 0 && <ChoiceTable caption="Options" choices={question.options} />}
                        {question?.rows && question.rows.length > 0 && <ChoiceTable caption={block.config.type === "ranking" ? "Items" : "Rows"} choices={question.rows} />}
                        {question?.columns && question.columns.length > 0 && <ChoiceTable caption="Columns" choices={question.columns} />}
                        {block.config.showIf && (
                          <ConditionWords condition={block.config.showIf} words={words(block.config.showIf)} prefix="Shown only when " className="text-xs text-slate-700" />
                        )}
                      </div>
                    </li>
                  );
                })}
            </ul>
          )}
          {page.navigation_rules.length > 0 && (
            <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-xs text-slate-700">
              {[...page.navigation_rules]
                .sort((a, b) => a.order - b.order)
                .map((rule) => (
                  <li key={rule.id}>
                    {rule.condition ? (
                      <ConditionWords condition={rule.condition} words={words(rule.condition)} prefix="If " suffix={` → “${nameOf(rule.target_page_id)}”`} />
                    ) : (
                      <>Always → “{nameOf(rule.target_page_id)}”</>
                    )}
                  </li>
                ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
