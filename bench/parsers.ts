// Our shell parser next to two real bash grammars (issue #16: "evaluate a real bash grammar
// against extending our lexer; choose with measurements").
//   npm run bench -- parsers
// Each tricky input has a hand-written list of the commands bash would run (argv after quote
// removal; substitutions, expansions and `$f` kept as written; a loop body counts once). Every
// parser is scored on how many inputs it gets exactly right (as a multiset), then timed: CPU µs
// per parse over the whole set, a 100 KB script, and the memory its loading costs.
//   ours         packages/server/src/policy/shell/ (lexer.ts + parser.ts), parseShell
//   tree-sitter  web-tree-sitter + tree-sitter-bash.wasm, a walk over `command` nodes
//   mvdan-sh     mvdan/sh compiled to JavaScript (GopherJS), a walk over CallExpr nodes
// The grammars' walks are plain tree walks: binding a called function's `$1` or reading a
// here-document fed to `sh` is a layer above any parser (ours has it; see docs/detection.md).
import { createRequire } from 'node:module';
import { parseShell } from '../packages/server/src/policy/shell/parser.js';

interface Case {
  name: string;
  family: 'here-doc' | 'function' | 'arithmetic' | 'nesting' | 'process substitution' | 'control flow' | 'syntax error';
  src: string;
  /** The commands bash would run; `error` when bash rejects the input and runs nothing. */
  runs: string[] | 'error';
}

export const CASES: Case[] = [
  { name: 'substitution in an unquoted here-document runs', family: 'here-doc', src: 'cat <<EOF\n$(rm -rf /a)\nEOF', runs: ['rm -rf /a', 'cat'] },
  { name: "quoted delimiter <<'EOF': the body is data", family: 'here-doc', src: "cat <<'EOF'\n$(rm -rf /a)\nEOF", runs: ['cat'] },
  { name: 'double-quoted delimiter <<"EOF": the body is data', family: 'here-doc', src: 'cat <<"EOF"\n$(rm -rf /a)\nEOF', runs: ['cat'] },
  { name: '<<- strips tabs, the command after the body runs', family: 'here-doc', src: 'cat <<-EOF\n\t$(id)\n\tEOF\necho after', runs: ['id', 'cat', 'echo after'] },
  { name: 'a command after the operator on the same line', family: 'here-doc', src: 'cat <<EOF; rm -rf /b\nbody\nEOF\necho after', runs: ['cat', 'rm -rf /b', 'echo after'] },
  { name: 'two here-documents on one command', family: 'here-doc', src: 'cat <<A <<B\none\nA\ntwo\nB\nls', runs: ['cat', 'ls'] },
  { name: 'command-looking text in a body is data', family: 'here-doc', src: 'cat <<EOF\nrm -rf /\nEOF', runs: ['cat'] },
  { name: 'here-string with a substitution', family: 'here-doc', src: 'cat <<< "$(whoami)"', runs: ['whoami', 'cat'] },
  { name: 'here-document inside a substitution', family: 'here-doc', src: 'x=$(cat <<EOF\nhello\nEOF\n); echo done', runs: ['cat', 'echo done'] },
  { name: 'name() { …; } defined, then called', family: 'function', src: 'f() { rm -rf "$1"; }; f /tmp/x', runs: ['rm -rf /tmp/x', 'f /tmp/x'] },
  { name: 'function keyword, then called', family: 'function', src: 'function g { rm -rf "$1"; }; g /tmp/y', runs: ['rm -rf /tmp/y', 'g /tmp/y'] },
  { name: 'defined, never called: nothing runs', family: 'function', src: 'function h() { ls; }', runs: [] },
  { name: 'subshell body, called', family: 'function', src: 'f() ( cd /tmp && rm -rf "$1" ); f x', runs: ['cd /tmp', 'rm -rf x', 'f x'] },
  { name: 'multi-line definition, then called', family: 'function', src: 'cleanup() {\n  rm -rf "$1"\n}\ncleanup /var/tmp', runs: ['rm -rf /var/tmp', 'cleanup /var/tmp'] },
  { name: 'substitution inside $(( ))', family: 'arithmetic', src: 'echo $(( $(id -u) + 1 ))', runs: ['id -u', 'echo $(( $(id -u) + 1 ))'] },
  { name: 'arithmetic command (( )) runs only its substitution', family: 'arithmetic', src: '(( n = $(wc -l < f) ))', runs: ['wc -l'] },
  { name: 'C-style for loop', family: 'arithmetic', src: 'for ((i=0; i<3; i++)); do touch "f$i"; done', runs: ['touch f$i'] },
  { name: 'two arithmetic expansions', family: 'arithmetic', src: 'echo $((1 + 2)) $((3*4))', runs: ['echo $((1 + 2)) $((3*4))'] },
  { name: 'let with a pipeline in a substitution', family: 'arithmetic', src: 'let "x = $(whoami | wc -c)"', runs: ['whoami', 'wc -c', 'let x = $(whoami | wc -c)'] },
  { name: 'substitution in a quoted substitution', family: 'nesting', src: 'echo "$(echo "$(whoami)")"', runs: ['whoami', 'echo $(whoami)', 'echo $(echo "$(whoami)")'] },
  { name: 'backticks in an assignment', family: 'nesting', src: 'x=`whoami`; ls', runs: ['whoami', 'ls'] },
  { name: 'subshell in a subshell in a pipeline', family: 'nesting', src: '( cd /tmp && ( rm -rf x ) ) | cat', runs: ['cd /tmp', 'rm -rf x', 'cat'] },
  { name: 'brace groups with a redirection', family: 'nesting', src: '{ ls; { pwd; }; } > out', runs: ['ls', 'pwd'] },
  { name: 'three levels of $( )', family: 'nesting', src: 'echo $(echo $(echo $(uname)))', runs: ['uname', 'echo $(uname)', 'echo $(echo $(uname))', 'echo $(echo $(echo $(uname)))'] },
  { name: 'two input process substitutions', family: 'process substitution', src: 'diff <(ls a) <(ls b)', runs: ['ls a', 'ls b', 'diff <(ls a) <(ls b)'] },
  { name: 'output process substitution', family: 'process substitution', src: 'tee >(gzip -c > out.gz) < in', runs: ['gzip -c', 'tee >(gzip -c > out.gz)'] },
  { name: 'if / then / else', family: 'control flow', src: 'if grep -q x f; then rm y; else echo no; fi', runs: ['grep -q x f', 'rm y', 'echo no'] },
  { name: 'for loop', family: 'control flow', src: 'for f in a b; do gzip "$f"; done', runs: ['gzip $f'] },
  { name: 'case on one line', family: 'control flow', src: 'case x in *) rm -rf ~;; esac', runs: ['rm -rf ~'] },
  { name: 'case over lines, alternatives', family: 'control flow', src: 'case "$1" in\n  start) rm -rf ~ ;;\n  stop|halt) echo stop ;;\nesac', runs: ['rm -rf ~', 'echo stop'] },
  { name: 'while read with input redirection', family: 'control flow', src: 'while read -r l; do echo "$l"; done < list', runs: ['read -r l', 'echo $l'] },
  { name: 'until loop, negation', family: 'control flow', src: 'until false; do sleep 1; done && ! true', runs: ['false', 'sleep 1', 'true'] },
  { name: 'unterminated double quote', family: 'syntax error', src: 'echo "unterminated; rm -rf ~', runs: 'error' },
  { name: 'unterminated single quote after a command', family: 'syntax error', src: "rm -rf ~ 'oops", runs: 'error' },
  { name: 'unterminated substitution', family: 'syntax error', src: 'echo $(rm -rf /x', runs: 'error' },
];

