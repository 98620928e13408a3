/**
 * A text to a booking number (POST /api/sms/inbound, after HELP, STOP and
 * START): the conversation of domain/sms_booking/conversation.ts with the
 * world it needs, the rider's ride by the app's own use case
 * (domain/rides/request.ts) with its refusals said in a text, and the
 * commands: CANCEL RIDE / CANCELAR VIAJE / DROP, STATUS / ESTADO, RIDE /
 * VIAJE. Replies are sent from the tenant's own number when it has one, and
 * each is counted in the tenant's text budget (its `smsPerHour`) and the
 * metrics (lib/sms.ts countingSender).
 *
 * The conversation is written in a commit checked against what was read: a
 * text that lost the race to another is read again and answered from the new
 * state (CONTENDED_ATTEMPTS times), and nothing is sent for a lost turn.
 */
import { listUpcoming } from "../../kv/bookings.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { recentActiveRideOf } from "../../kv/rides.ts";
import { readConversation, SHARED_SCOPE, writeConversation } from "../../kv/sms_conversations.ts";
import type { Store } from "../../kv/store.ts";
import { getSchedule, listTenants } from "../../kv/tenants.ts";
import { findUserIdByPhone, getOrCreateUserByPhone, getUser, updateUser, type User } from "../../kv/users.ts";
import { admissionOfUser } from "../../kv/admission.ts";
import { changeRole, getMembership } from "../../kv/members.ts";
import { listPlaces } from "../../kv/places.ts";
import { bookingTimeText, clockTime } from "../../lib/clock_time.ts";
import type { Clock } from "../../lib/clock.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { type Said, said, say } from "../../lib/i18n/format.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { BY_INVITATION, SUSPENDED } from "../../lib/joining.ts";
import type { Logger } from "../../lib/log.ts";
import { maskPhone } from "../../lib/phone.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import type { SmsSender } from "../../lib/sms.ts";
import { foldText } from "../../lib/sms_booking_parse.ts";
import * as T from "../../lib/sms_booking_texts.ts";
import { fitTwoSegments } from "../../lib/sms_booking_texts.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { isRefusal, type Refusal } from "../refusal.ts";
import { moveRide } from "../rides/move.ts";
import { requestRide } from "../rides/request.ts";
import type { NoticeDeps } from "../rides/tell_rider.ts";
import { advance, type Conversation, firstStep, newConversation, type Turn, type World } from "./conversation.ts";
import { ulid } from "../../lib/ids.ts";

export interface TextDeps extends NoticeDeps {
  kv: Store;
  clock: Clock;
  sms: SmsSender;
  log: Logger;
  /** A ride was made (the route tells its rider what is due, as the app's POST /rides does). */
  booked?: (tenant: Tenant, ride: Ride) => void;
}

export interface IncomingText {
  /** The sender: 10 digits. */
  phone: string;
  /** The number it was sent to, E.164. */
  to: string;
  body: string;
}

export const CONTENDED_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;

/** What a text starting a booking says: RIDE or VIAJE. */
function isRideWord(text: string): boolean {
  return ["ride", "viaje", "book", "reservar"].includes(text);
}
function isCancelWord(text: string): boolean {
  return ["cancel ride", "cancelar viaje", "drop", "cancel my ride", "cancelar mi viaje"].includes(text);
}
function isStatusWord(text: string): boolean {
  return ["status", "estado"].includes(text);
}
const SPANISH_WORDS = new Set(["viaje", "reservar", "cancelar viaje", "cancelar mi viaje", "estado"]);

/** The tenant whose own number `to` is, or null for the shared number (or one no tenant has). */
export function tenantOfNumber(tenants: readonly Tenant[], to: string): Tenant | null {
  return tenants.find((t) => t.smsNumber && t.smsNumber === to) ?? null;
}

