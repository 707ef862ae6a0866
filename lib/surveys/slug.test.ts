import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "./schemas";
import { suggestSlug } from "./slug";

describe("suggestSlug", () => {
  it("turns a name into lowercase kebab-case", () => {
    expect(suggestSlug("Customer Satisfaction 2026")).toBe("customer-satisfaction-2026");
    expect(suggestSlug("  Brand  tracker -- Q3!  ")).toBe("brand-tracker-q3");
  });

  it("folds accents and common ligatures", () => {
    expect(suggestSlug("Études de marché: Zürich & Köln")).toBe("etudes-de-marche-zurich-and-koln");
    expect(suggestSlug("Straße Ærø")).toBe("strasse-aero");
  });

  it("cuts long names at a word boundary", () => {
    const slug = suggestSlug("A very long questionnaire name that keeps going well beyond what anyone would type");
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug).toBe("a-very-long-questionnaire-name-that-keeps-going-well-beyond");
  });

  it("always produces something the API accepts, or nothing", () => {
    for (const name of ["Q1", "---", "日本語のアンケート", "Hello, World", "x".repeat(200)]) {
      const slug = suggestSlug(name);
      expect(slug === "" || SLUG_PATTERN.test(slug), `${name} → ${slug}`).toBe(true);
    }
  });
});
