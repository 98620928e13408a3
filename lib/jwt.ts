/**
 * Session tokens: HS256 JWTs (jose) carrying only the user id (sub) and the
 * session id (sid). Issuer, audience and expiry are set and checked, and only
 * HS256 is accepted. The session record in KV is the authority: a token is
 * worthless once its session is revoked. Tokens are signed with node:crypto's
 * HMAC, which answers at once (jose signs through WebCrypto, a promise and
 * several times the work: a sign-in burst's), and checked by jose.
 */
import { jwtVerify } from "jose";
import { Buffer } from "node:buffer";
import { createHmac, createSecretKey } from "node:crypto";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const AUDIENCE = "hopper";

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export interface TokenSigner {
  sign(claims: TokenClaims, now: number): Promise<string>;
  /** The claims, or null for any token that is malformed, forged, expired or not ours. */
  verify(token: string, now: number): Promise<TokenClaims | null>;
}

/** The protected header of every token: {"alg":"HS256","typ":"JWT"}, base64url. */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** How many verified tokens a signer remembers (a token is ~200 bytes; the cache is cleared when full). */
const VERIFIED_MAX = 10_000;

export function tokenSigner(secret: string, issuer: string): TokenSigner {
  // Imported once: jose re-imports a raw secret on every call, which halves what a request can do.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [
      "verify",
    ],
  );
  const signingKey = createSecretKey(new TextEncoder().encode(secret));
  // A token's signature and claims never change, so a verified token is remembered until it expires.
  // Only the check of the signature is skipped: the session is still read on every call (requireAuth).
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    sign({ userId, sessionId }, now) {
      const iat = Math.floor(now / 1000);
      const claims = { sid: sessionId, sub: userId, iss: issuer, aud: AUDIENCE, iat, exp: iat + SESSION_TTL_MS / 1000 };
      const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
      return Promise.resolve(`${signed}.${createHmac("sha256", signingKey).update(signed).digest("base64url")}`);
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ["HS256"],
          issuer,
          audience: AUDIENCE,
          currentDate: new Date(now),
          requiredClaims: ["sub", "sid", "exp"],
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
