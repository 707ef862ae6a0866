import type { Metadata } from "next";
import { ProgrammingSettingsForm } from "@/components/settings/programming-settings-form";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { PLATFORMS } from "@/lib/platforms";
import { INSTRUCTIONS_MAX_LENGTH } from "@/lib/settings/schemas";
import { getProgrammingSettings } from "@/lib/settings/service";

export const metadata: Metadata = { title: "Programming defaults" };

export default async function ProgrammingSettingsPage() {
  const viewer = await requireViewer();
  const settings = await getProgrammingSettings(viewer.workspace.workspaceId);
  return (
    <section aria-labelledby="programming-settings-title" className="space-y-5">
      <div>
        <h2 id="programming-settings-title" className="text-lg font-semibold">
          Programming defaults
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">Defaults for every survey of this workspace; a survey&apos;s own programming target can override them.</p>
      </div>
      <ProgrammingSettingsForm
        platforms={[...PLATFORMS]}
        instructions={settings.instructions}
        hosting={settings.default_file_hosting}
        canWrite={hasScope(viewer.auth.scopes, "surveys:write")}
        maxLength={INSTRUCTIONS_MAX_LENGTH}
      />
    </section>
  );
}
