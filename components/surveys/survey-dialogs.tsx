"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { suggestSlug } from "@/lib/surveys/slug";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";

export type SurveySummary = { id: string; name: string; slug: string; description: string | null };

type FieldErrors = Partial<Record<"name" | "slug" | "description", string>>;

/** Maps an API error onto the form: `duplicate_slug` and validation details go next to their field. */
function formErrors(error: unknown): { fields: FieldErrors; general: string | null } {
  if (error instanceof ApiRequestError) {
    if (error.code === "duplicate_slug") return { fields: { slug: "Another survey in this workspace already uses this slug. Choose a different one." }, general: null };
    if (error.code === "validation_error") {
      const fields = error.fieldErrors() as FieldErrors;
      const known = Object.keys(fields).some((field) => ["name", "slug", "description"].includes(field));
      return { fields, general: known ? null : error.message };
    }
  }
  return { fields: {}, general: errorMessage(error) };
}

export function CreateSurveyButton({ label = "New survey" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon />
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Create a survey" description="Give it a name; you can upload the questionnaire next.">
        <CreateSurveyForm onCancel={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function CreateSurveyForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const created = await apiRequest<{ data: SurveySummary }>("POST", "/surveys", {
        name,
        slug,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      toast(`Survey “${created.data.name}” created.`);
      router.push(`/surveys/${created.data.id}`);
      router.refresh();
    } catch (error) {
      const mapped = formErrors(error);
      setErrors(mapped.fields);
      setGeneral(mapped.general);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {general && <Alert tone="error">{general}</Alert>}
      <TextField
        label="Name"
        name="name"
        required
        autoFocus
        maxLength={200}
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          if (!slugEdited) setSlug(suggestSlug(event.target.value));
        }}
      />
      <TextField
        label="Slug"
        name="slug"
        required
        maxLength={100}
        value={slug}
        error={errors.slug}
        hint="Used in links and by the API: lowercase letters, digits and hyphens. Suggested from the name; edit it if you like."
        spellCheck={false}
        autoCapitalize="none"
        onChange={(event) => {
          setSlug(event.target.value);
          setSlugEdited(event.target.value !== "");
        }}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={2}
        maxLength={10000}
        value={description}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Create survey
        </Button>
      </DialogActions>
    </form>
  );
}

export function RenameSurveyDialog({ survey, open, onClose }: { survey: SurveySummary; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Rename survey">
      <RenameSurveyForm survey={survey} onDone={onClose} />
    </Dialog>
  );
}

function RenameSurveyForm({ survey, onDone }: { survey: SurveySummary; onDone: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [name, setName] = useState(survey.name);
  const [slug, setSlug] = useState(survey.slug);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const body: Record<string, string> = {};
      if (name !== survey.name) body.name = name;
      if (slug !== survey.slug) body.slug = slug;
      if (Object.keys(body).length > 0) {
        await apiRequest("PATCH", `/surveys/${survey.id}`, body);
        toast("Survey renamed.");
        router.refresh();
      }
      onDone();
    } catch (error) {
      const mapped = formErrors(error);
      setErrors(mapped.fields);
      setGeneral(mapped.general);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {general && <Alert tone="error">{general}</Alert>}
      <TextField label="Name" name="name" required autoFocus maxLength={200} value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <TextField
        label="Slug"
        name="slug"
        required
        maxLength={100}
        value={slug}
        error={errors.slug}
        hint="Changing the slug changes the survey's links; API clients that use the id are not affected."
        spellCheck={false}
        autoCapitalize="none"
        onChange={(event) => setSlug(event.target.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

export function DeleteSurveyDialog({ survey, open, onClose, afterDelete }: { survey: SurveySummary; open: boolean; onClose: () => void; afterDelete: "refresh" | "list" }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("DELETE", `/surveys/${survey.id}`);
      toast(`Survey “${survey.name}” deleted.`);
      onClose();
      if (afterDelete === "list") router.push("/surveys");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title={`Delete “${survey.name}”?`}
      description="The survey is deleted with its files, questionnaire revisions, programmed content and history. This cannot be undone."
    >
      {error && <Alert tone="error">{error}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} busy={busy}>
          Delete survey
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Rename and Delete for one survey (a list row or the survey's own header). */
export function SurveyActions({ survey, afterDelete, size = "sm" }: { survey: SurveySummary; afterDelete: "refresh" | "list"; size?: "sm" | "md" }) {
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size={size} onClick={() => setDialog("rename")} aria-label={`Rename ${survey.name}`}>
        Rename
      </Button>
      <Button variant="ghost" size={size} onClick={() => setDialog("delete")} aria-label={`Delete ${survey.name}`} className="text-red-700 hover:bg-red-50">
        Delete
      </Button>
      <RenameSurveyDialog survey={survey} open={dialog === "rename"} onClose={() => setDialog(null)} />
      <DeleteSurveyDialog survey={survey} open={dialog === "delete"} onClose={() => setDialog(null)} afterDelete={afterDelete} />
    </div>
  );
}
