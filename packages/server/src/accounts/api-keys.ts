// API key material. A key is `svc_rt_…` (runtime) or `svc_adm_…` (admin) followed by 40
// base62 characters (~238 bits of randomness). Only its SHA-256 is stored: a fast hash is
// right for high-entropy random keys (no dictionary to guess from), and it lets every hook
// call be verified with one indexed lookup.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../sha256.js';

export type KeyKind = 'runtime' | 'admin';
export const KEY_KINDS: readonly KeyKind[] = ['runtime', 'admin'];

const PREFIX: Record<KeyKind, string> = { runtime: 'svc_rt_', admin: 'svc_adm_' };
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BODY_LENGTH = 40;
const KEY_SHAPE = /^svc_(rt|adm)_[A-Za-z0-9]{40}$/;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: reject the top of the byte range so every character is equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function hashApiKey(raw: string): string {
  return sha256Hex(raw);
}

export interface NewKeyMaterial {
  raw: string;
  hash: string;
  /** Safe to show and store: identifies the key in lists without revealing it. */
  displayPrefix: string;
}

export function generateApiKey(kind: KeyKind): NewKeyMaterial {
  const raw = PREFIX[kind] + randomBase62(BODY_LENGTH);
  return { raw, hash: hashApiKey(raw), displayPrefix: raw.slice(0, PREFIX[kind].length + 6) };
}

/** The kind a raw key claims by its prefix, or null when it is not shaped like one of ours. */
export function kindOfRawKey(raw: string): KeyKind | null {
  const m = KEY_SHAPE.exec(raw);
  if (!m) return null;
  return m[1] === 'rt' ? 'runtime' : 'admin';
}
