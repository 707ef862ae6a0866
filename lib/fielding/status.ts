import type { TResponseStatus } from "./schemas";

/**
 * The response status a page's `assign_response_status` gives: `complete` completes; every other value
 * the documents use (`disqualified`, `screened_out`, `over_quota`, …) ends the response as `terminated`.
 */
export function responseStatusFor(assigned: string): Extract<TResponseStatus, "complete" | "terminated"> {
  return assigned.trim().toLowerCase() === "complete" ? "complete" : "terminated";
}
