// Time-sortable ids (ULID layout: 48-bit millisecond time + 80 random bits, Crockford base32),
// so ids sort by creation and index well in both stores. Minted on every hook call, so the
// encoding writes character codes into one reused array instead of concatenating strings.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

// One getrandom() call per 4 KiB instead of one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

/** The random part of the last id; within one millisecond the next id increments it. */
const random = new Uint8Array(10);
let lastTime = -1;
const chars: number[] = new Array<number>(26).fill(0);

function refillRandom(): void {
  if (poolOffset + 10 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  random.set(pool.subarray(poolOffset, poolOffset + 10));
  poolOffset += 10;
}

function incrementRandom(): void {
  for (let i = random.length - 1; i >= 0; i--) {
    if (random[i] === 255) random[i] = 0;
    else {
      random[i]++;
      return;
    }
  }
}

/** Writes `value` (below 2^53) as `count` base32 characters ending at `end` (exclusive). */
function writeBase32(value: number, end: number, count: number): void {
  for (let i = end - 1; i >= end - count; i--) {
    chars[i] = CODES[value % 32];
    value = Math.floor(value / 32);
  }
}

/** A new id; within one millisecond ids stay increasing (the random part is incremented). */
export function newId(now: number = Date.now()): string {
  if (now === lastTime) incrementRandom();
  else {
    lastTime = now;
    refillRandom();
  }
  writeBase32(now, 10, 10);
  // 80 random bits as two 40-bit halves of 8 characters each (40 bits fit a double exactly).
  for (let half = 0; half < 2; half++) {
    const o = half * 5;
    const value = random[o] * 2 ** 32 + random[o + 1] * 2 ** 24 + random[o + 2] * 2 ** 16 + random[o + 3] * 2 ** 8 + random[o + 4];
    writeBase32(value, 18 + half * 8, 8);
  }
  return String.fromCharCode.apply(null, chars);
}
