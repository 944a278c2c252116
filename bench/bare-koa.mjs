// The baseline of the HTTP benchmark: a bare Koa app that reads a JSON body and answers JSON,
// with nothing else (no auth, no policy, no store). Prints its URL on stdout.
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use(async (ctx) => {
  const chunks = [];
  for await (const c of ctx.req) chunks.push(c);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  ctx.body = { ok: true, echo: typeof body };
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
