import { EventEmitter } from "node:events";

/**
 * In-process nudges for the webhook scheduler, so deliveries start at once instead of at the next poll.
 * Polling stays the safety net (other processes, missed nudges), so a nudge is only ever an optimisation.
 */
export const webhookBus = new EventEmitter();
webhookBus.setMaxListeners(0);

let soon: NodeJS.Timeout | undefined;
let later: NodeJS.Timeout | undefined;

/** Something became due now (a redelivery, a test delivery): look at once. */
export function wakeWebhooks(): void {
  webhookBus.emit("wake");
}

/**
 * An event was recorded inside a transaction that has not committed yet, so looking right away would not
 * see it: look shortly after, and once more a little later for slower transactions.
 */
export function wakeWebhooksAfterCommit(): void {
  soon ??= setTimeout(() => {
    soon = undefined;
    wakeWebhooks();
  }, 15).unref();
  later ??= setTimeout(() => {
    later = undefined;
    wakeWebhooks();
  }, 250).unref();
}
