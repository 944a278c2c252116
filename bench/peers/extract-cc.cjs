// Extracts cc-safety-net's default-configuration test cases into our corpus format.
//   node bench/peers/extract-cc.cjs <git dir or clone of cc-safety-net> > cc.jsonl
// Reads tests/**/*.test.ts at HEAD with the TypeScript parser. Keeps:
//   assertBlocked(cmd, reason)  -> deny        (no cwd / environment argument)
//   assertAllowed(cmd)          -> allow
//   expect(analyzeTestCommand(cmd)[?.ruleId|?.reason]).toBeNull()/toBeUndefined() -> allow,
//     .not.toBeNull()/.toBe(x)/.toMatchObject/.toEqual(non-null)/.toContain -> deny
// Commands must evaluate statically (literals, templates, +, JSON.stringify, join, repeat,
// local constants, test.each / for..of / forEach tables, local helper functions inlined).
// Calls inside withEnv(...) are skipped (env-dependent modes). Commands labelled both ways are
// dropped. Every case gets cwd /home/user/project (Claude Code always sends one).
const { execFileSync } = require('node:child_process');
const ts = require(require.resolve('typescript', { paths: [__dirname] }));

const repo = process.argv[2];
const git = (...a) => execFileSync('git', ['-C', repo, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });
const files = git('ls-tree', '-r', '--name-only', 'HEAD', 'tests').split('\n').filter((f) => f.endsWith('.test.ts'));

const NO = Symbol('no');
const labels = new Map(); // cmd -> Set(label)
const sources = new Map();
function record(cmd, label, file) {
  if (typeof cmd !== 'string') return;
  if (!labels.has(cmd)) { labels.set(cmd, new Set()); sources.set(cmd, file); }
  labels.get(cmd).add(label);
}

function evaluate(node, env, depth = 0) {
  if (!node || depth > 30) return NO;
  const k = node.kind;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (k === ts.SyntaxKind.TrueKeyword) return true;
  if (k === ts.SyntaxKind.FalseKeyword) return false;
  if (k === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression?.(node)) return evaluate(node.expression, env, depth + 1);
  if (ts.isIdentifier(node)) return env.has(node.text) ? env.get(node.text) : (node.text === 'undefined' ? undefined : NO);
  if (ts.isTemplateExpression(node)) {
    let s = node.head.text;
    for (const span of node.templateSpans) {
      const v = evaluate(span.expression, env, depth + 1);
      if (v === NO || typeof v === 'object' && v !== null) return NO;
      s += String(v) + span.literal.text;
    }
    return s;
  }
  if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'String.raw') {
    const t = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(t)) return t.rawText;
    let s = t.head.rawText;
    for (const span of t.templateSpans) {
      const v = evaluate(span.expression, env, depth + 1);
      if (v === NO) return NO;
      s += String(v) + span.literal.rawText;
    }
    return s;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const a = evaluate(node.left, env, depth + 1); const b = evaluate(node.right, env, depth + 1);
    if (a === NO || b === NO) return NO;
    return a + b;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const out = [];
    for (const e of node.elements) {
      if (ts.isSpreadElement(e)) { const v = evaluate(e.expression, env, depth + 1); if (!Array.isArray(v)) return NO; out.push(...v); continue; }
      const v = evaluate(e, env, depth + 1); if (v === NO) return NO; out.push(v);
    }
    return out;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const o = {};
    for (const p of node.properties) {
      if (ts.isPropertyAssignment(p)) { const v = evaluate(p.initializer, env, depth + 1); if (v === NO) return NO; o[p.name.getText().replace(/^['"]|['"]$/g, '')] = v; }
      else if (ts.isShorthandPropertyAssignment(p)) { const v = evaluate(p.name, env, depth + 1); if (v === NO) return NO; o[p.name.text] = v; }
      else if (ts.isSpreadAssignment(p)) { const v = evaluate(p.expression, env, depth + 1); if (!v || typeof v !== 'object') return NO; Object.assign(o, v); }
      else return NO;
    }
    return o;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const o = evaluate(node.expression, env, depth + 1);
    if (o === NO || o === null || o === undefined) return NO;
    if (node.name.text === 'length' && (typeof o === 'string' || Array.isArray(o))) return o.length;
    if (typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, node.name.text)) return o[node.name.text];
    return NO;
  }
  if (ts.isElementAccessExpression(node)) {
    const o = evaluate(node.expression, env, depth + 1); const i = evaluate(node.argumentExpression, env, depth + 1);
    if (o === NO || i === NO || o === null || typeof o !== 'object') return NO;
    return Object.prototype.hasOwnProperty.call(o, i) ? o[i] : NO;
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const args = node.arguments.map((a) => evaluate(a, env, depth + 1));
    if (args.some((a) => a === NO)) return NO;
    if (callee.getText() === 'JSON.stringify' && args.length === 1) return JSON.stringify(args[0]);
    if (callee.getText() === 'String' && args.length === 1) return String(args[0]);
    if (ts.isPropertyAccessExpression(callee)) {
      const o = evaluate(callee.expression, env, depth + 1);
      const m = callee.name.text;
      if (Array.isArray(o) && m === 'join') return o.join(args.length ? args[0] : ',');
      if (typeof o === 'string' && ['repeat', 'trim', 'replace', 'replaceAll', 'slice', 'toUpperCase', 'toLowerCase', 'concat'].includes(m)) return o[m](...args);
      if (Array.isArray(o) && m === 'map' && node.arguments.length === 1) {
        const fn = node.arguments[0];
        if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) {
          const out = [];
          for (const el of o) { const e2 = bindParams(fn.parameters, [el], env); if (!e2) return NO; const v = evaluate(fn.body, e2, depth + 1); if (v === NO) return NO; out.push(v); }
          return out;
        }
      }
      if (Array.isArray(o) && m === 'flat') return o.flat();
    }
    return NO;
  }
  if (ts.isConditionalExpression(node)) {
    const c = evaluate(node.condition, env, depth + 1); if (c === NO) return NO;
    return evaluate(c ? node.whenTrue : node.whenFalse, env, depth + 1);
  }
  return NO;
}

