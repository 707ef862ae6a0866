"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Checkbox, SelectField, TextField } from "@/components/ui/field";
import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import { describeCondition, vocabularyOf, type ConditionVocabulary } from "@/lib/questionnaire/condition-words";
import type { TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { newElementId, nextVariableName } from "@/lib/ui/block-edits";
import { cn } from "@/lib/ui/cn";
import { BlockEditor } from "./block-editor";
import { ConditionWords } from "./condition-words";
import { BlockSummary, OpenFlags } from "./element-summary";
import { FormActions } from "./form-actions";
import { RuleEditor } from "./rule-editor";
import { type SaveProblem, useContentSave } from "./use-content-save";

const STATUSES = [
  { value: "", label: "No — respondents go on" },
  { value: "complete", label: "Complete" },
  { value: "disqualified", label: "Disqualified (screened out)" },
];

type Editing = { kind: "block"; id: string } | { kind: "new-block"; pageId: string } | { kind: "rule"; id: string } | { kind: "new-rule"; pageId: string } | { kind: "page"; id: string } | { kind: "new-page"; after: number } | null;

const byOrder = <T extends { order: number }>(items: readonly T[]) => [...items].sort((a, b) => a.order - b.order);

/**
 * Edit mode of the Preview: the survey as pages of questions and rules, each editable in place — with
 * the questionnaire's words beside every question, since the document is what the survey must match.
 * `focus` (an element id, from the Review tab's "Show in the editor") scrolls to that element and marks it.
 */
export function SurveyEditor({ surveyId, document, focus, canWrite }: { surveyId: string; document: TSurveyDocument; focus: string | null; canWrite: boolean }) {
  const vocabulary = useMemo(() => vocabularyOf(document), [document]);
  const pages = useMemo(() => byOrder(document.pages), [document]);
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => {
    if (!focus) return;
    const element = window.document.getElementById(`element-${focus}`);
    element?.scrollIntoView({ block: "start" });
    element?.focus({ preventScroll: true });
  }, [focus]);

  const done = () => setEditing(null);
  const taken = new Set(document.pages.flatMap((page) => page.blocks.flatMap((block) => (block.config.question ? [block.config.question.variable] : []))));
  for (const variable of document.variables) taken.add(variable.name);

  return (
    <div className="space-y-4">
      {pages.length === 0 && <p className="text-sm text-slate-600">The survey has no pages yet.</p>}
      <ol aria-label="Pages of the survey" className="space-y-4">
        {pages.map((page, index) => (
          <li key={page.id}>
            <PageCard
              surveyId={surveyId}
              document={document}
              page={page}
              index={index}
              pages={pages}
              vocabulary={vocabulary}
              editing={editing}
              setEditing={setEditing}
              done={done}
              canWrite={canWrite}
              focus={focus}
              suggestedVariable={nextVariableName(taken)}
            />
          </li>
        ))}
      </ol>
      {canWrite &&
        (editing?.kind === "new-page" && editing.after === pages.length ? (
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <PageForm surveyId={surveyId} page={null} position={pages.length} isFirst={false} onDone={done} />
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setEditing({ kind: "new-page", after: pages.length })}>
            Add a page at the end
          </Button>
        ))}
    </div>
  );
}

