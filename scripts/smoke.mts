import { loadConfig } from '/work/main/apps/server/src/config.ts';
import { createContext } from '/work/main/apps/server/src/create-context.ts';
import { buildApp } from '/work/main/apps/server/src/app.ts';
const config = loadConfig({ DATA_DIR: '/tmp/crate-smoke', LOG_LEVEL: 'warn' } as never, { database: { kind: 'pglite', dir: null } });
const ctx = await createContext(config);
const app = await buildApp(ctx);
for (const url of ['/api/health', '/api/openapi.json', '/api/nope']) { const r = await app.inject(url); console.log(url, r.statusCode, r.body.slice(0, 200), r.headers['content-security-policy']?.slice(0,30)); }
const r = await app.inject({ method: 'POST', url: '/api/health', payload: '{bad' , headers: {'content-type':'application/json'}}); console.log(r.statusCode, r.body);
const s = await ctx.auth.api.signUpEmail({ body: { email: 'a@b.co', password: 'password1234', name: '' }, asResponse: true });
console.log(s.status, s.headers.get('set-cookie')?.slice(0,80), (await s.text()).slice(0,200));
await app.close(); await ctx.database.close();