function bindParams(params, values, env) {
  const e = new Map(env);
  for (let i = 0; i < params.length; i++) {
    if (!bindName(params[i].name, values[i], e)) return null;
  }
  return e;
}
function bindName(name, value, e) {
  if (ts.isIdentifier(name)) { e.set(name.text, value); return true; }
  if (ts.isArrayBindingPattern(name)) {
    if (!Array.isArray(value)) return false;
    name.elements.forEach((el, i) => { if (!ts.isOmittedExpression(el)) bindName(el.name, value[i], e); });
    return true;
  }
  if (ts.isObjectBindingPattern(name)) {
    if (!value || typeof value !== 'object') return false;
    for (const el of name.elements) { const key = (el.propertyName ?? el.name).getText(); bindName(el.name, value[key], e); }
    return true;
  }
  return false;
}

const ANALYZE = 'analyzeTestCommand';
/** The label an expect(...) chain around analyzeTestCommand(x) implies, or null. */
function expectLabel(expectCall) {
  // walk up the chain expect(..).not?.matcher(..)
  let p = expectCall.parent; let negated = false;
  while (p && ts.isPropertyAccessExpression(p)) {
    if (p.name.text === 'not') { negated = !negated; p = p.parent; continue; }
    const m = p.name.text;
    const call = p.parent && ts.isCallExpression(p.parent) ? p.parent : null;
    if (!call) return null;
    const nullish = m === 'toBeNull' || m === 'toBeUndefined' || m === 'toBeFalsy';
    const blocking = ['toBe', 'toMatchObject', 'toEqual', 'toContain', 'toBeTruthy', 'toBeDefined', 'toStrictEqual'].includes(m);
    if (nullish) return negated ? 'deny' : 'allow';
    if (blocking) {
      if (negated) return null;
      const a = call.arguments[0];
      if (a && (a.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(a) && a.text === 'undefined'))) return 'allow';
      return 'deny';
    }
    return null;
  }
  return null;
}

const functions = new Map(); // per file: name -> fn node
function isInsideWithEnv(node) {
  for (let p = node.parent; p; p = p.parent) if (ts.isCallExpression(p) && p.expression.getText() === 'withEnv') return true;
  return false;
}

