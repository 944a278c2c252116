// Keys are never printed. Where a key has to be identified (doctor, install output), it is
// shown as its prefix and last four characters.
export function maskKey(key: string | null | undefined): string {
  if (!key) return '(none)';
  if (key.length <= 12) return `…${key.slice(-2)}`;
  const underscore = key.indexOf('_', 2);
  const prefixEnd = underscore > 0 && underscore <= 12 ? underscore + 1 : 4;
  return `${key.slice(0, prefixEnd)}…${key.slice(-4)}`;
}
