/**
 * A tenant's named places:
 *
 * - GET /places → [{id, name, lat, lng, note}] sorted by name: any member.
 * - POST /admin/places {name, lat, lng, note?} → 201 {place}: admins.
 * - PUT /admin/places/{id} (the same fields) → {place}.
 * - DELETE /admin/places/{id} → 204.
 *
 * Every write is checked with lib/places.ts (the editor runs the same rules)
 * and must lie inside the service area. A taken name or a full list is 409;
 * another tenant's place id, like an unknown one, is 404.
 */
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { createPlace, deletePlace, listPlaces, type PlaceWrite, updatePlace } from "../../kv/places.ts";
import { insideArea, outsideAreaText } from "../../lib/geo.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import {
  MAX_PLACES,
  PLACE_NOT_FOUND,
  PLACE_TAKEN_TEXT,
  placePoint,
  PLACES_FULL_TEXT,
  readPlace,
} from "../../lib/places.ts";
import { hasHiddenCharacters, hiddenCharactersText } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const placeBody = z.object({
  name: z.optional(z.unknown()),
  lat: z.optional(z.unknown()),
  lng: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
});

/** The server words its refusals in English; server/middleware/language.ts puts them into the request's language. */
const ENGLISH = translator("en");
const noHiddenCharacters = (text: string, label: string) =>
  hasHiddenCharacters(text) ? hiddenCharactersText(label) : null;

export function placesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { member, admin } = roleGuards(deps, auth);
  const small = smallBody(2048);
  const placeId = idParam("id", PLACE_NOT_FOUND);

  /** The body read and checked, or the 400 to answer. */
  function checked(c: Context<Env>, body: z.infer<typeof placeBody>) {
    const read = readPlace(body, ENGLISH, noHiddenCharacters);
    if (!read.ok) return { error: c.json({ error: read.error }, 400) };
    const area = c.get("tenant").serviceArea;
    if (!insideArea(placePoint(read.value), area)) {
      return { error: c.json({ error: outsideAreaText(area, ENGLISH) }, 400) };
    }
    return { value: read.value };
  }

  function answer(c: Context<Env>, result: PlaceWrite, event: string, status: 200 | 201) {
    if (result.ok) {
      log({
        event,
        tenant: c.get("tenant").code,
        by: c.get("user").id,
        placeId: result.place.id,
        requestId: c.get("requestId"),
      });
      return c.json({ place: result.place }, status);
    }
    if (result.reason === "not_found") return c.json({ error: PLACE_NOT_FOUND }, 404);
    if (result.reason === "full") return c.json({ error: ENGLISH(PLACES_FULL_TEXT, { max: MAX_PLACES }) }, 409);
    return c.json({ error: PLACE_TAKEN_TEXT }, 409);
  }

  app.get("/places", ...member, async (c) => c.json(await listPlaces(kv, c.get("tenant").code)));

  app.post("/admin/places", ...admin, small, jsonBody(placeBody), async (c) => {
    const input = checked(c, c.req.valid("json"));
    if (input.error) return input.error;
    const result = await createPlace(kv, c.get("tenant").code, input.value, c.get("user").id, clock.now());
    return answer(c, result, "place.created", 201);
  });

  app.put("/admin/places/:id", ...admin, placeId, small, jsonBody(placeBody), async (c) => {
    const input = checked(c, c.req.valid("json"));
    if (input.error) return input.error;
    const tenant = c.get("tenant").code;
    const result = await updatePlace(kv, tenant, c.req.param("id"), input.value, c.get("user").id, clock.now());
    return answer(c, result, "place.changed", 200);
  });

  app.delete("/admin/places/:id", ...admin, placeId, async (c) => {
    const tenant = c.get("tenant").code;
    const removed = await deletePlace(kv, tenant, c.req.param("id"), c.get("user").id, clock.now());
    if (!removed) return c.json({ error: PLACE_NOT_FOUND }, 404);
    log({
      event: "place.deleted",
      tenant,
      by: c.get("user").id,
      placeId: c.req.param("id"),
      requestId: c.get("requestId"),
    });
    return c.body(null, 204);
  });

  return app;
}
