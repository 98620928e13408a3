/**
 * A person gives the code they were texted (POST /api/auth/verify). A right
 * code is used up in the commit that makes the user (on a first sign-in), the
 * rider membership (on a first visit) and the session. At a tenant that does
 * not admit the number, a right code is refused (nothing written, the code not
 * spent); a wrong one is answered as anyone's. Misses lock the number and the
 * address (lib/lockout.ts), counted in KV.
 */
import type { Store } from "../../kv/store.ts";
import type { KeyObject } from "node:crypto";
import { type AccountView, accountView, newAccountView } from "../../kv/accounts.ts";
import { guessCode } from "../../kv/otp.ts";
import { afterSignIn, signInOnRight } from "../../kv/sign_in.ts";
import type { User } from "../../kv/users.ts";
import { BY_INVITATION, SUSPENDED } from "../../lib/joining.ts";
import type { TokenSigner } from "../../lib/jwt.ts";
import type { LogEvent } from "../../lib/log.ts";
import { ADDRESS_LOCKED_TEXT, NUMBER_LOCKED_TEXT } from "../../lib/lockout.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { CODE_ERROR, isCodeFormat, WRONG_CODE } from "../../lib/otp.ts";
import { hashChallenge, hashCode } from "../../lib/otp_hash.ts";
import { maskPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { namedTenant } from "./request_code.ts";

/** The longest Retry-After of a lock: a client should not sleep for the rest of the number's year. */
const LONGEST_WAIT_S = 24 * 60 * 60;

export interface VerifyDeps {
  kv: Store;
  otpKey: KeyObject;
  numberKey: KeyObject;
  signer: TokenSigner;
  log: (event: LogEvent) => void;
}

export interface CodeGuess {
  phoneNumber: string;
  code: unknown;
  challenge?: string | null;
  tenantCode?: string | null;
  address: string;
  /** The device key the client carries (lib/device_key.ts), or null; and a new one, kept if this one cannot be. */
  device: { carried: string | null; fresh: string };
  now: number;
}

export interface SignedInAnswer {
  user: AccountView;
  token: string;
  /** The device key the client keeps from now on. */
  deviceKey: string;
  /** The person's own language, for a device that has none yet. */
  language: User["language"];
}

export async function verifyCode(deps: VerifyDeps, input: CodeGuess): Promise<Outcome<SignedInAnswer>> {
  const { kv, log } = deps;
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) return refuse(400, PHONE_ERROR);
  if (!isCodeFormat(input.code)) return refuse(400, CODE_ERROR);
  const { now, device } = input;
  const tenant = await namedTenant(kv, input.tenantCode);
  const guess = await guessCode(kv, {
    phone,
    hash: hashCode(deps.otpKey, phone, input.code),
    challenge: input.challenge ? hashChallenge(input.challenge) : null,
    address: input.address,
    device: { carried: device.carried ? hashChallenge(device.carried) : null, fresh: hashChallenge(device.fresh) },
    now,
  }, signInOnRight(kv, { phone, tenant, now, numberHash: hashNumber(deps.numberKey, phone) }));
  if (guess.outcome === "refused") {
    return guess.reason === "blocked" || !tenant
      ? refuse(403, SUSPENDED)
      : refuse(403, BY_INVITATION, { organization: tenant.name });
  }
  if (guess.outcome === "locked") {
    const retryAfter = Math.min(LONGEST_WAIT_S, Math.ceil(guess.waitMs / 1000));
    return refuse(429, guess.who === "number" ? NUMBER_LOCKED_TEXT : ADDRESS_LOCKED_TEXT, undefined, retryAfter);
  }
  if (guess.outcome === "wrong") {
    log({ event: "auth.verify_failed", phone: maskPhone(phone), counted: guess.counted });
    return refuse(401, WRONG_CODE);
  }

  const { user, session, created } = guess.right;
  afterSignIn(kv, guess.right);
  const token = await deps.signer.sign({ userId: user.id, sessionId: session.id }, now);
  log({ event: "auth.sign_in", userId: user.id, tenant: tenant?.code, phone: maskPhone(phone) });
  return done({
    user: created ? newAccountView(user, tenant) : await accountView(kv, user),
    token,
    deviceKey: guess.device === "carried" ? device.carried! : device.fresh,
    language: user.language,
  });
}
