import type { Metadata } from "next";
import { IntegrationSettingsForm } from "@/components/settings/integration-settings-form";
import { IntegrationsPanel } from "@/components/settings/integrations-panel";
import { listIntegrations } from "@/lib/integrations/service";
import { hasAnyScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { getIntegrationSettings } from "@/lib/settings/service";

export const metadata: Metadata = { title: "Integration settings" };

export default async function IntegrationSettingsPage() {
  const viewer = await requireViewer();
  const settings = await getIntegrationSettings(viewer.workspace.workspaceId);
  const integrations = await listIntegrations(viewer.workspace.workspaceId, { limit: 100 });
  return (
    <section aria-labelledby="integration-settings-title" className="space-y-5">
      <div>
        <h2 id="integration-settings-title" className="text-lg font-semibold">
          Integrations
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">How this workspace works with the survey platforms it is connected to.</p>
      </div>
      <IntegrationsPanel integrations={integrations.data} canWrite={hasAnyScope(viewer.auth.scopes, ["integrations:write"])} />
      <IntegrationSettingsForm
        access={settings.response_data_access}
        canWrite={hasAnyScope(viewer.auth.scopes, ["surveys:write", "integrations:write"])}
      />
    </section>
  );
}
