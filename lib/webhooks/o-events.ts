/**
 * The event types Interface O subscribers can receive (interface document, "O: webhooks"). They come from
 * the same event log as P's; an O webhook with no `events` receives all of these.
 */
export const O_EVENT_TYPES = {
  "survey.created": "A survey was created in one of the organization's workspaces (also sent, synthetic, by the test endpoint).",
  "programming.finished": "Programming a survey from a file finished (program-from-file), whether it completed, failed or was cancelled; the survey is unlocked again.",
  "validation.finished": "An automatic validation fix finished (validation/fix); the survey is unlocked again.",
} as const;

export type OEventType = keyof typeof O_EVENT_TYPES;
export const O_EVENT_TYPE_NAMES = Object.keys(O_EVENT_TYPES) as [OEventType, ...OEventType[]];

export function isOEventType(type: string): type is OEventType {
  return Object.hasOwn(O_EVENT_TYPES, type);
}

/** O subscribers with an empty list get every O type; P subscribers list types or `*`. */
export function subscribes(api: "p" | "o", eventTypes: readonly string[], type: string): boolean {
  if (api === "o") return isOEventType(type) && (eventTypes.length === 0 || eventTypes.includes(type));
  return eventTypes.includes("*") || eventTypes.includes(type);
}
