import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';
import { cookieHeader } from './factories.ts';

let addressCounter = 0;

/**
 * A client address of its own. Auth endpoints are rate-limited per address and route, so each test
 * speaks from a fresh address unless it is testing the limit itself.
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface CallOptions {
  cookie?: string;
  address?: string;
  headers?: Record<string, string>;
}

/** One JSON API call the way a browser on our origin makes it. */
export function call(t: TestApp, method: InjectOptions['method'], url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.address ?? freshAddress(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** The Cookie header a browser would send after this response. */
export function cookieFrom(res: LightMyRequestResponse): string {
  return cookieHeader(res.headers['set-cookie'] as string[] | string | undefined);
}

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`): how a subject with characters beyond ASCII arrives. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?UTF-8\?))?/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseEml(file: string, raw: string): SentMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let text = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(text);
  if (encoding === 'base64') text = Buffer.from(text, 'base64').toString('utf8');
  return { file, to: header('To'), subject: decodeEncodedWords(header('Subject')), text };
}

/** Sends every queued e-mail now (the worker would within a second), then reads the outbox. */
export async function mailsTo(t: TestApp, email: string): Promise<SentMail[]> {
  await t.ctx.jobs.drain();
  return outboxMailsTo(t, email);
}

/** The e-mails to the address already in the outbox, without running any job. */
export async function outboxMailsTo(t: TestApp, email: string): Promise<SentMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (n) => parseEml(n, await readFile(path.join(dir, n), 'utf8'))));
  return mails.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

/** The newest e-mail to the address. */
export async function lastMailTo(t: TestApp, email: string): Promise<SentMail | undefined> {
  return (await mailsTo(t, email)).at(-1);
}

/** The token of the first link to `page` in the mail (e.g. /resetpassword?token=…). */
export function tokenFromLink(mail: SentMail, page: string): string {
  const match = new RegExp(`https?://[^\\s]+${page.replace('/', '\\/')}\\?token=([^\\s&]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in mail "${mail.subject}":\n${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/**
 * An error answer without its request id (which differs per request, decision 0065): what must read the same for a
 * known and an unknown e-mail.
 */
export function withoutRequestId(body: string): unknown {
  const parsed = JSON.parse(body) as { error?: Record<string, unknown> };
  if (!parsed.error) return parsed;
  const { requestId: _requestId, ...error } = parsed.error;
  return { ...parsed, error };
}

/** Follows the newest verification link mailed to the address, as its owner would (docs/decisions/0069). */
export async function confirmEmailByLink(t: TestApp, email: string): Promise<void> {
  const mail = (await mailsTo(t, email)).filter((m) => m.text.includes('/verifyemail?token=')).at(-1);
  if (!mail) throw new Error(`no verification e-mail to ${email}`);
  const res = await call(t, 'POST', '/api/auth/verify-email', { token: tokenFromLink(mail, '/verifyemail') });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}
