// Time-sortable ids (ULID layout: 48-bit millisecond time + 80 random bits, Crockford base32),
// so ids sort by creation and index well in both stores.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 base32 characters, 5 bits at a time.
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

// One getrandom() call per 4 KiB instead of one per id: ids are minted on every hook call.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;
function nextRandom10(): Uint8Array {
  if (poolOffset + 10 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = new Uint8Array(pool.subarray(poolOffset, poolOffset + 10));
  poolOffset += 10;
  return out;
}

/** A new id; within one millisecond ids stay increasing (the random part is incremented). */
export function newId(now: number = Date.now()): string {
  if (now === lastTime) {
    const next = new Uint8Array(lastRandom);
    for (let i = next.length - 1; i >= 0; i--) {
      if (next[i] === 255) next[i] = 0;
      else {
        next[i]++;
        break;
      }
    }
    lastRandom = next;
  } else {
    lastTime = now;
    lastRandom = nextRandom10();
  }
  return encodeTime(now) + encodeRandom(lastRandom);
}
