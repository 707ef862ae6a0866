import { headers } from "next/headers";
import { baseUrlFor } from "./base-url";

/** `baseUrlFor` for server components: the origin of the page request being rendered. */
export async function pageOrigin(): Promise<string> {
  return baseUrlFor(new Request("http://localhost/", { headers: new Headers(await headers()) }));
}