/** Answers one incoming text; sends its replies itself. */
export async function takeText(deps: TextDeps, text: IncomingText): Promise<void> {
  const tenants = await listTenants(deps.kv);
  const own = tenantOfNumber(tenants, text.to);
  const scope = own?.code ?? SHARED_SCOPE;
  const folded = foldText(text.body);
  const userId = await findUserIdByPhone(deps.kv, text.phone);
  const user = userId ? await getUser(deps.kv, userId) : null;
  for (let attempt = 0; attempt < CONTENDED_ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const read = await readConversation(deps.kv, text.phone, scope, now);
    const current = read.conversation;
    const tenant = own ?? tenants.find((t) => t.code === current?.tenant) ?? null;
    const lang: Lang = current?.lang ?? user?.language ?? (SPANISH_WORDS.has(folded) ? "es" : "en");
    const line = { from: "rider" as const, text: text.body, at: now };

    // The commands about a ride made: they need the tenant and a rider there.
    const rideOf = (isCancelWord(folded) || isStatusWord(folded)) && user
      ? await rideSpokenOf(deps.kv, tenant ? [tenant] : tenants.filter((t) => !t.smsNumber), user)
      : null;
    if (rideOf && user) {
      const reply = isCancelWord(folded)
        ? await cancelRide(deps, rideOf.tenant, user, rideOf.ride)
        : rideStatus(rideOf.tenant, rideOf.ride);
      await send(deps, rideOf.tenant, text.phone, lang, reply);
      return;
    }

    let turn: Turn;
    if (!current || isRideWord(folded) || isCancelWord(folded) || isStatusWord(folded)) {
      const started = newConversation({
        id: ulid(now),
        phone: text.phone,
        tenant: own?.code ?? null,
        // The language chosen before, by the account or a conversation that went silent, is not asked again.
        lang: user?.language ?? read.stored?.lang ?? (SPANISH_WORDS.has(folded) ? "es" : null),
        now,
      });
      turn = firstStep(started, await worldOf(deps.kv, tenants, own, now));
      // A cancel or status with no ride to speak of: said before the booking's first question.
      if (isCancelWord(folded) || isStatusWord(folded)) {
        const none = isCancelWord(folded) ? T.NO_RIDE_TO_CANCEL : T.NO_RIDE_NOW;
        if (!(await writeConversation(deps.kv, read, withLines(turn.conversation, line)))) continue;
        await send(deps, own, text.phone, lang, said(none));
        return;
      }
    } else {
      turn = advance(current, text.body, await worldOf(deps.kv, tenants, tenant, now));
    }

    if (!turn.book) {
      const lang = turn.conversation.lang ?? "en";
      const worded = fitTwoSegments(say(translator(lang), turn.reply));
      // A conversation waiting for a person keeps the rider's lines; its repeated notice is not sent again.
      const quiet = current?.step === "person" && turn.conversation.step === "person";
      const next = withLines(turn.conversation, line, quiet ? null : { from: "hopper", text: worded, at: now });
      if (!(await writeConversation(deps.kv, read, next))) continue;
      const to = tenants.find((t) => t.code === next.tenant) ?? own;
      if (!quiet) await sendWorded(deps, to, text.phone, worded);
      if (next.step === "person" && current?.step !== "person") {
        deps.log({ event: "sms.to_person", tenant: next.tenant ?? "-", phone: maskPhone(text.phone) });
      }
      return;
    }
    // The rider confirmed: the conversation ends in the same checked commit, so a second YES books nothing.
    if (!(await writeConversation(deps.kv, read, null))) continue;
    const c = turn.conversation;
    const booking = tenants.find((t) => t.code === c.tenant);
    if (!booking) return;
    const reply = await book(deps, booking, c);
    await send(deps, booking, text.phone, c.lang ?? "en", reply);
    return;
  }
  deps.log({ event: "sms.conversation_contended", level: "warn", phone: maskPhone(text.phone) });
}

function withLines(c: Conversation, ...lines: (Conversation["transcript"][number] | null)[]): Conversation {
  return { ...c, transcript: [...c.transcript, ...lines.filter((l) => l !== null)] };
}

/** What the conversation's steps need of the tenant (its places, clock, window) and of the shared number. */
async function worldOf(kv: Store, tenants: readonly Tenant[], tenant: Tenant | null, now: number): Promise<World> {
  const services = tenants.filter((t) => !t.smsNumber).sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({ id: t.code, name: t.name }));
  if (!tenant) return { now, services, tenant: null };
  const [places, schedule] = await Promise.all([listPlaces(kv, tenant.code), getSchedule(kv, tenant.code)]);
  return {
    now,
    services,
    tenant: {
      name: tenant.name,
      timezone: tenant.timezone,
      maxDaysAhead: settingsOf(tenant).maxDaysAhead,
      schedule,
      places: places.map((p) => ({ id: p.id, name: p.name })),
    },
  };
}

/**
 * Makes the ride the conversation holds, as the app's POST /{t}/api/rides
 * would: the number becomes the tenant's rider on its first booking, unless
 * the tenant admits only people it invited.
 */
