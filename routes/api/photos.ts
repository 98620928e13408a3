/** Profile photos: upload (POST /api/users/profile/image-upload) and serving (GET /api/users/{id}/photo). */
import { Hono } from "hono";
import type { AuthServices } from "../auth_services.ts";
import type { AppDeps, Env } from "../env.ts";

export function photosApi(_deps: AppDeps, _auth: AuthServices) {
  return new Hono<Env>();
}
