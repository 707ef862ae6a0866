import { describe, expect, it } from "vitest";
import { proseLeadIn } from "./prose-conditions";
import { parseText, questionsOf } from "../testing/parse-text";

describe("conditional clauses opening the wording in other languages", () => {
  it("detects the clause, but not yes/no follow-ups or hypotheticals", () => {
    expect(proseLeadIn("Si cambió de barrio el último año, ¿cuántas veces?")?.clause).toBe("cambió de barrio el último año");
    expect(proseLeadIn("En caso de que use la bicicleta, ¿dónde la guarda?")?.clause).toBe("use la bicicleta");
    expect(proseLeadIn("De haber viajado en tren, ¿qué línea usó?")?.clause).toBe("haber viajado en tren");
    expect(proseLeadIn("Si compró entradas ¿cuántas fueron?")?.clause).toBe("compró entradas");
    expect(proseLeadIn("Si no, ¿por qué?")).toBeNull();
    expect(proseLeadIn("Si las entradas fueran gratis, ¿iría más?")?.hypothetical).toBe(true);
  });

  it("binds the clause to the yes/no question it restates or the answer it repeats", async () => {
    const ir = await parseText(
      [
        "¿Ha cambiado de barrio en el último año?",
        "o Si",
        "o No",
        "",
        "Si cambió de barrio en el último año, ¿cuántas veces?",
        "o Una",
        "o Varias",
        "",
        "¿Cómo va al trabajo?",
        "o Usó solamente la bicicleta propia",
        "o Camina",
        "o Autobús",
        "",
        "En caso de que haya usado la bicicleta propia, ¿dónde la guarda?",
        "o En casa",
        "o En la calle",
      ].join("\n"),
      "formulario.txt",
    );
    const [moved, times, commute, storage] = questionsOf(ir);
    expect(times.askIf[0]?.condition).toContain(moved.variable);
    expect(storage.askIf[0]?.condition).toContain(commute.variable);
    expect(storage.askIf[0]?.condition).toContain("1");
  });
});
