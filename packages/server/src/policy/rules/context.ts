// The per-decision context handed to every rule family.
import type { Finding } from '../findings.js';

export interface RuleContext {
  emit(finding: Finding): void;
  /** The agent's working directory, when the surface sent one. */
  cwd?: string;
  /** Branch protection: `protected` (main, master, …) or `shared` (release/*, develop, …). */
  branchClass(branch: string): 'protected' | 'shared' | null;
  entropyThreshold: number;
  /**
   * Runs the shell rules over a script that some command carries as data (an `echo` piped
   * into `sh`, a cron line, a unit's ExecStart=, an `os.system()` string) and returns the
   * findings instead of emitting them. Depth-bounded.
   */
  inspectNested(src: string): Finding[];
  /**
   * As inspectNested, for text that only spells a command which may never run (the words after
   * an unknown program, a quoted command line bash finds no program for): inside it, the rules
   * that guess at such intent stay quiet (`speculative`), so one guess is never stacked on another.
   */
  inspectSpeculative(src: string): Finding[];
  /** True inside inspectSpeculative. */
  readonly speculative: boolean;
}

/** A RuleContext that passes everything to `inner`; a subclass changes what `emit` does. */
export abstract class ContextView implements RuleContext {
  constructor(protected readonly inner: RuleContext) {}
  get cwd(): string | undefined {
    return this.inner.cwd;
  }
  get entropyThreshold(): number {
    return this.inner.entropyThreshold;
  }
  branchClass(branch: string): 'protected' | 'shared' | null {
    return this.inner.branchClass(branch);
  }
  inspectNested(src: string): Finding[] {
    return this.inner.inspectNested(src);
  }
  inspectSpeculative(src: string): Finding[] {
    return this.inner.inspectSpeculative(src);
  }
  get speculative(): boolean {
    return this.inner.speculative;
  }
  abstract emit(finding: Finding): void;
}

/** A view of `ctx` that drops one rule's findings (a class: no object spread or closures per call). */
export class WithoutPattern extends ContextView {
  constructor(
    inner: RuleContext,
    private readonly patternName: string,
  ) {
    super(inner);
  }
  emit(f: Finding): void {
    if (f.patternName !== this.patternName) this.inner.emit(f);
  }
}
