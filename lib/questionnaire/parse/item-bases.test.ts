import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { plainRouting } from "./logic";

/**
 * Telephone scripts: a base printed between a battery's items limits the items after it; a check item's label in
 * front of its routing ("CHECK ITEM B: IF …, SKIP TO …") does not hide the routing; a grid's last answer label
 * that ends in a bracket ("(VOL)") keeps it.
 */

const SCRIPT = [
  "Q1. Do you own a bicycle?",
  "1 Yes",
  "2 No",
  "9 (VOL) Refused",
  "",
  "Q2. Do you own a car?",
  "1 Yes",
  "2 No",
  "9 (VOL) Refused",
  "",
  "CHECK ITEM B: IF Q1 = 2 AND Q2 = 2, SKIP TO Q4. OTHERWISE CONTINUE.",
  "",
  "Q3. Please tell me whether you have done each of these in the past month. [READ ITEMS]",
  "a. Parked at the station",
  "b. Paid a road toll",
  "ASK IF Q1 = 1:",
  "c. Repaired a puncture",
  "d. Bought a new helmet",
  "RESPONSE CATEGORIES:",
  "1 Yes",
  "2 No",
  "9 (VOL) Refused",
  "",
  "Q4. How far is your workplace from home, in miles?",
  "ENTER MILES",
].join("\n");

describe("per-item bases and check items (telephone scripts)", () => {
  it("writes a base between a battery's items on the items after it, not on the next question", async () => {
    const found = questionsOf(await parseText(SCRIPT));
    const battery = found.find((question) => question.id === "Q3")!;
    expect(battery.type).toBe("grid");
    expect(battery.rows.map((row) => row.showIf?.condition ?? null)).toEqual([null, null, "{Q1} = '1'", "{Q1} = '1'"]);
    expect(battery.columns.map((column) => column.label)).toEqual(["Yes", "No", "Refused (VOL)"]);
    const next = found.find((question) => question.id === "Q4")!;
    expect(next.askIf).toHaveLength(0);
  });

  it("reads the routing of a labelled check item", async () => {
    const found = questionsOf(await parseText(SCRIPT));
    const car = found.find((question) => question.id === "Q2")!;
    expect(car.routes).toHaveLength(1);
    expect(car.routes[0].target).toEqual({ kind: "question", ref: "Q4" });
    expect(car.routes[0].when?.condition).toBe("{Q1} = '2' and {Q2} = '2'");
    expect(plainRouting("CHECKPOINT 3: IF Q7 = 1, GO TO Q9")).toBe("IF Q7 = 1, GO TO Q9");
    expect(plainRouting("Check item: the interviewer confirms the address")).toBe("Check item: the interviewer confirms the address");
  });
});

describe("programmer routing lines, interviewer help and number-field conditions (telephone scripts)", () => {
  const text = [
    "S1. Are you the person who usually walks the dog? [IF NECESSARY: \"Most days of the week.\"]",
    "1 Yes",
    "2 No",
    "9 (VOL) Refused",
    "PROGRAMMER: IF S1 = 2 OR 9, THANK AND TERMINATE.",
    "",
    "Q1. How many walks did the dog have yesterday?",
    "ENTER NUMBER 0-10",
    "98 (VOL) Don't know",
    "PROGRAMMER NOTE: IF Q1 = 0, SKIP TO Q3",
    "",
    "Q2. How long was the longest walk? (READ LIST)",
    "1 Under half an hour",
    "2 Half an hour or more",
    "",
    "Q3. Does the dog have a favourite park?",
    "1 Yes",
    "2 No",
  ].join("\n");

  it("reads 'PROGRAMMER: IF …, TERMINATE / SKIP TO …' as the routing of the question above, whole", async () => {
    const found = questionsOf(await parseText(text));
    const [s1, q1, q2] = found;
    expect(s1.routes.map((route) => [route.target.kind, route.when?.condition])).toEqual([["terminate", "{S1} anyof ['2', '9']"]]);
    // A number field's condition on a typed value binds although only its special code is printed.
    expect(q1.routes.map((route) => [route.target, route.when?.condition])).toEqual([[{ kind: "question", ref: "Q3" }, "{Q1} = '0'"]]);
    expect(q2.notes.join(" ")).not.toMatch(/SKIP|TERMINATE/);
  });

  it("keeps an interviewer's '[IF NECESSARY: …]' as a note, not as a filter", async () => {
    const s1 = questionsOf(await parseText(text))[0];
    expect(s1.askIf).toHaveLength(0);
    expect(s1.notes.join(" ")).toMatch(/IF NECESSARY/);
  });
});
