import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { glyphArrowRoute, isGlyphArrowRoute } from "./glyph-arrow-routes";

/** Routes printed as a dingbat arrow (or a drawn one) and "Question N!" after an answer's box. */
describe("routes printed as a dingbat arrow and a question number after an answer", () => {
  it("reads the target after an arrow glyph, or a bare target ending in an exclamation mark", () => {
    expect(glyphArrowRoute("Often ........ ◆ Question 14!")).toEqual({ index: 15, route: "→ Question 14" });
    expect(glyphArrowRoute("Nein ...... ► Frage 7")?.route).toBe("→ Frage 7");
    expect(glyphArrowRoute("Rarely ......... Question 20!")?.route).toBe("→ Question 20");
    expect(glyphArrowRoute("Same answer as question 3")).toBeNull();
    expect(isGlyphArrowRoute("➔ Question 12!")).toBe(true);
    expect(isGlyphArrowRoute("◆ Weekly")).toBe(false);
  });

  it("routes the answer to the question named and keeps the other answers of the line apart", async () => {
    const text = ["1. Do you grow vegetables in your garden?", "☐ Often ................ ◆ Question 3!", "☐ Never ................", "2. Which vegetables do you grow?", "☐ Beans ................", "☐ Peas .................", "3. Do you keep hens?", "☐ Often .......", "☐ Never ......."].join("\n");
    const [first] = questionsOf(await parseText(text));
    expect(first.options.map((option) => option.label.replace(/\.+$/, ""))).toEqual(["Often", "Never"]);
    expect(first.options[0].route).toEqual({ kind: "question", ref: "3" });
  });
});

describe("a route printed after two answers side by side", () => {
  it("gives the route to the answer before it, also when the drawn arrow reads as a box", async () => {
    const text = ["1. Have you ever kept bees?", "☐ Yes ..........   ☐ No ..........   ☐ Question 3!", "2. How many hives did you keep?", "☐ One .......", "☐ More .......", "3. Do you keep hens?", "☐ Yes .......", "☐ No ......."].join("\n");
    const [first] = questionsOf(await parseText(text));
    expect(first.options).toHaveLength(2);
    expect(first.options[0].route).toBeUndefined();
    expect(first.options[1].route).toEqual({ kind: "question", ref: "3" });
  });
});
