import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** Blocks of questions opened by a bracketed note; a filtered block carries its filter after a colon. */

const BLOCKS = [
  "Q1. Do you have a dog at home?",
  "1. Yes",
  "2. No",
  "",
  "[RANDOMIZE BLOCKS]",
  "[BLOCK CAT PEOPLE]",
  "Q2. How often do you buy toys for animals?",
  "1. Often",
  "2. Never",
  "",
  "[BLOCK DOG PEOPLE: IF Q1 == 1]",
  "Q3. How many walks does your dog get a day?",
  "1. One",
  "2. Two or more",
  "",
  "Q4. Who usually walks the dog?",
  "1. Me",
  "2. Someone else",
  "",
  "[BLOCK BIRD PEOPLE]",
  "Q5. Do you feed garden birds in winter?",
  "1. Yes",
  "2. No",
].join("\n");

describe("block notes", () => {
  it("conditions every question of a filtered block, up to the next block", async () => {
    const ir = await parseText(BLOCKS);
    const conditions = (id: string) => questionById(ir, id).askIf.map((entry) => entry.condition);
    expect(conditions("Q2")).toEqual([]);
    expect(conditions("Q3")).toEqual(["{Q1} = '1'"]);
    expect(conditions("Q4")).toEqual(["{Q1} = '1'"]);
    expect(conditions("Q5")).toEqual([]);
  });
});
