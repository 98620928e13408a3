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
});
