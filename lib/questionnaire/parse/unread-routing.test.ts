import { describe, expect, it } from "vitest";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/** Routing printed in a layout no other pass knows is attached where it is printed, flagged, and never doubled. */

const byId = (ir: Awaited<ReturnType<typeof parseText>>, id: string) => questions(ir).find((question) => question.id === id)!;
const flagged = (question: { warnings: string[] }) => question.warnings.some((warning) => /attached where it is printed/.test(warning));

describe("routing read where it is printed", () => {
  it("takes a skip inside an answer's line, with another column's text after it, as that answer's route", async () => {
    const ir = await parseText(
      ["K1. Is anyone else living here?", "  1 Yes", "  2 No – skip to K4         (count lodgers and boarders too)", "", "K2. How many? ____", "", "K3. Are they related to you? ____", "", "K4. How old are you? ____", ""].join("\n"),
    );
    const k1 = byId(ir, "K1");
    expect(k1.options[1].route).toEqual({ kind: "question", ref: "K4" });
    expect(k1.options[0].route).toBeUndefined();
    expect(flagged(k1)).toBe(true);
  });

  it("binds a filter note between the wording and the answers, in another language than the wording, to its question", async () => {
    const ir = await parseText(
      ["K1. Do you smoke?", "  1 Yes", "  2 No", "", "K2. How many a day?", "[Interviewer] seulement si K1 = 1", "  1 Fewer than ten", "  2 Ten or more", "", "K4. How old are you? ____", ""].join("\n"),
    );
    const k2 = byId(ir, "K2");
    expect(k2.askIf.map((condition) => condition.condition)).toEqual([`{${byId(ir, "K1").variable}} = '1'`]);
    expect(flagged(k2)).toBe(true);
  });

  it("binds a base line between questions that names a printed id to the question after it", async () => {
    const ir = await parseText(["K1. Do you smoke?", "  1 Yes", "  2 No", "", "The following item: jika K1 = 1", "", "K2. How many a day? ____", "", "K4. How old are you? ____", ""].join("\n"));
    expect(byId(ir, "K2").askIf.map((condition) => condition.condition)).toEqual([`{${byId(ir, "K1").variable}} = '1'`]);
    expect(flagged(byId(ir, "K2"))).toBe(true);
    expect(byId(ir, "K4").askIf).toEqual([]);
  });

  it("binds a filter printed in a right-hand column of the wording's line to that question", async () => {
    const ir = await parseText(
      ["B17. Do you smoke?", "  1 Yes", "  2 No", "", "B18. How many a day?                  Show if B17 is Yes", "  1 Few", "  2 Many", "", "B19. Your age? ____", ""].join("\n"),
    );
    expect(byId(ir, "B18").askIf.map((condition) => condition.condition)).toEqual([`{${byId(ir, "B17").variable}} = '1'`]);
    expect(byId(ir, "B19").askIf).toEqual([]);
  });

  it("never binds a clause that names no question of the document to the question after it", async () => {
    const ir = await parseText(["M1. Do you own a bicycle?", "  1 Yes", "  2 No", "", "Only if the district office agrees, continue.", "", "M2. How many kilometres a week? ____", ""].join("\n"));
    expect(byId(ir, "M2").askIf.every((condition) => !condition.condition)).toBe(true);
    expect(flagged(byId(ir, "M2"))).toBe(false);
  });

  it("never doubles a route an earlier pass already read", async () => {
    const ir = await parseText(["R1. Do you smoke?", "  1 Yes", "  2 No → R3", "", "R2. How many a day? ____", "", "R3. Your age? ____", ""].join("\n"));
    const r1 = byId(ir, "R1");
    expect(r1.options[1].route).toEqual({ kind: "question", ref: "R3" });
    expect(r1.routes).toEqual([]);
    expect(flagged(r1)).toBe(false);
  });

  it("reads a pointer that opens a line with more after it as a bullet, not a route", async () => {
    const ir = await parseText(["K1. Do you smoke?", "  1 Yes", "  2 No", "", "K2. How many a day? ____", "", "⇒ b. Since when? ____", "", "K4. How old are you? ____", ""].join("\n"));
    for (const question of questions(ir)) {
      expect(question.routes).toEqual([]);
      expect(flagged(question)).toBe(false);
    }
  });

  it("leaves a route to a question printed earlier (no forward target in the document) alone", async () => {
    const ir = await parseText(["K1. Do you smoke?", "  1 Yes", "  2 No", "", "K2. How many a day?", "  1 Few", "  2 Many – skip to K1        (show card B)", "", "K3. Your age? ____", ""].join("\n"));
    expect(byId(ir, "K2").options[1].route).toBeUndefined();
    expect(flagged(byId(ir, "K2"))).toBe(false);
  });

  it("binds a skip to a page named by its quoted title to the closing page printed after the last question", async () => {
    const ir = await parseText(
      ["1. I grow my own vegetables.", "Mark only one oval.", "Agree", "Disagree      Skip to \"We appreciate your", "time today!.\"", "", "2. Which vegetables do you grow?", "", "3. Anything else to tell us?", "", "We appreciate your time today!", ""].join("\n"),
    );
    const first = byId(ir, "1");
    expect(first.options.map((option) => option.label)).toEqual(["Agree", "Disagree"]);
    expect(first.options[1].route).toEqual({ kind: "end" });
    expect(flagged(first)).toBe(true);
  });

  it("takes a page route on an answer as a route from the last question of that page, taken for that answer", async () => {
    const ir = await parseText(
      [
        "1. I keep a diary.", "", "Mark only one oval.", "", "- Agree", "- Disagree      After the last question in this section, skip to \"All done.\"", "",
        "2. Since which year?", "", "3. In which language do you write?", "", "## Writing habits", "", "4. How often do you write?", "", "- Daily", "- Weekly", "",
        "5. Anything else?", "", "## All done", "",
      ].join("\n"),
      "form.md",
    );
    const first = byId(ir, "1");
    expect(first.options.map((option) => option.label)).toEqual(["Agree", "Disagree"]);
    expect(first.options[1].route).toBeUndefined();
    const last = byId(ir, "3");
    expect(last.routes.map((route) => [route.when?.condition, route.target])).toEqual([[`{${first.variable}} = '2'`, { kind: "end" }]]);
  });

  it("binds a skip to a page named by its quoted title to the section of that title", async () => {
    const ir = await parseText(
      ["1. I keep a diary.", "", "- Agree", "- Disagree      Skip to \"Writing habits.\"", "", "2. Since which year?", "", "## Writing habits", "", "3. How often do you write?", "", "- Daily", "- Weekly", ""].join("\n"),
      "form.md",
    );
    expect(byId(ir, "1").options[1].route).toEqual({ kind: "section", label: "Writing habits: Writing habits" });
  });

  it("takes a bracketed age group line as the base of the question after it, and a capitals heading with one as the base of its part", async () => {
    const ir = await parseText(
      [
        "K1. Is the person a man or a woman?", "1. Man", "2. Woman", "(Persons aged 14 years and over)", "K2. Is the person married?", "1. Yes", "2. No",
        "K3. Where was the person born?", "1. Here", "2. Elsewhere", "",
        "WORK OF HOUSEHOLD MEMBERS (this part is for members aged 16 years or more)", "K4. Does the person work?", "1. Yes", "2. No", "K5. Does the person study?", "1. Yes", "2. No", "",
        "HEALTH OF HOUSEHOLD MEMBERS (all members)", "K6. Was the person ill last month?", "1. Yes", "2. No", "",
      ].join("\n"),
    );
    const conditions = (id: string) => byId(ir, id).askIf.map((condition) => condition.condition);
    expect(conditions("K2")).toEqual(["{AGE_YEARS} >= 14"]);
    expect(conditions("K3")).toEqual([]);
    expect(conditions("K4")).toEqual(["{AGE_YEARS} >= 16"]);
    expect(conditions("K5")).toEqual(["{AGE_YEARS} >= 16"]);
    expect(conditions("K6")).toEqual([]);
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("AGE_YEARS");
  });

  it("reads a Spanish skip written without a preposition beside an answer ('pase K4')", async () => {
    const ir = await parseText(["K1. ¿Vive alguien más aquí?", "Sí . . . . 1 (pase K4)", "No . . . . 2", "", "K2. ¿Cuántos?", "", "K3. ¿Son familia?", "", "K4. ¿Qué edad tiene?", ""].join("\n"));
    expect(byId(ir, "K1").options[0].route).toEqual({ kind: "question", ref: "K4" });
  });

  it("binds a base line that quotes an answer of the previous question to the question after it", async () => {
    const ir = await parseText(
      ["Do you own a dog?", "No", "Yes", "", "The next question is only shown if the answer to the previous question was \"Yes\".", "", "Is your dog older than five?", "Yes", "No", "", "How old are you?", "Under 30", "30 or older", ""].join("\n"),
    );
    const [dog, older, age] = questions(ir);
    expect(older.askIf.map((condition) => condition.condition)).toEqual([`{${dog.variable}} = '${dog.options.find((option) => option.label === "Yes")!.code}'`]);
    expect(age.askIf).toEqual([]);
  });
});

