import { describe, expect, it } from "vitest";
import { buildPdf, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

const linesOf = async (texts: PdfText[], shapes: PdfShape[]) => (await extractDocument(buildPdf([{ texts, shapes }]), { filename: "leaders.pdf" })).lines.map((line) => line.text);

/** Answers printed as a label, a dot leader and a drawn box at the leader's end. */
describe("answer boxes drawn at the end of a dot leader", () => {
  it("puts the box in front of the label whose leader it ends, also for two answers side by side", async () => {
    const texts: PdfText[] = [
      { text: "1. How often do you cycle?", x: 60, y: 700 },
      { text: "Daily", x: 80, y: 680 },
      { text: "....................", x: 108, y: 680 },
      { text: "Never ..........................", x: 80, y: 660 },
      { text: "2. Do you own a bicycle?", x: 60, y: 620 },
      { text: "Yes ..........", x: 80, y: 600 },
      { text: "No ..........", x: 260, y: 600 },
    ];
    const shapes: PdfShape[] = [
      // Just right of each leader's last dot (Helvetica 12: a dot is 3.3 points wide).
      { x: 177, y: 678, size: 10 },
      { x: 205, y: 658, size: 10 },
      { x: 140, y: 598, size: 10 },
      { x: 315, y: 598, size: 10 },
    ];
    const lines = await linesOf(texts, shapes);
    expect(lines.some((line) => /^☐ Daily ?\.+$/.test(line))).toBe(true);
    expect(lines.some((line) => /^☐ Never/.test(line))).toBe(true);
    expect(lines.some((line) => /^☐ Yes \.+\s+☐ No/.test(line))).toBe(true);
  });

  it("leaves a grid's rows alone: the later boxes of a row end a leader of dots only", async () => {
    const texts: PdfText[] = [
      { text: "3. How is your street?", x: 60, y: 700 },
      { text: "– quiet ..............", x: 80, y: 680 },
      { text: "..........", x: 186, y: 680 },
      { text: "– clean ..............", x: 80, y: 660 },
      { text: "..........", x: 186, y: 660 },
    ];
    const shapes: PdfShape[] = [172, 232].flatMap((x) => [
      { x, y: 678, size: 10 },
      { x, y: 658, size: 10 },
    ]);
    const lines = await linesOf(texts, shapes);
    expect(lines.some((line) => /^☐ –/.test(line))).toBe(false);
  });
});
