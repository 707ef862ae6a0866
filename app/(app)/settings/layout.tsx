import { NavLink } from "@/components/shell/nav-link";

export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Workspace-wide settings and access for developers.</p>
      </div>
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Settings" className="flex shrink-0 gap-1 overflow-x-auto md:w-48 md:flex-col">
          <NavLink href="/settings/api-keys">API keys</NavLink>
          <NavLink href="/settings/members">Members</NavLink>
          <NavLink href="/settings/webhooks">Webhooks</NavLink>
          <NavLink href="/settings/programming">Programming</NavLink>
          <NavLink href="/settings/integrations">Integrations</NavLink>
          <NavLink href="/settings/connected-apps">Connected apps</NavLink>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