/** Binding first: a note is logic when what it names binds in the document, whatever its verbs. */
describe("notes read by what they bind to", () => {
  const conditionsOf = (question: { askIf: { condition?: string }[] }) => question.askIf.map((condition) => condition.condition);

  it("binds a bracketed note naming an earlier printed id and an answer, with no if-word, to the question after it", async () => {
    const ir = await parseText(["K1. Do you cycle?", "  1 Yes", "  2 No", "", "[K1 = 1]", "K2. How far a week? ____", "", "K3. Your age? ____", ""].join("\n"));
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${byId(ir, "K1").variable}} = '1'`]);
    expect(flagged(byId(ir, "K2"))).toBe(true);
    expect(byId(ir, "K3").askIf).toEqual([]);
  });

  it("never reads a note that points to another question (same list, see, piped answer) as a condition", async () => {
    for (const note of ["[Same list as K1]", "(see K1)", "[Show the kind chosen in K1]", "(K1 answers shown again)"]) {
      const ir = await parseText(["K1. Which kind of bicycle do you ride?", "  1 Road", "  2 Mountain", "", note, "K2. Which kind would you buy next?", "  1 Road", "  2 Mountain", ""].join("\n"));
      expect(byId(ir, "K2").askIf.filter((condition) => condition.condition)).toEqual([]);
    }
  });

  it("binds a follow-up naming only answers of the question just before to the question right under it", async () => {
    const ir = await parseText(["K1. Would you ride with a club?", "  1 Yes", "  2 No", "  3 Perhaps (on weekends)", "", "If Yes or Perhaps, please tell us when:", "K2. Which days suit you? ____", "", "K3. Your age? ____", ""].join("\n"));
    const k1 = byId(ir, "K1");
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${k1.variable}} anyof ['1', '3']`]);
    expect(flagged(byId(ir, "K2"))).toBe(true);
    expect(byId(ir, "K3").askIf).toEqual([]);
  });

  it("leaves a follow-up alone when other text stands between it and the next question, or when it names no answer", async () => {
    const spaced = await parseText(["K1. Would you ride with a club?", "  1 Yes", "  2 No", "", "If Yes, tell us when:", "Weekdays ☐  Weekends ☐", "", "K2. Your age? ____", ""].join("\n"));
    expect(byId(spaced, "K2").askIf.filter((condition) => condition.condition)).toEqual([]);
    const unnamed = await parseText(["K1. How often do you ride?", "  1 Sometimes", "  2 Never", "", "If so, why?", "K2. Reasons ____", ""].join("\n"));
    expect(byId(unnamed, "K2").askIf.filter((condition) => condition.condition)).toEqual([]);
  });

  it("takes a bracketed pointer closing an answer's line, with no verb of the lexicon, as the answer's route when its target is a later question", async () => {
    const ir = await parseText(["K1. Do you cycle?", "  1 Yes", "  2 No (vai K4)", "", "K2. How far? ____", "", "K3. How often? ____", "", "K4. Your age? ____", ""].join("\n"));
    expect(byId(ir, "K1").options[1].route).toEqual({ kind: "question", ref: "K4" });
    expect(flagged(byId(ir, "K1"))).toBe(true);
  });

  it("never takes a measure or a place in a list in brackets after an answer as a route", async () => {
    const ir = await parseText(["K1. Which course did you take?", "  1 Beginner (level 3)", "  2 Advanced (box 4)", "", "K2. How far? ____", "", "K3. How often? ____", "", "K4. Your age? ____", ""].join("\n"));
    expect(byId(ir, "K1").options.map((option) => option.route)).toEqual([undefined, undefined]);
  });

  it("reads a note that leaves a question out when its condition holds as the opposite display condition", async () => {
    for (const note of ["[Note: skip if K1 = 2]", "[Hidden when K1 = 2]", "Skip this question if K1 = 2"]) {
      const ir = await parseText(["K1. Do you cycle?", "  1 Yes", "  2 No", "", note, "K2. How far a week? ____", "", "K3. Your age? ____", ""].join("\n"));
      expect(conditionsOf(byId(ir, "K2"))).toEqual([`not {${byId(ir, "K1").variable}} = '2'`]);
    }
  });

  it("reads a lead-in after an arrow ('⇒ If Often') as a note, not as a bullet to drop", async () => {
    const ir = await parseText(["K1. How often do you ride?", "  1 Often", "  2 Rarely", "  3 Never", "", "⇒ If Often", "K2. Which route do you take? ____", "", "K3. Your age? ____", ""].join("\n"));
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${byId(ir, "K1").variable}} = '1'`]);
  });

  it("reads a skip written with an inflected verb ('skips to', 'goes to')", async () => {
    const ir = await parseText(["K1. Do you cycle?", "  1 Yes", "  2 No - skips to K4", "", "K2. How far? ____", "", "K3. How often? ____", "", "K4. Your age? ____", ""].join("\n"));
    expect(byId(ir, "K1").options[1].route).toEqual({ kind: "question", ref: "K4" });
  });

  it("binds a group note that names a printed id with answers to that question, not to a group set outside", async () => {
    const ir = await parseText(["K1. Would you join a club?", "  1 Yes", "  2 No", "  3 Perhaps", "", "Only for those answering K1 = 1 or 3", "", "K2. Which club? ____", ""].join("\n"));
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${byId(ir, "K1").variable}} anyof ['1', '3']`]);
    expect(ir.hiddenVariables.map((variable) => variable.name)).not.toContain("GROUP");
  });

  it("adds a note on another question to a question that is already filtered, and never doubles one on the same question", async () => {
    const ir = await parseText(
      ["K1. Would you join a club?", "  1 Yes", "  2 No", "", "Only for those answering K1 = 1", "", "K2. Do you own a bicycle?", "  1 Yes", "  2 No", "", "[Note: skip if K2 = 2]", "K3. Which bicycle? ____", "", "[K1 = 1]", "K4. Why? ____", ""].join("\n"),
    );
    const [k1, k2] = [byId(ir, "K1"), byId(ir, "K2")];
    expect(conditionsOf(byId(ir, "K3"))).toEqual([`{${k1.variable}} = '1'`, `not {${k2.variable}} = '2'`]);
    expect(conditionsOf(byId(ir, "K4"))).toEqual([`{${k1.variable}} = '1'`]);
  });

  it("binds a sentence right over the next question that names the answer given at a printed id to that question", async () => {
    const ir = await parseText(["K1. Do you hold a library card?", "    1 Yes", "    2 No", "", "Shown to respondents who answered Yes at K1.", "K2. Which branch do you use? ____", "", "K3. Your age? ____", ""].join("\n"));
    const k1 = byId(ir, "K1");
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${k1.variable}} = '${k1.options.find((option) => option.label === "Yes")!.code}'`]);
    expect(byId(ir, "K3").askIf).toEqual([]);
  });

  it("binds a note in braces right over the next question to that question, not to the number field above it", async () => {
    const ir = await parseText(["K1. How many minutes is your ride? ____", "", "{K1 >= 45}", "K2. Would you ride less? ____", ""].join("\n"));
    expect(conditionsOf(byId(ir, "K2"))).toEqual([`{${byId(ir, "K1").variable}} >= 45`]);
    expect(byId(ir, "K1").askIf).toEqual([]);
  });
});
