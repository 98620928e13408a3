/**
 * Session tokens: HS256 JWTs (jose) carrying only the user id (sub) and the
 * session id (sid). Issuer, audience and expiry are set and checked, and only
 * HS256 is accepted. The session record in KV is the authority: a token is
 * worthless once its session is revoked.
 */
import { jwtVerify, SignJWT } from "jose";

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

export function tokenSigner(secret: string, issuer: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId }, now) {
      const iat = Math.floor(now / 1000);
      return await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_TTL_MS / 1000)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer,
          audience: AUDIENCE,
          currentDate: new Date(now),
          requiredClaims: ["sub", "sid", "exp"],
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
