import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { questionSpans } from "./unread-routing";

const question = (key: string, start: number, end: number) => ({ key, span: { start, end } }) as unknown as IRQuestion;

/** What a scan of the questions in their order finds (the reference the lookup must match). */
const scanHost = (questions: IRQuestion[], at: number) => questions.find((item) => item.span.start <= at && at < item.span.end);
const scanFollowing = (questions: IRQuestion[], at: number) => questions.find((item) => item.span.start >= at);

describe("the question printed around a line, looked up by position (the routing net asks it for every printed line)", () => {
  it("finds the question holding a position and the next one starting after it", () => {
    const questions = [question("a", 0, 40), question("b", 40, 90), question("c", 120, 200)];
    const spans = questionSpans(questions);
    expect(spans.hostAt(0)?.key).toBe("a");
    expect(spans.hostAt(39)?.key).toBe("a");
    expect(spans.hostAt(40)?.key).toBe("b");
    expect(spans.hostAt(100)).toBeUndefined();
    expect(spans.hostAt(250)).toBeUndefined();
    expect(spans.followingFrom(41)?.key).toBe("c");
    expect(spans.followingFrom(120)?.key).toBe("c");
    expect(spans.followingFrom(121)).toBeUndefined();
  });

  it("gives what a scan gives for nested, overlapping, empty and out-of-order spans", () => {
    let seed = 7;
    const next = (limit: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % limit;
    for (let round = 0; round < 200; round++) {
      const questions = Array.from({ length: next(12) }, (_, index) => {
        const start = next(100);
        return question(`q${index}`, start, start + next(30) - 3);
      });
      if (round % 2 === 0) questions.sort((a, b) => a.span.start - b.span.start);
      const spans = questionSpans(questions);
      for (let at = -2; at < 135; at++) {
        expect(spans.hostAt(at)).toBe(scanHost(questions, at));
        expect(spans.followingFrom(at)).toBe(scanFollowing(questions, at));
      }
    }
  });
});
