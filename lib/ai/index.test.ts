import { describe, expect, it } from "vitest";
import { AiConfigurationError, DEFAULT_MODELS, languageModelFor, modelSettingsFromEnv } from "./index";

const none = { AI_PROVIDER: undefined, AI_MODEL: undefined, AI_BASE_URL: undefined, AI_API_KEY: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined };

describe("model selection from the environment", () => {
  it("returns no model when nothing is configured, so nothing calls the network", () => {
    expect(modelSettingsFromEnv(none)).toBeNull();
  });

  it("uses the provider named by AI_PROVIDER, or the one whose key is set", () => {
    expect(modelSettingsFromEnv({ ...none, OPENAI_API_KEY: "sk-test" })).toEqual({ provider: "openai", model: DEFAULT_MODELS.openai, apiKey: "sk-test", baseURL: undefined });
    expect(modelSettingsFromEnv({ ...none, ANTHROPIC_API_KEY: "sk-ant", AI_MODEL: "claude-x" })).toMatchObject({ provider: "anthropic", model: "claude-x", apiKey: "sk-ant" });
    expect(modelSettingsFromEnv({ ...none, AI_PROVIDER: "openai", OPENAI_API_KEY: "k1", AI_API_KEY: "k2" })).toMatchObject({ apiKey: "k2" });
    expect(modelSettingsFromEnv({ ...none, AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://127.0.0.1:8000/v1", AI_MODEL: "llama" })).toMatchObject({
      provider: "openai-compatible",
      baseURL: "http://127.0.0.1:8000/v1",
      model: "llama",
    });
  });

  it("explains a provider that is named but not usable", () => {
    expect(() => modelSettingsFromEnv({ ...none, AI_PROVIDER: "anthropic" })).toThrow(AiConfigurationError);
    expect(() => modelSettingsFromEnv({ ...none, AI_PROVIDER: "openai-compatible", AI_MODEL: "x" })).toThrow(/needs AI_BASE_URL/);
    expect(() => modelSettingsFromEnv({ ...none, AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://h/v1" })).toThrow(/needs AI_MODEL/);
  });

  it("builds a language model for each provider without calling it", () => {
    for (const settings of [
      { provider: "openai" as const, model: "gpt-x", apiKey: "k" },
      { provider: "anthropic" as const, model: "claude-x", apiKey: "k" },
      { provider: "openai-compatible" as const, model: "llama", baseURL: "http://127.0.0.1:1/v1" },
    ]) {
      const model = languageModelFor(settings);
      expect(typeof model === "object" && model !== null && "modelId" in model ? model.modelId : model).toBe(settings.model);
    }
  });
});
