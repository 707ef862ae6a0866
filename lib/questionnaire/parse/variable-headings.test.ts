import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { matchQuestionId, parseOption } from "./patterns";

/**
 * Telephone (CATI) scripts: every screen is named by its variable on a line of its own, its codes may be printed
 * "N:" or "<N>", routing is a block of "IF NAME = …, SKIP TO …" lines or a bracket after the answer holding the
 * screen to go to, and the volunteered codes jump ("1. YES", "2. NO", "9. REFUSED").
 */

const SCRIPT = [
  "Garden Habits Telephone Study",
  "GREETING",
  "Good evening, this is [CALLER] phoning for the county parks office about gardening in your area.",
  "1: PROCEED",
  "2: HOUSEHOLD DECLINES",
  "3: WRONG NUMBER",
  "41: CALL AGAIN LATER",
  "IF GREETING = 2, TERMINATE AND CODE AS DECLINE.",
  "IF GREETING = 3, TERMINATE AND CODE AS BAD NUMBER (DISP12)",
  "IF GREETING = 1, SKIP TO GROWS_VEG.",
  "PLOT_CHK",
  "Does anyone in this home look after a garden plot?",
  "1. YES [SKIP TO GROWS_VEG]",
  "2. NO [TERMINATE: DISP30]",
  "9. REFUSED [TERMINATE: DISP31]",
  "GROWS_VEG",
  "Did you grow any vegetables at home this past summer?",
  "1. YES",
  "2. NO",
  "8. DON'T KNOW",
].join("\n");

