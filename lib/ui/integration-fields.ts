import type { Platform } from "@/lib/platforms";

export type ExternalPlatform = Exclude<Platform, "service">;
export type ConfigField = { name: string; label: string; hint: string; required?: boolean };
export type CredentialField = { name: string; label: string; secret: boolean };

/**
 * The settings form of each platform's connection: the same field names as lib/platforms/clients.ts
 * `PLATFORM_FIELDS` (integration-fields.test.ts keeps them equal), with labels and hints for people.
 */
export const INTEGRATION_FIELDS: Record<ExternalPlatform, { config: ConfigField[]; credentials: CredentialField[]; configRule?: { anyOf: string[]; message: string } }> = {
  qualtrics: {
    config: [
      { name: "datacenter", label: "Datacenter", hint: "For example fra1 or iad1 (or give a base URL instead)." },
      { name: "base_url", label: "Base URL", hint: "Optional: https://<datacenter>.qualtrics.com/API/v3" },
    ],
    credentials: [{ name: "api_token", label: "API token", secret: true }],
    configRule: { anyOf: ["datacenter", "base_url"], message: "Give the datacenter or the base URL." },
  },
  decipher: {
    config: [
      { name: "base_url", label: "Base URL", hint: "https://<server>/api/v1", required: true },
      { name: "survey_path", label: "Survey path", hint: "Optional: where pushes write survey.xml, for example selfserve/53b/proj1234." },
    ],
    credentials: [{ name: "api_key", label: "API key", secret: true }],
  },
  surveymonkey: {
    config: [{ name: "base_url", label: "Base URL", hint: "Optional: defaults to https://api.surveymonkey.com/v3" }],
    credentials: [{ name: "access_token", label: "Access token", secret: true }],
  },
  limesurvey: {
    config: [{ name: "base_url", label: "RemoteControl URL", hint: "https://<host>/index.php/admin/remotecontrol", required: true }],
    credentials: [
      { name: "username", label: "Username", secret: false },
      { name: "password", label: "Password", secret: true },
    ],
  },
};

export const EXTERNAL_PLATFORM_IDS = Object.keys(INTEGRATION_FIELDS) as ExternalPlatform[];

/** The label of a field by name (for a stored integration's config and credential field names). */
export function fieldLabel(platform: Platform, name: string): string {
  if (platform === "service") return name;
  const fields = INTEGRATION_FIELDS[platform];
  return [...fields.config, ...fields.credentials].find((field) => field.name === name)?.label ?? name;
}

/**
 * Checks a connect or edit form before it is sent: required settings and, when credentials are given,
 * all of them (a new credentials map replaces the stored one). Returns messages by field name.
 */
export function checkIntegrationForm(
  platform: ExternalPlatform,
  values: { config: Record<string, string>; credentials: Record<string, string> },
  mode: "create" | "edit",
): Record<string, string> {
  const fields = INTEGRATION_FIELDS[platform];
  const errors: Record<string, string> = {};
  for (const field of fields.config) if (field.required && !values.config[field.name]?.trim()) errors[field.name] = `${field.label} is required.`;
  if (fields.configRule && !fields.configRule.anyOf.some((name) => values.config[name]?.trim())) errors[fields.configRule.anyOf[0]] = fields.configRule.message;
  const base = values.config.base_url?.trim();
  if (base && !/^https?:\/\/[^\s/]+/i.test(base)) errors.base_url = "Give an http(s) address, for example https://example.com/api.";
  const given = fields.credentials.filter((field) => values.credentials[field.name]);
  if (mode === "create" || given.length > 0) {
    for (const field of fields.credentials) {
      if (!values.credentials[field.name]) errors[field.name] = mode === "create" ? `${field.label} is required.` : `Give the ${field.label.toLowerCase()} too: new credentials replace all stored ones.`;
    }
  }
  return errors;
}
