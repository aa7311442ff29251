import "server-only";
import { errors, jwtVerify, type JWTPayload, type JWTVerifyOptions } from "jose";

/** A JWT checked against each key, newest first; only a bad signature moves on to the next key. */
export async function jwtVerifyWithAnyKey(
  token: string,
  keys: readonly Uint8Array[],
  options: JWTVerifyOptions,
): Promise<{ payload: JWTPayload }> {
  const [key, ...older] = keys;
  if (!key) throw new errors.JWSSignatureVerificationFailed();
  try {
    return await jwtVerify(token, key, options);
  } catch (error) {
    if (older.length && error instanceof errors.JWSSignatureVerificationFailed) {
      return jwtVerifyWithAnyKey(token, older, options);
    }
    throw error;
  }
}
