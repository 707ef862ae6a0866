import { Badge } from "@/components/ui/badge";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/** A read-only outline of one revision: its pages in order, their blocks, and where each page leads. */
export function RevisionOutline({ document }: { document: TSurveyDocument }) {
  const pages = [...document.pages].sort((a, b) => a.order - b.order);
  const nameOf = (id: string) => document.pages.find((page) => page.id === id)?.name ?? id;
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
            <ul className="mt-3 space-y-2 text-sm">
              {[...page.blocks]
                .sort((a, b) => a.order - b.order)
                .map((block) => (
                  <li key={block.id} className="flex items-start gap-2">
                    <Badge tone="neutral" className="shrink-0 font-mono">
                      {block.config.question?.variable ?? "text"}
                    </Badge>
                    <div className="min-w-0">
                      <p className="text-slate-800">{block.config.content.length > 160 ? `${block.config.content.slice(0, 160)}…` : block.config.content}</p>
                      <p className="text-xs text-slate-600">
                        {block.config.type.replace("_", " ")}
                        {block.config.question?.options ? ` · ${block.config.question.options.length} options` : ""}
                        {block.config.showIf ? (
                          <>
                            {" "}
                            · shown if <code className="break-all">{block.config.showIf}</code>
                          </>
                        ) : null}
                      </p>
                    </div>
                  </li>
                ))}
            </ul>
          )}
          {page.navigation_rules.length > 0 && (
            <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-xs text-slate-700">
              {[...page.navigation_rules]
                .sort((a, b) => a.order - b.order)
                .map((rule) => (
                  <li key={rule.id}>
                    → {nameOf(rule.target_page_id)} {rule.condition ? <code className="break-all">if {rule.condition}</code> : "(always)"}
                  </li>
                ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
