// SQL that runs a program on the database server's machine, as the server's own user:
// PostgreSQL's `COPY … TO PROGRAM 'cmd'` (the rows are piped into cmd's standard input) and
// `COPY … FROM PROGRAM 'cmd'` (cmd's output is loaded), SQL Server's `xp_cmdshell 'cmd'`, and the
// lib_mysqludf_sys functions `sys_exec('cmd')` / `sys_eval('cmd')`. The program is judged as the
// shell command it is; rows copied into it are a database dump piped into it (`pg_dump | cmd`), so
// `COPY (SELECT …) TO PROGRAM 'curl -d @- URL'` is judged as the dump sent to that URL.

/** A program an SQL text runs, as the shell line it is equivalent to, and how it runs it. */
export interface SqlProgram {
  command: string;
  how: string;
}

const HINT = /program|xp_cmdshell|sys_e(?:xec|val)/i;
const COPY_PROGRAM = /\b(to|from)\s+program\s+'((?:[^']|''){1,8192})'/gi;
const CALL_PROGRAM = /\b(xp_cmdshell|sys_exec|sys_eval)\b\s{0,3}\(?\s{0,3}N?'((?:[^']|''){1,8192})'/gi;

export function sqlPrograms(sql: string): SqlProgram[] {
  if (sql.length > 100_000 || !HINT.test(sql)) return [];
  const out: SqlProgram[] = [];
  if (/\bcopy\b/i.test(sql)) {
    COPY_PROGRAM.lastIndex = 0;
    for (let m = COPY_PROGRAM.exec(sql); m && out.length < 8; m = COPY_PROGRAM.exec(sql)) {
      const cmd = m[2].replace(/''/g, "'");
      out.push(m[1].toLowerCase() === 'to' ? { command: `pg_dump | ${cmd}`, how: 'pipes the copied rows into a program on the database server (COPY … TO PROGRAM)' } : { command: cmd, how: 'runs a program on the database server (COPY … FROM PROGRAM)' });
    }
  }
  CALL_PROGRAM.lastIndex = 0;
  for (let m = CALL_PROGRAM.exec(sql); m && out.length < 8; m = CALL_PROGRAM.exec(sql)) out.push({ command: m[2].replace(/''/g, "'"), how: `runs a program on the database server (${m[1].toLowerCase()})` });
  return out;
}