function PageCard({
  surveyId,
  document,
  page,
  index,
  pages,
  vocabulary,
  editing,
  setEditing,
  done,
  canWrite,
  focus,
  suggestedVariable,
}: {
  surveyId: string;
  document: TSurveyDocument;
  page: TDocumentPage;
  index: number;
  pages: TDocumentPage[];
  vocabulary: ConditionVocabulary;
  editing: Editing;
  setEditing: (editing: Editing) => void;
  done: () => void;
  canWrite: boolean;
  focus: string | null;
  suggestedVariable: string;
}) {
  const { save, busy, problem } = useContentSave(surveyId);
  const [confirm, setConfirm] = useState(false);
  const blocks = byOrder(page.blocks);
  const rules = byOrder(page.navigation_rules);
  const nameOf = (id: string) => pages.find((candidate) => candidate.id === id)?.name ?? "a page that no longer exists";
  const next = pages[index + 1];
  const isFirst = (document.first_page_id ?? pages[0]?.id) === page.id;
  const headingId = `page-heading-${page.id}`;
  const run = (operations: TContentOperationInput[], message?: string, force = false) => save(operations, message, { force });

  return (
    <section
      id={`element-${page.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn("space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 focus:outline-none sm:p-5", focus === page.id ? "ring-2 ring-indigo-500" : "ring-slate-200")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            <span className="text-slate-500">Page {index + 1} ·</span> {page.name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {isFirst && <Badge tone="indigo">Respondents start here</Badge>}
            {page.assign_response_status && <Badge tone={page.assign_response_status === "complete" ? "green" : "red"}>Ends the response: {page.assign_response_status}</Badge>}
          </div>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: "page", id: page.id })} aria-label={`Edit page ${page.name}`}>
              Edit page
            </Button>
            <Button variant="ghost" size="sm" disabled={index === 0 || busy} onClick={() => void run([{ op: "move_page", page_id: page.id, position: index - 1 }])} aria-label={`Move page ${page.name} up`}>
              ↑
            </Button>
            <Button variant="ghost" size="sm" disabled={index === pages.length - 1 || busy} onClick={() => void run([{ op: "move_page", page_id: page.id, position: index + 1 }])} aria-label={`Move page ${page.name} down`}>
              ↓
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => void run([{ op: "duplicate_page", page_id: page.id }])} aria-label={`Duplicate page ${page.name}`}>
              Duplicate
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirm(true)} aria-label={`Delete page ${page.name}`}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {problem && !confirm && <Alert tone="error">{problem.message}</Alert>}
      <OpenFlags attention={page.attention_required} />
      {editing?.kind === "page" && editing.id === page.id && <PageForm surveyId={surveyId} page={page} position={index} isFirst={isFirst} onDone={done} />}

      <ol aria-label={`Questions on page ${page.name}`} className="space-y-3">
        {blocks.map((block, position) => (
          <li key={block.id}>
            <BlockCard
              surveyId={surveyId}
              document={document}
              page={page}
              block={block}
              position={position}
              count={blocks.length}
              previous={pages[index - 1]}
              next={next}
              vocabulary={vocabulary}
              editing={editing?.kind === "block" && editing.id === block.id}
              onEdit={() => setEditing({ kind: "block", id: block.id })}
              done={done}
              canWrite={canWrite}
              focused={focus === block.id}
            />
          </li>
        ))}
      </ol>
      {blocks.length === 0 && <p className="text-sm text-slate-600">No questions on this page.</p>}
      {canWrite &&
        (editing?.kind === "new-block" && editing.pageId === page.id ? (
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
            <h4 className="mb-3 text-sm font-semibold">New question on {page.name}</h4>
            <BlockEditor surveyId={surveyId} document={document} pageId={page.id} block={null} position={blocks.length} suggestedVariable={suggestedVariable} onDone={done} />
          </div>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: "new-block", pageId: page.id })} aria-label={`Add a question to page ${page.name}`}>
            Add a question
          </Button>
        ))}

      <div className="space-y-2 border-t border-slate-100 pt-3">
        <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">After this page</h4>
        {page.assign_response_status ? (
          <p className="text-sm text-slate-700">The response ends here ({page.assign_response_status}).</p>
        ) : (
          <ol aria-label={`Rules of page ${page.name}`} className="space-y-2 text-sm">
            {rules.map((rule, position) => (
              <li key={rule.id} id={`element-${rule.id}`} tabIndex={-1} className={cn("rounded-lg px-3 py-2 ring-1 ring-inset focus:outline-none", focus === rule.id ? "ring-2 ring-indigo-500" : "ring-slate-200")}>
                {editing?.kind === "rule" && editing.id === rule.id ? (
                  <RuleEditor surveyId={surveyId} document={document} pageId={page.id} rule={rule} onDone={done} />
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 space-y-1">
                      {rule.condition ? (
                        <ConditionWords condition={rule.condition} vocabulary={vocabulary} prefix="If " suffix={` → go to “${nameOf(rule.target_page_id)}”`} />
                      ) : (
                        <p>Always → go to “{nameOf(rule.target_page_id)}”</p>
                      )}
                      <OpenFlags attention={rule.attention_required} />
                    </div>
                    {canWrite && (
                      <div className="flex gap-1">
                        <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: "rule", id: rule.id })} aria-label={`Edit rule ${position + 1} of page ${page.name}`}>
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={position === 0 || busy}
                          aria-label={`Try rule ${position + 1} of page ${page.name} earlier`}
                          onClick={() => {
                            const ids = rules.map((candidate) => candidate.id);
                            [ids[position - 1], ids[position]] = [ids[position], ids[position - 1]];
                            void run([{ op: "reorder_rules", page_id: page.id, rule_ids: ids }]);
                          }}
                        >
                          ↑
                        </Button>
                        <Button variant="ghost" size="sm" disabled={busy} onClick={() =>
                            void run(
                              [{ op: "delete_rule", rule_id: rule.id }],
                              `Deleted a rule after “${page.name}”: ${rule.condition ? `if ${describeCondition(rule.condition, vocabulary).words ?? rule.condition}` : "always"} → “${nameOf(rule.target_page_id)}”`,
                            )
                          } aria-label={`Delete rule ${position + 1} of page ${page.name}`}>
                          Delete
                        </Button>
                      </div>
                    )}
                  </div>
                )}
              </li>
            ))}
            {!rules.some((rule) => !rule.condition) && <li className="px-3 text-slate-600">{next ? `Otherwise → the next page, “${next.name}”` : "Otherwise → nowhere: this is the last page"}</li>}
          </ol>
        )}
        {canWrite &&
          !page.assign_response_status &&
          (editing?.kind === "new-rule" && editing.pageId === page.id ? (
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
              <RuleEditor surveyId={surveyId} document={document} pageId={page.id} rule={null} onDone={done} />
            </div>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: "new-rule", pageId: page.id })}>
              Add a rule (skip)<span className="sr-only"> to page {page.name}</span>
            </Button>
          ))}
      </div>
      {canWrite &&
        (editing?.kind === "new-page" && editing.after === index + 1 ? (
          <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
            <PageForm surveyId={surveyId} page={null} position={index + 1} isFirst={false} onDone={done} />
          </div>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: "new-page", after: index + 1 })}>
            Add a page after “{page.name}”
          </Button>
        ))}

      <ConfirmDelete
        open={confirm}
        onClose={() => setConfirm(false)}
        title={`Delete page “${page.name}”?`}
        description="Its questions and rules are deleted with it. Restore an earlier version in History to undo."
        label="Delete page"
        problem={problem}
        busy={busy}
        onConfirm={(force) => run([{ op: "delete_page", page_id: page.id }], undefined, force)}
      />
    </section>
  );
}

function BlockCard({
  surveyId,
  document,
  page,
  block,
  position,
  count,
  previous,
  next,
  vocabulary,
  editing,
  onEdit,
  done,
  canWrite,
  focused,
}: {
  surveyId: string;
  document: TSurveyDocument;
  page: TDocumentPage;
  block: TDocumentBlock;
  position: number;
  count: number;
  previous: TDocumentPage | undefined;
  next: TDocumentPage | undefined;
  vocabulary: ConditionVocabulary;
  editing: boolean;
  onEdit: () => void;
  done: () => void;
  canWrite: boolean;
  focused: boolean;
}) {
  const { save, busy, problem } = useContentSave(surveyId);
  const [confirm, setConfirm] = useState(false);
  const name = block.config.question?.variable ?? "the text block";
  const excerpt = block.config.source?.excerpt?.trim();
  // Up from the top of a page goes to the end of the previous page; down from the bottom to the top of the next.
  const up = position > 0 ? { op: "move_block" as const, block_id: block.id, position: position - 1 } : previous ? { op: "move_block" as const, block_id: block.id, page_id: previous.id } : null;
  const down = position < count - 1 ? { op: "move_block" as const, block_id: block.id, position: position + 1 } : next ? { op: "move_block" as const, block_id: block.id, page_id: next.id, position: 0 } : null;

  return (
    <article
      id={`element-${block.id}`}
      tabIndex={-1}
      aria-label={block.config.question ? `Question ${block.config.question.variable}` : "Information text"}
      className={cn("grid grid-cols-1 gap-4 rounded-xl p-3 ring-1 ring-inset focus:outline-none lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]", focused ? "ring-2 ring-indigo-500" : "ring-slate-200")}
    >
      <div className="min-w-0 space-y-2">
        {editing ? (
          <BlockEditor surveyId={surveyId} document={document} pageId={page.id} block={block} onDone={done} />
        ) : (
          <>
            <BlockSummary block={block} vocabulary={vocabulary} />
            <OpenFlags attention={block.config.attentionRequired} />
            {problem && <Alert tone="error">{problem.message}</Alert>}
            {canWrite && (
              <div className="flex flex-wrap gap-1">
                <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
                  Edit
                </Button>
                <Button variant="ghost" size="sm" disabled={!up || busy} onClick={() => up && void save([up])} aria-label={`Move ${name} up`}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" disabled={!down || busy} onClick={() => down && void save([down])} aria-label={`Move ${name} down`}>
                  ↓
                </Button>
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => void save([{ op: "duplicate_block", block_id: block.id }])} aria-label={`Duplicate ${name}`}>
                  Duplicate
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirm(true)} aria-label={`Delete ${name}`}>
                  Delete
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <aside aria-label={`Questionnaire source of ${name}`} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset">
        <p className="text-xs font-medium text-slate-600">From the questionnaire{block.config.source?.questionnaire_revision ? ` (revision ${block.config.source.questionnaire_revision})` : ""}</p>
        {excerpt ? <blockquote tabIndex={0} className="mt-1 max-h-64 overflow-y-auto whitespace-pre-wrap text-slate-800">{excerpt}</blockquote> : <p className="mt-1 text-slate-600">No questionnaire text is recorded for this block.</p>}
      </aside>
      <ConfirmDelete
        open={confirm}
        onClose={() => setConfirm(false)}
        title={`Delete ${name}?`}
        description="Restore an earlier version in History to undo."
        label="Delete"
        problem={problem}
        busy={busy}
        onConfirm={(force) => save([{ op: "delete_block", block_id: block.id }], undefined, { force })}
      />
    </article>
  );
}

/** Confirms a delete; when the server refuses because conditions or rules still point at it, offers to delete anyway. */
function ConfirmDelete({
  open,
  onClose,
  title,
  description,
  label,
  problem,
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  problem: SaveProblem | null;
  busy: boolean;
  onConfirm: (force: boolean) => Promise<boolean>;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {problem && (
        <Alert tone="error" className="mb-3">
          {problem.message}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={busy}
          onClick={async () => {
            if (await onConfirm(Boolean(problem?.forceable))) onClose();
          }}
        >
          {problem?.forceable ? "Delete anyway" : label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PageForm({ surveyId, page, position, isFirst, onDone }: { surveyId: string; page: TDocumentPage | null; position: number; isFirst: boolean; onDone: () => void }) {
  const [name, setName] = useState(page?.name ?? "");
  const [status, setStatus] = useState(page?.assign_response_status ?? "");
  const [first, setFirst] = useState(isFirst);
  const [error, setError] = useState<string | null>(null);
  const { save, busy, problem } = useContentSave(surveyId);
  const custom = status && !STATUSES.some((option) => option.value === status);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the page a name.");
    setError(null);
    const operations: TContentOperationInput[] = [];
    if (!page) {
      const id = newElementId();
      operations.push({ op: "add_page", id, name: name.trim(), position, ...(status ? { assign_response_status: status } : {}) });
      if (first) operations.push({ op: "set_first_page", page_id: id });
    } else {
      const update: Record<string, unknown> = {};
      if (name.trim() !== page.name) update.name = name.trim();
      if (status !== (page.assign_response_status ?? "")) update.assign_response_status = status || null;
      if (Object.keys(update).length) operations.push({ op: "update_page", page_id: page.id, ...update } as TContentOperationInput);
      if (first && !isFirst) operations.push({ op: "set_first_page", page_id: page.id });
    }
    if (await save(operations)) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={page ? `Edit page ${page.name}` : "Add a page"} className="space-y-4" noValidate>
      {problem && <Alert tone="error">{problem.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Page name" value={name} onChange={(event) => setName(event.target.value)} error={error ?? problem?.fields.name} maxLength={200} />
        <SelectField label="Does the response end here?" value={status} onChange={(event) => setStatus(event.target.value)}>
          {STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {custom && <option value={status}>{status}</option>}
        </SelectField>
      </div>
      <Checkbox label="Respondents start on this page" checked={first} disabled={isFirst} onChange={(event) => setFirst(event.target.checked)} />
      <FormActions onCancel={onDone} busy={busy} submitLabel={page ? "Save page" : "Add page"} />
    </form>
  );
}
