import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const questions = async (text: string, filename = "report.md") => questionsOf(await parseText(text, filename));

/** A paragraph of report prose (well over the length of a question), numbered so each one differs. */
const paragraph = (n: number) =>
  `Finding ${n}. The depots we visited keep their bicycles in very different states of repair, and the staff we met ` +
  `described routines that range from a weekly check of every frame to no check at all until a rider complains. ` +
  `Several managers told us that spare parts arrive late and that the workshop benches are shared with other teams.`;

describe("a questionnaire printed as an appendix of a report", () => {
  const report = [
    "# Bicycle depot review",
    "",
    paragraph(1),
    "",
    "Our visits centred on these themes:",
    "",
    "1. How are bicycles checked before they go out?",
    "2. Who decides when a bicycle is withdrawn?",
    "",
    ...[2, 3, 4, 5, 6, 7, 8].flatMap((n) => [paragraph(n), ""]),
    "## Recommendations",
    "",
    "* **Shared benches –** Give every workshop its own bench so that repairs are not queued behind other work for days.",
    "* **Parts –** Order common spare parts in advance and keep a small stock at every depot visited during the review.",
    "",
    "# Appendix A: Interview questions",
    "",
    "We asked every depot manager the following:",
    "",
    "1. What is your role at the depot?",
    "2. How are bicycles checked before they go out?",
    "3. Who decides when a bicycle is withdrawn?",
    "4. What would make repairs faster?",
    "",
    "# Appendix B: Notes from the north depot",
    "",
    "## 1. What is your role at the depot?",
    "",
    "The manager has run the depot for six years.",
  ].join("\n");

  it("reads only the appendix that names the instrument as questions", async () => {
    const list = await questions(report);
    expect(list.map((question) => question.id)).toEqual(["1", "2", "3", "4"]);
    expect(list[0].text).toBe("What is your role at the depot?");
    expect(list.every((question) => question.options.length === 0)).toBe(true);
  });

  it("keeps the questions of a questionnaire with a long introduction when its appendix restates fewer of them", async () => {
    const asked = ["1. How many bicycles does your depot hold?", "2. Who checks the brakes?", "3. How often are tyres replaced?", "4. Who orders spare parts?", "5. Where are bicycles stored overnight?"];
    const list = await questions(
      ["# Depot survey", "", ...[1, 2, 3, 4, 5, 6, 7].flatMap((n) => [paragraph(n), ""]), ...asked, "", "# Appendix A: Interview questions", "", "1. Who checks the brakes?"].join("\n"),
    );
    expect(list.map((question) => question.id)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("keeps a questionnaire's own questions when it merely ends with an appendix", async () => {
    const list = await questions(
      [
        "# Depot survey",
        "",
        "1. How many bicycles does your depot hold?",
        "______",
        "2. Do you have a workshop on site?",
        "- Yes",
        "- No",
        "",
        "# Appendix A: Questionnaire codes",
        "",
        "Code 1 means yes and code 2 means no.",
      ].join("\n"),
    );
    expect(list.map((question) => question.id)).toEqual(["1", "2"]);
  });
});