interface Parsed {
  commands: string[];
  /** The parser said the input is not valid bash. */
  error: boolean;
}

interface Candidate {
  name: string;
  parse(src: string): Parsed;
}

function ours(): Candidate {
  return {
    name: 'ours',
    parse(src) {
      const script = parseShell(src);
      return { commands: script.commands.filter((c) => c.argv.length > 0 && c.argv[0].text !== '').map((c) => c.argv.map((w) => w.text).join(' ')), error: false };
    },
  };
}

/** Loads web-tree-sitter and the bash grammar; `loadMs` is what a server would pay once. */
async function treeSitter(): Promise<Candidate> {
  const require = createRequire(import.meta.url);
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const parser = new Parser();
  parser.setLanguage(bash);
  type Node = NonNullable<ReturnType<typeof parser.parse>>['rootNode'];
  const text = (n: Node): string => {
    switch (n.type) {
      case 'word':
        return n.text.replace(/\\(.)/g, '$1');
      case 'raw_string':
      case 'string':
        return n.text.slice(1, -1);
      case 'concatenation':
      case 'command_name':
        return n.children.map((c) => (c ? text(c) : '')).join('');
      default:
        return n.text;
    }
  };
  return {
    name: 'tree-sitter-bash',
    parse(src) {
      const tree = parser.parse(src)!;
      const commands: string[] = [];
      const walk = (n: Node): void => {
        if (n.type === 'command') {
          const name = n.childForFieldName('name');
          if (name) commands.push([name, ...n.childrenForFieldName('argument')].map((c) => (c ? text(c) : '')).join(' '));
        }
        for (const c of n.children) if (c) walk(c);
      };
      walk(tree.rootNode);
      const error = tree.rootNode.hasError;
      tree.delete();
      return { commands, error };
    },
  };
}