function walk(node, env, file, stack) {
  if (!node) return;
  // for (const x of ARR) body
  if (ts.isForOfStatement(node)) {
    const arr = evaluate(node.expression, env);
    const decl = node.initializer;
    if (Array.isArray(arr) && ts.isVariableDeclarationList(decl) && decl.declarations.length === 1) {
      for (const el of arr) { const e = new Map(env); if (bindName(decl.declarations[0].name, el, e)) walk(node.statement, e, file, stack); }
      return;
    }
  }
  if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock?.(node)) {
    const e = new Map(env);
    for (const st of node.statements) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!d.initializer) continue;
          if (ts.isIdentifier(d.name) && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) { functions.set(d.name.text, d.initializer); continue; }
          const v = evaluate(d.initializer, e);
          if (v !== NO) bindName(d.name, v, e); else if (ts.isIdentifier(d.name)) e.delete(d.name.text);
        }
      } else if (ts.isFunctionDeclaration(st) && st.name) functions.set(st.name.text, st);
    }
    for (const st of node.statements) walk(st, e, file, stack);
    return;
  }
  if (ts.isCallExpression(node)) {
    const name = node.expression.getText();
    if (name === 'withEnv') return;
    // X.each(TABLE)(title, fn)
    if (ts.isCallExpression(node.expression) && /\.each$/.test(node.expression.expression.getText())) {
      const table = evaluate(node.expression.arguments[0], env);
      const fn = node.arguments[1];
      if (Array.isArray(table) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
        for (const row of table) {
          const vals = Array.isArray(row) && fn.parameters.length > 1 ? row : [row];
          const e = bindParams(fn.parameters, vals, env); if (e) walk(fn.body, e, file, stack);
        }
        return;
      }
    }
    // ARR.forEach(fn)
    if (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'forEach') {
      const arr = evaluate(node.expression.expression, env); const fn = node.arguments[0];
      if (Array.isArray(arr) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
        for (const el of arr) { const e = bindParams(fn.parameters, [el], env); if (e) walk(fn.body, e, file, stack); }
        return;
      }
    }
    if (name === 'assertBlocked' && node.arguments.length === 2) record(evaluate(node.arguments[0], env), 'deny', file);
    else if (name === 'assertAllowed' && node.arguments.length === 1) record(evaluate(node.arguments[0], env), 'allow', file);
    else if (name === 'expect' && node.arguments.length === 1) {
      let inner = node.arguments[0];
      while (ts.isPropertyAccessExpression(inner) && ['ruleId', 'reason'].includes(inner.name.text)) inner = inner.expression;
      if (ts.isCallExpression(inner) && inner.expression.getText() === ANALYZE && inner.arguments.length === 1) {
        const label = expectLabel(node);
        if (label) record(evaluate(inner.arguments[0], env), label, file);
      }
    } else if (ts.isIdentifier(node.expression) && functions.has(name) && !stack.includes(name) && stack.length < 4) {
      // A local helper: inline it with its arguments bound.
      const fn = functions.get(name);
      const vals = node.arguments.map((a) => evaluate(a, env));
      if (!vals.some((v) => v === NO) && fn.body) {
        const e = bindParams(fn.parameters, vals, env);
        if (e) {
          if (ts.isBlock(fn.body)) walk(fn.body, e, file, [...stack, name]);
          else walk(fn.body, e, file, [...stack, name]);
        }
      }
    }
  }
  // Don't descend into function declarations / helper bodies on their own (they run when called).
  if ((ts.isFunctionDeclaration(node)) || (ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)))) return;
  ts.forEachChild(node, (c) => walk(c, env, file, stack));
}

for (const f of files) {
  const text = git('show', `HEAD:${f}`);
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  functions.clear();
  walk(sf, new Map(), f, []);
}

let n = 0; let dropped = 0; const counts = { deny: 0, allow: 0 };
const out = [];
for (const [cmd, set] of labels) {
  if (set.size > 1) { dropped++; continue; }
  const expect = [...set][0];
  counts[expect]++;
  out.push(JSON.stringify({ id: `cc-${String(++n).padStart(4, '0')}`, surface: 'claude-code', event: 'PreToolUse', payload: { session_id: 'peer-cc', cwd: '/home/user/project', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: cmd } }, expect, category: `cc:${sources.get(cmd).replace(/^tests\//, '')}` }));
}
process.stdout.write(out.join('\n') + '\n');
process.stderr.write(`cases ${n} (deny ${counts.deny}, allow ${counts.allow}); dropped both-way ${dropped}\n`);
