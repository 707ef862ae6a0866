import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("answer blocks read by their shape: an asking line over a run of short parallel lines", () => {
  it("reads a line ending in a colon after the last question's answers as the next question over its indented answers", async () => {
    const ir = await parseText(
      [
        "Which season do you like best?",
        "      Spring",
        "      Summer",
        "      Autumn",
        "",
        "Pick the sports you follow on television:",
        "      Tennis",
        "      Rowing",
        "      Cycling",
        "      Other",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Which season do you like best?", "Pick the sports you follow on television:"]);
    expect(qs[1].options?.map((o) => o.label)).toEqual(["Tennis", "Rowing", "Cycling", "Other"]);
  });

  it("reads a question sentence followed by a short remark as asking, with the figure-led answers under it", async () => {
    const ir = await parseText(
      [
        "How old is your oldest bicycle?",
        "      Under a year",
        "      One to five years",
        "      Longer",
        "",
        "How much did you spend on repairs last summer? Please give your best guess.",
        "      Less than $20",
        "      $20 to $49",
        "      $50 or more",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs).toHaveLength(2);
    expect(qs[1].text).toContain("How much did you spend on repairs");
    expect(qs[1].options?.map((o) => o.label)).toEqual(["Less than $20", "$20 to $49", "$50 or more"]);
  });

  it("keeps a labelled list before the first question out (front matter), and a lead-in over sentences is no question", async () => {
    const ir = await parseText(
      [
        "Survey team:",
        "      Ann Example",
        "      Bob Sample",
        "",
        "Which season do you like best?",
        "      Spring",
        "      Summer",
        "",
        "The survey helps us to:",
        "      plan the new cycle lanes.",
        "      decide where racks go.",
        "",
        "Thank you for taking part.",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Which season do you like best?"]);
  });

  it("reads an unnumbered Markdown heading with a list of short answers right under it as a question, once questions have begun", async () => {
    const ir = await parseText(
      [
        "# Garden survey",
        "",
        "Do you grow vegetables?",
        "",
        "- Yes",
        "- No",
        "",
        "### Size of your garden",
        "",
        "- Balcony only",
        "- Small plot",
        "- Large plot",
        "",
        "### Thanks",
        "",
        "We will share the results in spring.",
      ].join("\n"),
      "garden.md",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Do you grow vegetables?", "Size of your garden"]);
    expect(qs[1].options?.map((o) => o.label)).toEqual(["Balcony only", "Small plot", "Large plot"]);
  });
});

describe("a form's rhythm: bare labels each over an answer block set deeper are its questions", () => {
  it("reads three or more plain labels over indented answer blocks as questions, with no question mark or number anywhere", async () => {
    const ir = await parseText(
      [
        "Allotment register",
        "",
        "Please fill in every part.",
        "",
        "Kind of plot",
        "      Raised bed",
        "      Open ground",
        "      Greenhouse",
        "",
        "Years on the waiting list",
        "      None",
        "      One or two",
        "      More",
        "",
        "Water supply on the plot",
        "      Tap",
        "      Rain barrel",
        "      None",
      ].join("\n"),
      "register.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Kind of plot", "Years on the waiting list", "Water supply on the plot"]);
    expect(qs[0].options?.map((o) => o.label)).toEqual(["Raised bed", "Open ground", "Greenhouse"]);
  });

  it("leaves a single label over an indented list alone (no rhythm, no question)", async () => {
    const ir = await parseText(
      ["Which plot would you like?", "      North field", "      South field", "", "Opening hours", "      Weekdays", "      Weekends"].join("\n"),
      "register.txt",
    );
    expect(questionsOf(ir).map((q) => q.text)).toEqual(["Which plot would you like?"]);
  });
});

describe("plain answer lines at the question's own indent, where the document repeats the shape", () => {
  it("reads three or more asking lines each over short plain lines as questions; two such pairs stay notes", async () => {
    const form = ["Is your bicycle insured?", "Yes", "No", "", "Where do you park it at night?", "Indoors", "Outdoors", "", "Which lock do you use most?", "Chain", "D-lock", "Cable"].join("\n");
    expect(questionsOf(await parseText(form, "form.txt")).map((q) => q.options.length)).toEqual([2, 2, 3]);
    const notes = ["Club minutes", "", "Why was the ride cancelled?", "Rain", "Flat tyres", "", "Who books the hall?", "Chair", "Secretary"].join("\n");
    expect(questionsOf(await parseText(notes, "notes.txt")).length).toBeLessThan(2);
  });
});
