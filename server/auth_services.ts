/** What the sign-in routes share, built once per app from the config. */
import { type TokenSigner, tokenSigner } from "../lib/jwt.ts";
import type { KeyObject } from "node:crypto";
import { otpKey } from "../lib/otp_hash.ts";
import { numberKey } from "../lib/number_hash.ts";
import type { AppDeps } from "./env.ts";

export interface AuthServices {
  signer: TokenSigner;
  otpKey: KeyObject;
  /** Hashes the numbers tenants hold blocks and pauses against (lib/number_hash.ts). */
  numberKey: KeyObject;
}

export function authServices({ config }: AppDeps): AuthServices {
  if (!config.jwtSecret) throw new Error("createApp needs config.jwtSecret (main.ts supplies a generated one)");
  return {
    signer: tokenSigner(config.jwtSecret, config.publicUrl),
    otpKey: otpKey(config.jwtSecret),
    numberKey: numberKey(config.jwtSecret),
  };
}
