/**
 * The texts about a standing ride's dates (domain/bookings/standing_sweep.ts):
 * a date skipped because the service does not run then, or refused by the
 * rules of a booking. Sent once per date (the sweep claims the date first), in
 * the rider's language, on the terms of every ride text: not when the rider
 * turned ride texts off, the number texted STOP, or the organisation may not
 * text it (lib/textable.ts). A failed text is logged and never stops the sweep.
 */
import { isOptedOut } from "../../kv/sms_opt_outs.ts";
import type { User } from "../../kv/users.ts";
import { dateText } from "../../lib/dates.ts";
import { type Text, translator } from "../../lib/i18n/catalogue.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { isTextable } from "../../lib/textable.ts";
import { type Refusal, refusalText } from "../refusal.ts";
import type { NoticeDeps } from "../rides/tell_rider.ts";

export const SKIPPED_SMS: Text =
  "{organization}: no shuttle runs on {date}, so your standing ride that day is skipped.";
export const REFUSED_SMS: Text = "{organization}: your standing ride on {date} could not be booked. {reason}";

/** Tells the rider their standing ride's `date` is skipped: no service that day. */
export function textSkipped(deps: NoticeDeps, tenant: Tenant, rider: User, date: string): Promise<void> {
  const lang = rider.language ?? "en";
  return send(
    deps,
    tenant,
    rider,
    translator(lang)(SKIPPED_SMS, {
      organization: tenant.name,
      date: dateText(date, lang),
    }),
  );
}

/** Tells the rider their standing ride's `date` could not be booked, and why. */
export function textRefused(
  deps: NoticeDeps,
  tenant: Tenant,
  rider: User,
  date: string,
  refusal: Refusal,
): Promise<void> {
  const lang = rider.language ?? "en";
  return send(
    deps,
    tenant,
    rider,
    translator(lang)(REFUSED_SMS, {
      organization: tenant.name,
      date: dateText(date, lang),
      reason: refusalText(lang, refusal),
    }),
  );
}

async function send(deps: NoticeDeps, tenant: Tenant, rider: User, text: string): Promise<void> {
  if (rider.rideTexts === false || await isOptedOut(deps.kv, rider.phoneNumber)) return;
  if (!isTextable(rider.phoneNumber, tenant.smsRegions)) return;
  try {
    await deps.sms.send(rider.phoneNumber, text);
    deps.log({ event: "standing_ride.texted", tenant: tenant.code, userId: rider.id });
  } catch (error) {
    deps.log({
      event: "standing_ride.text_failed",
      level: "warn",
      tenant: tenant.code,
      userId: rider.id,
      error: (error as Error).message,
    });
  }
}
