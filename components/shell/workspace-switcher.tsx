"use client";

import { useId } from "react";
import { usePathname } from "next/navigation";

type Option = { workspaceId: string; workspaceName: string };

/** Shown only to people in several workspaces: the choice is remembered in a cookie for the next visit. */
export function WorkspaceSwitcher({ current, options }: { current: string; options: Option[] }) {
  const id = useId();
  const pathname = usePathname();
  return (
    <form method="post" action="/api/session/workspace" className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Workspace
      </label>
      <select
        id={id}
        name="workspace_id"
        defaultValue={current}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-lg border-0 bg-slate-100 py-1.5 pr-8 pl-3 text-sm text-slate-800"
      >
        {options.map((option) => (
          <option key={option.workspaceId} value={option.workspaceId}>
            {option.workspaceName}
          </option>
        ))}
      </select>
      <input type="hidden" name="return_to" value={pathname.startsWith("/surveys/") ? "/surveys" : pathname} />
      <noscript>
        <button type="submit" className="text-sm underline">
          Switch
        </button>
      </noscript>
    </form>
  );
}
