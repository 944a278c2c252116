// SHA-256 as lower-case hex, in one call: API keys and tool inputs are hashed on every hook
// call, and the one-shot form costs about a third of a createHash/update/digest chain.
import { hash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
