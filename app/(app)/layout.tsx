import Link from "next/link";
import { NavLink } from "@/components/shell/nav-link";
import { SessionKeepAlive } from "@/components/shell/session-keep-alive";
import { UserMenu } from "@/components/shell/user-menu";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import { LogoMark } from "@/components/ui/icons";
import { ToastProvider } from "@/components/ui/toast";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { requireViewer } from "@/lib/auth/viewer";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireViewer();
  return (
    <ToastProvider>
      <SessionKeepAlive />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:gap-6 sm:px-6">
            <Link href="/surveys" className="flex items-center gap-2 rounded-lg font-semibold text-slate-900">
              <LogoMark />
              <span className="sr-only sm:not-sr-only">Survey programming</span>
            </Link>
            <nav aria-label="Main" className="flex items-center gap-1">
              <NavLink href="/surveys">Surveys</NavLink>
              <NavLink href="/settings">Settings</NavLink>
            </nav>
            <div className="ml-auto flex items-center gap-3">
              {viewer.memberships.length > 1 ? (
                <WorkspaceSwitcher current={viewer.workspace.workspaceId} options={viewer.memberships} />
              ) : (
                <span className="hidden text-sm text-slate-600 md:inline">{viewer.workspace.workspaceName}</span>
              )}
              <UserMenu
                name={viewer.user.name}
                email={viewer.user.email}
                roleLabel={ROLE_LABELS[viewer.role]}
                workspaceName={viewer.workspace.workspaceName}
              />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</div>
        </main>
      </div>
    </ToastProvider>
  );
}
