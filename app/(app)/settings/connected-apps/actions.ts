"use server";

import { revalidatePath } from "next/cache";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { revokeConnectedApp } from "@/lib/oauth";

export type RevokeState = { error: string | null };

/** Connected apps have no /v1 route (MCP tokens are not API credentials), so the page revokes here. */
export async function revokeConnectedAppAction(_state: RevokeState, form: FormData): Promise<RevokeState> {
  const viewer = await requireViewer();
  try {
    await revokeConnectedApp(viewer.user.id, String(form.get("grant_id") ?? ""));
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath("/settings/connected-apps");
  return { error: null };
}
