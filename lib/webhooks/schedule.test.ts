import { describe, expect, it } from "vitest";
import { maxAttempts, nextAttemptDelayMs } from "./schedule";

describe("retry schedules", () => {
  it("P retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and gives up after the eighth attempt", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempts) => nextAttemptDelayMs("p", attempts, 1));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptDelayMs("p", 8, 1)).toBeNull();
    expect(maxAttempts("p")).toBe(8);
  });

  it("O retries after about 1, 2, 4 and 8 s and is failed after five attempts", () => {
    expect([1, 2, 3, 4].map((attempts) => nextAttemptDelayMs("o", attempts, 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(nextAttemptDelayMs("o", 5, 1)).toBeNull();
    expect(maxAttempts("o")).toBe(5);
  });

  it("scales every delay by WEBHOOK_RETRY_SCALE", () => {
    expect(nextAttemptDelayMs("p", 1, 0.001)).toBe(5);
    expect(nextAttemptDelayMs("p", 7, 0.001)).toBe(36_000);
    expect(nextAttemptDelayMs("o", 4, 0.5)).toBe(4_000);
  });
});
