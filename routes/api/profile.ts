/** GET/PUT /api/users/profile (spec sections 3, 5, 7): the signed-in user's own profile. */
import { Hono } from "hono";
import { accountView } from "../../kv/accounts.ts";
import { updateUserRemovingPhoto } from "../../kv/photos.ts";
import { updateUser, type User } from "../../kv/users.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { readNeeds } from "../../lib/needs.ts";
import { profileUpdateSchema } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { requireAuth } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

export function profileApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  return new Hono<Env>()
    .use(requireAuth(deps, auth))
    .get("/", async (c) => c.json({ user: await accountView(kv, c.get("user")) }))
    .put(
      "/",
      smallBody(),
      jsonBody(profileUpdateSchema),
      async (c) => {
        const change = c.req.valid("json");
        // A list of known needs, folded; anything else is 400 naming the field, in the request's language.
        const needs = change.needs === undefined ? null : readNeeds(change.needs, [], translator(c.get("lang")));
        if (needs && !needs.ok) return c.json({ error: needs.error }, 400);
        // Absent fields stay as they are; an empty name or email clears it.
        const apply = (u: User): User => ({
          ...u,
          ...(change.name !== undefined && { name: change.name || null }),
          ...(change.email !== undefined && { email: change.email || null }),
          ...(change.language !== undefined && { language: change.language }),
          ...(change.rideTexts !== undefined && { rideTexts: change.rideTexts }),
          ...(change.textsWithPush !== undefined && { textsWithPush: change.textsWithPush }),
          ...(needs?.ok && { needs: needs.value }),
        });
        // photoUrl: null removes the photo: the bytes go in the same commit as the user's change.
        const id = c.get("user").id;
        const user = change.photoUrl === null
          ? await updateUserRemovingPhoto(kv, id, apply)
          : await updateUser(kv, id, apply);
        if (!user) return refusalAnswer(c, refuse(404, "User not found"));
        return c.json({ user: await accountView(kv, user) });
      },
    );
}