function mvdanSh(): Candidate {
  const require = createRequire(import.meta.url);
  const sh: any = require('mvdan-sh');
  const syntax = sh.syntax;
  return {
    name: 'mvdan-sh',
    parse(src) {
      let file;
      try {
        file = syntax.NewParser().Parse(src, 'input');
      } catch {
        return { commands: [], error: true };
      }
      const slice = (p: any) => src.slice(p.Pos().Offset(), p.End().Offset());
      const part = (p: any, inDouble = false): string => {
        switch (syntax.NodeType(p)) {
          case 'Lit':
            return inDouble ? p.Value : p.Value.replace(/\\(.)/g, '$1');
          case 'SglQuoted':
            return p.Value;
          case 'DblQuoted':
            return p.Parts.map((q: any) => part(q, true)).join('');
          default:
            return slice(p);
        }
      };
      const commands: string[] = [];
      syntax.Walk(file, (n: any) => {
        if (n && syntax.NodeType(n) === 'CallExpr' && n.Args.length) commands.push(n.Args.map((w: any) => w.Parts.map((p: any) => part(p)).join('')).join(' '));
        return true;
      });
      return { commands, error: false };
    },
  };
}

function sameMultiset(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

function correct(c: Case, p: Parsed): boolean {
  return c.runs === 'error' ? p.error || p.commands.length === 0 : !p.error && sameMultiset(c.runs, p.commands);
}

const cpuUs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return d.user + d.system;
};

/** A 100 KB script of ordinary lines with substitutions, loops and here-documents. */
function bigScript(): string {
  const unit = 'for f in src/*.ts; do wc -l "$f" | sort -n; done\nif [ -d dist ]; then rm -rf dist/cache; fi\necho "built $(date +%s) on $(hostname)" >> build.log\ncat <<EOF > notes.txt\nrelease notes for $(git describe --tags)\nEOF\n';
  return unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000).replace(/\n[^\n]*$/, '\n');
}

async function measure(load: () => Promise<Candidate> | Candidate): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage();
  const t0 = process.cpuUsage();
  const cand = await load();
  const loadMs = cpuUs(t0) / 1000;
  const after = process.memoryUsage();
  const loadMb = (after.heapUsed + after.external - before.heapUsed - before.external) / 1e6;
  const failed: string[] = [];
  const byFamily = new Map<string, [number, number]>();
  for (const c of CASES) {
    const p = cand.parse(c.src);
    const ok = correct(c, p);
    const f = byFamily.get(c.family) ?? [0, 0];
    byFamily.set(c.family, [f[0] + (ok ? 1 : 0), f[1] + 1]);
    if (!ok) failed.push(`    ✗ ${c.family}: ${c.name}: ${JSON.stringify(c.src)} → ${p.error ? 'syntax error ' : ''}${JSON.stringify(p.commands)} (bash: ${JSON.stringify(c.runs)})`);
  }
  // Steady state: warm up, then whole passes over the set for about two CPU seconds.
  for (let i = 0; i < 200; i++) for (const c of CASES) cand.parse(c.src);
  let parses = 0;
  const t1 = process.cpuUsage();
  while (cpuUs(t1) < 2_000_000) {
    for (const c of CASES) cand.parse(c.src);
    parses += CASES.length;
  }
  const perParse = cpuUs(t1) / parses;
  const big = bigScript();
  cand.parse(big);
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t = process.cpuUsage();
    cand.parse(big);
    times.push(cpuUs(t) / 1000);
  }
  times.sort((a, b) => a - b);
  const right = CASES.length - failed.length;
  console.log(`${cand.name}: ${right}/${CASES.length} correct; ${perParse.toFixed(1)} µs CPU per parse (mean over the set); 100 KB script ${times[4].toFixed(2)} ms; loading ${loadMs.toFixed(0)} ms CPU, ${loadMb.toFixed(1)} MB heap + wasm/external`);
  console.log(`    by family: ${[...byFamily].map(([f, [ok, n]]) => `${f} ${ok}/${n}`).join(', ')}`);
  for (const f of failed) console.log(f);
}

const which = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all: Record<string, () => Promise<Candidate> | Candidate> = { ours, 'tree-sitter-bash': treeSitter, 'mvdan-sh': mvdanSh };
for (const [name, load] of Object.entries(all)) if (!which.length || which.includes(name)) await measure(load);
