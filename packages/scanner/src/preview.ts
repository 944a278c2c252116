// The skill preview (spec: "Skill preview | 500 bytes"): the only part of a skill file that ever
// leaves the workstation, and the only input of risk scoring.

export const SKILL_PREVIEW_BYTES = 500;

function isContinuationByte(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

function cutAtCharBoundary(bytes: Buffer, limit: number): Buffer {
  if (bytes.length <= limit) return bytes;
  let cut = limit;
  // Back up to the lead byte of the character that straddles the limit, so it is dropped whole.
  while (cut > 0 && isContinuationByte(bytes[cut])) cut--;
  return bytes.subarray(0, cut);
}

/**
 * The first 500 bytes of `text` decoded as UTF-8, never splitting a multi-byte character.
 *
 * Invalid UTF-8 in a Buffer decodes to U+FFFD, which takes 3 bytes; the decoded text is cut a
 * second time so the result is always at most 500 bytes when encoded as UTF-8. Deterministic, so
 * the server and the workstation compute the same preview from the same bytes.
 */
export function truncatePreview(text: string | Buffer): string {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let preview = cutAtCharBoundary(bytes, SKILL_PREVIEW_BYTES).toString('utf8');
  const reencoded = Buffer.from(preview, 'utf8');
  if (reencoded.length > SKILL_PREVIEW_BYTES) {
    preview = cutAtCharBoundary(reencoded, SKILL_PREVIEW_BYTES).toString('utf8');
  }
  return preview;
}
