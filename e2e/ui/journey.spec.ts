import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";
import { APP_ORIGIN, IDP_ISSUER } from "./settings";

/**
 * Phase-1 journey of a researcher on a fresh install: sign in through single sign-on, manage surveys,
 * create an API key and use it; then a second person who joins as a member and cannot manage keys.
 * Serial: the first person to sign in becomes the owner.
 */
test.describe.configure({ mode: "serial" });

const OWNER = "olivia.owner@example.test";
const MEMBER = "max.member@example.test";

test("signed-out visitors of any app page are sent to sign-in", async ({ page, hosts }, testInfo) => {
  for (const path of ["/", "/surveys", "/surveys/00000000-0000-7000-8000-000000000000/history", "/settings/api-keys"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/sign-in\?callbackUrl=/);
  }
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Development sign-in")).toHaveCount(0);
  await inspect(page, testInfo, "01-sign-in");
  expect(hosts.length).toBeGreaterThan(0);
});

test("the owner signs in, manages surveys and creates an API key that works", async ({ page, hosts }, testInfo) => {
  await page.goto("/surveys");
  await signInThroughIdp(page, OWNER);
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.getByRole("heading", { name: "Surveys", level: 1 })).toBeVisible();
  await expect(page.getByText("No surveys yet")).toBeVisible();
  await inspect(page, testInfo, "02-surveys-empty");

  // Create: the slug is suggested from the name.
  await page.getByRole("button", { name: "New survey" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a survey" });
  await dialog.getByLabel("Name").fill("Customer Satisfaction 2026");
  await expect(dialog.getByLabel("Slug")).toHaveValue("customer-satisfaction-2026");
  await inspect(page, testInfo, "03-create-survey-dialog");
  await dialog.getByRole("button", { name: "Create survey" }).click();
  await expect(page).toHaveURL(/\/surveys\/[0-9a-f-]{36}\/questionnaire$/);
  await expect(page.getByRole("heading", { name: "Customer Satisfaction 2026", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Questionnaire" })).toHaveAttribute("aria-current", "page");
  await inspect(page, testInfo, "04-survey-questionnaire");
  const surveyUrl = page.url().replace(/\/questionnaire$/, "");

  for (const tab of ["Programming", "Preview", "History"]) {
    await page.getByRole("link", { name: tab, exact: true }).click();
    await expect(page.getByRole("heading", { name: tab, level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await inspect(page, testInfo, "05-survey-history");

  // Rename from the survey page.
  await page.getByRole("button", { name: "Rename Customer Satisfaction 2026" }).click();
  const rename = page.getByRole("dialog", { name: "Rename survey" });
  await rename.getByLabel("Name").fill("Customer satisfaction Q3");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Customer satisfaction Q3", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").getByText("Survey renamed.")).toBeVisible();

  // A second survey from the list; a duplicate slug is explained next to the slug field.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Surveys" }).click();
  await page.getByRole("button", { name: "New survey" }).click();
  const second = page.getByRole("dialog", { name: "Create a survey" });
  await second.getByLabel("Name").fill("Brand tracker");
  await second.getByLabel("Slug").fill("customer-satisfaction-2026");
  await second.getByRole("button", { name: "Create survey" }).click();
  await expect(second.getByText("Another survey in this workspace already uses this slug")).toBeVisible();
  await expect(second.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await second.getByLabel("Slug").fill("Brand Tracker!");
  await second.getByRole("button", { name: "Create survey" }).click();
  await expect(second.getByText("must be lowercase kebab-case")).toBeVisible();
  await second.getByLabel("Slug").fill("brand-tracker");
  await second.getByRole("button", { name: "Create survey" }).click();
  await expect(page.getByRole("heading", { name: "Brand tracker", level: 1 })).toBeVisible();

  // Search.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Surveys" }).click();
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Search surveys" }).fill("satisfaction");
  await page.getByRole("searchbox", { name: "Search surveys" }).press("Enter");
  await expect(page).toHaveURL(/\?q=satisfaction/);
  await expect(page.getByRole("link", { name: "Customer satisfaction Q3" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Brand tracker" })).toHaveCount(0);
  await inspect(page, testInfo, "06-surveys-search");
  await page.getByRole("searchbox", { name: "Search surveys" }).fill("no such thing");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No surveys match “no such thing”")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByRole("row")).toHaveCount(3);

  // API key: create with scopes, see the secret once, use it from outside the browser.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const keyDialog = page.getByRole("dialog", { name: "Create an API key" });
  await keyDialog.getByLabel("Name").fill("Nightly export");
  await keyDialog.getByRole("checkbox", { name: "meta:read" }).check();
  await keyDialog.getByRole("checkbox", { name: "surveys:read" }).check();
  await inspect(page, testInfo, "07-create-api-key-dialog");
  await keyDialog.getByRole("button", { name: "Create key" }).click();
  const revealed = page.getByRole("dialog", { name: "Your new API key" });
  await expect(revealed.getByText("you won't see it again")).toBeVisible();
  const secret = await revealed.getByLabel("API key").inputValue();
  expect(secret).toMatch(/^qpk_live_/);
  await inspect(page, testInfo, "08-api-key-secret");
  await revealed.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /Nightly export/ });
  await expect(row).toContainText(secret.slice(-4));
  await expect(row).toContainText("Enabled");
  await expect(page.getByText(secret)).toHaveCount(0);
  await inspect(page, testInfo, "09-api-keys");

  const whoami = await fetch(`${APP_ORIGIN}/v1/whoami`, { headers: { authorization: `Bearer ${secret}` } });
  expect(whoami.status).toBe(200);
  const caller = await whoami.json();
  expect(caller.auth_method).toBe("api_key");
  expect([...caller.permissions].sort()).toEqual(["meta:read", "surveys:read"]);

  // Disable, enable, rotate.
  await row.getByRole("button", { name: "Disable Nightly export" }).click();
  await expect(row).toContainText("Disabled");
  expect((await fetch(`${APP_ORIGIN}/v1/whoami`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
  await row.getByRole("button", { name: "Enable Nightly export" }).click();
  await expect(row).toContainText("Enabled");
  await row.getByRole("button", { name: "Rotate Nightly export" }).click();
  await page.getByRole("dialog", { name: "Rotate “Nightly export”?" }).getByRole("button", { name: "Rotate key" }).click();
  const rotated = await page.getByRole("dialog", { name: "New secret for “Nightly export”" }).getByLabel("API key").inputValue();
  expect(rotated).not.toBe(secret);
  await page.getByRole("button", { name: "Done" }).click();
  expect((await fetch(`${APP_ORIGIN}/v1/whoami`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
  expect((await fetch(`${APP_ORIGIN}/v1/whoami`, { headers: { authorization: `Bearer ${rotated}` } })).status).toBe(200);

  // Delete a survey, with confirmation.
  await page.goto(surveyUrl);
  await page.getByRole("button", { name: "Delete Customer satisfaction Q3" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Customer satisfaction Q3”?" });
  await expect(confirm.getByText("cannot be undone")).toBeVisible();
  await inspect(page, testInfo, "10-delete-survey-dialog");
  await confirm.getByRole("button", { name: "Delete survey" }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.getByRole("link", { name: "Customer satisfaction Q3" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Brand tracker" })).toBeVisible();
  expect((await fetch(`${APP_ORIGIN}/v1/surveys?q=customer`, { headers: { authorization: `Bearer ${rotated}` } }).then((response) => response.json())).data).toEqual([]);
  expect(hosts.length).toBeGreaterThan(10);
});

test("a second person joins as a member: sees keys, cannot create them, and the server refuses", async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: string[] = [];
  watchHosts(page, seen);
  await page.goto("/settings/api-keys");
  await signInThroughIdp(page, MEMBER);
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole("row", { name: /Nightly export/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Disable|Rotate|Delete) / })).toHaveCount(0);
  await expect(page.getByText("Only workspace owners and admins can create")).toBeVisible();
  await inspect(page, testInfo, "11-api-keys-member");

  const refused = await page.evaluate(async () => {
    const response = await fetch("/v1/api_keys", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "fetch" },
      body: JSON.stringify({ name: "sneaky", scopes: ["surveys:read"] }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe("forbidden");

  // Members still work on surveys.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Surveys" }).click();
  await expect(page.getByRole("button", { name: "New survey" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Member of Default workspace")).toBeVisible();
  expect(foreignRequests(seen)).toEqual([]);
  await context.close();
});

test("a form on another site cannot use the session, and signing out ends it", async ({ page, hosts }) => {
  await page.goto("/surveys");
  await signInThroughIdp(page, OWNER);
  // Another origin (the IdP's stands in for an attacker's page) submits a form to the API: the browser
  // attaches the session cookie (same site, other port), and the server refuses it.
  await page.goto(`${IDP_ISSUER}/.well-known/openid-configuration`);
  await page.evaluate((target) => {
    const form = document.createElement("form");
    form.method = "POST";
    form.action = target;
    form.enctype = "text/plain";
    const input = document.createElement("input");
    input.name = '{"name":"Forged","slug":"forged","padding":"';
    input.value = '"}';
    form.append(input);
    document.body.append(form);
    form.submit();
  }, `${APP_ORIGIN}/v1/surveys`);
  await expect(page.locator("body")).toContainText("Cross-site request refused");
  await page.goto("/surveys");
  const forged = await page.evaluate(async () => (await (await fetch("/v1/surveys?q=forged")).json()).data);
  expect(forged).toEqual([]);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signed_out=1/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goto("/surveys");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  expect(hosts.length).toBeGreaterThan(0);
});