async function book(deps: TextDeps, tenant: Tenant, c: Conversation): Promise<Said> {
  const now = deps.clock.now();
  // Judged before any account is made: a number the tenant refuses leaves nothing behind.
  const admission = await admissionOfUser(deps.kv, tenant, await findUserIdByPhone(deps.kv, c.phone));
  if (admission === "blocked") return said(T.NOT_BOOKED, { reason: said(SUSPENDED) });
  if (admission === "uninvited") {
    return said(T.NOT_BOOKED, { reason: said(BY_INVITATION, { organization: tenant.name }) });
  }
  const user = await getOrCreateUserByPhone(deps.kv, c.phone, now);
  if (!(await getMembership(deps.kv, tenant.code, user.id))) {
    await changeRole(deps.kv, { tenant: tenant.code, userId: user.id, role: "rider", add: true, now });
  }
  // The language the conversation chose becomes the account's, for its ride texts and later conversations.
  const rider = user.language || !c.lang
    ? user
    : await updateUser(deps.kv, user.id, (u) => ({ ...u, language: u.language ?? c.lang ?? undefined })) ?? user;
  const answer = await requestRide(deps, tenant, rider, {
    pickupPlaceId: c.pickup?.id,
    dropoffPlaceId: c.dropoff?.id,
    passengerCt: c.riders,
    needs: c.needs,
    ...(c.scheduledFor !== null && { scheduledFor: c.scheduledFor }),
  });
  if (isRefusal(answer)) {
    deps.log({ event: "sms.booking_refused", tenant: tenant.code, status: answer.status, phone: maskPhone(c.phone) });
    return said(T.NOT_BOOKED, { reason: refusalSaid(answer) });
  }
  const ride = answer.value;
  deps.log({
    event: "ride.requested",
    tenant: tenant.code,
    userId: user.id,
    rideId: ride.id,
    from: null,
    to: ride.status,
    source: "sms",
  });
  deps.booked?.(tenant, ride);
  return said(T.BOOKED_FOR, {
    organization: tenant.name,
    pickup: c.pickup?.name ?? "",
    time: pickupTime(ride, tenant, now),
  });
}

/** A refusal as a value of a text: its catalogue text and values, worded in the reader's language. */
function refusalSaid(refusal: Refusal): Said {
  return { text: refusal.text, values: refusal.values as Said["values"] };
}

/** When the ride's pickup is: the time booked, the plan's, or now's clock time for one waiting for a driver. */
function pickupTime(ride: Ride, tenant: Tenant, now: number) {
  const at = ride.scheduledFor ?? ride.pickupAt ?? now;
  return ride.scheduledFor
    ? (t: { lang: Lang }) => bookingTimeText(at, tenant.timezone, t.lang)
    : (t: { lang: Lang }) => clockTime(at, t.lang, tenant.timezone);
}

/**
 * The ride a rider speaks of, at the first of `tenants` where they have one
 * (the number's own tenant, or those sharing the site's number): the active
 * one, else the soonest booked.
 */
async function rideSpokenOf(
  kv: Store,
  tenants: readonly Tenant[],
  user: User,
): Promise<{ tenant: Tenant; ride: Ride } | null> {
  for (const tenant of tenants) {
    const ride = await recentActiveRideOf(kv, tenant.code, user.id) ??
      (await listUpcoming(kv, tenant.code, user.id))[0];
    if (ride) return { tenant, ride };
  }
  return null;
}

async function cancelRide(deps: TextDeps, tenant: Tenant, user: User, ride: Ride): Promise<Said> {
  const moved = await moveRide(deps, { tenant, actor: user, drives: false, rideId: ride.id, to: "canceled" });
  if (isRefusal(moved)) return refusalSaid(moved);
  return said(T.RIDE_CANCELED, { organization: tenant.name });
}

const STATES: Partial<Record<Ride["status"], Said["text"]>> = {
  pending: T.STATE_PENDING,
  accepted: T.STATE_ACCEPTED,
  "on-the-way": T.STATE_ON_THE_WAY,
  arrived: T.STATE_ARRIVED,
  "picked-up": T.STATE_PICKED_UP,
};

function rideStatus(tenant: Tenant, ride: Ride): Said {
  const booked = ride.status === "scheduled";
  return said(T.RIDE_STATUS, {
    pickup: ride.pickupName ?? ride.destination ?? "",
    time: pickupTime(ride, tenant, ride.requestedAt),
    state: said(booked ? T.STATE_BOOKED : STATES[ride.status] ?? T.STATE_PENDING),
  });
}

async function send(deps: TextDeps, tenant: Tenant | null, phone: string, lang: Lang, reply: Said): Promise<void> {
  await sendWorded(deps, tenant, phone, fitTwoSegments(say(translator(lang), reply)));
}

/**
 * Sends `text` from the tenant's own number (the shared one without), counted
 * in its text budget: past it, nothing is sent and the log says so.
 */
export async function sendWorded(deps: TextDeps, tenant: Tenant | null, phone: string, text: string): Promise<boolean> {
  const now = deps.clock.now();
  if (tenant) {
    const budget = await hitRateLimit(deps.kv, {
      bucket: "otp_tenant",
      subject: tenant.code,
      limit: settingsOf(tenant).smsPerHour,
      windowMs: HOUR_MS,
      now,
    });
    if (!budget.allowed) {
      deps.log({ event: "sms.budget_spent", level: "warn", tenant: tenant.code, phone: maskPhone(phone) });
      return false;
    }
  }
  try {
    await deps.sms.send(phone, text, tenant?.smsNumber ?? undefined);
    return true;
  } catch (error) {
    deps.log({ event: "sms.failed", level: "warn", phone: maskPhone(phone), error: (error as Error).message });
    return false;
  }
}
