// ANY /v1 and /v1/* — unknown paths (including /v1 itself) answer a JSON 404, never an HTML page
import { unknownRoute } from "@/lib/http/unknown-route";

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
