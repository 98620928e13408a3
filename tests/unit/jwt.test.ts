import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { SESSION_TTL_MS, tokenSigner } from "../../lib/jwt.ts";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";
const claims = { userId: "U1", sessionId: "S1" };

describe("tokenSigner", () => {
  it("keeps answering a verified token until it expires, then refuses it", async () => {
    const signer = tokenSigner(SECRET, "https://hopper.test");
    const now = Date.UTC(2026, 10, 21);
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now)).toEqual(claims);
    expect(await signer.verify(token, now + 1000)).toEqual(claims); // remembered
    expect(await signer.verify(token, now + SESSION_TTL_MS + 1000)).toBeNull();
    expect(await signer.verify(token, now + SESSION_TTL_MS + 2000)).toBeNull(); // and checked afresh after that
  });

  it("never remembers a token it refused, nor trusts one from another key or issuer", async () => {
    const signer = tokenSigner(SECRET, "https://hopper.test");
    const now = Date.UTC(2026, 10, 21);
    const foreign = await tokenSigner("other-secret-other-secret-other-secret-01", "https://hopper.test").sign(
      claims,
      now,
    );
    const otherIssuer = await tokenSigner(SECRET, "https://elsewhere.test").sign(claims, now);
    for (let i = 0; i < 2; i++) {
      expect(await signer.verify(foreign, now)).toBeNull();
      expect(await signer.verify(otherIssuer, now)).toBeNull();
    }
    const [header, payload] = (await signer.sign(claims, now)).split(".");
    expect(await signer.verify(`${header}.${payload}.`, now)).toBeNull();
  });

  it("signs a standard HS256 JWT: another library checks it with the secret, and reads the claims", async () => {
    const now = Date.UTC(2026, 10, 26);
    const token = await tokenSigner(SECRET, "https://hopper.test").sign(claims, now);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ["HS256"],
      issuer: "https://hopper.test",
      audience: "hopper",
      currentDate: new Date(now),
    });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
    const iat = now / 1000;
    expect(payload).toEqual({
      sid: "S1",
      sub: "U1",
      iss: "https://hopper.test",
      aud: "hopper",
      iat,
      exp: iat + SESSION_TTL_MS / 1000,
    });
    // The same claims signed by jose make the same token, byte for byte.
    const byJose = await new SignJWT({ sid: "S1" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject("U1")
      .setIssuer("https://hopper.test").setAudience("hopper").setIssuedAt(iat).setExpirationTime(
        iat + SESSION_TTL_MS / 1000,
      )
      .sign(new TextEncoder().encode(SECRET));
    expect(token).toBe(byJose);
  });
});
