import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { env, type TEnv } from "@/lib/env";

/**
 * Model selection from the environment (DESIGN §3). With no provider configured the product runs on its
 * deterministic paths and nothing calls the network: `getLanguageModel()` returns null.
 *
 * AI_PROVIDER = openai | anthropic | openai-compatible (inferred from OPENAI_API_KEY / ANTHROPIC_API_KEY /
 * AI_BASE_URL when unset); AI_MODEL picks the model; AI_API_KEY overrides the provider key; AI_BASE_URL
 * points an OpenAI-compatible provider (or a proxy) elsewhere.
 */

export const DEFAULT_MODELS = {
  openai: "gpt-4.1",
  anthropic: "claude-sonnet-4-5",
} as const;

export type AiProvider = "openai" | "anthropic" | "openai-compatible";

export interface ModelSettings {
  provider: AiProvider;
  model: string;
  apiKey?: string;
  baseURL?: string;
}

export class AiConfigurationError extends Error {}

/** Reads the model settings; null when no provider is configured. */
export function modelSettingsFromEnv(values: Pick<TEnv, "AI_PROVIDER" | "AI_MODEL" | "AI_BASE_URL" | "AI_API_KEY" | "OPENAI_API_KEY" | "ANTHROPIC_API_KEY"> = env()): ModelSettings | null {
  const provider: AiProvider | undefined =
    values.AI_PROVIDER ?? (values.OPENAI_API_KEY ? "openai" : values.ANTHROPIC_API_KEY ? "anthropic" : values.AI_BASE_URL ? "openai-compatible" : undefined);
  if (!provider) return null;
  switch (provider) {
    case "openai": {
      const apiKey = values.AI_API_KEY ?? values.OPENAI_API_KEY;
      if (!apiKey && !values.AI_BASE_URL) throw new AiConfigurationError("AI_PROVIDER=openai needs OPENAI_API_KEY (or AI_API_KEY).");
      return { provider, model: values.AI_MODEL ?? DEFAULT_MODELS.openai, apiKey, baseURL: values.AI_BASE_URL };
    }
    case "anthropic": {
      const apiKey = values.AI_API_KEY ?? values.ANTHROPIC_API_KEY;
      if (!apiKey && !values.AI_BASE_URL) throw new AiConfigurationError("AI_PROVIDER=anthropic needs ANTHROPIC_API_KEY (or AI_API_KEY).");
      return { provider, model: values.AI_MODEL ?? DEFAULT_MODELS.anthropic, apiKey, baseURL: values.AI_BASE_URL };
    }
    case "openai-compatible": {
      if (!values.AI_BASE_URL) throw new AiConfigurationError("AI_PROVIDER=openai-compatible needs AI_BASE_URL (the server's /v1 address).");
      if (!values.AI_MODEL) throw new AiConfigurationError("AI_PROVIDER=openai-compatible needs AI_MODEL (the model name the server expects).");
      return { provider, model: values.AI_MODEL, apiKey: values.AI_API_KEY ?? values.OPENAI_API_KEY, baseURL: values.AI_BASE_URL };
    }
  }
}

export function languageModelFor(settings: ModelSettings): LanguageModel {
  switch (settings.provider) {
    case "openai":
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL })(settings.model);
    case "anthropic":
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseURL })(settings.model);
    case "openai-compatible":
      return createOpenAICompatible({ name: "openai-compatible", baseURL: settings.baseURL!, apiKey: settings.apiKey })(settings.model);
  }
}

/** The configured language model, or null when none is configured (the deterministic paths are used). */
export function getLanguageModel(): LanguageModel | null {
  const settings = modelSettingsFromEnv();
  return settings ? languageModelFor(settings) : null;
}