describe("variable-name headings (CATI scripts)", () => {
  it("names each screen by the variable printed above its wording, and reads its codes as answers", async () => {
    const found = questionsOf(await parseText(SCRIPT));
    expect(found.map((question) => question.id)).toEqual(["GREETING", "PLOT_CHK", "GROWS_VEG"]);
    expect(found[0].options.map((option) => option.code)).toEqual(["1", "2", "3", "41"]);
    expect(found[0].text).toMatch(/^Good evening/);
  });

  it("keeps a jumping volunteered code as an answer, and a routing line's disposition code out of the ids", async () => {
    const found = questionsOf(await parseText(SCRIPT));
    expect(found.map((question) => question.id)).not.toContain("DISP12");
    const plot = found.find((question) => question.id === "PLOT_CHK")!;
    expect(plot.options.map((option) => option.code)).toEqual(["1", "2", "9"]);
    expect(plot.options[2].route).toEqual({ kind: "terminate" });
    const greeting = found.find((question) => question.id === "GREETING")!;
    expect(greeting.routes.map((route) => route.target.kind)).toEqual(["terminate", "terminate", "question"]);
  });

  it("reads '>NAME<' headings, '<N>' codes and a bare bracket naming a later screen as where the answer goes", async () => {
    const text = [
      ">ASK_PET<",
      "Is there a cat or a dog living with you at the moment?",
      "<1> A CAT [PET_AGE]",
      "<2> A DOG [PET_AGE]",
      "<3> NEITHER [WRAP_UP]",
      "<4> OTHER [OR]",
      ">PET_AGE<",
      "How old is the animal, in years?",
      "<1> UNDER ONE YEAR",
      "<2> ONE YEAR OR MORE",
      ">WRAP_UP<",
      "Those are all the questions we have for you tonight.",
      "<1> FINISH",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found.map((question) => question.id)).toEqual(["ASK_PET", "PET_AGE", "WRAP_UP"]);
    const pet = found[0];
    expect(pet.options.map((option) => option.code)).toEqual(["1", "2", "3", "4"]);
    expect(pet.options[0].route).toEqual({ kind: "question", ref: "PET_AGE" });
    expect(pet.options[2].route).toEqual({ kind: "question", ref: "WRAP_UP" });
    // "[OR]" names no question: no route.
    expect(pet.options[3].route).toBeUndefined();
  });

  it("reads a base or interviewer line between the name and the wording, and codes printed without punctuation", async () => {
    const text = [
      "LAMP_OWN",
      "ASK ALL",
      "Do you keep an oil lamp at home for power cuts?",
      "1 YES",
      "2 NO",
      "9 REFUSED",
      "LAMP_USE",
      "[ASK IF LAMP_OWN = 1]",
      "INTERVIEWER: READ LIST",
      "When did you last light it: this week, this month, or longer ago?",
      "1 THIS WEEK",
      "2 THIS MONTH",
      "3 LONGER AGO",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found.map((question) => question.id)).toEqual(["LAMP_OWN", "LAMP_USE"]);
    expect(found[1].askIf[0]?.condition).toBe("{LAMP_OWN} = '1'");
  });

  it("reads a battery whose shared answers follow a 'RESPONSE CATEGORIES:' label as one grid", async () => {
    const text = [
      "RIVER_USE",
      "For each of the following, please tell me how often you do it along the river. First, [INSERT ITEM].",
      "a. Walking the towpath",
      "b. Fishing from the bank",
      "c. Paddling a canoe",
      "RESPONSE CATEGORIES:",
      "1 Often",
      "2 Sometimes",
      "3 Never",
      "9 (VOL) Refused",
      "RIVER_SAFE",
      "Do you feel safe near the river after dark?",
      "1 YES",
      "2 NO",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found.map((question) => question.id)).toEqual(["RIVER_USE", "RIVER_SAFE"]);
    expect(found[0].type).toBe("grid");
    expect(found[0].rows).toHaveLength(3);
    expect(found[0].columns).toHaveLength(4);
  });

  it("reads a battery printed codes first, then 'ITEMS:' and the items, as one grid", async () => {
    const text = [
      "Q3. Do you approve or disapprove of each of these changes to the bus timetable? First, [INSERT ITEM].",
      "1 Approve",
      "2 Disapprove",
      "9 (VOL) Don't know",
      "ITEMS:",
      "a. Earlier first buses",
      "b. Fewer late-night buses",
      "",
      "Q4. Did you take a bus yesterday?",
      "1 Yes",
      "2 No",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found.map((question) => question.id)).toEqual(["Q3", "Q4"]);
    expect(found[0].type).toBe("grid");
    expect(found[0].rows.map((row) => row.label)).toEqual(["Earlier first buses", "Fewer late-night buses"]);
    expect(found[0].columns).toHaveLength(3);
  });

  it("keeps a battery's printed row letters, so a condition naming a row by its letter binds", async () => {
    const text = [
      "Q5. For each of these, please tell me if you agree or disagree. [READ AND RANDOMIZE]",
      "a. The ferry runs on time",
      "b. The ferry is good value",
      "RESPONSE CATEGORIES:",
      "1 Agree",
      "2 Disagree",
      "",
      "Q6. SKIP TO Q7 IF Q5a = 2",
      "How many times did you take the ferry last month?",
      "1 Once",
      "2 More than once",
      "",
      "Q7. Do you own a car?",
      "1 Yes",
      "2 No",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found[0].rows.map((row) => row.code)).toEqual(["a", "b"]);
    expect(found[1].routes[0]?.when?.condition).toBe("{Q5.a} = '2'");
  });

  it("leaves a single stray capitalised line alone (the convention needs two headings)", async () => {
    const text = ["BACKGROUND", "How many seasons have you kept a garden?", "1. One", "2. Two or more"].join("\n");
    expect(questionsOf(await parseText(text)).map((question) => question.id)).not.toContain("BACKGROUND");
  });

  it("pattern pieces: angle-bracket codes and routing lines", () => {
    expect(parseOption("<7> NOT REACHED")).toMatchObject({ code: "7", label: "NOT REACHED" });
    expect(matchQuestionId("IF SCREEN = 4, TERMINATE AND CODE AS OTHER (USER44)")).toBeNull();
    expect(matchQuestionId("How often do you water the lawn in summer? (Q12)")?.id).toBe("Q12");
  });
});
